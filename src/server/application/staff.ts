/**
 * Staff decisions on an application (product.md §10.3), shared by the operations command line and
 * the tests: approve, send back, reject, disburse, each a transition of ./lifecycle.ts recorded with
 * who, when and the version decided on.
 */
import { indiaDate } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { formatPaise, paiseFromRupees } from '../../lib/money.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import { site } from '../../lib/site.ts';
import { requireSignedAgreement } from '../agreement/service.ts';
import { requireVerifiedAccount } from '../bankAccount/service.ts';
import { customerById, updateCustomer } from '../customers/store.ts';
import { type Database, isUniqueViolation, type Transaction } from '../db/client.ts';
import { retryingTransaction } from '../db/retry.ts';
import { auditLog } from '../db/schema.ts';
import { crashPoint } from '../dev/faults.ts';
import { offeredDailyRates, type Quote, quoteRate } from '../eligibility/policy.ts';
import {
  deliverDisbursal,
  deliverKfs,
  type KfsDelivery,
  kfsExpired,
  loanTermsOf,
  statesTerms,
} from '../kfs/service.ts';
import { issueKfs, type KfsRow, lockedKfs } from '../kfs/store.ts';
import { type Lead, leadById, storedDocuments } from '../leads/store.ts';
import { createLoan } from '../loans/create.ts';
import { activeLoanOf } from '../loans/store.ts';
import { requestedDocuments } from './documents.ts';
import { allows, type LeadAction, lockedLead, requireAllowed, requireVersion, writeLead } from './lifecycle.ts';

export class StaffError extends Error {}
/** A decision the application's state or version refuses (409 on the API, exit 2 on the command line). */
export { LifecycleConflict } from './lifecycle.ts';

/** The lead, or a clear error; `lock` holds its row until the transaction ends (decisions take turns). */
export async function findLead(db: Database | Transaction, id: number, lock = false): Promise<Lead> {
  const lead = await leadById(db, id, lock);
  if (!lead) throw new StaffError(`There is no lead ${id}. See: npm run ops -- leads`);
  return lead;
}

/**
 * A staff decision: under the lead's lock (then its statement's, then the loan's: the one lock order),
 * allowed by the state machine, on the version staff read, with its audit line, all or nothing.
 * The audit line lists the files the decision was made on, which are kept with it.
 */
async function decideOn<T>(
  db: Database,
  id: number,
  action: LeadAction,
  seenVersion: number | undefined,
  work: (tx: Transaction, lead: Lead) => Promise<{ result: T; audit: Record<string, unknown> }>,
  actor: string,
  now: Date,
): Promise<T> {
  return retryingTransaction(db, async (tx) => {
    const lead = await lockedLead(tx, id);
    if (!lead) throw new StaffError(`There is no lead ${id}. See: npm run ops -- leads`);
    requireAllowed(lead, action);
    requireVersion(lead, seenVersion);
    const { result, audit } = await work(tx, lead);
    await tx.insert(auditLog).values({
      actor,
      action: `lead.${action}`,
      subject: String(id),
      detail: { ...audit, version: lead.version, file_ids: await filesOf(tx, lead) },
      createdAt: now,
    });
    return result;
  });
}

/** The files an application is decided on: its documents and the customer's picture. */
async function filesOf(tx: Transaction, lead: Lead): Promise<string[]> {
  const documents = [...(await storedDocuments(tx, lead.id)).values()].map((doc) => doc.file_id);
  const customer = await customerById(tx, lead.customerId);
  return customer?.selfieFileId ? [...documents, customer.selfieFileId] : documents;
}

export interface Approval {
  amountPaise: number;
  tenureDays: number;
  dailyRatePercent: number;
  manager: string;
  /** The credit manager's contact the customer sees (product.md §3 excutive_details); the support desk's by default. */
  managerMobile?: string;
  managerEmail?: string;
  /** The application's version the decision was made on (lifecycle.ts); refused if it changed since. */
  version?: number;
}

const rupees = (paise: number) => formatPaise(paise);

/**
 * Staff price within the policy: an amount and tenure within the customer's quote, and a rate no
 * higher than the customer's income tier gives (a lower one of our rates is allowed). Each refusal
 * says the range.
 */
