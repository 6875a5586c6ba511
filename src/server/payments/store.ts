/**
 * Payment orders, provider webhooks seen, and the collections a payment is found by. Recording a
 * collection, and allocating it, is the ledger's (./ledger.ts).
 */
import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { collectionReversals, collections, customers, loans, paymentOrders, webhookEvents } from '../db/schema.ts';

export type Order = typeof paymentOrders.$inferSelect;
export type Provider = 'razorpay' | 'payu';

export async function insertOrder(db: Database | Transaction, order: typeof paymentOrders.$inferInsert) {
  await db.insert(paymentOrders).values(order);
}

export async function orderByProviderId(db: Database | Transaction, provider: Provider, providerOrderId: string) {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.providerOrderId, providerOrderId));
  return order && order.provider === provider ? order : undefined;
}

/** The loan's open order, if any, is replaced by a new one (the caller holds the loan's row lock). */
export async function replaceOpenOrders(tx: Transaction, loanId: string, now: Date) {
  await tx
    .update(paymentOrders)
    .set({ status: 'replaced', updatedAt: now })
    .where(and(eq(paymentOrders.loanId, loanId), eq(paymentOrders.status, 'created')));
}

/** A PayU failure or cancel: a paid order stays paid, whatever arrives after its success. */
export async function closeUnpaidOrder(
  db: Database | Transaction,
  orderId: string,
  status: 'failed' | 'cancelled',
  now: Date,
) {
  await db
    .update(paymentOrders)
    .set({ status, updatedAt: now })
    .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, 'paid')));
}

/** Razorpay's payment.failed: only an order still waiting for its payment is marked failed. */
export async function failWaitingOrder(db: Database | Transaction, providerOrderId: string, now: Date) {
  await db
    .update(paymentOrders)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(paymentOrders.providerOrderId, providerOrderId), eq(paymentOrders.status, 'created')));
}

/** Marks a webhook delivery received; false when it was received before. */
export async function markWebhookReceived(tx: Transaction, provider: string, eventId: string): Promise<boolean> {
  const inserted = await tx
    .insert(webhookEvents)
    .values({ provider, eventId })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

export async function collectionById(tx: Transaction, id: number) {
  const [row] = await queryRows<{ reference: string; order_id: string | null }>(
    tx,
    sql`select reference, order_id from collections where id = ${id}`,
  );
  if (!row) throw new Error(`no collection ${id}`);
  return row;
}

/** The order a PayU payment id is already recorded against, if it is (null: held, no order). */
export async function payuReferenceTaken(tx: Transaction, reference: string) {
  const [taken] = await queryRows<{ order_id: string | null }>(
    tx,
    sql`select order_id from collections where source = 'payu' and reference = ${reference}`,
  );
  return taken;
}

/** A provider payment recorded under this reference, with its loan. */
export async function providerCollection(db: Database, reference: string) {
  const [credited] = await db
    .select({ collection: collections, loan: loans })
    .from(collections)
    .innerJoin(loans, eq(collections.loanId, loans.id))
    .where(and(eq(collections.reference, reference), inArray(collections.source, ['razorpay', 'payu'])))
    .limit(1);
  return credited;
}

export async function orderById(db: Database, id: string): Promise<Order | undefined> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return order;
}

/** An order by its provider's id, whichever provider, with its loan. */
export async function orderWithLoan(db: Database, providerOrderId: string) {
  const [ordered] = await db
    .select({ order: paymentOrders, loan: loans })
    .from(paymentOrders)
    .innerJoin(loans, eq(paymentOrders.loanId, loans.id))
    .where(eq(paymentOrders.providerOrderId, providerOrderId))
    .limit(1);
  return ordered;
}

/** The collection that credited an order (not one held for refund), if any. */
export async function creditOfOrder(db: Database, orderId: string) {
  const [collection] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.orderId, orderId), eq(collections.heldForRefund, false)));
  return collection;
}

/** The loan's collections applied to it, up to and including this one, oldest first. */
export function appliedCollectionsUpTo(db: Database, loanId: string, collectionId: number) {
  return db
    .select()
    .from(collections)
    .where(and(eq(collections.loanId, loanId), eq(collections.heldForRefund, false), lte(collections.id, collectionId)))
    .orderBy(asc(collections.id));
}

/** What is left to refund of a collection: its excess less what was refunded of it (by a provider or finance). */
const refundedOfCollection = sql<number>`coalesce((select sum(r.excess_paise) from ${collectionReversals} r
    where r.collection_id = ${collections.id}), 0)::int`;
const toRefundOfCollection = sql<number>`(${collections.excessPaise} - ${refundedOfCollection})::int`;

/**
 * Money received beyond what the loans owe (paid beyond the dues, or held on a paid order), less what
 * was already refunded of it, with its loan and borrower, oldest first.
 */
export function collectionsToRefund(db: Database | Transaction) {
  return db
    .select({
      collection: collections,
      toRefundPaise: toRefundOfCollection,
      loanNo: loans.loanNo,
      name: customers.fullName,
      mobile: customers.mobile,
    })
    .from(collections)
    .innerJoin(loans, eq(collections.loanId, loans.id))
    .innerJoin(customers, eq(loans.customerId, customers.id))
    .where(gt(toRefundOfCollection, 0))
    .orderBy(collections.id);
}

/** One collection and what is left of it to refund (read again under the loan's lock by a refund paid). */
export async function collectionToRefund(db: Database | Transaction, collectionId: number) {
  const [row] = await db
    .select({ collection: collections, toRefundPaise: toRefundOfCollection })
    .from(collections)
    .where(eq(collections.id, collectionId));
  return row;
}
