import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { safeParse } from 'valibot';
import { formatDate } from '../../../lib/format.ts';
import { COMPANY_TYPES, DEPARTMENTS, EmploymentRequest } from '../../../lib/schemas/application.ts';
import { requiredMessage } from '../../../lib/schemas/fields.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { ChoiceGroup, DigitsField, SelectField, TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { HeldStep, KeepButton } from '../components/HeldStep.tsx';
import { Link } from '../components/Link.tsx';
import styles from '../components/Screen.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { type ApplicationAnswer, afterApplicationStep } from '../navigation/applicationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { registrationEvent } from '../state/api.ts';
import { fieldErrors, indiaToday } from '../state/forms.ts';
import { type ApplicationLock, applicationLock, isRepeat, onwards, useChange } from '../state/heldSteps.ts';
import { formValue } from '../state/lookups.ts';
import type { Profile } from '../state/profile.ts';
import { $session } from '../state/sessionStore.ts';
import { useProfileStep } from '../state/useProfileStep.ts';

const WORK_MODES = [
  { value: 'WFO', label: 'Work from office' },
  { value: 'WFH', label: 'Work from home' },
] as const;
const COMPANY_TYPE_CHOICES = Object.entries(COMPANY_TYPES).map(([value, label]) => ({ value, label }));
const DEPARTMENT_CHOICES = DEPARTMENTS.map((name) => ({ value: name, label: name }));

interface Values {
  work_mode: string;
  company_name: string;
  company_type_id: string;
  designation: string;
  /** Collected, never sent (product.md §5). */
  department: string;
  address_1: string;
  address_2: string;
  landmark: string;
  pincode: string;
  emp_since: string;
  office_email: string;
}
const EMPTY: Values = {
  work_mode: '',
  company_name: '',
  company_type_id: '',
  designation: '',
  department: '',
  address_1: '',
  address_2: '',
  landmark: '',
  pincode: '',
  emp_since: '',
  office_email: '',
};

/** Redoing the step: what was given before fills the form (the department was never sent, so not kept). */
const savedEmployment = ({ customer_employment_details: given }: Profile): Partial<Values> | null =>
  given && {
    work_mode: given.work_mode,
    company_name: given.company_name,
    company_type_id: formValue(given.company_type_id),
    designation: given.designation,
    address_1: given.address_1,
    address_2: given.address_2,
    landmark: given.landmark,
    pincode: given.pincode,
    emp_since: given.emp_since,
    office_email: given.office_email,
  };

type Employment = NonNullable<Profile['customer_employment_details']>;

/** What the application holds, as the borrower gave it (the department was never sent). */
const heldFacts = (given: Employment) =>
  [
    ['Company', given.company_name],
    ['Company type', COMPANY_TYPES[given.company_type_id as keyof typeof COMPANY_TYPES] ?? ''],
    ['Designation', given.designation],
    ['Work mode', WORK_MODES.find((mode) => mode.value === given.work_mode)?.label ?? ''],
    ['Office address', [given.address_1, given.address_2, given.landmark, given.pincode].filter(Boolean).join(', ')],
    ['Employed since', formatDate(given.emp_since)],
    ['Official email', given.office_email],
  ].filter((fact): fact is [string, string] => Boolean(fact[1]));

/** Why the answers can no longer be changed, by the application's lock. */
const LOCKED: Record<ApplicationLock, string> = {
  // The sentence the locked screen said before (issue 25 keeps it).
  review: 'Your employment details can no longer be changed while our team reviews your application.',
  lent: 'Your loan was made on these details; they can no longer be changed.',
  ended: 'These were given with your last application, which is closed. A new application asks for them again.',
};

