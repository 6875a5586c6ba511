/**
 * Payment orders (product.md §10.5): the server decides the amount — the requested part, or the
 * whole due when the entry is empty or more — at least ₹1, and creates the provider order for
 * exactly that many paise. A closed loan takes no order.
 *
 * A loan has one open order at a time (docs/decisions.md, issue 20): a new order replaces the unpaid
 * one, in one transaction that locks the loan row and re-checks the amount, so two parts each leaving
 * ₹1 or more can never both be open and add up to a rest under ₹1. The replaced provider order is left
 * to expire (neither Razorpay's Orders API nor PayU's hosted checkout cancels an order); a payment that
 * still arrives on it is credited once like any other (./credit.ts), its excess kept for refund.
 */
import { MINIMUM_PAYMENT_PAISE } from '../../lib/money.ts';
import type { Deps } from '../app/context.ts';
import type { Transaction } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { retryingTransaction } from '../db/retry.ts';
import { ApiError } from '../http/respond.ts';
import { loanAccountToday } from '../loans/account.ts';
import type { LoanRow } from '../loans/accountFigures.ts';
import { lockLoan } from './ledger.ts';
import { newTxnId, payuAmount, requestHash } from './payu.ts';
import { createRazorpayOrder, RazorpayError } from './razorpay.ts';
import { insertOrder, replaceOpenOrders } from './store.ts';

export const ORDER_MESSAGES = {
  nothingDue: 'This loan has no amount due.',
  tooSmall: 'The amount must be at least ₹1.',
  underOneRupee:
    'Less than ₹1 is due on this loan, which the payment services cannot take. Please pay it by bank transfer or write to us.',
  providerDown: 'The payment service is not answering just now. Please try again in a minute.',
  changed: 'The amount due changed while your payment was being set up. Please try again.',
} as const;

/**
 * The amount to charge: the request when it is less than the due, else the due. A part that would
 * leave less than ₹1 due is raised to the whole due: the providers take ₹1 at least, so such a rest
 * could never be paid online.
 */
export function chargeAmount(requestedPaise: number | null, duePaise: number): number {
  if (duePaise <= 0) throw new ApiError(409, ORDER_MESSAGES.nothingDue, 'nothing_due');
  if (duePaise < MINIMUM_PAYMENT_PAISE) throw new ApiError(409, ORDER_MESSAGES.underOneRupee, 'due_under_minimum');
  const whole = requestedPaise === null || duePaise - requestedPaise < MINIMUM_PAYMENT_PAISE;
  const amount = whole ? duePaise : requestedPaise;
  if (amount < MINIMUM_PAYMENT_PAISE) throw new ApiError(400, ORDER_MESSAGES.tooSmall, 'amount_too_small');
  return amount;
}

/** What closes the loan today: the most an order may be for. */
async function payable(loan: LoanRow, deps: Deps, tx?: Transaction): Promise<number> {
  if (loan.status !== 'active') throw new ApiError(409, ORDER_MESSAGES.nothingDue, 'loan_closed');
  return (await loanAccountToday(tx ?? deps.db, loan, deps.now())).state.balance.totalPaise;
}

/**
 * Opens an order as the loan's one open order: under the loan's row lock, the loan is read again and
 * the amount decided again; `expected` (the amount a provider order was already made for) must still
 * be it, else 409. The loan's open order, if any, is marked replaced in the same transaction.
 */
async function openOrder(
  deps: Deps,
  loanId: string,
  requestedPaise: number | null,
  expected: number | null,
  order: (amount: number) => Omit<Parameters<typeof insertOrder>[1], 'loanId' | 'amountPaise' | 'createdAt'>,
): Promise<number> {
  try {
    return await retryingTransaction(deps.db, async (tx) => {
      const loan = await lockLoan(tx, loanId);
      const amount = chargeAmount(requestedPaise, await payable(loan, deps, tx));
      if (expected !== null && amount !== expected) throw new ApiError(409, ORDER_MESSAGES.changed, 'amount_changed');
      const now = deps.now();
      await replaceOpenOrders(tx, loan.id, now);
      await insertOrder(tx, { ...order(amount), loanId: loan.id, amountPaise: amount, createdAt: now });
      return amount;
    });
  } catch (error) {
    // Only if the lock were bypassed: the database's one-open-order index still holds.
    if (isUniqueViolation(error, 'payment_orders_one_open_per_loan_idx')) {
      throw new ApiError(409, ORDER_MESSAGES.changed, 'order_conflict');
    }
    throw error;
  }
}

export async function createRazorpayPaymentOrder(
  deps: Deps,
  loan: LoanRow,
  requestedPaise: number | null,
  fetchImpl: typeof fetch,
) {
  const amount = chargeAmount(requestedPaise, await payable(loan, deps));
  let order: Awaited<ReturnType<typeof createRazorpayOrder>>;
  try {
    order = await createRazorpayOrder(
      deps.config.payments.razorpay,
      { amountPaise: amount, receipt: loan.loanNo, notes: { loan_no: loan.loanNo } },
      fetchImpl,
    );
  } catch (error) {
    if (error instanceof RazorpayError) {
      deps.log.error('razorpay order failed', { reason: error.message });
      throw new ApiError(502, ORDER_MESSAGES.providerDown, 'provider_unavailable');
    }
    throw error;
  }
  const providerOrderId = order.id;
  await openOrder(deps, loan.id, requestedPaise, amount, () => ({ provider: 'razorpay', providerOrderId }));
  return { orderId: order.id, amountPaise: amount };
}

export interface PayuPayer {
  firstname: string;
  email: string;
  phone: string;
}

export async function createPayuPaymentOrder(
  deps: Deps,
  loan: LoanRow,
  requestedPaise: number | null,
  payer: PayuPayer,
) {
  const { key, salt } = deps.config.payments.payu;
  const txnid = newTxnId();
  // PayU's order exists only once the payer posts the form: decided and stored under the loan's lock.
  const amount = await openOrder(deps, loan.id, requestedPaise, null, () => ({
    provider: 'payu',
    providerOrderId: txnid,
  }));
  const fields = {
    key,
    txnid,
    amount: payuAmount(amount),
    productinfo: `Loan repayment ${loan.loanNo}`,
    firstname: payer.firstname,
    email: payer.email,
    udf5: loan.leadId ?? loan.loanNo,
  };
  return { ...fields, phone: payer.phone, hash: requestHash(fields, salt), amountPaise: amount };
}

/** What the browser needs to open Razorpay's checkout: the public key id and the script's address. */
export function checkoutSettings(scope: { deps: Pick<Deps, 'config'>; origin: string }) {
  const { razorpay, apiUrl } = scope.deps.config.payments;
  return {
    razorpay_key: razorpay.keyId,
    // PUBLIC_API_URL (required in production); the request's own origin only outside production.
    razorpay_checkout_url: new URL(razorpay.checkoutUrl, apiUrl ?? scope.origin).href,
  };
}
