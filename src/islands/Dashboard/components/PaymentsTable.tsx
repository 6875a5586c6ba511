import { formatDate } from '../../../lib/format.ts';
import { type Collection, orNA, type Refund, rupees, sourceLabel } from '../state/loans.ts';
import styles from './Screen.module.css';
import tables from './Table.module.css';

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

/** "Refunded ₹1,000 on 26-11-2026, Bank transfer ref. UTR1" or, while processing, "Refund of ₹1,000 by 03-12-2026". */
function refundText(refund: Refund): string {
  if (refund.status === 'processing') {
    return refund.due_on
      ? `Refund of ${rupees(refund.amount)} by ${formatDate(refund.due_on)}`
      : `Refund of ${rupees(refund.amount)} being processed`;
  }
  const by = refund.source ? `, ${sourceLabel(refund.source)} ref. ${orNA(refund.reference)}` : '';
  return `Refunded ${rupees(refund.amount)}${refund.date ? ` on ${formatDate(refund.date)}` : ''}${by}`;
}

/** The payment's reference is the provider's (Razorpay's, PayU's) or the bank's, not ours (issue 25). */
const REFERENCE = "Provider's reference";

/** The payments received on a loan, a row each; on a phone each row becomes a block of label and value lines. */
export function PaymentsTable({ collections }: { collections: Collection[] }) {
  if (collections.length === 0) return <p>No payments received yet.</p>;
  return (
    <table className={tables.table}>
      <caption className="visually-hidden">Payments received</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">Amount</th>
          <th scope="col">Mode</th>
          <th scope="col">{REFERENCE}</th>
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
                {payment.refunds?.map((refund) => (
                  <small key={`${refund.status}-${refund.reference ?? ''}`} className={styles.allocation}>
                    {refundText(refund)}
                  </small>
                ))}
              </span>
            </td>
            <td data-label="Mode">{sourceLabel(payment.source)}</td>
            <td data-label={REFERENCE}>{orNA(payment.reference)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
