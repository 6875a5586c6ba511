import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { formatDate, formatPercent } from '../../../lib/format.ts';
import type { KfsStanding, StoredKeyFactStatement } from '../../../lib/kfs.ts';
import { KFS_REQUIRED, KFS_STATEMENTS_PATH } from '../../../lib/kfsAcceptance.ts';
import { formatPaise } from '../../../lib/money.ts';
import { clearAlerts, showAlert } from '../state/alerts.ts';
import { dashboardCall, registrationEvent } from '../state/api.ts';
import { useLoaded } from '../state/useLoaded.ts';
import { useRequest } from '../state/useRequest.ts';
import { BusyButton } from './BusyButton.tsx';
import formStyles from './Form.module.css';
import kfsStyles from './KeyFactStatement.module.css';
import { KfsAcceptance } from './KfsAcceptance.tsx';
import { ProfileState } from './ProfileState.tsx';
import styles from './Screen.module.css';

// The statement's view and its words (two languages) are a chunk of their own, loaded when one is shown.
const KeyFactStatement = lazy(() =>
  import('./KeyFactStatement.tsx').then((module) => ({ default: module.KeyFactStatement })),
);

/** The anchor the SMS and e-mail link to: the statement opens at once. */
const KFS_ANCHOR = 'key-fact-statement';

const STANDING_LABELS: Record<KfsStanding, string> = {
  accepted: 'accepted by you',
  awaiting: 'waiting for you to accept it',
  expired: 'expired without acceptance',
  superseded: 'replaced by a later statement',
};

async function loadStatements(leadId: string) {
  const envelope = await dashboardCall<{ statements: StoredKeyFactStatement[] }>(KFS_STATEMENTS_PATH, {
    lead_id: leadId,
  });
  // No statement yet (or not this customer's application): nothing to show.
  if (envelope.Status !== STATUS.ok)
    return envelope.error === 'not_found' ? { data: [] } : { error: failureMessage(envelope) };
  return { data: envelope.Data.statements };
}

/**
 * The application's Key Fact Statements as issued (RBI: the borrower can see it at any time): the
 * current one, opened here at once from the SMS or e-mail link, and a statement staff issued on
 * approving other terms, to read and accept before the loan can be paid out.
 */
export function StoredStatements({ leadId, approved }: { leadId: string; approved: boolean }) {
  const { data, error, retry } = useLoaded(() => loadStatements(leadId));
  const fromLink = typeof window !== 'undefined' && window.location.hash === `#${KFS_ANCHOR}`;
  /** The statement shown (null: not decided yet, '': closed by the customer); `clicked`: opened by a click, so it takes the focus. */
  const [open, setOpen] = useState<string | null>(null);
  const [clicked, setClicked] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [ackError, setAckError] = useState('');
  const { busy, run } = useRequest<'accept'>();
  const ackId = useId();
  const section = useRef<HTMLElement>(null);
  const current = data?.find((statement) => statement.current) ?? data?.[0];
  const awaiting = current?.standing === 'awaiting' ? current : null;

  useEffect(() => {
    if (!current || open !== null) return;
    if (fromLink || awaiting) {
      setOpen(current.kfs_no);
      if (fromLink) section.current?.scrollIntoView();
    }
  }, [current, awaiting, fromLink, open]);

  if (error) return <ProfileState loading={false} error={error} retry={retry} />;
  if (!data || data.length === 0 || !current) return null;
  const shown = data.find((statement) => statement.kfs_no === open) ?? null;

  const accept = () =>
    run('accept', async () => {
      if (!awaiting) return;
      if (!acknowledged) {
        setAckError(KFS_REQUIRED);
        return;
      }
      clearAlerts();
      const envelope = await registrationEvent('kfs_acknowledgement', {
        kfs_no: awaiting.kfs_no,
        kfs_acknowledged: true,
      });
      if (envelope.Status !== STATUS.ok) {
        showAlert({ type: 'error', msg: failureMessage(envelope) });
        return;
      }
      showAlert({ type: 'success', msg: envelope.Message });
      setAcknowledged(false);
      await retry();
    });

  return (
    <section ref={section} id={KFS_ANCHOR} className={styles.panel} aria-labelledby={`${ackId}-title`}>
      <h2 id={`${ackId}-title`}>Your Key Fact Statements</h2>
      {awaiting ? (
        <p role="status">
          Our team approved your loan on terms other than those you accepted:{' '}
          {formatPaise(awaiting.content.sanctioned_amount_paise)} for {awaiting.content.tenure_days} days at{' '}
          {formatPercent(awaiting.content.daily_rate_percent)} a day. Please read Key Fact Statement {awaiting.kfs_no}{' '}
          and accept it by {formatDate(awaiting.valid_until)}: your loan is paid out only after you accept it.
        </p>
      ) : current.standing === 'expired' ? (
        <p role="status">
          Key Fact Statement {current.kfs_no} was valid until {formatDate(current.valid_until)} and was not accepted.
          Our team will issue a new one; you will find it here.
        </p>
      ) : approved ? (
        <p>
          Your loan is made on Key Fact Statement {current.kfs_no}, {STANDING_LABELS[current.standing]}. You can open it
          here at any time, print it or save a copy.
        </p>
      ) : (
        // Not approved yet (issue 25): no loan is made; the statement holds the terms it would be made on.
        <p>
          Key Fact Statement {current.kfs_no}, {STANDING_LABELS[current.standing]}, holds the terms of your application:
          your loan is made on them if it is approved. You can open it here at any time, print it or save a copy.
        </p>
      )}
      <ul className={kfsStyles.list}>
        {data.map((statement) => (
          <li key={statement.kfs_no}>
            <button
              type="button"
              className="button button--ghost"
              aria-expanded={open === statement.kfs_no}
              onClick={() => {
                setOpen(open === statement.kfs_no ? '' : statement.kfs_no);
                setClicked(true);
              }}
            >
              {open === statement.kfs_no ? 'Hide' : 'View'} Key Fact Statement {statement.kfs_no}
            </button>{' '}
            issued {formatDate(statement.issued_at)}, {STANDING_LABELS[statement.standing]}
          </li>
        ))}
      </ul>
      {shown && (
        <Suspense fallback={<p role="status">Loading the Key Fact Statement…</p>}>
          <KeyFactStatement key={shown.kfs_no} kfs={shown.content} loan={shown.loan} focus={clicked} />
        </Suspense>
      )}
      {awaiting && shown === awaiting && (
        <div className={formStyles.form}>
          <KfsAcceptance
            checked={acknowledged}
            error={ackError || undefined}
            onChange={(checked) => {
              setAcknowledged(checked);
              setAckError('');
            }}
          >
            I have read and accept the Key Fact Statement.
          </KfsAcceptance>
          <div className={formStyles.actions}>
            <BusyButton type="button" busy={busy === 'accept'} disabled={busy !== null} onClick={accept}>
              Accept Key Fact Statement
            </BusyButton>
          </div>
        </div>
      )}
    </section>
  );
}
