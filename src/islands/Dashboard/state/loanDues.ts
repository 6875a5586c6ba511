/**
 * How the dashboard speaks of an active loan's two figures (issue 14: "Repayment amount" and "Total
 * due" side by side did not say which to pay): repayment_amount falls due on the due date;
 * total_due closes the loan today. Both are the server's; nothing here computes money.
 */
import { formatDate } from '../../../lib/format.ts';
import { rupees } from './loans.ts';
import type { ActiveLoan } from './profile.ts';

type Dues = Pick<ActiveLoan, 'repayment_date' | 'repayment_amount' | 'total_due' | 'days_to_due' | 'days_past_due'>;

const dayCount = (days: number) => (days === 1 ? '1 day' : `${days} days`);

/** Past the due date: then only the total due is to pay. */
export function isOverdue(loan: Dues): boolean {
  return (loan.days_past_due ?? 0) > 0 || (loan.days_to_due ?? 0) < 0;
}

/** How far the due date is: days left, due today, or days overdue (the server's count). */
export function dueWhen(loan: Dues): string {
  const overdue = loan.days_past_due ?? Math.max(0, -(loan.days_to_due ?? 0));
  if (overdue > 0) return `${dayCount(overdue)} overdue`;
  if (loan.days_to_due === undefined) return '';
  return loan.days_to_due === 0 ? 'Due today' : `${dayCount(loan.days_to_due)} left`;
}

/** Which figure to pay, in one sentence. */
export function whichToPay(loan: Dues): string {
  if (isOverdue(loan))
    return `Your repayment is overdue. Pay ${rupees(loan.total_due)} now to close your loan, or pay a part of it.`;
  return `Pay ${rupees(loan.repayment_amount)} by ${formatDate(loan.repayment_date)}, or ${rupees(loan.total_due)} today to close your loan now. You can also pay a part.`;
}