/** Employment details (event employment_details): where and how the customer works, since when. */
export default function AboutYourCompany({ route }: ScreenProps) {
  const session = useStore($session);
  const { form, values, field, refuse, send, busy, run, profile } = useProfileStep(EMPTY, savedEmployment);
  const { changing, change, keep, returned } = useChange(form);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const { department, ...employment } = values;
    const checked = safeParse(EmploymentRequest, { event_name: 'employment_details', ...employment });
    const found = checked.success ? {} : fieldErrors(checked.issues);
    if (!department) found.department = requiredMessage('Department');
    if (!checked.success || !department) return refuse(found);
    const { event_name: _event, ...details } = checked.output;
    await run('save', async () => {
      const saved = await send(() => registrationEvent<ApplicationAnswer>('employment_details', details));
      if (saved) afterApplicationStep(saved.Data, saved.Message);
    });
  };

  const back = { to: screenPath('eligibility'), label: 'Back to your loan application' };

  const given = profile?.customer_employment_details ?? null;
  const lock = applicationLock(profile);
  // At 100 percent the application is with the lender's team: every step is locked (product.md §4).
  const complete = Number(session.percent ?? 0) >= 100;
  if (complete && !given) {
    return (
      <StepScreen back={back} title={route.title}>
        <div className={styles.panel}>
          <h2>Your loan application is complete</h2>
          <p>{LOCKED.review}</p>
          <Link to={screenPath('lead-preview')} className="button">
            View Your Application
          </Link>
        </div>
      </StepScreen>
    );
  }
  // Given already (issue 25): what the application holds, and Change while the application may be changed.
  if (given && (!changing || lock || complete)) {
    const reviewing = lock === 'review' || complete;
    return (
      <StepScreen back={back} title={route.title}>
        <HeldStep
          heading={reviewing ? 'Your loan application is complete' : 'Your employment details are saved'}
          facts={heldFacts(given)}
          locked={reviewing ? LOCKED.review : lock ? LOCKED[lock] : undefined}
          onChange={change}
          changeLabel="Change employment details"
          next={
            reviewing
              ? { to: screenPath('lead-preview'), label: 'View Your Application' }
              : lock
                ? { to: screenPath('eligibility'), label: 'Go to your loan' }
                : onwards(profile, route.slug, 'application')
          }
          focus={returned}
        />
      </StepScreen>
    );
  }
  // A repeat borrower's new application does not ask for employment (server: the quote leads to the documents).
  if (isRepeat(profile) && !lock && !changing) {
    const next = onwards(profile, route.slug, 'application');
    return (
      <StepScreen back={back} title={route.title}>
        <div className={styles.panel}>
          <h2>Not asked again</h2>
          <p>
            As you have repaid a loan with us, your new application does not ask for your employment details. You may
            still give them if they changed.
          </p>
          <div className={formStyles.actions}>
            {next && (
              <Link to={next.to} className="button">
                {next.label}
              </Link>
            )}
            <button type="button" className="button button--ghost" onClick={change}>
              Give employment details
            </button>
          </div>
        </div>
      </StepScreen>
    );
  }

  return (
    <StepScreen
      back={back}
      title={route.title}
      intro="Tell us where you work. Fields marked optional may be left empty."
      onSubmit={submit}
      formRef={form}
    >
      <ChoiceGroup legend="Work Mode" name="work_mode" choices={WORK_MODES} {...field('work_mode')} />
      <TextField label="Company Name" autoComplete="organization" maxLength={150} {...field('company_name')} />
      <SelectField label="Company Type" choices={COMPANY_TYPE_CHOICES} {...field('company_type_id')} />
      <TextField label="Designation" autoComplete="organization-title" maxLength={100} {...field('designation')} />
      <SelectField label="Department" choices={DEPARTMENT_CHOICES} {...field('department')} />
      <TextField
        label="Address line 1"
        autoComplete="off"
        maxLength={200}
        {...field('address_1')}
        hint="Office number, floor and building."
      />
      <TextField
        label="Address line 2"
        autoComplete="off"
        maxLength={200}
        {...field('address_2')}
        hint="Street and area."
      />
      <TextField label="Landmark (optional)" autoComplete="off" maxLength={100} {...field('landmark')} />
      <DigitsField label="Pin Code" digits={6} {...field('pincode')} />
      <TextField
        label="Employed Since"
        type="date"
        max={indiaToday()}
        {...field('emp_since')}
        hint="The day you joined this company."
      />
      <TextField label="Official Email (optional)" type="email" autoComplete="work email" {...field('office_email')} />
      <div className={formStyles.actions}>
        <BusyButton busy={busy === 'save'}>Save and Continue</BusyButton>
        {changing && <KeepButton onKeep={keep} />}
      </div>
    </StepScreen>
  );
}
