import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { safeParse } from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { DataDeletionRequest } from '../../../lib/schemas/consent.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import cards from '../components/Cards.module.css';
import formStyles from '../components/Form.module.css';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { TextAreaField } from '../components/TextAreaField.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import { showAlert } from '../state/alerts.ts';
import {
  askForDeletion,
  type ConsentOnRecord,
  loadConsents,
  type PrivacyRequest,
  requestKindLabel,
  requestStatusLabel,
  withdrawConsent,
} from '../state/consents.ts';
import { $session } from '../state/sessionStore.ts';
import { useLoaded } from '../state/useLoaded.ts';
import { useRequest } from '../state/useRequest.ts';
import own from './Consents.module.css';

type Busy = 'withdraw' | 'delete';

/**
 * The version of a consent's words as a borrower can read it out: the first 8 characters of its SHA-256
 * (issue 25; the whole 64 stay under the card's words, for whoever checks them, and staff see them all).
 */
const shortVersion = (version: string) => version.slice(0, 8);

/** What withdrawing the bureau consent does, said before the customer confirms. */
const WITHDRAW_EFFECT =
  'We will not ask a credit bureau for your credit report again unless you consent again. A report we already received stays with your application, and this consent stays on record as withdrawn.';

/** One consent: what it was, when, the version of its text (short, the whole under the text), the text itself, and withdrawal where allowed. */
function ConsentCard({
  consent,
  busy,
  onWithdraw,
}: {
  consent: ConsentOnRecord;
  busy: Busy | null;
  onWithdraw: (kind: string) => Promise<void>;
}) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  return (
    <li>
      <article className={cards.tile} aria-labelledby={headingId}>
        <h3 id={headingId} className={own.kind}>
          {consent.label}
        </h3>
        <dl className={`${cards.pairs} ${own.facts}`}>
          <div>
            <dt>Given on</dt>
            <dd>{formatDateTime(consent.given_at)}</dd>
          </div>
          {consent.reference && (
            <div>
              <dt>For</dt>
              <dd>{consent.reference}</dd>
            </div>
          )}
          <div>
            <dt>Version</dt>
            <dd>{shortVersion(consent.text_version)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{consent.withdrawn_at ? `Withdrawn on ${formatDateTime(consent.withdrawn_at)}` : 'Given'}</dd>
          </div>
        </dl>
        <details className={`${own.text} ${styles.disclosure}`}>
          <summary>{consent.text ? 'Read the words you agreed to' : 'Check the version'}</summary>
          {consent.text && <p>{consent.text}</p>}
          <p className={own.fingerprint}>
            The version is the start of the words' fingerprint (SHA-256), which changes if a single word does. The whole
            fingerprint: <code className={own.version}>{consent.text_version}</code>
          </p>
        </details>
        {consent.withdrawable && !confirming && (
          <div className={formStyles.actions}>
            <BusyButton
              type="button"
              variant="ghost"
              busy={false}
              disabled={busy !== null}
              onClick={() => setConfirming(true)}
            >
              Withdraw this consent
            </BusyButton>
          </div>
        )}
        {consent.withdrawable && confirming && (
          <div className={own.confirm}>
            <p>{WITHDRAW_EFFECT}</p>
            <div className={formStyles.actions}>
              <BusyButton
                ref={confirmButton}
                type="button"
                busy={busy === 'withdraw'}
                disabled={busy !== null}
                onClick={() => void onWithdraw(consent.kind)}
              >
                Yes, withdraw it
              </BusyButton>
              <BusyButton
                type="button"
                variant="ghost"
                busy={false}
                disabled={busy !== null}
                onClick={() => setConfirming(false)}
              >
                Keep it
              </BusyButton>
            </div>
          </div>
        )}
      </article>
    </li>
  );
}

function RequestRow({ request }: { request: PrivacyRequest }) {
  return (
    <li className={own.request}>
      <strong>{request.request_no}</strong>: {requestKindLabel(request.kind)} on {formatDateTime(request.requested_at)}.{' '}
      {requestStatusLabel(request)}
      {request.closed_at ? ` on ${formatDateTime(request.closed_at)}` : ''}.
      {request.outcome_note && (
        <>
          {' '}
          {request.outcome === 'kept' ? 'Why' : 'What we did'}: {request.outcome_note}
        </>
      )}
    </li>
  );
}

/**
 * What you agreed to (issue 24): every consent on record with its kind, time and the version of its
 * text (the SHA-256 of the exact words shown, its first 8 characters on the card), the bureau consent withdrawn here, and a request to
 * delete one's data, acknowledged with what the lender must keep. Nothing is deleted silently.
 */
