import { type FormEvent, useId, useRef, useState } from 'react';
import { safeParse } from 'valibot';
import { bankOfIfsc, IFSC_PATTERN } from '../../../lib/banks.ts';
import { ACCOUNTS_DIFFER, BankingRequest } from '../../../lib/schemas/application.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { DigitsField, TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { type ApplicationAnswer, afterApplicationStep } from '../navigation/applicationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { registrationEvent } from '../state/api.ts';
import { fieldErrors, useStepForm } from '../state/forms.ts';
import { useRequest } from '../state/useRequest.ts';

interface Values {
  account_name: string;
  account_branch: string;
  account_number: string;
  confirm_account_number: string;
  account_ifsc: string;
}
const EMPTY: Values = {
  account_name: '',
  account_branch: '',
  account_number: '',
  confirm_account_number: '',
  account_ifsc: '',
};
const UNKNOWN_BANK = 'We could not name the bank of this code; please check it.';

/** What the IFSC field says under it as the code is typed: the bank of its first four letters. */
function bankLine(ifsc: string): string {
  if (ifsc.length < 4) return '';
  const bank = bankOfIfsc(ifsc);
  if (bank) return `Bank: ${bank}`;
  return IFSC_PATTERN.test(ifsc) ? UNKNOWN_BANK : '';
}

/** Banking details (event banking_details): the account the loan is paid into, checked before it is sent. */
export default function BankDetail({ route }: ScreenProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [consent, setConsent] = useState(false);
  const { values, set, field, errors, refuse, send } = useStepForm(form, EMPTY);
  const { busy, run } = useRequest<'save'>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // product.md §3.8: account type 1 (savings), the customer's consent as 1.
    const payload = {
      event_name: 'banking_details',
      ...values,
      account_type_id: 1,
      verification_consent: consent ? 1 : 0,
    };
    const checked = safeParse(BankingRequest, payload);
    const found = checked.success ? {} : fieldErrors(checked.issues);
    // The schema compares the two numbers only once every field is valid; the customer hears it at once.
    const { account_number: account, confirm_account_number: confirm } = values;
    if (!found.confirm_account_number && confirm && confirm !== account) found.confirm_account_number = ACCOUNTS_DIFFER;
    if (!checked.success || Object.keys(found).length > 0) return refuse(found);
    const { event_name: eventName, profile_id: _profile, ...banking } = checked.output;
    await run('save', async () => {
      const saved = await send(() => registrationEvent<ApplicationAnswer>(eventName, banking));
      if (saved) afterApplicationStep(saved.Data, saved.Message);
    });
  };

  const consentErrorId = `${id}-consent-error`;
  return (
    <StepScreen
      back={{ to: screenPath('adhar-upload'), label: 'Back to your documents' }}
      title={route.title}
      intro="The savings account your salary is paid into. Your loan is paid into it."
      onSubmit={submit}
      formRef={form}
    >
      <TextField
        label="Account holder name"
        autoComplete="name"
        maxLength={100}
        {...field('account_name')}
        hint="As your bank writes it."
      />
      <TextField
        label="IFSC"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={11}
        {...field('account_ifsc')}
        onValue={(value) => set('account_ifsc')(value.replace(/[^A-Za-z0-9]/g, '').toUpperCase())}
        hint={
          <>
            The 11-character code on your cheque book or passbook.{' '}
            <span aria-live="polite">{bankLine(values.account_ifsc)}</span>
          </>
        }
      />
      <TextField label="Branch" maxLength={100} {...field('account_branch')} />
      <DigitsField label="Account number" digits={18} {...field('account_number')} hint="9 to 18 digits." />
      <DigitsField
        label="Confirm account number"
        digits={18}
        {...field('confirm_account_number')}
        // Typed again, not pasted (product.md §5), so that a mistake is not copied over.
        onPaste={(event) => event.preventDefault()}
        onDrop={(event) => event.preventDefault()}
        hint="Type the account number again. Pasting is turned off here."
      />
      <div className={formStyles.field}>
        <label className={formStyles.choice}>
          <input
            type="checkbox"
            checked={consent}
            onChange={(event) => setConsent(event.target.checked)}
            aria-invalid={errors.verification_consent ? true : undefined}
            aria-describedby={errors.verification_consent ? consentErrorId : undefined}
          />
          I agree that you may verify this bank account with my bank.
        </label>
        {errors.verification_consent && (
          <p id={consentErrorId} className={formStyles.error}>
            {errors.verification_consent}
          </p>
        )}
      </div>
      <div className={formStyles.actions}>
        <BusyButton busy={busy === 'save'}>Save and Continue</BusyButton>
      </div>
    </StepScreen>
  );
}
