/**
 * Staff decisions on an application (decisions.md §3), shared by the operations command line and
 * the tests: approve, reject, disburse. Each change is recorded with who and when.
 */
import { eq } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import { site } from '../../lib/site.ts';
import type { Database, Transaction } from '../db/client.ts';
import { auditLog, leads } from '../db/schema.ts';
import { crashPoint } from '../faults.ts';
import { createLoan } from '../loans/create.ts';

export class StaffError extends Error {}

type Lead = typeof leads.$inferSelect;

/** The lead, or a clear error; `lock` holds its row until the transaction ends (decisions take turns). */
export async function findLead(db: Database | Transaction, id: number, lock = false): Promise<Lead> {
  const query = db.select().from(leads).where(eq(leads.id, id));
  const [lead] = await (lock ? query.for('update') : query);
  if (!lead) throw new StaffError(`There is no lead ${id}. See: npm run ops -- leads`);
  return lead;
}

function decidable(lead: Lead, verb: string) {
  if (lead.status !== 'applied' || lead.nextStep !== 'completed') {
    throw new StaffError(
      `Lead ${lead.id} is ${lead.status} at step ${lead.nextStep}; only a completed application can be ${verb}.`,
    );
  }
}

export interface Approval {
  amountPaise: number;
  tenureDays: number;
  dailyRatePercent: number;
  manager: string;
}

export async function approveLead(db: Database, id: number, approval: Approval, actor: string, now = new Date()) {
  // The decision and its audit line together: a crash leaves both or neither.
  await db.transaction(async (tx) => {
    decidable(await findLead(tx, id, true), 'approved');
    await tx
      .update(leads)
      .set({
        status: 'approved',
        approvedAmountPaise: approval.amountPaise,
        approvedTenureDays: approval.tenureDays,
        approvedRateHundredths: percentToHundredths(approval.dailyRatePercent),
        managerName: approval.manager,
        managerMobile: site.contact.phone,
        managerEmail: site.contact.supportEmail,
        decidedBy: actor,
        decidedAt: now,
      })
      .where(eq(leads.id, id));
    await tx
      .insert(auditLog)
      .values({ actor, action: 'lead.approved', subject: String(id), detail: { ...approval }, createdAt: now });
  });
}

export async function rejectLead(db: Database, id: number, reason: string, actor: string, now = new Date()) {
  await db.transaction(async (tx) => {
    decidable(await findLead(tx, id, true), 'rejected');
    await tx
      .update(leads)
      .set({ status: 'rejected', decisionReason: reason, decidedBy: actor, decidedAt: now })
      .where(eq(leads.id, id));
    await tx
      .insert(auditLog)
      .values({ actor, action: 'lead.rejected', subject: String(id), detail: { reason }, createdAt: now });
  });
}

/**
 * An approved lead becomes a loan. The loan, its audit line and the lead's new status are one
 * transaction under the lead's lock: a crash leaves the lead approved with no loan, and disbursing
 * again (or twice at once) makes exactly one loan.
 */
export async function disburseLead(db: Database, id: number, actor: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const lead = await findLead(tx, id, true);
    if (
      lead.status !== 'approved' ||
      lead.approvedAmountPaise === null ||
      lead.approvedTenureDays === null ||
      lead.approvedRateHundredths === null
    ) {
      throw new StaffError(`Lead ${id} is ${lead.status}; approve it before disbursing.`);
    }
    const loan = await createLoan(tx, {
      customerId: lead.customerId,
      leadId: String(id),
      principalPaise: lead.approvedAmountPaise,
      dailyRatePercent: lead.approvedRateHundredths / 100,
      tenureDays: lead.approvedTenureDays,
      disbursalDate: indiaDate(now),
      actor,
      now,
    });
    crashPoint('disburse.loan-created');
    await tx.update(leads).set({ status: 'disbursed' }).where(eq(leads.id, id));
    return loan;
  });
}
