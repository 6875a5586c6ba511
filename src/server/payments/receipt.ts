/**
 * A payment's receipt for the result page (/thanku): the server's own figures for one payment,
 * found by the transaction id the page's address carries (a provider payment id, or PayU's txnid),
 * and shown only to whoever made it: the signed-in customer whose loan it paid, or the repay
 * session that ordered it (for a day after that session ends, so a reload still shows it).
 */
import * as v from 'valibot';
import { STATUS } from '../../lib/api/envelope.ts';
import { accountOn } from '../../lib/loanAccount.ts';
import type { Receipt, ReceiptStatus } from '../../lib/receipt.ts';
import type { Deps } from '../app/context.ts';
import { ApiError } from '../http/respond.ts';
import { reversalsOf } from '../loans/account.ts';
import { accountEvents, accountTerms, type CollectionRow, type LoanRow } from '../loans/accountFigures.ts';
import { repaySessionWithin } from '../repay/store.ts';
import {
  appliedCollectionsUpTo,
  creditOfOrder,
  type Order,
  orderById,
  orderWithLoan,
  providerCollection,
} from './store.ts';

export const RECEIPT_MESSAGES = {
  signIn: 'Sign in to see the details of this payment.',
  /** The same for a payment that does not exist and one that is someone else's. */
  notFound: 'We found no payment of yours with this transaction ID.',
} as const;

/** How long after a repay session ends it may still read the receipts of what it paid. */
export const REPAY_RECEIPT_GRACE_MS = 24 * 3_600_000;

/** Provider ids are short and plain (pay_…, order_…, PayU's digits or our txnids). */
export const ReceiptRequest = v.object({
  txnId: v.pipe(v.string('txnId is required'), v.trim(), v.regex(/^[\w-]{1,80}$/, 'txnId is not a transaction ID')),
});

interface Found {
  loan: LoanRow;
  order: Order | null;
  collection: CollectionRow | null;
}

/** The payment a transaction id names: a credited provider payment, else an order by its own id. */
async function findPayment(deps: Deps, txnId: string): Promise<Found | null> {
  const credited = await providerCollection(deps.db, txnId);
  if (credited) {
    const orderId = credited.collection.orderId;
    const order = orderId ? await orderById(deps.db, orderId) : undefined;
    return { loan: credited.loan, order: order ?? null, collection: credited.collection };
  }
  const ordered = await orderWithLoan(deps.db, txnId);
  if (!ordered) return null;
  // A paid order was credited under the provider's payment id (PayU's mihpayid): that is the receipt.
  const collection = await creditOfOrder(deps.db, ordered.order.id);
  return { loan: ordered.loan, order: ordered.order, collection: collection ?? null };
}

/** Who asks: the signed-in customer, or a repay session (possibly just ended), by the request's Authtoken. */
async function asker(deps: Deps, token: string) {
  if (!token) return null;
  const session = await deps.sessions.find(token);
  if (session) return { customerId: session.customerId } as const;
  const repay = await repaySessionWithin(deps, token, REPAY_RECEIPT_GRACE_MS);
  return repay ? ({ repay } as const) : null;
}

type Asker = NonNullable<Awaited<ReturnType<typeof asker>>>;

/** The payer's own customer, or the repay session whose loan it is and during which it was ordered. */
function mayRead(who: Asker, found: Found): boolean {
  if ('customerId' in who) return found.loan.customerId === who.customerId;
  const { repay } = who;
  const ordered = found.order?.createdAt ?? found.collection?.createdAt;
  return (
    found.loan.id === repay.loanId &&
    ordered !== undefined &&
    ordered.getTime() >= repay.createdAt.getTime() &&
    ordered.getTime() <= repay.expiresAt.getTime()
  );
}

const ORDER_STATUS: Record<string, ReceiptStatus> = { failed: 'FAILED', cancelled: 'CANCEL' };

async function receiptOf(deps: Deps, found: Found): Promise<Receipt> {
  const { loan, order, collection } = found;
  const provider = (collection?.source ?? order?.provider) === 'payu' ? 'payu' : 'razorpay';
  if (!collection) {
    // Known order, no money recorded yet: the provider's confirmation is still to come, or it failed.
    const known = order as Order;
    return {
      status: ORDER_STATUS[known.status] ?? 'PENDING',
      provider,
      loan_no: loan.loanNo,
      amount_paise: known.amountPaise,
      date: known.createdAt.toISOString(),
      reference: known.providerOrderId,
      balance_paise: null,
      balance_on: null,
      loan_closed: loan.status === 'closed',
    };
  }
  const base = {
    provider,
    loan_no: loan.loanNo,
    amount_paise: collection.amountPaise,
    date: collection.createdAt.toISOString(),
    reference: collection.reference,
  } as const;
  if (collection.heldForRefund) {
    return { ...base, status: 'REFUND', balance_paise: null, balance_on: null, loan_closed: loan.status === 'closed' };
  }
  // The account on the payment's value date with this payment and what was recorded before it (payments,
  // and refunds of them): what was left after it, the same on every reload however many follow.
  const upTo = await appliedCollectionsUpTo(deps.db, loan.id, collection.id);
  const reversals = (await reversalsOf(deps.db, loan.id)).filter((row) => row.id < collection.id);
  const state = accountOn(accountTerms(loan), accountEvents(upTo, reversals), collection.valueDate);
  return {
    ...base,
    status: 'SUCCESS',
    balance_paise: state.balance.totalPaise,
    balance_on: collection.valueDate,
    loan_closed: state.closedOn !== null,
  };
}

/**
 * The receipt of the payment a transaction id names, for whoever asks with `token` (the request's
 * Authtoken): 401 with no live sign-in or repay session, 404 for a payment that is not theirs (the
 * same as one that does not exist).
 */
export async function paymentReceipt(deps: Deps, token: string, txnId: string): Promise<Receipt> {
  const who = await asker(deps, token);
  if (!who) throw new ApiError(401, RECEIPT_MESSAGES.signIn, 'sign_in_required', STATUS.invalidSession);
  const found = await findPayment(deps, txnId);
  if (!found || !mayRead(who, found)) throw new ApiError(404, RECEIPT_MESSAGES.notFound, 'receipt_not_found');
  return receiptOf(deps, found);
}
