/**
 * What the repay stepper and the dashboard's Pay Now say about a payment, and the amount rules
 * they share: the messages of the specifications word for word, the amount entry checked before
 * any provider is asked, and the result page's address.
 */
import { formatDate } from '../../../lib/format.ts';
import { formatPaise, formatRupees } from '../../../lib/money.ts';
import { entryToPaise } from '../../../lib/repayAmount.ts';
import type { LoanAccountFields } from '../../../lib/schemas/answers/repay.ts';

/** product.md §4, §8, word for word. */
export const PAYMENT_SUCCESSFUL = 'Payment Successful';
export const PAYMENT_VERIFICATION_FAILED = 'Payment Verification Failed';
/** product.md §10.8: what the payer reads where the original only logged. */
export const PAYMENT_CANCELLED = 'Payment cancelled. You can try again.';
export const PAYU_NOT_STARTED = 'We could not start the PayU payment. Please try again.';
export const RAZORPAY_NOT_OPENED = 'We could not open the Razorpay checkout. Please try again.';
export const PAYMENT_NOT_CONFIRMED =
  'We could not confirm your payment yet. Check your connection and try again; checking again never charges you twice.';
/** product.md §10.5: the server charges at least one rupee; the field says so before asking it. */
export const AMOUNT_TOO_SMALL = 'The amount must be at least ₹1.';
export const AMOUNT_INVALID = 'Enter the amount in rupees, e.g. 1500 or 1500.50.';
const MIN_PAISE = 100;

/** The payment result page; the outcome is in the address so a reload keeps it (product.md §10.8). */
export function thankYouUrl(status: string, txnId: string | null | undefined): string {
  const query = new URLSearchParams({ txnStatus: status, txnId: txnId || 'N/A' });
  return `/thanku?${query}`;
}

/** What is wrong with the amount as typed, or null: empty is the whole due. */
export function amountProblem(entry: string): string | null {
  const paise = entryToPaise(entry);
  if (paise === null) return null;
  if (Number.isNaN(paise)) return AMOUNT_INVALID;
  return paise < MIN_PAISE ? AMOUNT_TOO_SMALL : null;
}

/** The line under the amount: the whole due (empty, or more than the due), or the part and what stays due. */
export function amountSummary(entry: string, duePaise: number): string {
  const entered = entryToPaise(entry);
  // A part that would leave less than ₹1 due is the whole due: the server charges it so (no provider takes the rest).
  if (entered === null || (!Number.isNaN(entered) && duePaise - entered < MIN_PAISE))
    return `You will pay the whole due of ${formatPaise(duePaise)}.`;
  if (Number.isNaN(entered) || entered < MIN_PAISE)
    return 'Enter at least ₹1, or leave the field empty to pay the whole due.';
  return `A part payment of ${formatPaise(entered)}; ${formatPaise(duePaise - entered)} stays due.`;
}

/** The loan account's lines of the amount card and the dashboard's dues: each only when the server sent it. */
export function accountFacts(loan: LoanAccountFields): [string, string][] {
  const facts: [string, string][] = [];
  if (typeof loan.principal_outstanding === 'number')
    facts.push(['Principal outstanding', formatRupees(loan.principal_outstanding)]);
  if (typeof loan.interest_outstanding === 'number')
    facts.push(['Interest outstanding', formatRupees(loan.interest_outstanding)]);
  if (typeof loan.charges_outstanding === 'number' && loan.charges_outstanding > 0) {
    facts.push(['Charges outstanding', formatRupees(loan.charges_outstanding)]);
  }
  if (typeof loan.collected === 'number' && loan.collected > 0)
    facts.push(['Paid so far', formatRupees(loan.collected)]);
  return facts;
}

/** What the total due means today: closure with no prepayment charge, the cooling-off exit, or how late it is. */
export function accountNotes(loan: LoanAccountFields): string[] {
  const notes = ['Paying the total due closes the loan today: interest only up to today, and no prepayment charge.'];
  if (loan.in_cooling_off && loan.cooling_off_until) {
    notes.push(
      `You are in the cooling-off period until ${formatDate(loan.cooling_off_until)}: paying the total due by then exits the loan with no penalty.`,
    );
  }
  if (typeof loan.days_past_due === 'number' && loan.days_past_due > 0) {
    const days = loan.days_past_due === 1 ? '1 day' : `${loan.days_past_due} days`;
    notes.push(`This loan is ${days} past its repayment date. Please pay the total due as soon as you can.`);
  }
  return notes;
}
