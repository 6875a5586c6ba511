/**
 * Payment orders (product.md §10.5): the server decides the amount — the requested part, or the
 * whole due when the entry is empty or more — at least ₹1, and creates the provider order for
 * exactly that many paise. A closed loan takes no order.
 */
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context.ts';
import { ApiError } from '../http/respond.ts';
import { type LoanRow, loanAccountToday } from '../loans/account.ts';
import { newTxnId, payuAmount, requestHash } from './payu.ts';
import { createRazorpayOrder, RazorpayError } from './razorpay.ts';
import { insertOrder } from './store.ts';

export const MINIMUM_PAYMENT_PAISE = 100;
export const ORDER_MESSAGES = {
  nothingDue: 'This loan has no amount due.',
  tooSmall: 'The amount must be at least ₹1.',
  underOneRupee:
    'Less than ₹1 is due on this loan, which the payment services cannot take. Please pay it by bank transfer or write to us.',
  providerDown: 'The payment service is not answering just now. Please try again in a minute.',
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
async function payable(loan: LoanRow, deps: Deps): Promise<number> {
  if (loan.status !== 'active') throw new ApiError(409, ORDER_MESSAGES.nothingDue, 'loan_closed');
  return (await loanAccountToday(deps.db, loan, deps.now())).state.balance.totalPaise;
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
  await insertOrder(deps.db, {
    loanId: loan.id,
    provider: 'razorpay',
    providerOrderId: order.id,
    amountPaise: amount,
    createdAt: deps.now(),
  });
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
  const amount = chargeAmount(requestedPaise, await payable(loan, deps));
  const { key, salt } = deps.config.payments.payu;
  const fields = {
    key,
    txnid: newTxnId(),
    amount: payuAmount(amount),
    productinfo: `Loan repayment ${loan.loanNo}`,
    firstname: payer.firstname,
    email: payer.email,
    udf5: loan.leadId ?? loan.loanNo,
  };
  await insertOrder(deps.db, {
    loanId: loan.id,
    provider: 'payu',
    providerOrderId: fields.txnid,
    amountPaise: amount,
    createdAt: deps.now(),
  });
  return { ...fields, phone: payer.phone, hash: requestHash(fields, salt), amountPaise: amount };
}

/** What the browser needs to open Razorpay's checkout: the public key id and the script's address. */
export function checkoutSettings(c: Context<AppEnv>) {
  const { razorpay, apiUrl } = c.get('deps').config.payments;
  return {
    razorpay_key: razorpay.keyId,
    razorpay_checkout_url: new URL(razorpay.checkoutUrl, apiUrl ?? new URL(c.req.url).origin).href,
  };
}
