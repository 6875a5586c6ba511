import type { FormEvent } from 'react';
import { safeParse } from 'valibot';
import { IncomeDetailsRequest } from '../../../lib/schemas/profile.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { EligibilityNotice } from '../components/EligibilityNotice.tsx';
import { ChoiceGroup, DigitsField, TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { afterFormStep, type StepAnswer } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { registrationEvent } from '../state/api.ts';
import { fieldErrors, indiaToday } from '../state/forms.ts';
import { formValue, INCOME_TYPES, SALARY_MODES } from '../state/lookups.ts';
import type { Profile } from '../state/profile.ts';
import { useProfileStep } from '../state/useProfileStep.ts';

interface Values {
  income_type_id: string;
  monthly_income: string;
  salary_date: string;
  salary_mode_id: string;
}
const EMPTY: Values = { income_type_id: '', monthly_income: '', salary_date: '', salary_mode_id: '' };

/** The income given with the PAN, and anything given before, fill the form. */
const savedIncomeDetails = ({ profile_details: details }: Profile): Partial<Values> | undefined =>
  details && {
    income_type_id: formValue(details.income_type_id),
    monthly_income: formValue(details.monthly_income),
    salary_date: details.salary_date,
    salary_mode_id: formValue(details.salary_mode_id),
  };

/** Income details (event income_details): employment type, monthly income, last salary date, salary mode. */
export default function IncomeDetails({ route }: ScreenProps) {
  const { form, values, field, refuse, send, busy, run } = useProfileStep(EMPTY, savedIncomeDetails);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = safeParse(IncomeDetailsRequest, { event_name: 'income_details', ...values });
    if (!checked.success) return refuse(fieldErrors(checked.issues));
    const { event_name: _event, ...details } = checked.output;
    await run('save', async () => {
      const saved = await send(() => registrationEvent<StepAnswer>('income_details', details));
      if (saved) afterFormStep(saved, refuse);
    });
  };

  return (
    <StepScreen
      back={{ to: screenPath(''), label: 'Back to your profile steps' }}
      title={route.title}
      intro="How do you earn? We use this to check your eligibility."
      onSubmit={submit}
      formRef={form}
    >
      <EligibilityNotice fields={['income_type_id', 'monthly_income', 'salary_mode_id']} inForm />
      <ChoiceGroup legend="Employment Type" name="income_type" choices={INCOME_TYPES} {...field('income_type_id')} />
      <DigitsField
        label="Monthly Income"
        digits={7}
        {...field('monthly_income')}
        hint="Your take-home pay each month, in rupees."
      />
      <TextField
        label="Last Salary Date"
        type="date"
        max={indiaToday()}
        {...field('salary_date')}
        hint="The day your last salary was paid."
      />
      <ChoiceGroup legend="Mode of Salary" name="salary_mode" choices={SALARY_MODES} {...field('salary_mode_id')} />
      <div className={formStyles.actions}>
        <BusyButton busy={busy === 'save'}>Save and Continue</BusyButton>
      </div>
    </StepScreen>
  );
}
