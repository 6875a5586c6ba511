import { formatPaise } from '../../../lib/format.ts';
import type { ActiveLoan } from '../profile.ts';
import styles from './Cards.module.css';

/**
 * The outstanding amount of an active loan, with Pay Now (dashboard.md §2, §3). The Pay popup comes
 * with the loan screens; until then Pay Now opens the repay page, which takes the same payment.
 */
export function OutstandingBanner({ loan }: { loan: ActiveLoan | null }) {
  if (!loan || !(loan.total_due > 0)) return null;
  return (
    <section className={styles.banner} aria-label="Outstanding amount">
      <p>
        Outstanding amount on loan {loan.loan_no}: <strong>{formatPaise(Math.round(loan.total_due * 100))}</strong>
      </p>
      <a className="button" href="/repayloan">
        Pay Now
      </a>
    </section>
  );
}
