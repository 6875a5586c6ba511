/**
 * A verified provider payment, credited to its order (product.md §10.5): the order, never the
 * provider's payment id, decides whether money is credited, so an order is credited at most once
 * and only for its own amount, whatever callbacks, webhooks and repeats arrive.
 *
 * - Razorpay signs the payment id together with the order id, so a second valid payment id on an
 *   order already credited is real money (the payer paid twice): it is kept as a receipt held for
 *   refund, visible to staff, never applied to the loan.
 * - PayU's reverse hash does not cover `mihpayid`, so another mihpayid on a paid order proves
 *   nothing: it is refused and leaves no row. The mihpayid is kept only as the collection's
 *   reference, for staff to find the payment at PayU.
 */

import type { Logger } from '../app/logger.ts';
import type { Database, Transaction } from '../db/client.ts';
import { queueReceipt } from '../reminders/store.ts';
import { recordCollection, recordUnallocatedReceipt } from './ledger.ts';
import { collectionById, type Order, payuReferenceTaken } from './store.ts';

interface Payment {
  order: Order;
  recordedBy: string;
  now: Date;
  log: Logger;
}

/** What a credit attempt did; `reference` is the payment id the order is credited with. */
export type OrderCredit =
  | { kind: 'credited' | 'already-credited'; reference: string }
  | { kind: 'held-for-refund'; reference: string };

/** A Razorpay payment whose signature (or webhook) was verified against the stored order. */
export function creditRazorpayPayment(
  db: Database | Transaction,
  payment: Payment & { paymentId: string },
): Promise<OrderCredit> {
  const { order, paymentId, recordedBy, now, log } = payment;
  return db.transaction(async (tx) => {
    const outcome = await recordCollection(tx, {
      loanId: order.loanId,
      orderId: order.id,
      source: 'razorpay',
      reference: paymentId,
      amountPaise: order.amountPaise,
      recordedBy,
      now,
    });
    if (outcome.kind === 'recorded') {
      // The receipt (SMS and e-mail) is queued with the credit: committed together, or neither.
      await queueReceipt(tx, { loanId: order.loanId, collectionId: outcome.collectionId }, now);
      return { kind: 'credited', reference: paymentId };
    }
    if (outcome.kind !== 'duplicate') throw new Error(`unexpected ledger outcome ${outcome.kind}`);
    const existing = await collectionById(tx, outcome.collectionId);
    // This very payment again (callback and webhook, a retry), or a second payment already held.
    if (existing.reference === paymentId) {
      return { kind: existing.order_id === order.id ? 'already-credited' : 'held-for-refund', reference: paymentId };
    }
    // Another captured payment on an order already credited: real money, kept for staff to refund.
    const held = await recordUnallocatedReceipt(tx, {
      loanId: order.loanId,
      orderId: order.id,
      source: 'razorpay',
      reference: paymentId,
      amountPaise: order.amountPaise,
      recordedBy,
      now,
      reason: 'second payment on a paid order',
    });
    if (held.kind === 'held') log.warn('second payment on a paid order', { order: order.id });
    return { kind: 'held-for-refund', reference: paymentId };
  });
}

/** PayU's payment ids are digits; anything else in the unhashed field is not one. */
const MIHPAYID = /^\d{1,30}$/;

/** A PayU success response whose reverse hash and amount were verified against the stored order. */
export function creditPayuPayment(
  db: Database | Transaction,
  payment: Payment & { mihpayid: string },
): Promise<OrderCredit> {
  const { order, recordedBy, now, log } = payment;
  const txnid = order.providerOrderId;
  return db.transaction(async (tx) => {
    // The mihpayid is not hashed: one that is not PayU's shape, or that already names another order's
    // payment, must not block this order's credit, so the order's own txnid is the reference then
    // (txnids are ours, unique per order, and never all digits).
    let reference = MIHPAYID.test(payment.mihpayid) ? payment.mihpayid : txnid;
    if (reference !== txnid) {
      const taken = await payuReferenceTaken(tx, reference);
      if (taken && taken.order_id !== order.id) reference = txnid;
    }
    const outcome = await recordCollection(tx, {
      loanId: order.loanId,
      orderId: order.id,
      source: 'payu',
      reference,
      amountPaise: order.amountPaise,
      recordedBy,
      now,
    });
    if (outcome.kind === 'recorded') {
      await queueReceipt(tx, { loanId: order.loanId, collectionId: outcome.collectionId }, now);
      return { kind: 'credited', reference };
    }
    if (outcome.kind !== 'duplicate') throw new Error(`unexpected ledger outcome ${outcome.kind}`);
    const existing = await collectionById(tx, outcome.collectionId);
    if (existing.reference !== reference) {
      // The same hashed response with another mihpayid: a replay, not a second payment.
      log.warn('payu response for a paid order with another mihpayid refused', { txnid: txnid.slice(0, 30) });
    }
    return { kind: 'already-credited', reference: existing.reference };
  });
}
