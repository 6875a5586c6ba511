import { lazy, Suspense, useCallback } from 'react';
import site from '../../../../content/site.json' with { type: 'json' };
import { formatDate, formatPercent } from '../../../lib/format.ts';
import { APPLICATION_STEPS } from '../components/ApplicationCards.tsx';
import { statementFacts } from '../components/ApplicationFigures.tsx';
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
import { applicationStage } from '../state/applicationStage.ts';
import {
  detailsLink,
  type LeadListItem,
  type LoanDetails,
  leadIdOf,
  loadLeads,
  loadLoanDetails,
  NA,
  NO_LOAN_DETAILS,
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

/** The application shown, or why none is: the customer has none yet, or the address names one that is not theirs. */
type Shown = LatestApplication | { none: 'no-application' | 'not-found' };

/**
 * One application with its details (amount, tenure, purpose, Credit Manager): the one the address names
 * (?lead_id=, from Loan Details or the statement's SMS), else the newest. Panels, statement and agreement
 * all come from it, never two applications at once (issue 25, the screens review's "fix next" 2).
 */
async function loadShown(named: string | null): Promise<Loaded<Shown>> {
  const list = await loadLeads();
  if ('error' in list) return list;
  const lead = named === null ? list.data[0] : list.data.find((item) => String(item.lead_id) === named);
  if (!lead) return { data: { none: named === null ? 'no-application' : 'not-found' } };
  const details = await loadLoanDetails(String(lead.lead_id));
  if ('error' in details) return details;
  return { data: { lead, details: details.data } };
}

const WORK_MODES: Record<string, string> = { WFO: 'Office', WFH: 'Remote' };

/** A row only when its value exists: before a loan is made, no "NA" rows stand in for what is to come (issue 25). */
const known = (rows: [string, string | null | undefined][]): Fact[] =>
  rows.filter((row): row is [string, string] => row[1] !== null && row[1] !== undefined && row[1] !== '');

/** A panel: its id, heading (also its table's caption), the rows that exist and, in their place or after them, what comes next. */
interface Panel {
  id: string;
  title: string;
  rows: Fact[];
  note?: string | undefined;
}

/** What the customer can expect next, by the application's state; nothing once it is decided and told. */
function nextFor(state: string): string | undefined {
  switch (state) {
    case 'applied':
      return 'Your application is not finished yet: complete the remaining steps and send it to us.';
    case 'sent_back':
      return 'Our team sent your application back for a change: make it and send the application again.';
    case 'submitted':
      return `Our team is checking your application. Most applications get a decision within ${site.loan.decisionHours} hours, and it shows here. Your loan number shows here once the loan is paid out.`;
    case 'approved':
    case 'accepted':
      return 'Your application is approved. The money is paid into your bank account; your loan number and the day it was paid out show here then.';
    default:
      return undefined;
  }
}

/** States in which the loan is made (or being paid out) on the accepted statement. */
const APPROVED = new Set(['approved', 'accepted', 'disbursed', 'closed']);

/**
 * getProfile's application facts (status, progress, employer, Credit Manager) are its latest
 * application's: they belong on the screen only when that is the application shown.
 */
const latestOfProfile = (profile: Profile | null, latest: LatestApplication) =>
  profile !== null && profile.lead_details?.lead_id === latest.lead.lead_id ? profile : null;

/** The application's state: the profile's word on its latest one, else the application's own. */
const stateOf = (profile: Profile | null, latest: LatestApplication) =>
  latestOfProfile(profile, latest)?.lead_details?.status || latest.lead.status || latest.details?.detail.status || '';

function approvedOrLent(profile: Profile | null, latest: LatestApplication): boolean {
  const loanNo = latest.details?.detail.loan_no;
  return Boolean(loanNo && loanNo !== NA) || APPROVED.has(stateOf(profile, latest));
}

/** The account the loan is paid into, and whether our penny-drop verified it with the bank (issue 24). */
function bankLine(account: LoanDetails['detail']['bank_account'] | undefined) {
  if (!account) return null;
  const named = `${account.bank_name || 'Bank'} account ending ${account.account_last4}`;
  return account.verified_at
    ? `${named}, verified with your bank on ${formatDate(account.verified_at)}`
    : `${named}, not verified yet`;
}

/** The three panels of facts, each with only what exists (product.md §2.9; issue 25). */
function panelsOf(anyProfile: Profile | null, latest: LatestApplication): Panel[] {
  const detail = latest.details?.detail;
  const profile = latestOfProfile(anyProfile, latest);
  const employment = profile?.customer_employment_details;
  // The Credit Manager staff named on approval: from the profile, else from the loan's details.
  const manager = profile?.excutive_details ?? detail?.manager ?? null;
  const state = stateOf(anyProfile, latest);
  // The server's progress is the open application's; a decided one was filled in full.
  const percent = state === 'applied' || state === 'sent_back' ? profile?.application_filled_percent : 100;
  const disbursedOn = detail?.lead_final_disbursed_date ? formatDate(detail.lead_final_disbursed_date) : null;
  const application = known([
    ['Application number', String(latest.lead.lead_id)],
    ['Loan amount', latest.lead.loan_amount === null ? null : rupees(latest.lead.loan_amount)],
    ['Tenure', detail?.tenure ? `${detail.tenure} days` : null],
    // The Key Fact Statement's figures, as the loan calculator words them (issue 25, "fix next" 8).
    ...statementFacts(detail),
    ['Purpose', detail?.purpose],
    ['Applied on', formatDate(latest.lead.lead_entry_date)],
    ['Employer', employment?.employer_name ?? employment?.company_name],
    ['Designation', employment?.emp_designation ?? employment?.designation],
    ['Work mode', WORK_MODES[employment?.emp_work_mode ?? employment?.work_mode ?? '']],
    ['Paid into', bankLine(detail?.bank_account)],
  ]);
  const creditManager = known([
    ['Name', manager?.name],
    ['Mobile', manager?.mobile],
    ['E-mail', manager?.email],
  ]);
  const status = known([
    ['Status', statusLabel(state)],
    ['Application progress', percent === undefined ? null : formatPercent(percent)],
    ['Loan number', detail?.loan_no && detail.loan_no !== NA ? detail.loan_no : null],
    ['Disbursed on', disbursedOn === NA ? null : disbursedOn],
  ]);
  return [
    { id: 'preview-application', title: 'Application Details', rows: application },
    {
      id: 'preview-manager',
      title: 'Credit Manager',
      rows: creditManager,
      note:
        creditManager.length === 0
          ? 'Your Credit Manager is named here once you send your application to our team.'
          : undefined,
    },
    { id: 'preview-status', title: 'Application Status', rows: status, note: nextFor(state) },
  ];
}

/**
 * The step the shown application is at, while the customer has one to do on it (applied or sent back,
 * the profile's latest): the preview's one action, "Continue Loan Application" (issue 25, "fix next" 8).
 */
function stepToDo(profile: Profile | null, latest: LatestApplication) {
  const own = latestOfProfile(profile, latest);
  if (!own) return null;
  const where = applicationStage(own);
  if (!where.started || where.step === null) return null;
  return APPLICATION_STEPS[where.step] ?? null;
}

/**
 * The agreement's panel is fetched once the application is approved, not with the screen: before then
 * there is nothing to sign, and the screen's chunk keeps to its budget.
 */
const LoanAgreement = lazy(() =>
  import('../components/LoanAgreement.tsx').then((module) => ({ default: module.LoanAgreement })),
);

/** The application at a glance (product.md §2.9): Application Details, Credit Manager, Application Status. */
export default function LeadPreview({ route, location }: ScreenProps) {
  const { profile, loading: profileLoading, error: profileError, retry: retryProfile } = useProfile();
  const named = leadIdOf(location);
  const load = useCallback(() => loadShown(named), [named]);
  const { data: shown, loading, error, retry } = useLoaded(load);
  const latest = shown && 'lead' in shown ? shown : null;
  const failed = error ?? profileError;
  const panels = latest ? panelsOf(profile, latest) : null;
  const leadId = latest ? String(latest.lead.lead_id) : null;
  const step = latest ? stepToDo(profile, latest) : null;
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      {profile && <OutstandingBanner loan={profile.active_loan_details} />}
      <ProfileState
        loading={(loading && !shown) || (profileLoading && !profile)}
        error={failed}
        retry={() => {
          if (error) void retry();
          if (profileError) void retryProfile();
        }}
      />
      {!loading && !error && shown && 'none' in shown && shown.none === 'no-application' && (
        <div className={styles.panel}>
          <p>You have not applied for a loan yet.</p>
          <Link to={screenPath('eligibility')}>Start your loan application</Link>
        </div>
      )}
      {!loading && !error && shown && 'none' in shown && shown.none === 'not-found' && (
        <div className={styles.panel}>
          <p>{NO_LOAN_DETAILS}</p>
          <p>
            <Link to={screenPath('leads')}>See all your loan applications</Link>
          </p>
        </div>
      )}
      {latest && panels && leadId && (
        <>
          {step && (
            <section className={styles.panel} aria-labelledby="preview-next">
              <h2 id="preview-next">Next: {step.title}</h2>
              <p>Your application is not sent yet. {step.summary}</p>
              <Link to={screenPath(step.screen)} className="button">
                Continue Loan Application
              </Link>
            </section>
          )}
          {panels.map(({ id, title, rows, note }) => (
            <section key={id} className={styles.panel} aria-labelledby={id}>
              <h2 id={id}>{title}</h2>
              {rows.length > 0 && <FactTable caption={title} rows={rows} />}
              {note && <p>{note}</p>}
            </section>
          ))}
          <StoredStatements key={leadId} leadId={leadId} approved={approvedOrLent(profile, latest)} />
          {approvedOrLent(profile, latest) && (
            <Suspense fallback={null}>
              <LoanAgreement key={`agreement-${leadId}`} leadId={leadId} />
            </Suspense>
          )}
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
