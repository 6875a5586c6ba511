/**
 * What the repay stepper and the dashboard's Pay Now say about a payment, and the amount rules
 * they share: the messages of the specifications word for word, the amount entry checked before
 * any provider is asked, and the result page's address.
 */
import { formatPaise } from '../../../lib/format.ts';
import { entryToPaise } from '../../../lib/repayAmount.ts';

/** public-site-signin-repay.md §4, §8 and dashboard.md §8, word for word. */
export const PAYMENT_SUCCESSFUL = 'Payment Successful';
export const PAYMENT_VERIFICATION_FAILED = 'Payment Verification Failed';
/** decisions.md §8: what the payer reads where the original only logged. */
export const PAYMENT_CANCELLED = 'Payment cancelled. You can try again.';
export const PAYU_NOT_STARTED = 'We could not start the PayU payment. Please try again.';
export const RAZORPAY_NOT_OPENED = 'We could not open the Razorpay checkout. Please try again.';
export const PAYMENT_NOT_CONFIRMED =
  'We could not confirm your payment yet. Check your connection and try again; checking again never charges you twice.';
/** decisions.md §5: the server charges at least one rupee; the field says so before asking it. */
export const AMOUNT_TOO_SMALL = 'The amount must be at least ₹1.';
export const AMOUNT_INVALID = 'Enter the amount in rupees, e.g. 1500 or 1500.50.';
const MIN_PAISE = 100;

/** The payment result page; the outcome is in the address so a reload keeps it (decisions.md §8). */
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
  if (entered === null || (!Number.isNaN(entered) && entered >= duePaise))
    return `You will pay the whole due of ${formatPaise(duePaise)}.`;
  if (Number.isNaN(entered) || entered < MIN_PAISE)
    return 'Enter at least ₹1, or leave the field empty to pay the whole due.';
  return `A part payment of ${formatPaise(entered)}; ${formatPaise(duePaise - entered)} stays due.`;
}
