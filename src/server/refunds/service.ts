/**
 * Refunds paid under four eyes (issue 22; issue 23's refunds): one finance member asks to refund
 * what a collection left to refund (paid beyond the dues, or a second payment held), by bank transfer
 * with its reference or through the payment's provider (Razorpay, PayU); another finance member
 * approves, which (once the provider took it, for those) records the refund as
 * a reversal of the collection taken only off its excess (docs/decisions.md, "Refunds paid"), so the
 * queue, the loan's figures and the statement show it. The requester never approves their own.
 *
 * Each step locks the loan first (the one lock order: loan, then the request) and reads again inside
 * what is left to refund, so two requests, two approvals or a provider's refund arriving at once
 * cannot refund more than was received beyond what the loan owed.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { formatPaise } from '../../lib/money.ts';
import type { Deps } from '../app/context.ts';
import type { Logger } from '../app/logger.ts';
import type { Database, Transaction } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { retryingTransaction } from '../db/retry.ts';
import { auditLog, collectionReversals, refundRequests } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { collectionsOf, reversalsOf } from '../loans/account.ts';
import { accountEvents } from '../loans/accountFigures.ts';
import { lockLoan, valueDateAfter } from '../payments/ledger.ts';
import { createPayuRefund, PayuError } from '../payments/payu.ts';
import { createRazorpayRefund, RazorpayError } from '../payments/razorpay.ts';
import { collectionToRefund } from '../payments/store.ts';
import { type ActiveStaff, staffActor } from '../staff/roles.ts';
import { lockedRefundRequest, openRequestOfCollection, refundRequestById } from './store.ts';

/** Paid by bank transfer (with its reference), or through the payment's provider (its own way back). */
export const REFUND_METHODS = ['bank_transfer', 'razorpay', 'payu'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

const conflict = (message: string, code: string) => new ApiError(409, message, code);

const PROVIDER_NAMES = { razorpay: 'Razorpay', payu: 'PayU' } as const;
type ProviderMethod = keyof typeof PROVIDER_NAMES;

/** Asks the provider to refund the payment once (by the request's key); answers the provider's refund id. */
async function sendToProvider(
  deps: RefundDeps,
  method: ProviderMethod,
  refund: { paymentId: string; amountPaise: number; key: string },
): Promise<string> {
  if (method === 'razorpay') {
    const made = await createRazorpayRefund(
      deps.config.payments.razorpay,
      { paymentId: refund.paymentId, amountPaise: refund.amountPaise, idempotencyKey: refund.key },
      deps.providerFetch,
    );
    return made.id;
  }
  const made = await createPayuRefund(
    deps.config.payments.payu,
    { mihpayid: refund.paymentId, token: refund.key, amountPaise: refund.amountPaise },
    deps.providerFetch,
  );
  return made.requestId;
}

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
  input: { collectionId: number; amountPaise: number; method: RefundMethod; reference?: string | undefined },
  staff: ActiveStaff,
  now: Date,
): Promise<number> {
  const collection = await collectionToRefund(db, input.collectionId);
  if (!collection) throw new ApiError(404, `There is no payment ${input.collectionId}.`, 'not_found');
  if (input.method !== 'bank_transfer' && collection.collection.source !== input.method) {
    throw conflict(
      `Payment ${input.collectionId} did not come through ${PROVIDER_NAMES[input.method]}: refund it by bank transfer.`,
      'not_that_provider',
    );
  }
  // Through a provider the reference is the key that makes the refund once (Razorpay's idempotency
  // key, PayU's token); by transfer, the UTR.
  const reference =
    input.method === 'razorpay'
      ? `kosh-refund-${randomUUID()}`
      : input.method === 'payu'
        ? `kosh${randomBytes(8).toString('hex')}`
        : input.reference;
  if (!reference) throw new ApiError(400, "Enter the bank transfer's reference (UTR).", 'reference_required');
  const [seen] = await db
    .select({ loanId: collectionReversals.loanId })
    .from(collectionReversals)
    .where(eq(collectionReversals.providerReference, reference))
    .limit(1);
  if (seen) throw conflict(`A refund with reference ${reference} is already recorded.`, 'reference_taken');
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
          reference,
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
          reference,
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

/** What an approval needs beyond the database: the clock, and the way to the providers' refund APIs. */
export type RefundDeps = Pick<Deps, 'db' | 'now' | 'config' | 'providerFetch'> & { log: Logger };

/**
 * Approves another finance member's request: the refund is recorded paid. By bank transfer at once;
 * through a provider the request is first claimed (status sending, so a second approval is refused),
 * then the provider's refund API is called outside any lock with the request's key, and the refund it
 * answers is recorded (unless the provider's refund notification recorded it first). A refusal puts
 * the request back, to approve again: the key keeps the provider from paying twice. Answers the loan's
 * number.
 */
export async function approveRefund(deps: RefundDeps, requestId: number, staff: ActiveStaff) {
  const { db } = deps;
  const seen = await refundRequestById(db, requestId);
  if (!seen) throw new ApiError(404, `There is no refund request ${requestId}.`, 'not_found');
  if (seen.requestedBy === staff.staffId) {
    throw new ApiError(403, 'You requested this refund: another finance member must approve it.', 'four_eyes_required');
  }
  if (seen.method === 'bank_transfer') {
    return recordPaid(db, requestId, staff, deps.now(), () => ({
      provider: 'bank_transfer',
      reference: seen.reference,
    }));
  }
  const method = seen.method as ProviderMethod;
  const paymentId = await claimForProvider(db, requestId, staff, deps.now());
  let refundId: string;
  try {
    refundId = await sendToProvider(deps, method, { paymentId, amountPaise: seen.amountPaise, key: seen.reference });
  } catch (error) {
    await releaseClaim(db, requestId);
    if (error instanceof RazorpayError || error instanceof PayuError) {
      deps.log.error('provider refund failed', { provider: method, reason: error.message, request_id: requestId });
      throw new ApiError(
        502,
        `${PROVIDER_NAMES[method]} did not take the refund just now. Please approve it again in a minute: it will not be paid twice.`,
        'provider_unavailable',
      );
    }
    throw error;
  }
  return recordPaid(db, requestId, staff, deps.now(), () => ({ provider: method, reference: refundId }), 'sending');
}

/**
 * How long a request may stay `sending` before another approval may send it again: longer than the
 * providers' 15-second call, so only a claim whose process died (before or after the provider took
 * it) is taken over; the same key makes the provider answer the same refund.
 */
const STALE_CLAIM_MS = 2 * 60_000;

/**
 * Marks a provider's request as being sent (under the loan's lock), checking what is left; answers
 * the payment id. A claim left `sending` past STALE_CLAIM_MS is taken over without the check: its
 * amount was set aside by the first claim, and may already be recorded by the provider's notification.
 */
async function claimForProvider(db: Database, requestId: number, staff: ActiveStaff, now: Date) {
  const seen = await refundRequestById(db, requestId);
  if (!seen) throw new ApiError(404, `There is no refund request ${requestId}.`, 'not_found');
  return retryingTransaction(db, async (tx) => {
    await lockLoan(tx, seen.loanId);
    const request = await lockedRefundRequest(tx, requestId);
    const stale = request?.status === 'sending' && now.getTime() - (request.decidedAt?.getTime() ?? 0) > STALE_CLAIM_MS;
    if (request?.status === 'sending' && !stale) {
      throw conflict(
        `Refund request ${requestId} is being sent to ${PROVIDER_NAMES[request.method as ProviderMethod]}: if it still is in two minutes, approve it again.`,
        'refund_sending',
      );
    }
    if (request?.status !== 'requested' && !stale) {
      throw conflict(`Refund request ${requestId} is ${request?.status ?? 'gone'}.`, 'refund_state');
    }
    if (!request) throw conflict(`Refund request ${requestId} is gone.`, 'refund_state');
    const found = stale
      ? await collectionToRefund(tx, request.collectionId)
      : await leftToRefund(tx, request.collectionId, request.amountPaise);
    if (!found) throw new ApiError(404, `There is no payment ${request.collectionId}.`, 'not_found');
    await tx
      .update(refundRequests)
      .set({ status: 'sending', decidedBy: staff.staffId, decidedAt: now })
      .where(eq(refundRequests.id, requestId));
    return found.collection.reference;
  });
}

/** The provider refused or could not be reached: the request waits again. */
async function releaseClaim(db: Database, requestId: number) {
  await db
    .update(refundRequests)
    .set({ status: 'requested', decidedBy: null, decidedAt: null })
    .where(and(eq(refundRequests.id, requestId), eq(refundRequests.status, 'sending')));
}

/** Records the request's refund paid as a reversal off the excess, once; the request in `from` state. */
async function recordPaid(
  db: Database,
  requestId: number,
  staff: ActiveStaff,
  now: Date,
  paidBy: () => { provider: string; reference: string },
  from: 'requested' | 'sending' = 'requested',
) {
  const seen = await refundRequestById(db, requestId);
  if (!seen) throw new ApiError(404, `There is no refund request ${requestId}.`, 'not_found');
  const { provider, reference } = paidBy();
  try {
    return await retryingTransaction(db, async (tx) => {
      const loan = await lockLoan(tx, seen.loanId);
      const request = await lockedRefundRequest(tx, requestId);
      if (request?.status !== from) {
        throw conflict(`Refund request ${requestId} is ${request?.status ?? 'gone'}.`, 'refund_state');
      }
      const actor = staffActor(staff);
      // The provider's refund.processed webhook may have recorded this refund already.
      let reversalId = await reversalOf(tx, provider, reference);
      if (reversalId === undefined) {
        await leftToRefund(tx, request.collectionId, request.amountPaise);
        const events = accountEvents(
          (await collectionsOf(tx, loan.id)).filter((row) => !row.heldForRefund),
          await reversalsOf(tx, loan.id),
        );
        // Only off the excess: money the loan never owed, so nothing is owed again.
        const [reversal] = await tx
          .insert(collectionReversals)
          .values({
            collectionId: request.collectionId,
            loanId: loan.id,
            kind: 'refund',
            provider,
            providerReference: reference,
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
        reversalId = reversal.id;
      }
      await tx
        .update(refundRequests)
        .set({ status: 'paid', decidedBy: staff.staffId, decidedAt: now, reversalId })
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
          reference,
        },
        createdAt: now,
      });
      return { loanNo: loan.loanNo, amountPaise: request.amountPaise };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'collection_reversals_provider_reference_idx')) {
      throw conflict(`A refund with reference ${reference} is already recorded.`, 'reference_taken');
    }
    throw error;
  }
}

/** The reversal already recorded under a provider's reference, if any. */
async function reversalOf(tx: Transaction, provider: string, reference: string) {
  const [row] = await tx
    .select({ id: collectionReversals.id })
    .from(collectionReversals)
    .where(
      and(
        eq(collectionReversals.provider, provider),
        eq(collectionReversals.kind, 'refund'),
        eq(collectionReversals.providerReference, reference),
      ),
    );
  return row?.id;
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
