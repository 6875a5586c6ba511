/**
 * Refund requests (issue 22, issue 23): who asked to refund which collection, by what method and
 * reference, and whether a second finance member approved it (paid). The service (./service.ts)
 * writes them; the console, the command line and the borrower's loan read them here.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { addDays } from '../../lib/dates.ts';
import type { Database, Transaction } from '../db/client.ts';
import { collections, customers, loans, refundRequests, staffMembers } from '../db/schema.ts';

export type RefundRequest = typeof refundRequests.$inferSelect;

/**
 * A refund's deadline (issue 23; docs/decisions.md "Refunds within seven days"): due REFUND_DUE_DAYS
 * calendar days (7 unless configured) after the money arrived, the collection's value date; overdue
 * from the day after. The queue, `ops refunds` and the borrower's dashboard all show it from here.
 */
export function refundDueOn(receivedOn: string, dueDays: number): string {
  return addDays(receivedOn, dueDays);
}

const decider = alias(staffMembers, 'decider');

/** Requests with the loan, the borrower, the collection and the staff's names; `where` picks which. */
function requestsWithNames(db: Database | Transaction) {
  return db
    .select({
      request: refundRequests,
      loanNo: loans.loanNo,
      borrower: customers.fullName,
      collectionReference: collections.reference,
      collectionSource: collections.source,
      /** The day the money arrived: the refund is due a set number of days after it. */
      receivedOn: collections.valueDate,
      requestedBy: staffMembers.name,
      decidedBy: decider.name,
    })
    .from(refundRequests)
    .innerJoin(loans, eq(loans.id, refundRequests.loanId))
    .innerJoin(customers, eq(customers.id, loans.customerId))
    .innerJoin(collections, eq(collections.id, refundRequests.collectionId))
    .innerJoin(staffMembers, eq(staffMembers.id, refundRequests.requestedBy))
    .leftJoin(decider, eq(decider.id, refundRequests.decidedBy));
}

/** Requests waiting for a second finance member, or being sent to the provider, oldest first. */
export function openRefundRequests(db: Database | Transaction) {
  return requestsWithNames(db)
    .where(inArray(refundRequests.status, ['requested', 'sending']))
    .orderBy(asc(refundRequests.requestedAt), asc(refundRequests.id));
}

/** Refunds paid, newest first, at most `limit` (the command line's recent ones). */
export function paidRefunds(db: Database | Transaction, limit: number) {
  return requestsWithNames(db)
    .where(eq(refundRequests.status, 'paid'))
    .orderBy(desc(refundRequests.decidedAt), desc(refundRequests.id))
    .limit(limit);
}

/** A loan's refund requests, oldest first: what the borrower sees of each refund and its state. */
export function refundsOfLoan(db: Database | Transaction, loanId: string) {
  return db.select().from(refundRequests).where(eq(refundRequests.loanId, loanId)).orderBy(asc(refundRequests.id));
}

export async function refundRequestById(db: Database | Transaction, id: number) {
  const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id));
  return row;
}

/** The request, locked until the transaction ends (taken after the loan's lock). */
export async function lockedRefundRequest(tx: Transaction, id: number) {
  const [row] = await tx.select().from(refundRequests).where(eq(refundRequests.id, id)).for('update');
  return row;
}

/** The collection's request still waiting for approval, or being sent to the provider, if any. */
export async function openRequestOfCollection(tx: Transaction, collectionId: number) {
  const [row] = await tx
    .select({ id: refundRequests.id })
    .from(refundRequests)
    .where(
      and(eq(refundRequests.collectionId, collectionId), inArray(refundRequests.status, ['requested', 'sending'])),
    );
  return row;
}