export default function Consents({ route }: ScreenProps) {
  const eligible = useStore($session).eligibility === '1';
  const consentsHeading = useId();
  const requestsHeading = useId();
  const deletionHeading = useId();
  const confirmErrorId = useId();
  const { data, loading, error, retry } = useLoaded(loadConsents);
  const { busy, run } = useRequest<Busy>();
  /** The last answer's message (a withdrawal or a request with its number), until the next one. */
  const [said, setSaid] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [note, setNote] = useState('');
  const [confirmError, setConfirmError] = useState('');

  const withdraw = (kind: string) =>
    run('withdraw', async () => {
      setSaid('');
      const answer = await withdrawConsent({ kind: kind as 'bureau_check' });
      if (answer.Status !== STATUS.ok) return void showAlert({ type: 'error', msg: failureMessage(answer) });
      setSaid(answer.Message);
      await retry();
    });

  const askDeletion = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = safeParse(DataDeletionRequest, { confirmed, note });
    if (!checked.success) {
      setConfirmError(checked.issues[0]?.message ?? '');
      return;
    }
    setConfirmError('');
    await run('delete', async () => {
      setSaid('');
      const answer = await askForDeletion(checked.output);
      if (answer.Status !== STATUS.ok) return void showAlert({ type: 'error', msg: failureMessage(answer) });
      setSaid(answer.Message);
      setNote('');
      setConfirmed(false);
      await retry();
    });
  };

  const openDeletion = data?.requests.find(
    (request) => request.kind === 'delete_data' && request.status === 'received',
  );

  return (
    <StepScreen
      back={{ to: screenPath(eligible ? HOME.loan : HOME.registration), label: 'Back to your dashboard' }}
      title={route.title}
      intro="Every consent you gave us, when you gave it, and the words you saw."
    >
      <p className={own.said} role="status">
        {said}
      </p>
      <section aria-labelledby={consentsHeading}>
        <h2 id={consentsHeading}>Your consents</h2>
        <ProfileState loading={loading && !data} error={error} retry={retry} />
        {data && data.consents.length === 0 && (
          <div className={styles.panel}>
            <p>You have not given us any consent yet.</p>
          </div>
        )}
        {data && data.consents.length > 0 && (
          <ul className={own.list}>
            {data.consents.map((consent) => (
              <ConsentCard
                key={`${consent.kind}-${consent.given_at}-${consent.text_version}`}
                consent={consent}
                busy={busy}
                onWithdraw={withdraw}
              />
            ))}
          </ul>
        )}
      </section>
      {data && data.requests.length > 0 && (
        <section aria-labelledby={requestsHeading}>
          <h2 id={requestsHeading}>Your requests</h2>
          <ul className={own.requests}>
            {data.requests.map((request) => (
              <RequestRow key={request.request_no} request={request} />
            ))}
          </ul>
        </section>
      )}
      {data && (
        <section aria-labelledby={deletionHeading} className={styles.panel}>
          <h2 id={deletionHeading}>Ask for your data to be deleted</h2>
          <p>The law requires us to keep some of your records even after you ask. We keep:</p>
          <ul className={own.kept}>
            {data.what_we_keep.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{data.what_we_delete}</p>
          {openDeletion ? (
            <p className={own.open}>
              You asked on {formatDateTime(openDeletion.requested_at)} (request {openDeletion.request_no}). We will tell
              you what was deleted and what was kept.
            </p>
          ) : (
            <form className={formStyles.form} onSubmit={askDeletion} noValidate>
              <div className={formStyles.field}>
                <label className={formStyles.choice}>
                  <input
                    type="checkbox"
                    checked={confirmed}
                    onChange={(event) => setConfirmed(event.target.checked)}
                    aria-invalid={confirmError ? true : undefined}
                    aria-describedby={confirmError ? confirmErrorId : undefined}
                  />
                  I have read what you must keep.
                </label>
                {confirmError && (
                  <p id={confirmErrorId} className={formStyles.error} role="alert">
                    {confirmError}
                  </p>
                )}
              </div>
              <TextAreaField
                label="Anything you want to tell us (optional)"
                maxLength={1000}
                rows={3}
                value={note}
                onValue={setNote}
              />
              <div className={formStyles.actions}>
                <BusyButton busy={busy === 'delete'} disabled={busy !== null}>
                  Ask for my data to be deleted
                </BusyButton>
              </div>
            </form>
          )}
        </section>
      )}
    </StepScreen>
  );
}