export function checkApproval(lead: Lead, approval: Approval) {
  const quote = lead.quote as Partial<Quote>;
  const { amountRupees, tenureDays } = site.loan;
  const minPaise = paiseFromRupees(Math.max(amountRupees.min, quote.min_loan_amount ?? amountRupees.min));
  const maxPaise = paiseFromRupees(Math.min(amountRupees.max, quote.max_loan_amount ?? amountRupees.max));
  const minTenure = Math.max(tenureDays.min, quote.min_loan_tenure ?? tenureDays.min);
  const maxTenure = Math.min(tenureDays.max, quote.max_loan_tenure ?? tenureDays.max);
  const { amountPaise, tenureDays: tenure, dailyRatePercent: rate } = approval;
  if (!Number.isSafeInteger(amountPaise) || amountPaise % 100 !== 0) {
    throw new StaffError(`The amount must be whole rupees, e.g. ${amountRupees.min}.`);
  }
  if (amountPaise < minPaise || amountPaise > maxPaise) {
    throw new StaffError(
      `The amount must be from ${rupees(minPaise)} to ${rupees(maxPaise)} (our loan range and this customer's quote); got ${rupees(amountPaise)}.`,
    );
  }
  if (!Number.isInteger(tenure) || tenure < minTenure || tenure > maxTenure) {
    throw new StaffError(
      `The tenure must be from ${minTenure} to ${maxTenure} days (this customer's quote); got ${tenure}.`,
    );
  }
  const tierRate = quoteRate(quote);
  const rates = offeredDailyRates().filter((offered) => offered <= tierRate);
  if (!rates.includes(rate)) {
    throw new StaffError(
      `The rate must be one of ${rates.join(', ')} (% a day): this customer's income tier gives ${tierRate}% a day, and staff may not price above it; got ${rate}.`,
    );
  }
}

/**
 * Approves a submitted application within the policy. Terms equal to the customer's acknowledged
 * statement keep it and the application is accepted at once; any other terms issue a new statement
 * (reason 'approval', the old one superseded) that the customer must accept before disbursal. An
 * approval whose statement is not yet accepted may be approved again (corrected, or renewed after
 * it expired). Answers the statement the loan will be made on and whether it waits.
 */
export async function approveLead(
  db: Database,
  id: number,
  approval: Approval,
  actor: string,
  now = new Date(),
  delivery?: Omit<KfsDelivery, 'db'>,
) {
  const result = await decideOn(
    db,
    id,
    'approve',
    approval.version,
    async (tx, lead) => {
      checkApproval(lead, approval);
      const current = lead.kfsId ? await lockedKfs(tx, lead.kfsId) : undefined;
      const figures = {
        amountPaise: approval.amountPaise,
        tenureDays: approval.tenureDays,
        dailyRatePercent: approval.dailyRatePercent,
      };
      const keep =
        current?.acknowledgedAt && !current.supersededAt && statesTerms(current.content as KeyFactStatement, figures);
      const kfs: KfsRow = keep ? current : await issueKfs(tx, lead, figures, 'approval', now, false);
      await writeLead(tx, id, {
        status: keep ? 'accepted' : 'approved',
        approvedAmountPaise: approval.amountPaise,
        approvedTenureDays: approval.tenureDays,
        approvedRateHundredths: percentToHundredths(approval.dailyRatePercent),
        approvedVersion: lead.version,
        // The application's assigned credit manager stays the customer's contact; else the approver.
        ...(!lead.assignedStaffId && {
          managerName: approval.manager,
          managerMobile: approval.managerMobile ?? site.contact.phone,
          managerEmail: approval.managerEmail ?? site.contact.supportEmail,
        }),
        decidedBy: actor,
        decidedAt: now,
      });
      const { version: _seen, managerMobile: _mobile, managerEmail: _email, ...terms } = approval;
      return {
        result: { kfs, awaitingAcknowledgement: kfs.acknowledgedAt === null },
        audit: { ...terms, kfs_no: kfs.kfsNo, kfs_reissued: !keep },
      };
    },
    actor,
    now,
  );
  // A new statement to accept: the customer is told, with the link, as soon as it is issued.
  if (delivery && result.awaitingAcknowledgement) {
    await deliverKfs({ ...delivery, db }, result.kfs, {
      kind: 'issued',
      validUntil: formatDate(result.kfs.validUntil),
    });
  }
  return result;
}

export async function rejectLead(
  db: Database,
  id: number,
  reason: string,
  actor: string,
  now = new Date(),
  version?: number,
) {
  await decideOn(
    db,
    id,
    'reject',
    version,
    async (tx) => {
      await writeLead(tx, id, { status: 'rejected', decisionReason: reason, decidedBy: actor, decidedAt: now });
      return { result: undefined, audit: { reason } };
    },
    actor,
    now,
  );
}

/** Where a sent-back application reopens: the step staff name, which the customer does again from. */
export const SEND_BACK_STEPS = [
  'loan_quotation_decision',
  'employment_details',
  'documents',
  'banking_details',
] as const;
export type SendBackStep = (typeof SEND_BACK_STEPS)[number];

/**
 * Sends a submitted application back for changes with a reason the customer reads on their
 * dashboard; the customer changes what is asked and submits again (the bank account step), and
 * staff decide on the new version. Any approval before it is void.
 */
