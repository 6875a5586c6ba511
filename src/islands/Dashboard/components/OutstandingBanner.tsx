import { formatPaise } from '../../../lib/format.ts';
import type { ActiveLoan } from '../profile.ts';
import styles from './Cards.module.css';
import { PayNow } from './PayNow.tsx';

/**
 * The outstanding amount of an active loan, with Pay Now (dashboard.md §2, §3): the Pay popup for
 * the whole due (dashboard.md §4 sends rzp_amount = total_due); the repayment screen takes a part.
 */
export function OutstandingBanner({ loan, brand }: { loan: ActiveLoan | null; brand: string }) {
  if (!loan || !(loan.total_due > 0)) return null;
  return (
    <section className={styles.banner} aria-label="Outstanding amount">
      <p>
        Outstanding amount on loan {loan.loan_no}: <strong>{formatPaise(Math.round(loan.total_due * 100))}</strong>
      </p>
      <PayNow loan={loan} brand={brand} />
    </section>
  );
}
