import { useEffect, useId, useRef, useState } from 'react';
import type * as v from 'valibot';
import site from '../../../../content/site.json' with { type: 'json' };
import { bureauConsent } from '../../../lib/consents/bureauCheck.ts';
import { formatPercent } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { RegisterNowAnswer } from '../../../lib/schemas/answers/profile.ts';
import styles from '../../shared/Dialog.module.css';
import { useCall } from '../../shared/useCall.ts';
import { navigate } from '../navigation/router.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import { registrationEvent, SessionEnded } from '../state/api.ts';
import { storeProgress } from '../state/profile.ts';
import { BusyButton } from './BusyButton.tsx';
import formStyles from './Form.module.css';

// The same module and facts the server hashes (src/server/bureauCheck/service.ts), so the version on record is what was shown.
const CONSENT = bureauConsent(site.brand, site.legalName, site.creditReport.reportValidDays);

interface Outcome {
  eligible: boolean;
  message: string;
  /** What the check found one may borrow (issue 25, finding 8), when the server said. */
  offer?: string;
}

/**
 * Check Eligibility (event register_now, product.md §4): the server's message in a modal. Found
 * eligible: the flag is stored and Process leads to the eligibility page; otherwise OK closes it.
 * The credit bureau consent sits above the button (issue 24): ticked, it goes with the check; unticked,
 * the server asks no bureau and its decision says why.
 */
export function EligibilityCheck({ disabled = false }: { disabled?: boolean }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const { busy, call } = useCall<'check'>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [consent, setConsent] = useState(false);

  useEffect(() => {
    const node = dialog.current;
    if (outcome && node && !node.open) node.showModal();
  }, [outcome]);

  const check = async () => {
    const answer = await call('check', () =>
      registrationEvent<v.InferOutput<typeof RegisterNowAnswer>>('register_now', { bureau_consent: consent ? 1 : 0 }),
    );
    // A dead session is already on its way to sign-in.
    if (!answer || (!answer.ok && answer.thrown instanceof SessionEnded)) return;
    if (!answer.ok) return setOutcome({ eligible: false, message: answer.message });
    const { Data, Message } = answer.envelope;
    storeProgress({ eligibility_status: 1, ...(Data.next_step && { next_step: Data.next_step }) });
    const offer =
      Data.max_loan_amount !== undefined && Data.daily_rate_percent !== undefined
        ? `You can borrow up to ${formatRupees(Data.max_loan_amount)} at ${formatPercent(Data.daily_rate_percent)} a day.`
        : undefined;
    setOutcome({ eligible: true, message: Message, ...(offer && { offer }) });
  };

  const close = () => dialog.current?.close();
  const proceed = () => {
    close();
    navigate(screenPath(HOME.loan));
  };

  return (
    <>
      <div className={formStyles.field}>
        <label className={formStyles.choice}>
          <input
            type="checkbox"
            checked={consent}
            disabled={disabled}
            onChange={(event) => setConsent(event.target.checked)}
            aria-describedby={`${id}-consent`}
          />
          {CONSENT.label}
        </label>
        <p id={`${id}-consent`} className={formStyles.hint}>
          {CONSENT.more}
        </p>
      </div>
      <BusyButton type="button" busy={busy !== null} disabled={disabled} onClick={check}>
        Check Eligibility
      </BusyButton>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onClose={() => setOutcome(null)}
      >
        <h2 id={`${id}-title`} className={styles.title}>
          Eligibility Check
        </h2>
        <p id={`${id}-message`} className={styles.text}>
          {outcome?.message}
        </p>
        {outcome?.offer && (
          <p className={styles.text} data-testid="eligibility-offer">
            <strong>{outcome.offer}</strong>
          </p>
        )}
        <div className={styles.actions}>
          {outcome?.eligible ? (
            <button type="button" className="button" onClick={proceed}>
              Process
            </button>
          ) : (
            <button type="button" className="button" onClick={close}>
              OK
            </button>
          )}
        </div>
      </dialog>
    </>
  );
}
