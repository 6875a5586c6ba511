import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type * as v from 'valibot';
import { safeParse } from 'valibot';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import { IFSC_PATTERN } from '../../../lib/banks.ts';
import type { IfscAnswer } from '../../../lib/schemas/answers/bankAccount.ts';
import { ACCOUNTS_DIFFER, BankingRequest } from '../../../lib/schemas/application.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { DigitsField, TextField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { HeldStep, KeepButton } from '../components/HeldStep.tsx';
import { StepScreen } from '../components/StepScreen.tsx';
import { type ApplicationAnswer, afterApplicationStep } from '../navigation/applicationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { dashboardCall, registrationEvent } from '../state/api.ts';
import { fieldErrors, useStepForm } from '../state/forms.ts';
import {
  type ApplicationLock,
  accountName,
  applicationLock,
  type HeldAccount,
  isRepeat,
  useChange,
  verifiedText,
} from '../state/heldSteps.ts';
import { loadLeads, loadLoanDetails, NA } from '../state/loans.ts';
import type { Profile } from '../state/profile.ts';
import { useProfile } from '../state/useProfile.ts';
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
type Ifsc = v.InferOutput<typeof IfscAnswer>;

/**
 * The bank and branch of a complete IFSC, asked of the server (the IFSC dataset is too large for the
 * page): the line under the field, and the branch to fill in.
 */
function useIfsc(ifsc: string) {
  const [found, setFound] = useState<{ ifsc: string; line: string; branch: string | null }>();
  useEffect(() => {
    if (!IFSC_PATTERN.test(ifsc)) return;
    let current = true;
    dashboardCall<Ifsc>(API.ifscDetails, { ifsc })
      .then((envelope) => {
        if (!current) return;
        const data = envelope.Status === STATUS.ok ? envelope.Data : undefined;
        setFound({
          ifsc,
          line: data ? `Bank: ${data.bank}${data.branch ? `, branch ${data.branch}` : ''}` : envelope.Message,
          branch: data?.branch ?? null,
        });
      })
      // Unreachable: the penny-drop at submission still checks the code.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [ifsc]);
  return found?.ifsc === ifsc ? found : undefined;
}

/** A loan's account, the only part of it the server shows: its bank and last four digits. */
interface LoanAccount extends HeldAccount {
  loanNo: string | null;
}

async function accountOfLead(leadId: number | string): Promise<LoanAccount | null> {
  const found = await loadLoanDetails(String(leadId));
  const detail = 'data' in found ? found.data?.detail : undefined;
  if (!detail?.bank_account) return null;
  return { ...detail.bank_account, loanNo: detail.loan_no && detail.loan_no !== NA ? detail.loan_no : null };
}

/**
 * The accounts the server holds for this screen (issue 25): the latest application's (given with it), and
 * for a repeat borrower whose new application has none yet, the account their last loan was paid into.
 */
function useHeldAccounts(profile: Profile | null, profileLoading: boolean) {
  const leadId = profile?.lead_details?.lead_id ?? null;
  const repeat = isRepeat(profile);
  const [held, setHeld] = useState<{ leadId: number; own: LoanAccount | null; earlier: LoanAccount | null }>();
  useEffect(() => {
    if (leadId === null) return;
    let live = true;
    (async () => {
      const own = await accountOfLead(leadId);
      let earlier: LoanAccount | null = null;
      if (!own && repeat) {
        const leads = await loadLeads();
        const lent =
          'data' in leads
            ? leads.data.find((lead) => lead.status === 'closed' || lead.status === 'disbursed')
            : undefined;
        if (lent) earlier = await accountOfLead(lent.lead_id);
      }
      if (live) setHeld({ leadId, own, earlier });
    })().catch(() => {
      // Unreachable: the form stays, as before.
      if (live) setHeld({ leadId, own: null, earlier: null });
    });
    return () => {
      live = false;
    };
  }, [leadId, repeat]);
  // No application (or no profile, when it could not be loaded): the form, as before.
  if (leadId === null) return { ready: profile !== null || !profileLoading, own: null, earlier: null };
  return held?.leadId === leadId ? { ready: true, ...held } : { ready: false, own: null, earlier: null };
}

/** Why the account given can no longer be changed, by the application's lock. */
const LOCKED: Record<ApplicationLock, string> = {
  review: 'Your application is with our team: its bank account can no longer be changed.',
  lent: 'Your loan was paid into this account; it can no longer be changed.',
  ended: 'This account was given with your last application, which is closed. A new application asks for it again.',
};

/** Banking details (event banking_details): the account the loan is paid into, checked before it is sent. */
export default function BankDetail({ route }: ScreenProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [consent, setConsent] = useState(false);
  const { values, set, field, errors, refuse, send } = useStepForm(form, EMPTY);
  const { busy, run } = useRequest<'save'>();
  const { profile, loading: profileLoading } = useProfile();
  const accounts = useHeldAccounts(profile, profileLoading);
  const { changing, change, keep, returned } = useChange(form);
  const bank = useIfsc(values.account_ifsc);
  // The branch the IFSC names is filled in, unless the customer typed their own.
  const filled = useRef('');
  const branch = bank?.branch;
  useEffect(() => {
    if (!branch) return;
    if (values.account_branch === '' || values.account_branch === filled.current) {
      filled.current = branch;
      set('account_branch')(branch);
    }
  }, [branch, values.account_branch, set]);

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
  const back = { to: screenPath('adhar-upload'), label: 'Back to your documents' };
  if (!accounts.ready) {
    return (
      <StepScreen back={back} title={route.title}>
        <p role="status">Loading…</p>
      </StepScreen>
    );
  }
  // Given already (issue 25): the account as the loan details show it, masked to its last four digits.
  const { own, earlier } = accounts;
  if (own && !changing) {
    const lock = applicationLock(profile);
    return (
      <StepScreen back={back} title={route.title}>
        <HeldStep
          heading={lock === 'lent' ? 'Your loan is paid into this account' : 'Your bank account is given'}
          facts={[
            ['Account', accountName(own)],
            ['Verified', verifiedText(own)],
            ...(own.loanNo ? [['Loan', own.loanNo] as const] : []),
          ]}
          locked={lock ? LOCKED[lock] : undefined}
          onChange={change}
          changeLabel="Change bank account"
          next={lock === 'review' ? { to: screenPath('lead-preview'), label: 'View Your Application' } : null}
          focus={returned}
        />
      </StepScreen>
    );
  }
  return (
    <StepScreen
      back={back}
      title={route.title}
      intro="The savings account your salary is paid into, in the name on your PAN. Your loan is paid into it; we check it with your bank by sending it ₹1."
      onSubmit={submit}
      formRef={form}
    >
      {own && (
        <p className={formStyles.hint}>
          In place of {accountName(own)}. We show only its last four digits, so the new account is typed in full; we
          check it with your bank again.
        </p>
      )}
      {!own && earlier && (
        <p className={formStyles.hint}>
          Your last loan{earlier.loanNo ? ` (${earlier.loanNo})` : ''} was paid into {accountName(earlier)}. We show
          only its last four digits, so give the account again in full, the same or another; we check it with your bank
          again.
        </p>
      )}
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
            The 11-character code on your cheque book or passbook. <span aria-live="polite">{bank?.line ?? ''}</span>
          </>
        }
      />
      <TextField
        label="Branch"
        maxLength={100}
        {...field('account_branch')}
        hint="Filled in from the IFSC where we know it; change it if it is not yours."
      />
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
        {changing && <KeepButton onKeep={keep} label="Keep this account" />}
      </div>
    </StepScreen>
  );
}
