import { useId } from 'react';
import { screenPath } from '../navigation/screens.ts';
import { duesFigures, NOTHING_DUE, nothingDue, whichToPay } from '../state/loanDues.ts';
import { detailsLink } from '../state/loans.ts';
import type { ActiveLoan } from '../state/profile.ts';
import styles from './ActiveLoanSummary.module.css';
import { Link } from './Link.tsx';
import { StatementDownloads } from './StatementDownloads.tsx';

/**
 * The active loan at a glance (product.md §2.9, issue 14), which the loan's home shows first. The
 * two figures the server gives are named for what they do: the amount due on the due date
 * (repayment_amount) and what closes the loan today (total_due); once the due date has passed only
 * the second is to pay. Pay Now opens the repayment screen, which takes the whole or a part.
 */
export function ActiveLoanSummary({ loan }: { loan: ActiveLoan }) {
  const id = useId();

  return (
    <>
      <section className={styles.loan} aria-labelledby={id}>
        <h2 id={id}>Your loan {loan.loan_no}</h2>
        {nothingDue(loan) ? (
          <p>{NOTHING_DUE}</p>
        ) : (
          <>
            <dl className={styles.figures}>
              {duesFigures(loan).map((figure) => (
                <div
                  key={figure.testId}
                  className={figure.overdue ? `${styles.figure} ${styles.overdue}` : styles.figure}
                >
                  <dt>{figure.label}</dt>
                  <dd className={styles.amount} data-testid={figure.testId}>
                    {figure.amount}
                  </dd>
                  {figure.note && <dd className={styles.when}>{figure.note}</dd>}
                </div>
              ))}
            </dl>
            <p className={styles.which}>{whichToPay(loan)}</p>
            <Link to={screenPath('repayment')} className="button">
              Pay Now
            </Link>
          </>
        )}
        {loan.lead_id && (
          <ul className={styles.links} aria-label="About this loan">
            <li>
              <Link {...detailsLink(loan.lead_id)}>Loan details and payments</Link>
            </li>
            <li>
              <Link to={`${screenPath('lead-preview')}?lead_id=${loan.lead_id}#key-fact-statement`}>
                Key Fact Statement
              </Link>
            </li>
          </ul>
        )}
      </section>
      {loan.lead_id && (
        <StatementDownloads detail={{ lead_id: loan.lead_id, loan_no: loan.loan_no, status: 'active' }} />
      )}
    </>
  );
}
