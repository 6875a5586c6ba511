import { useEffect, useId, useRef, useState } from 'react';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { formatDate, formatPaise, formatPercent } from '../../../lib/format.ts';
import { KFS_REQUIRED, KFS_STATEMENTS_PATH, type KfsStanding, type StoredKeyFactStatement } from '../../../lib/kfs.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import cards from '../components/Cards.module.css';
import formStyles from '../components/Form.module.css';
import kfsStyles from '../components/KeyFactStatement.module.css';
import { KeyFactStatement } from '../components/KeyFactStatement.tsx';
import { Link } from '../components/Link.tsx';
import { OutstandingBanner } from '../components/OutstandingBanner.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import tables from '../components/Table.module.css';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { clearAlerts, showAlert } from '../state/alerts.ts';
import { dashboardCall, registrationEvent } from '../state/api.ts';
import {
  detailsLink,
  type LeadListItem,
  type LoanDetails,
  leadIdOf,
  loadLeads,
  loadLoanDetails,
  NA,
  orNA,
  rupees,
  statusLabel,
} from '../state/loans.ts';
import type { Profile } from '../state/profile.ts';
import type { Loaded } from '../state/useLoaded.ts';
import { useLoaded } from '../state/useLoaded.ts';
import { useProfile } from '../state/useProfile.ts';
import { useRequest } from '../state/useRequest.ts';

interface LatestApplication {
  lead: LeadListItem;
  details: LoanDetails | null;
}

/** The newest application with its details (amount, tenure, purpose, Credit Manager); null without one. */
async function loadLatest(): Promise<Loaded<LatestApplication | null>> {
  const list = await loadLeads();
  if ('error' in list) return list;
  const [lead] = list.data;
  if (!lead) return { data: null };
  const details = await loadLoanDetails(String(lead.lead_id));
  if ('error' in details) return details;
  return { data: { lead, details: details.data } };
}

const WORK_MODES: Record<string, string> = { WFO: 'Office', WFH: 'Remote' };

function FactTable({ id, title, rows }: { id: string; title: string; rows: [string, string][] }) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <table className={tables.table}>
        <caption className="visually-hidden">{title}</caption>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function rowsOf(profile: Profile | null, latest: LatestApplication) {
  const detail = latest.details?.detail;
  const employment = profile?.customer_employment_details;
  // The Credit Manager staff named on approval: from the profile, else from the loan's details.
  const manager = profile?.excutive_details ?? detail?.manager ?? null;
  const state = profile?.lead_details?.status || latest.lead.status;
  // The server's progress is the open application's; a decided one was filled in full.
  const percent = state === 'applied' || state === 'sent_back' ? profile?.application_filled_percent : 100;
  const application: [string, string][] = [
    ['Application number', String(latest.lead.lead_id)],
    ['Loan amount', rupees(latest.lead.loan_amount)],
    ['Tenure', detail?.tenure ? `${detail.tenure} days` : NA],
    ['Purpose', orNA(detail?.purpose)],
    ['Applied on', formatDate(latest.lead.lead_entry_date)],
    ['Employer', orNA(employment?.employer_name ?? employment?.company_name)],
    ['Designation', orNA(employment?.emp_designation ?? employment?.designation)],
    ['Work mode', orNA(WORK_MODES[employment?.emp_work_mode ?? employment?.work_mode ?? ''])],
  ];
  const creditManager: [string, string][] = [
    ['Name', orNA(manager?.name)],
    ['Mobile', orNA(manager?.mobile)],
    ['E-mail', orNA(manager?.email)],
  ];
  const status: [string, string][] = [
    ['Status', statusLabel(state)],
    ['Application progress', percent === undefined ? NA : formatPercent(percent)],
    ['Loan number', orNA(detail?.loan_no)],
    ['Disbursed on', formatDate(detail?.lead_final_disbursed_date)],
  ];
  return { application, creditManager, status };
}

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
function StoredStatements({ leadId }: { leadId: string }) {
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
      ) : (
        <p>
          Your loan is made on Key Fact Statement {current.kfs_no}, {STANDING_LABELS[current.standing]}. You can open it
          here at any time, print it or save a copy.
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
      {shown && <KeyFactStatement key={shown.kfs_no} kfs={shown.content} focus={clicked} />}
      {awaiting && shown === awaiting && (
        <div className={formStyles.form}>
          <div className={formStyles.field}>
            <label className={formStyles.choice} htmlFor={ackId}>
              <input
                id={ackId}
                type="checkbox"
                checked={acknowledged}
                aria-invalid={ackError ? true : undefined}
                aria-describedby={ackError ? `${ackId}-error` : undefined}
                onChange={(event) => {
                  setAcknowledged(event.target.checked);
                  setAckError('');
                }}
              />
              I have read and accept the Key Fact Statement.
            </label>
            {ackError && (
              <p id={`${ackId}-error`} className={formStyles.error}>
                {ackError}
              </p>
            )}
          </div>
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

/** The application at a glance (product.md §2.9): Application Details, Credit Manager, Application Status. */
export default function LeadPreview({ route, location }: ScreenProps) {
  const { profile, loading: profileLoading, error: profileError, retry: retryProfile } = useProfile();
  const { data: latest, loading, error, retry } = useLoaded(loadLatest);
  const failed = error ?? profileError;
  const rows = latest ? rowsOf(profile, latest) : null;
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      {profile && <OutstandingBanner loan={profile.active_loan_details} />}
      <ProfileState
        loading={(loading && !latest) || (profileLoading && !profile)}
        error={failed}
        retry={() => {
          if (error) void retry();
          if (profileError) void retryProfile();
        }}
      />
      {!loading && !error && latest === null && (
        <div className={styles.panel}>
          <p>You have not applied for a loan yet.</p>
          <Link to={screenPath('eligibility')}>Start your loan application</Link>
        </div>
      )}
      {latest && rows && (
        <>
          <FactTable id="preview-application" title="Application Details" rows={rows.application} />
          <FactTable id="preview-manager" title="Credit Manager" rows={rows.creditManager} />
          <FactTable id="preview-status" title="Application Status" rows={rows.status} />
          <StoredStatements
            key={leadIdOf(location) ?? latest.lead.lead_id}
            leadId={leadIdOf(location) ?? String(latest.lead.lead_id)}
          />
          <ul className={cards.linkCards}>
            <li>
              <Link {...detailsLink(latest.lead.lead_id)} className={cards.linkCard}>
                <h2>Loan Details</h2>
                <p>This application's details and the payments received.</p>
              </Link>
            </li>
            <li>
              <Link to={screenPath('leads')} className={cards.linkCard}>
                <h2>Loan History</h2>
                <p>All your loan applications.</p>
              </Link>
            </li>
          </ul>
        </>
      )}
    </>
  );
}
