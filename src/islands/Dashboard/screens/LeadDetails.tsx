import { formatDate, maskPan } from '../../../lib/format.ts';
import { accountFacts } from '../../shared/payment/payment.ts';
import { Link } from '../components/Link.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { StatementDownloads } from '../components/StatementDownloads.tsx';
import tables from '../components/Table.module.css';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import {
  type Collection,
  genderLabel,
  type LoanDetail,
  leadIdOf,
  loadLoanDetails,
  maritalLabel,
  NA,
  NO_LOAN_DETAILS,
  orNA,
  rupees,
  sourceLabel,
  statusLabel,
} from '../state/loans.ts';
import { useLoaded } from '../state/useLoaded.ts';

/** The facts of product.md §3.9, as label and value. */
function facts(detail: LoanDetail): [string, string][] {
  return [
    ['Loan number', orNA(detail.loan_no)],
    ['Application number', orNA(detail.lead_id)],
    ['Name', orNA(detail.first_name)],
    ['Monthly salary', rupees(detail.monthly_salary_amount)],
    ['Loan amount', rupees(detail.loan_amount)],
    ['Tenure', detail.tenure ? `${detail.tenure} days` : NA],
    ['Purpose', orNA(detail.purpose)],
    ['Status', statusLabel(detail.status)],
    ['Mobile', orNA(detail.mobile)],
    ['E-mail', orNA(detail.email)],
    ['PAN', detail.pancard ? maskPan(detail.pancard) : NA],
    ...(detail.gender !== undefined ? ([['Gender', genderLabel(detail.gender)]] as [string, string][]) : []),
    ...(detail.marital_status_id !== undefined
      ? ([['Marital status', maritalLabel(detail.marital_status_id)]] as [string, string][])
      : []),
    ['City', orNA(detail.m_city_name)],
    ['State', orNA(detail.m_state_name)],
    ['Disbursed on', formatDate(detail.lead_final_disbursed_date)],
    ...(detail.repayment_date !== undefined
      ? ([['Repayment date', formatDate(detail.repayment_date)]] as [string, string][])
      : []),
    // The account today, while the loan is active: the same figures as the repay page.
    ...(detail.loan_status === 'active' && typeof detail.total_due_amount === 'number'
      ? [...accountFacts(detail), ['Total due today', rupees(detail.total_due_amount)] as [string, string]]
      : []),
  ];
}

/** "Interest ₹200, principal ₹800" (and charges, excess to refund) for a payment, when the server says. */
function allocationText(payment: Collection): string | null {
  if (payment.held_for_refund) return 'Held for refund: not applied to the loan';
  if (typeof payment.principal !== 'number' || typeof payment.interest !== 'number') return null;
  const parts = [
    ...(payment.charges ? [`charges ${rupees(payment.charges)}`] : []),
    `interest ${rupees(payment.interest)}`,
    `principal ${rupees(payment.principal)}`,
    ...(payment.excess ? [`excess to refund ${rupees(payment.excess)}`] : []),
  ];
  return `Applied to ${parts.join(', ')}`;
}

function Payments({ collections }: { collections: Collection[] }) {
  if (collections.length === 0) return <p>No payments received yet.</p>;
  return (
    <table className={tables.table}>
      <caption className="visually-hidden">Payments received</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Mode</th>
          <th scope="col">Reference</th>
        </tr>
      </thead>
      <tbody>
        {collections.map((payment) => (
          <tr key={`${payment.source}-${payment.reference}`}>
            <td data-label="Date">{formatDate(payment.date)}</td>
            <td data-label="Amount">
              <span>
                {rupees(payment.amount)}
                {allocationText(payment) && <small className={styles.allocation}>{allocationText(payment)}</small>}
              </span>
            </td>
            <td data-label="Mode">{sourceLabel(payment.source)}</td>
            <td data-label="Reference">{orNA(payment.reference)}</td>
          </tr>
        ))}
      </tbody>
    </table>
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
      {!loading && !error && data === null && (
        <div className={styles.panel}>
          <p>{NO_LOAN_DETAILS}</p>
        </div>
      )}
      {data && (
        <>
          <section className={styles.panel} aria-labelledby="loan-facts">
            <h2 id="loan-facts">Loan {orNA(data.detail.loan_no || data.detail.lead_id)}</h2>
            <table className={tables.table}>
              <caption className="visually-hidden">Loan details</caption>
              <tbody>
                {facts(data.detail).map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p>
              <Link to={`${screenPath('lead-preview')}?lead_id=${data.detail.lead_id}#key-fact-statement`}>
                Key Fact Statement of this loan
              </Link>
            </p>
          </section>
          <section className={styles.panel} aria-labelledby="loan-payments">
            <h2 id="loan-payments">Payments</h2>
            <Payments collections={data.collections} />
          </section>
          <StatementDownloads detail={data.detail} />
        </>
      )}
    </>
  );
}
