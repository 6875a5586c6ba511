/**
 * Staff decisions on an application (decisions.md §3), shared by the operations command line and
 * the tests: approve, reject, disburse. Each change is recorded with who and when.
 */
import { eq } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import { site } from '../../lib/site.ts';
import type { Database } from '../db/client.ts';
import { auditLog, leads } from '../db/schema.ts';
import { createLoan } from '../loans/create.ts';

export class StaffError extends Error {}

type Lead = typeof leads.$inferSelect;

export async function findLead(db: Database, id: number): Promise<Lead> {
  const [lead] = await db.select().from(leads).where(eq(leads.id, id));
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
  const lead = await findLead(db, id);
  decidable(lead, 'approved');
  await db
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
  await db
    .insert(auditLog)
    .values({ actor, action: 'lead.approved', subject: String(id), detail: { ...approval }, createdAt: now });
}

export async function rejectLead(db: Database, id: number, reason: string, actor: string, now = new Date()) {
  const lead = await findLead(db, id);
  decidable(lead, 'rejected');
  await db
    .update(leads)
    .set({ status: 'rejected', decisionReason: reason, decidedBy: actor, decidedAt: now })
    .where(eq(leads.id, id));
  await db
    .insert(auditLog)
    .values({ actor, action: 'lead.rejected', subject: String(id), detail: { reason }, createdAt: now });
}

export async function disburseLead(db: Database, id: number, actor: string, now = new Date()) {
  const lead = await findLead(db, id);
  if (
    lead.status !== 'approved' ||
    lead.approvedAmountPaise === null ||
    lead.approvedTenureDays === null ||
    lead.approvedRateHundredths === null
  ) {
    throw new StaffError(`Lead ${id} is ${lead.status}; approve it before disbursing.`);
  }
  const loan = await createLoan(db, {
    customerId: lead.customerId,
    leadId: String(id),
    principalPaise: lead.approvedAmountPaise,
    dailyRatePercent: lead.approvedRateHundredths / 100,
    tenureDays: lead.approvedTenureDays,
    disbursalDate: indiaDate(now),
    actor,
    now,
  });
  await db.update(leads).set({ status: 'disbursed' }).where(eq(leads.id, id));
  return loan;
}
