import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type * as v from 'valibot';
import { safeParse } from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { maskPan } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { PanVerifiedAnswer } from '../../../lib/schemas/answers/profile.ts';
import { PAN_PATTERN } from '../../../lib/schemas/fields.ts';
import { monthlyIncome, PAN_BOXES_MESSAGE } from '../../../lib/schemas/profile.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { EligibilityNotice } from '../components/EligibilityNotice.tsx';
import { TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { HeldStep, KeepButton } from '../components/HeldStep.tsx';
import { PanBoxes, usePanBoxes } from '../components/PanBoxes.tsx';
import { StepScreen } from '../components/StepScreen.tsx';
import { afterStep } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { clearAlerts, showAlert } from '../state/alerts.ts';
import { registrationEvent } from '../state/api.ts';
import { digitsOnly, type FieldErrors, useFocusFirstError } from '../state/forms.ts';
import { onwards, PROFILE_LOCKED, useChange } from '../state/heldSteps.ts';
import type { Profile } from '../state/profile.ts';
import { updateSession } from '../state/sessionStore.ts';
import { useProfile } from '../state/useProfile.ts';
import { useRequest } from '../state/useRequest.ts';
import panStyles from './PanDetails.module.css';

/** An individual's PAN (4th letter P), so the example is one the verification accepts. */
const PAN_EXAMPLE = 'ABCPE1234F';

/**
 * The PAN step is done once the server holds a verified PAN; while anything said so far refuses a loan,
 * the form stays open, as the eligibility notice asks a correction in it.
 */
const verified = (profile: Profile) =>
  PAN_PATTERN.test(profile.profile_details.pancard) && profile.eligibility_reasons.length === 0;

/** PAN Authentication: the PAN in ten boxes and the monthly income (event pancard_verification). */
export default function PanDetails({ route }: ScreenProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const touched = useRef(false);
  const pan = usePanBoxes(() => {
    touched.current = true;
  });
  const { set: setPan } = pan;
  const [income, setIncome] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, run } = useRequest<'verify'>();
  const focusFirstError = useFocusFirstError(form);
  const { profile } = useProfile();
  const { changing, change, keep, returned } = useChange(form);

  // Redoing the step: the PAN and income already given fill the form, unless the customer began typing.
  useEffect(() => {
    const details = profile?.profile_details;
    if (!details || touched.current) return;
    if (PAN_PATTERN.test(details.pancard)) setPan(details.pancard.split(''));
    if (details.monthly_income) setIncome(String(details.monthly_income));
  }, [profile, setPan]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const pancard = pan.value;
    const found: FieldErrors = {};
    if (!PAN_PATTERN.test(pancard)) found.pancard = PAN_BOXES_MESSAGE;
    const checkedIncome = safeParse(monthlyIncome, income);
    if (!checkedIncome.success) found.monthly_income = checkedIncome.issues[0].message;
    setErrors(found);
    if (!checkedIncome.success || found.pancard) {
      focusFirstError();
      return;
    }
    clearAlerts();
    await run('verify', async () => {
      const envelope = await registrationEvent<v.InferOutput<typeof PanVerifiedAnswer>>('pancard_verification', {
        pancard,
        monthly_income: checkedIncome.output,
      });
      if (envelope.Status !== STATUS.ok) {
        // A refused PAN is typed again from the first box (product.md §8).
        pan.clear();
        pan.focusBox(0);
        showAlert({ type: 'error', msg: failureMessage(envelope) });
        return;
      }
      updateSession({ fullName: envelope.Data.full_name, pancard });
      afterStep(envelope.Data, envelope.Message);
    });
  };

  const panError = errors.pancard;
  const panErrorId = `${id}-pan-error`;
  const back = { to: screenPath(''), label: 'Back to your profile steps' };

  // Verified already (issue 25): what is held, masked as My Profile masks it, and Change while the server takes one.
  if (profile && verified(profile) && !changing && !touched.current) {
    const { pancard, full_name: name, monthly_income: monthly } = profile.profile_details;
    return (
      <StepScreen back={back} title={route.title}>
        <HeldStep
          heading="Your PAN is verified"
          facts={[
            ['PAN', maskPan(pancard)],
            ['Name on the PAN', name],
            ...(monthly === null ? [] : [['Monthly income', formatRupees(monthly)] as const]),
          ]}
          locked={profile.eligibility_status === 1 ? PROFILE_LOCKED : undefined}
          onChange={change}
          changeLabel="Change PAN or income"
          next={onwards(profile, route.slug)}
          focus={returned}
        />
      </StepScreen>
    );
  }

  return (
    <StepScreen
      back={back}
      title={route.title}
      intro="Enter your PAN as printed on your PAN card. We verify it with the Income Tax records."
      onSubmit={submit}
      formRef={form}
    >
      <EligibilityNotice fields={['monthly_income']} inForm announce />
      <fieldset className={panStyles.group} aria-describedby={`${id}-pan-hint${panError ? ` ${panErrorId}` : ''}`}>
        <legend>PAN Number</legend>
        <p id={`${id}-pan-hint`} className={formStyles.hint}>
          5 letters, 4 digits, then 1 letter, e.g. {PAN_EXAMPLE}. The 4th letter of a personal PAN is P.
        </p>
        <PanBoxes pan={pan} idPrefix={`${id}-pan`} invalid={Boolean(panError)} />
        {panError && (
          <p id={panErrorId} className={formStyles.error}>
            {panError}
          </p>
        )}
      </fieldset>
      <TextField
        label="Monthly Income"
        value={income}
        onValue={(value) => {
          touched.current = true;
          setIncome(digitsOnly(value, 7));
        }}
        inputMode="numeric"
        autoComplete="off"
        maxLength={7}
        hint="Your take-home pay each month, in rupees."
        error={errors.monthly_income}
      />
      <div className={formStyles.actions}>
        <BusyButton busy={busy === 'verify'}>Verify PAN</BusyButton>
        {changing && <KeepButton onKeep={keep} label="Keep my verified PAN" />}
      </div>
    </StepScreen>
  );
}
