import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { safeParse } from 'valibot';
import { requiredMessage } from '../../../lib/schemas/fields.ts';
import { PersonalDetailsRequest } from '../../../lib/schemas/profile.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { EligibilityNotice } from '../components/EligibilityNotice.tsx';
import { ChoiceGroup, ReadOnlyField, SelectField, TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { afterFormStep, type StepAnswer } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { registrationEvent } from '../state/api.ts';
import { fieldErrors, indiaToday, yearsBefore } from '../state/forms.ts';
import { formValue, GENDERS, MARITAL_STATUSES } from '../state/lookups.ts';
import type { Profile } from '../state/profile.ts';
import { $session } from '../state/sessionStore.ts';
import { useProfileStep } from '../state/useProfileStep.ts';

/** product.md §8, word for word: what a network failure of this step says. */
export const PERSONAL_NETWORK_ERROR = 'Error saving personal details';
const MARRIED = '2';

interface Values {
  personal_email: string;
  dob: string;
  marital_status_id: string;
  spouse_name: string;
  gender: string;
}
const EMPTY: Values = { personal_email: '', dob: '', marital_status_id: '', spouse_name: '', gender: '' };

/** Redoing the step: what was given before fills the form. */
const savedPersonalDetails = ({ profile_details: details }: Profile): Partial<Values> | undefined =>
  details && {
    personal_email: details.personal_email,
    dob: details.dob,
    marital_status_id: formValue(details.marital_status_id),
    spouse_name: details.spouse_name,
    gender: formValue(details.gender),
  };

/** Personal details (event personal_details): the name from the PAN check, e-mail, birth date, marital status, gender. */
export default function PersonalInformation({ route }: ScreenProps) {
  const session = useStore($session);
  const { profile, form, values, field, refuse, send, busy, run } = useProfileStep(EMPTY, savedPersonalDetails);

  const married = values.marital_status_id === MARRIED;
  const fullName = session.fullName || profile?.profile_details.full_name || '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // The spouse's name is sent only for the married (product.md §5).
    const { spouse_name, ...rest } = values;
    const payload = { event_name: 'personal_details' as const, ...rest, ...(married && { spouse_name }) };
    const checked = safeParse(PersonalDetailsRequest, payload);
    if (!checked.success) {
      const found = fieldErrors(checked.issues);
      // The schema checks the spouse's name only once the rest is valid; the form says it at once.
      if (married && !spouse_name.trim()) found.spouse_name ??= requiredMessage('Spouse name');
      return refuse(found);
    }
    const { event_name: _event, ...details } = checked.output;
    await run(
      'save',
      async () => {
        const saved = await send(() => registrationEvent<StepAnswer>('personal_details', details));
        if (saved) afterFormStep(saved, refuse);
      },
      PERSONAL_NETWORK_ERROR,
    );
  };

  const today = indiaToday();
  return (
    <StepScreen
      back={{ to: screenPath(''), label: 'Back to your profile steps' }}
      title={route.title}
      intro="Tell us about yourself. Your name comes from your PAN and cannot be changed here."
      onSubmit={submit}
      formRef={form}
    >
      <EligibilityNotice fields={['dob']} inForm />
      <ReadOnlyField label="Full Name" value={fullName} hint="The name on your PAN." />
      <TextField label="Personal Email" type="email" autoComplete="email" {...field('personal_email')} />
      <TextField
        label="Date of Birth"
        type="date"
        autoComplete="bday"
        max={yearsBefore(today, 18)}
        {...field('dob')}
        hint="Your date of birth as on your PAN card."
      />
      <SelectField label="Marital Status" choices={MARITAL_STATUSES} {...field('marital_status_id')} />
      {married && <TextField label="Spouse Name" autoComplete="off" {...field('spouse_name')} />}
      <ChoiceGroup legend="Gender" name="gender" choices={GENDERS} {...field('gender')} />
      <div className={formStyles.actions}>
        <BusyButton busy={busy === 'save'}>Save and Continue</BusyButton>
      </div>
    </StepScreen>
  );
}
