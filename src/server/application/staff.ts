/**
 * Staff decisions on an application (product.md §10.3), shared by the operations command line and
 * the tests: approve, reject, disburse. Each change is recorded with who and when.
 */
import { indiaDate } from '../../lib/dates.ts';
import { formatDate, formatPaise } from '../../lib/format.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import { site } from '../../lib/site.ts';
import { type Database, isUniqueViolation, type Transaction } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';
import { offeredDailyRates, type Quote } from '../eligibility/policy.ts';
import { crashPoint } from '../faults.ts';
import { issueStatement, type StatementRow, statementById } from '../leads/kfsStore.ts';
import { type Lead, leadById, updateLead } from '../leads/store.ts';
import { createLoan } from '../loans/create.ts';
import { activeLoanOf } from '../loans/store.ts';
import { type Delivery, deliverStatement, expired, loanTermsOf, states } from './statements.ts';

export class StaffError extends Error {}

/** The lead, or a clear error; `lock` holds its row until the transaction ends (decisions take turns). */
export async function findLead(db: Database | Transaction, id: number, lock = false): Promise<Lead> {
  const lead = await leadById(db, id, lock);
  if (!lead) throw new StaffError(`There is no lead ${id}. See: npm run ops -- leads`);
  return lead;
}

function decidable(lead: Lead, verb: string) {
  if (lead.status !== 'applied' || lead.nextStep !== 'completed') {
    // An approval whose statement the customer has not accepted yet may be approved again (corrected, or
    // renewed after it expired); nothing else changes once decided.
    if (verb === 'approved' && lead.status === 'approved') return;
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

const rupees = (paise: number) => formatPaise(paise);

/** Staff approve only what the configured ranges and the lead's own quote allow; each refusal says the range. */
export function checkApproval(lead: Lead, approval: Approval) {
  const { amountRupees, tenureDays } = site.loan;
  const quoteMax = (lead.quote as Partial<Quote>).max_loan_amount ?? amountRupees.max;
  const maxPaise = Math.min(amountRupees.max, quoteMax) * 100;
  const { amountPaise, tenureDays: tenure, dailyRatePercent: rate } = approval;
  if (!Number.isSafeInteger(amountPaise) || amountPaise % 100 !== 0) {
    throw new StaffError(`The amount must be whole rupees, e.g. ${amountRupees.min}.`);
  }
  if (amountPaise < amountRupees.min * 100 || amountPaise > maxPaise) {
    throw new StaffError(
      `The amount must be from ${rupees(amountRupees.min * 100)} to ${rupees(maxPaise)} (our loan range and this customer's quote); got ${rupees(amountPaise)}.`,
    );
  }
  if (!Number.isInteger(tenure) || tenure < tenureDays.min || tenure > tenureDays.max) {
    throw new StaffError(`The tenure must be from ${tenureDays.min} to ${tenureDays.max} days; got ${tenure}.`);
  }
  const rates = offeredDailyRates();
  if (!rates.includes(rate)) {
    throw new StaffError(`The rate must be one of our rates, ${rates.join(', ')} (% a day); got ${rate}.`);
  }
}

/**
 * Approves within the ranges. Terms equal to the customer's acknowledged statement keep it; any other
 * terms issue a new statement (reason 'approval', the old one superseded) that the customer must
 * acknowledge before disbursal. Answers the statement the loan will be made on and whether it waits.
 */
export async function approveLead(
  db: Database,
  id: number,
  approval: Approval,
  actor: string,
  now = new Date(),
  delivery?: Omit<Delivery, 'db'>,
) {
  // The decision and its audit line together: a crash leaves both or neither.
  const result = await db.transaction(async (tx) => {
    const lead = await findLead(tx, id, true);
    decidable(lead, 'approved');
    checkApproval(lead, approval);
    const current = await statementById(tx, lead.kfsId);
    const figures = {
      amountPaise: approval.amountPaise,
      tenureDays: approval.tenureDays,
      dailyRatePercent: approval.dailyRatePercent,
    };
    const keep =
      current?.acknowledgedAt && !current.supersededAt && states(current.content as KeyFactStatement, figures);
    const statement: StatementRow = keep ? current : await issueStatement(tx, lead, figures, 'approval', now, false);
    await updateLead(tx, id, {
      status: 'approved',
      approvedAmountPaise: approval.amountPaise,
      approvedTenureDays: approval.tenureDays,
      approvedRateHundredths: percentToHundredths(approval.dailyRatePercent),
      managerName: approval.manager,
      managerMobile: site.contact.phone,
      managerEmail: site.contact.supportEmail,
      decidedBy: actor,
      decidedAt: now,
    });
    await tx.insert(auditLog).values({
      actor,
      action: 'lead.approved',
      subject: String(id),
      detail: { ...approval, kfs_no: statement.kfsNo, kfs_reissued: !keep },
      createdAt: now,
    });
    return { statement, awaitingAcknowledgement: statement.acknowledgedAt === null };
  });
  // A new statement to accept: the customer is told, with the link, as soon as it is issued.
  if (delivery && result.awaitingAcknowledgement) {
    await deliverStatement({ ...delivery, db }, result.statement, {
      kind: 'issued',
      validUntil: formatDate(result.statement.validUntil),
    });
  }
  return result;
}

export async function rejectLead(db: Database, id: number, reason: string, actor: string, now = new Date()) {
  await db.transaction(async (tx) => {
    decidable(await findLead(tx, id, true), 'rejected');
    await updateLead(tx, id, { status: 'rejected', decisionReason: reason, decidedBy: actor, decidedAt: now });
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
export async function disburseLead(
  db: Database,
  id: number,
  actor: string,
  now = new Date(),
  delivery?: Omit<Delivery, 'db'>,
) {
  const activeLoanRefusal = () =>
    new StaffError(
      `The customer of lead ${id} already has an active loan; it must be closed before another is disbursed.`,
    );
  const made = db.transaction(async (tx) => {
    const lead = await findLead(tx, id, true);
    if (
      lead.status !== 'approved' ||
      lead.approvedAmountPaise === null ||
      lead.approvedTenureDays === null ||
      lead.approvedRateHundredths === null
    ) {
      throw new StaffError(`Lead ${id} is ${lead.status}; approve it before disbursing.`);
    }
    if (await activeLoanOf(tx, lead.customerId)) throw activeLoanRefusal();
    const statement = await statementById(tx, lead.kfsId);
    if (!statement) {
      throw new StaffError(`Lead ${id} has no Key Fact Statement; approve it again to issue one.`);
    }
    if (!statement.acknowledgedAt) {
      throw new StaffError(
        expired(statement, now)
          ? `Key Fact Statement ${statement.kfsNo} of lead ${id} expired on ${formatDate(statement.validUntil)} without the customer's acceptance; approve again to issue a new one.`
          : `Lead ${id} waits for the customer to accept Key Fact Statement ${statement.kfsNo} (valid until ${formatDate(statement.validUntil)}); it cannot be disbursed before.`,
      );
    }
    // Exactly the acknowledged statement's terms, whatever else the lead says.
    const terms = loanTermsOf(statement.content as KeyFactStatement);
    const loan = await createLoan(tx, {
      customerId: lead.customerId,
      leadId: String(id),
      principalPaise: terms.principalPaise,
      dailyRatePercent: terms.dailyRatePercent,
      tenureDays: terms.tenureDays,
      disbursalDate: indiaDate(now),
      actor,
      now,
      kfsId: statement.id,
      terms: terms.terms,
    });
    crashPoint('disburse.loan-created');
    await updateLead(tx, id, { status: 'disbursed' });
    return { loan, statement };
  });
  let result: Awaited<typeof made>;
  try {
    result = await made;
  } catch (error) {
    // Two disbursals for one customer at once: the database keeps one active loan.
    if (isUniqueViolation(error, 'loans_one_active_per_customer_idx')) throw activeLoanRefusal();
    throw error;
  }
  if (delivery) {
    await deliverStatement({ ...delivery, db }, result.statement, { kind: 'disbursed', loanNo: result.loan.loanNo });
  }
  return result.loan;
}
