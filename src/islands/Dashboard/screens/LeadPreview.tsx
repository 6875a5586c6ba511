import { formatDate, formatPercent } from '../../../lib/format.ts';
import cards from '../components/Cards.module.css';
import { type Fact, FactTable } from '../components/FactTable.tsx';
import { Link } from '../components/Link.tsx';
import { OutstandingBanner } from '../components/OutstandingBanner.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { StoredStatements } from '../components/StoredStatements.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
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

/** The three panels of facts: each one's id, heading (also its table's caption) and rows. */
function panelsOf(profile: Profile | null, latest: LatestApplication): [id: string, title: string, rows: Fact[]][] {
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
  return [
    ['preview-application', 'Application Details', application],
    ['preview-manager', 'Credit Manager', creditManager],
    ['preview-status', 'Application Status', status],
  ];
}

/** The application at a glance (product.md §2.9): Application Details, Credit Manager, Application Status. */
export default function LeadPreview({ route, location }: ScreenProps) {
  const { profile, loading: profileLoading, error: profileError, retry: retryProfile } = useProfile();
  const { data: latest, loading, error, retry } = useLoaded(loadLatest);
  const failed = error ?? profileError;
  const panels = latest ? panelsOf(profile, latest) : null;
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
      {latest && panels && (
        <>
          {panels.map(([id, title, rows]) => (
            <section key={id} className={styles.panel} aria-labelledby={id}>
              <h2 id={id}>{title}</h2>
              <FactTable caption={title} rows={rows} />
            </section>
          ))}
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
