/**
 * How the dashboard speaks of an active loan's two figures (issue 14: "Repayment amount" and "Total
 * due" side by side did not say which to pay): repayment_amount falls due on the due date;
 * total_due closes the loan today. Both are the server's; nothing here computes money.
 *
 * Shared by the loan's summary on the loan home and the repayment screen, and by the dashboard's
 * first paint (src/scripts/dashboardFirstPaint.inline.ts), which draws the same figures before React
 * (issue 25): so the two can never say different things. Kept free of anything but the formats.
 */
import { formatDate } from './format.ts';
import { formatRupees } from './money.ts';

/** The loan's figures the dues are told from (getProfile's active_loan_details). */
export interface Dues {
  repayment_date: string;
  repayment_amount: number;
  total_due: number;
  days_to_due?: number;
  days_past_due?: number;
}

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
    return `Your repayment is overdue. Pay ${formatRupees(loan.total_due)} now to close your loan, or pay a part of it.`;
  return `Pay ${formatRupees(loan.repayment_amount)} by ${formatDate(loan.repayment_date)}, or ${formatRupees(loan.total_due)} today to close your loan now. You can also pay a part.`;
}

/** Nothing left to pay on the loan: its summary says so instead of the figures. */
export const nothingDue = (loan: Dues): boolean => !(loan.total_due > 0);
export const NOTHING_DUE = 'Nothing is due on this loan. Thank you.';

/** One figure of the loan's summary: what it is, the amount, when, and the test id the tests read it by. */
export interface DuesFigure {
  label: string;
  amount: string;
  note: string;
  testId: 'amount-due' | 'amount-to-close';
  overdue: boolean;
}

/**
 * The loan's summary figures, in the order shown: once overdue only the total due (now); before, the
 * amount due on the due date and what closes the loan today.
 */
export function duesFigures(loan: Dues): DuesFigure[] {
  const due = formatDate(loan.repayment_date);
  const when = dueWhen(loan);
  if (isOverdue(loan))
    return [
      {
        label: 'Amount due now',
        amount: formatRupees(loan.total_due),
        note: `Due on ${due}, ${when}`,
        testId: 'amount-due',
        overdue: true,
      },
    ];
  return [
    {
      label: `Amount due on ${due}`,
      amount: formatRupees(loan.repayment_amount),
      note: when,
      testId: 'amount-due',
      overdue: false,
    },
    {
      label: 'To close the loan today',
      amount: formatRupees(loan.total_due),
      note: 'Interest only up to today, no prepayment charge',
      testId: 'amount-to-close',
      overdue: false,
    },
  ];
}
