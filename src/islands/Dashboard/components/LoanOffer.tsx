import { formatPercent } from '../../../lib/format.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { Profile } from '../state/profile.ts';
import styles from './LoanOffer.module.css';

/** The first figure before a loan (issue 25): how much the customer may borrow today, for how long, at what rate. */
export function LoanOffer({ offer }: { offer: NonNullable<Profile['loan_offer']> }) {
  return (
    <p className={styles.offer} data-testid="loan-offer">
      You can borrow up to <strong>{formatRupees(offer.max_loan_amount)}</strong>
      <span>
        {' '}
        for {offer.min_loan_tenure} to {offer.max_loan_tenure} days, at {formatPercent(offer.daily_rate_percent)} a day.
      </span>
    </p>
  );
}
