/**
 * Refunds paid under four eyes (issue 22; issue 23's refunds by bank transfer): one finance member
 * asks to refund what a collection left to refund (paid beyond the dues, or a second payment held),
 * with the bank transfer's reference; another finance member approves, which records the refund as
 * a reversal of the collection taken only off its excess (docs/decisions.md, "Refunds paid"), so the
 * queue, the loan's figures and the statement show it. The requester never approves their own.
 *
 * Each step locks the loan first (the one lock order: loan, then the request) and reads again inside
 * what is left to refund, so two requests, two approvals or a provider's refund arriving at once
 * cannot refund more than was received beyond what the loan owed.
 */
import { eq } from 'drizzle-orm';
import { formatPaise } from '../../lib/format.ts';
import type { Database, Transaction } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { retryingTransaction } from '../db/retry.ts';
import { auditLog, collectionReversals, refundRequests } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { accountEvents, collectionsOf, reversalsOf } from '../loans/account.ts';
import { lockLoan, valueDateAfter } from '../payments/ledger.ts';
import { collectionToRefund } from '../payments/store.ts';
import { type ActiveStaff, staffActor } from '../staff/roles.ts';
import { lockedRefundRequest, openRequestOfCollection, refundRequestById } from './store.ts';

/** The only method so far; a provider's refund API is the next (docs/decisions.md). */
export const REFUND_METHODS = ['bank_transfer'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

const conflict = (message: string, code: string) => new ApiError(409, message, code);

/** What is left to refund of the collection, read under the loan's lock; refuses a larger amount. */
async function leftToRefund(tx: Transaction, collectionId: number, amountPaise: number) {
  const found = await collectionToRefund(tx, collectionId);
  if (!found) throw new ApiError(404, `There is no payment ${collectionId}.`, 'not_found');
  if (found.toRefundPaise <= 0) {
    throw conflict(`Nothing is left to refund of payment ${collectionId}.`, 'nothing_to_refund');
  }
  if (amountPaise > found.toRefundPaise) {
    throw conflict(
      `Only ${formatPaise(found.toRefundPaise)} is left to refund of payment ${collectionId}: ask for that or less.`,
      'refund_too_large',
    );
  }
  return found;
}

export async function requestRefund(
  db: Database,
  input: { collectionId: number; amountPaise: number; method: RefundMethod; reference: string },
  staff: ActiveStaff,
  now: Date,
): Promise<number> {
  const [seen] = await db
    .select({ loanId: collectionReversals.loanId })
    .from(collectionReversals)
    .where(eq(collectionReversals.providerReference, input.reference))
    .limit(1);
  if (seen) throw conflict(`A refund with reference ${input.reference} is already recorded.`, 'reference_taken');
  const collection = await collectionToRefund(db, input.collectionId);
  if (!collection) throw new ApiError(404, `There is no payment ${input.collectionId}.`, 'not_found');
  try {
    return await retryingTransaction(db, async (tx) => {
      const loan = await lockLoan(tx, collection.collection.loanId);
      await leftToRefund(tx, input.collectionId, input.amountPaise);
      if (await openRequestOfCollection(tx, input.collectionId)) throw alreadyRequested(input.collectionId);
      const [row] = await tx
        .insert(refundRequests)
        .values({
          collectionId: input.collectionId,
          loanId: loan.id,
          amountPaise: input.amountPaise,
          method: input.method,
          reference: input.reference,
          requestedBy: staff.staffId,
          requestedAt: now,
        })
        .returning({ id: refundRequests.id });
      if (!row) throw new Error('refund request not stored');
      await tx.insert(auditLog).values({
        actor: staffActor(staff),
        action: 'refund.requested',
        subject: loan.loanNo,
        detail: {
          request_id: row.id,
          collection_id: input.collectionId,
          amount_paise: input.amountPaise,
          method: input.method,
          reference: input.reference,
        },
        createdAt: now,
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'refund_requests_one_open_idx')) throw alreadyRequested(input.collectionId);
    throw error;
  }
}

const alreadyRequested = (collectionId: number) =>
  conflict(`A refund of payment ${collectionId} is already waiting for approval.`, 'refund_requested');

/** Approves another finance member's request: the refund is recorded paid. Answers the loan's number. */
export async function approveRefund(db: Database, requestId: number, staff: ActiveStaff, now: Date) {
  const seen = await refundRequestById(db, requestId);
  if (!seen) throw new ApiError(404, `There is no refund request ${requestId}.`, 'not_found');
  if (seen.requestedBy === staff.staffId) {
    throw new ApiError(403, 'You requested this refund: another finance member must approve it.', 'four_eyes_required');
  }
  try {
    return await retryingTransaction(db, async (tx) => {
      const loan = await lockLoan(tx, seen.loanId);
      const request = await lockedRefundRequest(tx, requestId);
      if (request?.status !== 'requested') {
        throw conflict(`Refund request ${requestId} is ${request?.status ?? 'gone'}.`, 'refund_state');
      }
      await leftToRefund(tx, request.collectionId, request.amountPaise);
      const events = accountEvents(
        (await collectionsOf(tx, loan.id)).filter((row) => !row.heldForRefund),
        await reversalsOf(tx, loan.id),
      );
      const actor = staffActor(staff);
      // Only off the excess: money the loan never owed, so nothing is owed again.
      const [reversal] = await tx
        .insert(collectionReversals)
        .values({
          collectionId: request.collectionId,
          loanId: loan.id,
          kind: 'refund',
          provider: request.method,
          providerReference: request.reference,
          amountPaise: request.amountPaise,
          excessPaise: request.amountPaise,
          chargesPaise: 0,
          interestPaise: 0,
          principalPaise: 0,
          valueDate: valueDateAfter(events, now),
          recordedBy: actor,
          createdAt: now,
        })
        .returning({ id: collectionReversals.id });
      if (!reversal) throw new Error('refund not recorded');
      await tx
        .update(refundRequests)
        .set({ status: 'paid', decidedBy: staff.staffId, decidedAt: now, reversalId: reversal.id })
        .where(eq(refundRequests.id, requestId));
      await tx.insert(auditLog).values({
        actor,
        action: 'refund.paid',
        subject: loan.loanNo,
        detail: {
          request_id: requestId,
          requested_by: `staff:${request.requestedBy}`,
          collection_id: request.collectionId,
          amount_paise: request.amountPaise,
          method: request.method,
          reference: request.reference,
        },
        createdAt: now,
      });
      return { loanNo: loan.loanNo, amountPaise: request.amountPaise };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'collection_reversals_provider_reference_idx')) {
      throw conflict(`A refund with reference ${seen.reference} is already recorded.`, 'reference_taken');
    }
    throw error;
  }
}

/**
 * Withdraws a request still waiting (a wrong amount or reference, or money a provider refunded
 * meanwhile), so the payment can be requested again. Any finance member may: it moves no money.
 */
export async function cancelRefund(db: Database, requestId: number, staff: ActiveStaff, now: Date) {
  const seen = await refundRequestById(db, requestId);
  if (!seen) throw new ApiError(404, `There is no refund request ${requestId}.`, 'not_found');
  return retryingTransaction(db, async (tx) => {
    const loan = await lockLoan(tx, seen.loanId);
    const request = await lockedRefundRequest(tx, requestId);
    if (request?.status !== 'requested') {
      throw conflict(`Refund request ${requestId} is ${request?.status ?? 'gone'}.`, 'refund_state');
    }
    await tx
      .update(refundRequests)
      .set({ status: 'cancelled', decidedBy: staff.staffId, decidedAt: now })
      .where(eq(refundRequests.id, requestId));
    await tx.insert(auditLog).values({
      actor: staffActor(staff),
      action: 'refund.cancelled',
      subject: loan.loanNo,
      detail: { request_id: requestId, requested_by: `staff:${request.requestedBy}`, reference: request.reference },
      createdAt: now,
    });
    return { loanNo: loan.loanNo };
  });
}
