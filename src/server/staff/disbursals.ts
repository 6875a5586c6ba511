/**
 * Four eyes on a disbursal (issue 22): one finance member requests it with the payout reference, on
 * the accepted application's version; another approves it, which makes the loan. The requester can
 * never approve their own request. Each step takes the lead's lock first (the one lock order), then
 * the request's, and is written with its audit line.
 */
import { asc, eq } from 'drizzle-orm';
import { requireSignedAgreement } from '../agreement/service.ts';
import { allows, LifecycleConflict, lockedLead, requireVersion } from '../application/lifecycle.ts';
import { makeLoan, StaffError } from '../application/staff.ts';
import { requireVerifiedAccount } from '../bankAccount/service.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { retryingTransaction } from '../db/retry.ts';
import { auditLog, disbursalRequests, leads, staffMembers } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { type ActiveStaff, staffActor } from './roles.ts';

export async function requestDisbursal(
  db: Database,
  leadId: number,
  input: { version: number; payoutReference: string },
  staff: ActiveStaff,
  now: Date,
): Promise<number> {
  try {
    return await retryingTransaction(db, async (tx) => {
      const lead = await lockedLead(tx, leadId);
      if (!lead) throw new ApiError(404, `There is no lead ${leadId}.`, 'not_found');
      if (!allows(lead, 'disburse')) {
        throw new LifecycleConflict(`Lead ${leadId} is ${lead.status}; only an accepted application can be disbursed.`);
      }
      requireVersion(lead, input.version);
      // Refused early (makeLoan checks again at approval): a verified account and a signed agreement.
      await requireVerifiedAccount(tx, lead);
      await requireSignedAgreement(tx, lead);
      const [row] = await tx
        .insert(disbursalRequests)
        .values({
          leadId,
          leadVersion: lead.version,
          payoutReference: input.payoutReference,
          requestedBy: staff.staffId,
          requestedAt: now,
        })
        .returning({ id: disbursalRequests.id });
      if (!row) throw new Error('disbursal request not stored');
      await tx.insert(auditLog).values({
        actor: staffActor(staff),
        action: 'disbursal.requested',
        subject: String(leadId),
        detail: { request_id: row.id, version: lead.version, payout_reference: input.payoutReference },
        createdAt: now,
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'disbursal_requests_one_open_idx')) {
      throw new LifecycleConflict(`A disbursal of lead ${leadId} is already waiting for approval.`);
    }
    throw error;
  }
}

export async function approveDisbursal(db: Database, requestId: number, staff: ActiveStaff, now: Date) {
  const [seen] = await db.select().from(disbursalRequests).where(eq(disbursalRequests.id, requestId));
  if (!seen) throw new ApiError(404, `There is no disbursal request ${requestId}.`, 'not_found');
  if (seen.requestedBy === staff.staffId) {
    throw new ApiError(
      403,
      'You requested this disbursal: another finance member must approve it.',
      'four_eyes_required',
    );
  }
  try {
    return await retryingTransaction(db, async (tx) => {
      const lead = await lockedLead(tx, seen.leadId);
      const [request] = await tx
        .select()
        .from(disbursalRequests)
        .where(eq(disbursalRequests.id, requestId))
        .for('update');
      if (!lead || !request || request.status !== 'requested') {
        throw new LifecycleConflict(`Disbursal request ${requestId} is ${request?.status ?? 'gone'}.`);
      }
      requireVersion(lead, request.leadVersion);
      // makeLoan checks again, under the same lock, that the account was verified and the agreement signed.
      const actor = staffActor(staff);
      const made = await makeLoan(tx, lead.id, actor, now);
      await tx
        .update(disbursalRequests)
        .set({ status: 'approved', decidedBy: staff.staffId, decidedAt: now })
        .where(eq(disbursalRequests.id, requestId));
      await tx.insert(auditLog).values({
        actor,
        action: 'disbursal.approved',
        subject: String(lead.id),
        detail: {
          request_id: requestId,
          requested_by: `staff:${request.requestedBy}`,
          payout_reference: request.payoutReference,
          loan_no: made.loan.loanNo,
        },
        createdAt: now,
      });
      return made;
    });
  } catch (error) {
    if (error instanceof StaffError) throw new LifecycleConflict(error.message);
    throw error;
  }
}

/** Disbursal requests waiting for a second finance member, oldest first, with who asked. */
export function openDisbursalRequests(db: Database) {
  return db
    .select({
      id: disbursalRequests.id,
      leadId: disbursalRequests.leadId,
      payoutReference: disbursalRequests.payoutReference,
      requestedAt: disbursalRequests.requestedAt,
      requestedBy: staffMembers.name,
      requestedById: disbursalRequests.requestedBy,
      amountPaise: leads.approvedAmountPaise,
    })
    .from(disbursalRequests)
    .innerJoin(staffMembers, eq(staffMembers.id, disbursalRequests.requestedBy))
    .innerJoin(leads, eq(leads.id, disbursalRequests.leadId))
    .where(eq(disbursalRequests.status, 'requested'))
    .orderBy(asc(disbursalRequests.requestedAt));
}
