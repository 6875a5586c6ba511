import { formatDate, maskPan } from '../../../lib/format.ts';
import { accountFacts } from '../../shared/payment/payment.ts';
import { type Fact, FactTable } from '../components/FactTable.tsx';
import { Link } from '../components/Link.tsx';
import { LoanAgreement } from '../components/LoanAgreement.tsx';
import { NoLoanYetFresh } from '../components/NoLoanYet.tsx';
import { PaymentReceipts } from '../components/PaymentReceipts.tsx';
import { PaymentsTable } from '../components/PaymentsTable.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { StatementDownloads } from '../components/StatementDownloads.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import {
  detailsLink,
  genderLabel,
  type LoanDetail,
  leadIdOf,
  loadLeads,
  loadLoanDetails,
  maritalLabel,
  NA,
  NO_LOAN_DETAILS,
  orNA,
  rupees,
  statusLabel,
} from '../state/loans.ts';
import { useLoaded } from '../state/useLoaded.ts';
import own from './LeadDetails.module.css';

/** A row only when the answer has the field. */
const optional = (label: string, value: unknown, shown: string): Fact[] =>
  value !== undefined ? [[label, shown]] : [];

/**
 * The facts of product.md §3.9, as label and value: only those that exist. Before a loan is paid out
 * it has no number and no disbursal day, and an "NA" row would only stand in for them (issue 25, as
 * lead-preview does); the screen says when they come instead. The loan's own figures (its amount, what
 * reached the account, the dates and what is due) are one table; the borrower's own details on the
 * application another, folded under them (issue 25, the screens review: seven personal rows stood
 * before the figures, on a page three screens long).
 */
function facts(detail: LoanDetail): { loan: Fact[]; yours: Fact[] } {
  const loan: Fact[] = [
    ['Loan number', orNA(detail.loan_no)],
    ['Application number', orNA(detail.lead_id)],
    ['Status', statusLabel(detail.status)],
    ['Loan amount', rupees(detail.loan_amount)],
    ...optional('Amount to your bank account', detail.amount_credited, rupees(detail.amount_credited)),
    ...optional('Amount to repay', detail.amount_repayable, rupees(detail.amount_repayable)),
    ['Tenure', detail.tenure ? `${detail.tenure} days` : NA],
    ['Purpose', orNA(detail.purpose)],
    ['Disbursed on', formatDate(detail.lead_final_disbursed_date)],
    ...optional('Repayment date', detail.repayment_date, formatDate(detail.repayment_date)),
    // The account today, while the loan is active: the same figures as the repay page.
    ...(detail.loan_status === 'active' && typeof detail.total_due_amount === 'number'
      ? [...accountFacts(detail), ['Total due today', rupees(detail.total_due_amount)] as Fact]
      : []),
  ];
  const yours: Fact[] = [
    ['Name', orNA(detail.first_name)],
    ['Monthly salary', rupees(detail.monthly_salary_amount)],
    ['Mobile', orNA(detail.mobile)],
    ['E-mail', orNA(detail.email)],
    ['PAN', detail.pancard ? maskPan(detail.pancard) : NA],
    ...optional('Gender', detail.gender, genderLabel(detail.gender)),
    ...optional('Marital status', detail.marital_status_id, maritalLabel(detail.marital_status_id)),
    ['City', orNA(detail.m_city_name)],
    ['State', orNA(detail.m_state_name)],
  ];
  const shown = (rows: Fact[]) => rows.filter(([, value]) => value !== NA);
  return { loan: shown(loan), yours: shown(yours) };
}

const YOUR_DETAILS = 'Your details on this application';

const lent = (detail: LoanDetail) => Boolean(detail.loan_no) && detail.loan_no !== NA;

const NOT_LENT = 'Your loan number and the day the money is paid out show here once the loan is paid out.';

/**
 * The way on when the address names no application of the customer's: their newest application to
 * open, with Loan History; with none, the next step towards one (the profile, eligibility, applying).
 */
function NoDetails() {
  const { data: leads } = useLoaded(loadLeads);
  const newest = leads?.[0];
  return (
    <div className={styles.panel}>
      <p>{NO_LOAN_DETAILS}</p>
      {newest && (
        <>
          <p>
            <Link {...detailsLink(newest.lead_id)} className="button">
              Open your loan application {newest.lead_id}
            </Link>
          </p>
          <p>
            <Link to={screenPath('leads')}>See all your loan applications</Link>
          </p>
        </>
      )}
      {leads && leads.length === 0 && <NoLoanYetFresh />}
    </div>
  );
}

/**
 * One loan's details (product.md §2.9, product.md §3.9) with the payments received. The
 * lead comes from the navigation state or the address (?lead_id=…), so a reload keeps it.
 */
export default function LeadDetails({ route, location }: ScreenProps) {
  const leadId = leadIdOf(location);
  const { data, loading, error, retry } = useLoaded(() =>
    leadId ? loadLoanDetails(leadId) : Promise.resolve({ data: null }),
  );
  // Nothing to show for the address: the customer's applications, to open one (issue 25), asked only then.
  const none = !loading && !error && data === null;
  const back = (
    <p className={styles.backRow}>
      <Link to={screenPath('leads')} className={styles.back}>
        <span aria-hidden="true">←</span> Loan History
      </Link>
    </p>
  );
  return (
    <>
      {back}
      <ScreenTitle>{route.title}</ScreenTitle>
      <ProfileState loading={loading && data === null} error={error} retry={retry} />
      {none && <NoDetails />}
      {data && (
        <>
          <section className={styles.panel} aria-labelledby="loan-facts">
            <h2 id="loan-facts">
              {lent(data.detail) ? `Loan ${data.detail.loan_no}` : `Loan application ${data.detail.lead_id}`}
            </h2>
            <FactTable caption="Loan details" rows={facts(data.detail).loan} />
            {!lent(data.detail) && <p>{NOT_LENT}</p>}
            <p>
              <Link to={`${screenPath('lead-preview')}?lead_id=${data.detail.lead_id}#key-fact-statement`}>
                Key Fact Statement of this loan
              </Link>
            </p>
            <details className={`${own.yours} ${styles.disclosure}`}>
              <summary>{YOUR_DETAILS}</summary>
              <FactTable caption={YOUR_DETAILS} rows={facts(data.detail).yours} />
            </details>
          </section>
          <section className={styles.panel} aria-labelledby="loan-payments">
            <h2 id="loan-payments">Payments</h2>
            <PaymentsTable collections={data.collections} />
          </section>
          <PaymentReceipts collections={data.collections} />
          <StatementDownloads detail={data.detail} />
          <LoanAgreement leadId={String(data.detail.lead_id)} />
        </>
      )}
    </>
  );
}