export async function sendBackLead(
  db: Database,
  id: number,
  input: { reason: string; step: SendBackStep; version?: number },
  actor: string,
  now = new Date(),
) {
  const reason = input.reason.trim();
  if (!reason) throw new StaffError('Say what the customer should change.');
  await decideOn(
    db,
    id,
    'send_back',
    input.version,
    async (tx, lead) => {
      const firstDocument = requestedDocuments(lead)[0]?.event_name ?? 'banking_details';
      const nextStep = input.step === 'documents' ? firstDocument : input.step;
      const stepPercentage = { loan_quotation_decision: 0, employment_details: 25, documents: 50, banking_details: 75 }[
        input.step
      ];
      await writeLead(tx, id, {
        status: 'sent_back',
        nextStep,
        stepPercentage,
        sentBackReason: reason,
        sentBackAt: now,
        approvedAmountPaise: null,
        approvedTenureDays: null,
        approvedRateHundredths: null,
        approvedVersion: null,
      });
      await updateCustomer(tx, lead.customerId, { nextStep });
      return { result: undefined, audit: { reason, step: input.step } };
    },
    actor,
    now,
  );
}

/**
 * An accepted application becomes a loan, made from exactly the current statement the customer
 * accepted for the approval, and nothing else. The loan, its audit line and the lead's new status are
 * one transaction holding the lead's lock, then the statement's (then the loan is made): a crash
 * leaves the lead accepted with no loan, and disbursing again (or twice at once) makes exactly one loan.
 */
export async function disburseLead(
  db: Database,
  id: number,
  actor: string,
  now = new Date(),
  delivery?: Omit<KfsDelivery, 'db'>,
) {
  const made = retryingTransaction(db, (tx) => makeLoan(tx, id, actor, now));
  let result: Awaited<typeof made>;
  try {
    result = await made;
  } catch (error) {
    // Two disbursals for one customer at once: the database keeps one active loan.
    if (isUniqueViolation(error, 'loans_one_active_per_customer_idx')) throw activeLoanRefusal(id);
    throw error;
  }
  if (delivery) {
    await deliverDisbursal({ ...delivery, db }, result);
  }
  return result.loan;
}

const activeLoanRefusal = (id: number) =>
  new StaffError(
    `The customer of lead ${id} already has an active loan; it must be closed before another is disbursed.`,
  );

/**
 * The loan of an accepted application, inside the caller's transaction (disburseLead's, or a
 * second finance member's approval of a disbursal request): the lead's lock, then its statement's.
 * Every disbursal path comes here, so here (under those locks) the loan is refused unless the account
 * on the lead passed a penny-drop and the customer signed the agreement of the accepted statement
 * (409, LifecycleConflict: bank_not_verified, agreement_not_signed).
 */
export async function makeLoan(tx: Transaction, id: number, actor: string, now: Date) {
  const lead = await lockedLead(tx, id);
  if (!lead) throw new StaffError(`There is no lead ${id}. See: npm run ops -- leads`);
  const kfs = lead.kfsId ? await lockedKfs(tx, lead.kfsId) : undefined;
  if (lead.status === 'approved' && kfs && !kfs.acknowledgedAt) {
    throw new StaffError(
      kfsExpired(kfs, now)
        ? `Key Fact Statement ${kfs.kfsNo} of lead ${id} expired on ${formatDate(kfs.validUntil)} without the customer's acceptance; approve again to issue a new one.`
        : `Lead ${id} waits for the customer to accept Key Fact Statement ${kfs.kfsNo} (valid until ${formatDate(kfs.validUntil)}); it cannot be disbursed before.`,
    );
  }
  if (!allows(lead, 'disburse')) throw new StaffError(`Lead ${id} is ${lead.status}; approve it before disbursing.`);
  const approved = {
    amountPaise: lead.approvedAmountPaise ?? -1,
    tenureDays: lead.approvedTenureDays ?? -1,
    dailyRatePercent: (lead.approvedRateHundredths ?? -1) / 100,
  };
  // The accepted statement must be the lead's current one and state the approved terms exactly.
  if (
    !kfs?.acknowledgedAt ||
    kfs.supersededAt ||
    lead.approvedVersion === null ||
    !statesTerms(kfs.content as KeyFactStatement, approved)
  ) {
    throw new StaffError(
      `Lead ${id} has no accepted Key Fact Statement of its approved terms; approve it again to issue one.`,
    );
  }
  // Paid only into an account a penny-drop verified, on the agreement the customer signed.
  await requireVerifiedAccount(tx, lead);
  await requireSignedAgreement(tx, lead);
  if (await activeLoanOf(tx, lead.customerId)) throw activeLoanRefusal(id);
  const terms = loanTermsOf(kfs.content as KeyFactStatement);
  const loan = await createLoan(tx, {
    customerId: lead.customerId,
    leadId: String(id),
    principalPaise: terms.principalPaise,
    dailyRatePercent: terms.dailyRatePercent,
    tenureDays: terms.tenureDays,
    disbursalDate: indiaDate(now),
    actor,
    now,
    kfsId: kfs.id,
    terms: terms.terms,
  });
  crashPoint('disburse.loan-created');
  await writeLead(tx, id, { status: 'disbursed' });
  return { loan, kfs };
}
