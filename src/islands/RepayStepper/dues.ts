/**
 * Which of the amount card's two figures to pay (issue 14: "Repayment amount" and "Total due" side
 * by side did not say): repayment_amount is what the schedule asks on the repayment date;
 * total_due_amount closes the loan today. Both are the server's; nothing here computes money.
 */
import { formatDate } from '../../lib/format.ts';
import { formatRupees } from '../../lib/money.ts';
import type { RepaymentData } from '../../lib/schemas/answers/repay.ts';

export const SCHEDULED_LABEL = 'Due on the repayment date';
export const CLOSE_TODAY_LABEL = 'To close the loan today';

type Dues = Pick<RepaymentData, 'repayment_amount' | 'repayment_date' | 'total_due_amount' | 'days_past_due'>;

/** One plain sentence: the figure that closes the loan today, and the scheduled one while it is still ahead. */
export function whichToPay(loan: Dues): string {
  if ((loan.days_past_due ?? 0) > 0)
    return `The repayment date has passed: pay ${formatRupees(loan.total_due_amount)} to close your loan, or pay a part of it.`;
  return `Pay ${formatRupees(loan.total_due_amount)} today to close your loan now, or ${formatRupees(loan.repayment_amount)} on ${formatDate(loan.repayment_date)} as scheduled. You can also pay a part.`;
}
