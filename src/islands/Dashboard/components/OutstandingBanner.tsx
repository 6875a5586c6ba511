import { formatRupees } from '../../../lib/money.ts';
import { screenPath } from '../navigation/screens.ts';
import type { ActiveLoan } from '../state/profile.ts';
import styles from './Cards.module.css';
import { Link } from './Link.tsx';

/**
 * The outstanding amount of an active loan, with Pay Now (product.md §2, §3): Pay Now opens the
 * repayment screen, the spec's target, which takes the whole due or a part and offers the methods.
 */
export function OutstandingBanner({ loan }: { loan: ActiveLoan | null }) {
  if (!loan || !(loan.total_due > 0)) return null;
  return (
    <section className={styles.banner} aria-label="Outstanding amount">
      <p>
        Outstanding amount on loan {loan.loan_no}: <strong>{formatRupees(loan.total_due)}</strong>
      </p>
      <Link to={screenPath('repayment')} className="button">
        Pay Now
      </Link>
    </section>
  );
}
