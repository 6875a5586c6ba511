import { formatDate, formatPercent } from '../../lib/format.ts';
import cards from './components/Cards.module.css';
import { Link } from './components/Link.tsx';
import { OutstandingBanner } from './components/OutstandingBanner.tsx';
import { ProfileState } from './components/ProfileState.tsx';
import styles from './components/Screen.module.css';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import tables from './components/Table.module.css';
import {
  detailsLink,
  type LeadListItem,
  type LoanDetails,
  loadLeads,
  loadLoanDetails,
  NA,
  orNA,
  rupees,
  statusLabel,
} from './loans.ts';
import type { Profile } from './profile.ts';
import { screenPath } from './routes.ts';
import type { ScreenProps } from './screenProps.ts';
import type { Loaded } from './useLoaded.ts';
import { useLoaded } from './useLoaded.ts';
import { useProfile } from './useProfile.ts';

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
  const percent = state === 'applied' ? profile?.application_filled_percent : 100;
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

/** The application at a glance (dashboard.md §2 "lead-preview"): Application Details, Credit Manager, Application Status. */
export default function LeadPreview({ route, brand }: ScreenProps) {
  const { profile, loading: profileLoading, error: profileError, retry: retryProfile } = useProfile();
  const { data: latest, loading, error, retry } = useLoaded(loadLatest);
  const failed = error ?? profileError;
  const rows = latest ? rowsOf(profile, latest) : null;
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      {profile && <OutstandingBanner loan={profile.active_loan_details} brand={brand} />}
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
