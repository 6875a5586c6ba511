/**
 * The back office's application work (issue 22): credit's queue of submitted applications, the
 * whole application as submitted, and the decisions (approve within the policy, send back, reject),
 * each on the version staff read; finance's disbursals under four eyes. The routes call the same
 * services as the command line (application/staff.ts, ./disbursals.ts).
 */
import * as v from 'valibot';
import type { AgreementState } from '../../lib/agreement.ts';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import type { DocumentLanguage } from '../../lib/documentText/languages.ts';
import { paiseFromRupees, rupeesFromPaise } from '../../lib/money.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import {
  ApplicationAnswer,
  ApplicationsQueueAnswer,
  ApproveAnswer,
  ApproveDisbursalAnswer,
  AssignAnswer,
  DisbursalsAnswer,
  RejectAnswer,
  RequestDisbursalAnswer,
  SendBackAnswer,
} from '../../lib/schemas/answers/staffApplications.ts';
import { agreementOfApplication, signedAgreementForStaff } from '../agreement/service.ts';
import { lockedLead, writeLead } from '../application/lifecycle.ts';
import { approveLead, findLead, rejectLead, SEND_BACK_STEPS, StaffError, sendBackLead } from '../application/staff.ts';
import { checksOfLead } from '../bankAccount/service.ts';
import { bureauChecksForStaff } from '../bureauCheck/service.ts';
import { customerById } from '../customers/store.ts';
import type { Database } from '../db/client.ts';
import { retryingTransaction } from '../db/retry.ts';
import { auditLog } from '../db/schema.ts';
import { type Quote, quoteRate } from '../eligibility/policy.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { scopeOf } from '../http/scope.ts';
import { deliverDisbursal } from '../kfs/service.ts';
import { kfsOfLead } from '../kfs/store.ts';
import { auditOfLead, documentsOfLead, isOpen, type Lead, leadsInStates, storedDocuments } from '../leads/store.ts';
import { fileUrl } from '../storage/files.ts';
import { assignedTo } from './assignment.ts';
import { approveDisbursal, openDisbursalRequests, requestDisbursal } from './disbursals.ts';
import { staffActor } from './roles.ts';
import { staffOf } from './session.ts';
import { allStaff, staffById } from './store.ts';

const TAG = 'staff';
const LeadId = v.pipe(v.number('lead_id is required'), v.integer('lead_id is not valid'), v.minValue(1));
const Version = v.pipe(v.number('version is required: the one you read'), v.integer(), v.minValue(1));
const Reason = v.pipe(
  v.string('reason is required'),
  v.trim(),
  v.minLength(1, 'reason is required!'),
  v.maxLength(500),
);
const Sort = v.optional(v.picklist(['oldest', 'newest'], 'sort is oldest or newest'), 'oldest');

/** Staff's decisions refused by the policy or the state answer 409 with the reason. */
async function decided<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaffError) throw new ApiError(409, error.message, 'staff_refused');
    throw error;
  }
}

const hoursSince = (at: Date | null, now: Date) => (at ? Math.floor((now.getTime() - at.getTime()) / 3_600_000) : 0);

/** A queue's rows, oldest first or newest first, with its count. */
function queue<T>(rows: T[], sort: 'oldest' | 'newest') {
  const items = sort === 'newest' ? [...rows].reverse() : rows;
  return { count: items.length, items };
}

async function applicationAsSubmitted(c: Parameters<typeof fileUrl>[0], db: Database, lead: Lead) {
  const customer = await customerById(db, lead.customerId);
  const quote = lead.quote as Quote;
  const documents = await documentsOfLead(db, lead.id);
  const files = await storedDocuments(db, lead.id);
  const names = new Map((await allStaff(db)).map((member) => [member.id, member.name]));
  const statements = await kfsOfLead(db, lead.id);
  const agreement = await agreementOfApplication(db, lead);
  return {
    lead_id: lead.id,
    version: lead.version,
    status: lead.status,
    user_type: lead.userType,
    submitted_at: lead.submittedAt?.toISOString() ?? null,
    sent_back_reason: lead.sentBackReason,
    // The credit manager the customer sees (an admin may reassign them).
    manager: lead.assignedStaffId ? { staff_id: lead.assignedStaffId, name: lead.managerName ?? '' } : null,
    applicant: {
      name: customer?.fullName ?? '',
      mobile: customer?.mobile ?? '',
      email: customer?.email ?? '',
      pancard: customer?.pancard ?? '',
      dob: customer?.dob ?? '',
      monthly_income: customer?.monthlyIncomePaise === null ? null : rupeesFromPaise(customer?.monthlyIncomePaise ?? 0),
      salary_mode_id: customer?.salaryModeId ?? null,
      income_type_id: customer?.incomeTypeId ?? null,
      residence: [
        customer?.residenceAddress1,
        customer?.residenceAddress2,
        customer?.residenceCity,
        customer?.residencePincode,
      ]
        .filter(Boolean)
        .join(', '),
      selfie_url: customer?.selfieFileId ? fileUrl(c, customer.selfieFileId) : null,
    },
    quote: { ...quote, daily_rate_percent: quoteRate(quote) },
    asked: {
      amount: lead.amountPaise === null ? null : rupeesFromPaise(lead.amountPaise),
      tenure: lead.tenureDays,
      daily_rate_percent: lead.dailyRateHundredths === null ? null : lead.dailyRateHundredths / 100,
      purpose_id: lead.purposeId,
    },
    // Stored as the forms sent them (JSON objects), or null before that step.
    employment: lead.employment as Record<string, unknown> | null,
    bank: lead.bank as Record<string, unknown> | null,
    bank_checks: (await checksOfLead(db, lead.id)).map((check) => ({
      checked_at: check.checkedAt.toISOString(),
      outcome: check.outcome,
      account_ifsc: check.accountIfsc,
      account_last4: check.accountNumber.slice(-4),
      name_at_bank: check.nameAtBank,
      pan_name: check.panName,
      branch: check.branch,
      detail: check.detail,
      provider: check.provider,
      reference: check.reference,
    })),
    bureau_checks: await bureauChecksForStaff(db, lead.customerId),
    documents: documents.map((doc) => {
      const file = files.get(doc.docType);
      return {
        doc_type: doc.docType,
        // The upload checks' result (an encrypted PDF opened with its password, an Aadhaar's last four).
        note: doc.note,
        content_type: file?.content_type ?? null,
        size_bytes: file ? Number(file.size_bytes) : null,
        uploaded_at: doc.uploadedAt.toISOString(),
        file_url: fileUrl(c, doc.fileId),
      };
    }),
    statements: statements.map((row) => ({
      kfs_no: row.kfsNo,
      reason: row.reason,
      current: row.id === lead.kfsId,
      issued_at: row.issuedAt.toISOString(),
      acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
      superseded_at: row.supersededAt?.toISOString() ?? null,
    })),
    agreement: agreement
      ? {
          agreement_no: agreement.agreementNo,
          status: agreement.status as AgreementState,
          language: agreement.language as DocumentLanguage,
          requested_at: agreement.requestedAt?.toISOString() ?? null,
          decided_at: agreement.decidedAt?.toISOString() ?? null,
          document_sha256: agreement.documentSha256,
        }
      : null,
    history: (await auditOfLead(db, lead.id)).map((row) => ({
      at: row.createdAt.toISOString(),
      actor: row.actor,
      // Staff by name; the command line's and the system's actors as recorded.
      actor_name: names.get(row.actor.replace(/^staff:/, '')) ?? row.actor,
      action: row.action,
    })),
  };
}

export const staffApplicationRoutes = [
  defineRoute({
    method: 'post',
    path: STAFF_API.assign,
    operationId: 'staffAssign',
    summary: "Assigns an open application to a credit member, who becomes the customer's credit manager (admin)",
    tag: TAG,
    auth: 'staff',
    roles: ['admin'],
    body: v.object({
      lead_id: LeadId,
      staff_id: v.pipe(v.string('staff_id is required'), v.uuid('staff_id is not valid')),
    }),
    answer: AssignAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const member = await staffById(db, input.staff_id);
      if (!member || member.disabledAt || !member.roles.includes('credit')) {
        throw new ApiError(409, 'Assign applications to an active credit member.', 'not_credit');
      }
      const at = now();
      const assigned = await retryingTransaction(db, async (tx) => {
        const lead = await lockedLead(tx, input.lead_id);
        if (!lead || !isOpen(lead)) return false;
        await writeLead(tx, lead.id, assignedTo(member, at));
        await tx.insert(auditLog).values({
          actor: staffActor(staffOf(c)),
          action: 'lead.assigned',
          subject: String(lead.id),
          detail: { staff_id: member.id, version: lead.version },
          createdAt: at,
        });
        return true;
      });
      if (!assigned) throw new ApiError(409, `Lead ${input.lead_id} is not an open application.`, 'not_open');
      return ok(c, { lead_id: input.lead_id, manager: member.name }, `${member.name} is now the credit manager.`);
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.applications,
    operationId: 'staffApplications',
    summary:
      'Applications submitted for a decision, oldest first (or newest), with their count (credit; admin to reassign)',
    tag: TAG,
    auth: 'staff',
    roles: ['credit', 'admin'],
    body: v.object({ sort: Sort }),
    answer: ApplicationsQueueAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const at = now();
      const rows = (await leadsInStates(db, ['submitted'])).map(({ lead, name }) => ({
        lead_id: lead.id,
        version: lead.version,
        applicant: name ?? '',
        amount: lead.amountPaise === null ? null : rupeesFromPaise(lead.amountPaise),
        tenure: lead.tenureDays,
        user_type: lead.userType,
        submitted_at: lead.submittedAt?.toISOString() ?? null,
        age_hours: hoursSince(lead.submittedAt, at),
      }));
      return ok(c, queue(rows, input.sort));
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.application,
    operationId: 'staffApplication',
    summary:
      'One application as submitted: applicant, quote, terms asked, employment, bank, documents, statements, history (credit, finance; admin to reassign it)',
    tag: TAG,
    auth: 'staff',
    roles: ['credit', 'finance', 'admin'],
    body: v.object({ lead_id: LeadId }),
    answer: ApplicationAnswer,
    async handle(c, input) {
      const { db } = c.get('deps');
      const lead = await decided(() => findLead(db, input.lead_id)).catch(() => {
        throw new ApiError(404, `There is no lead ${input.lead_id}.`, 'not_found');
      });
      return ok(c, await applicationAsSubmitted(scopeOf(c), db, lead));
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.agreementPdf,
    operationId: 'staffAgreementPdf',
    summary:
      "An application's signed loan agreement as a PDF (application/pdf, an attachment), as the e-sign provider signed it (credit, finance; admin)",
    tag: TAG,
    auth: 'staff',
    roles: ['credit', 'finance', 'admin'],
    body: v.object({ lead_id: LeadId }),
    fileResponse: 'application/pdf',
    failures: { 404: 'There is no such application, or its loan agreement is not signed.' },
    async handle(c, input) {
      const deps = c.get('deps');
      const lead = await decided(() => findLead(deps.db, input.lead_id)).catch(() => {
        throw new ApiError(404, `There is no lead ${input.lead_id}.`, 'not_found');
      });
      const { bytes, fileName } = await signedAgreementForStaff(deps, lead);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.approve,
    operationId: 'staffApprove',
    summary:
      "Approves a submitted application within the policy, on the version read; the approver is the customer's credit manager (credit)",
    tag: TAG,
    auth: 'staff',
    roles: ['credit'],
    body: v.object({
      lead_id: LeadId,
      version: Version,
      amount: v.pipe(v.number('amount is required'), v.integer('The amount must be whole rupees.')),
      tenure: v.pipe(v.number('tenure is required'), v.integer('The tenure is a number of days.')),
      roi: v.pipe(v.number('roi is required'), v.minValue(0.01), v.maxValue(5)),
    }),
    answer: ApproveAnswer,
    async handle(c, input) {
      const { db, now, config, sms, mail } = c.get('deps');
      const staff = staffOf(c);
      const member = await staffById(db, staff.staffId);
      const approved = await decided(() =>
        approveLead(
          db,
          input.lead_id,
          {
            amountPaise: paiseFromRupees(input.amount),
            tenureDays: input.tenure,
            dailyRatePercent: percentToHundredths(input.roi) / 100,
            manager: staff.name,
            managerEmail: staff.email,
            ...(member?.mobile && { managerMobile: member.mobile }),
            version: input.version,
          },
          staffActor(staff),
          now(),
          { config, sms, mail, log: c.get('log') },
        ),
      );
      return ok(
        c,
        {
          status: approved.awaitingAcknowledgement ? ('approved' as const) : ('accepted' as const),
          kfs_no: approved.kfs.kfsNo,
          awaiting_acknowledgement: approved.awaitingAcknowledgement,
        },
        approved.awaitingAcknowledgement
          ? `Approved. Key Fact Statement ${approved.kfs.kfsNo} was sent to the customer to accept.`
          : 'Approved on the statement the customer accepted: ready for disbursal.',
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.sendBack,
    operationId: 'staffSendBack',
    summary: 'Sends a submitted application back to the customer with a reason they read, on the version read (credit)',
    tag: TAG,
    auth: 'staff',
    roles: ['credit'],
    body: v.object({
      lead_id: LeadId,
      version: Version,
      reason: Reason,
      step: v.optional(v.picklist(SEND_BACK_STEPS), 'documents'),
    }),
    answer: SendBackAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const { reason, step, version } = input;
      await decided(() => sendBackLead(db, input.lead_id, { reason, step, version }, staffActor(staffOf(c)), now()));
      return ok(c, { status: 'sent_back' as const }, 'Sent back to the customer.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.reject,
    operationId: 'staffReject',
    summary: 'Rejects an application before disbursal, with the reason, on the version read (credit)',
    tag: TAG,
    auth: 'staff',
    roles: ['credit'],
    body: v.object({ lead_id: LeadId, version: Version, reason: Reason }),
    answer: RejectAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      await decided(() => rejectLead(db, input.lead_id, input.reason, staffActor(staffOf(c)), now(), input.version));
      return ok(c, { status: 'rejected' as const }, 'Rejected.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.disbursals,
    operationId: 'staffDisbursals',
    summary: 'Accepted applications to request a disbursal for, and requests waiting for a second approver (finance)',
    tag: TAG,
    auth: 'staff',
    roles: ['finance'],
    body: v.object({ sort: Sort }),
    answer: DisbursalsAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const at = now();
      const requests = await openDisbursalRequests(db);
      const requested = new Set(requests.map((row) => row.leadId));
      const ready = (await leadsInStates(db, ['accepted']))
        .filter(({ lead }) => !requested.has(lead.id))
        .map(({ lead, name }) => ({
          lead_id: lead.id,
          version: lead.version,
          applicant: name ?? '',
          amount: rupeesFromPaise(lead.approvedAmountPaise ?? 0),
          tenure: lead.approvedTenureDays,
          age_hours: hoursSince(lead.decidedAt, at),
        }));
      const waiting = requests.map((row) => ({
        request_id: row.id,
        lead_id: row.leadId,
        amount: rupeesFromPaise(row.amountPaise ?? 0),
        payout_reference: row.payoutReference,
        requested_by: row.requestedBy,
        requested_by_you: row.requestedById === staffOf(c).staffId,
        age_hours: hoursSince(row.requestedAt, at),
      }));
      return ok(c, { to_request: queue(ready, input.sort), to_approve: queue(waiting, input.sort) });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.requestDisbursal,
    operationId: 'staffRequestDisbursal',
    summary:
      'Requests the disbursal of an accepted application with the payout reference (finance, first pair of eyes)',
    tag: TAG,
    auth: 'staff',
    roles: ['finance'],
    body: v.object({
      lead_id: LeadId,
      version: Version,
      payout_reference: v.pipe(
        v.string('payout_reference is required'),
        v.trim(),
        v.regex(/^[A-Za-z0-9-]{6,40}$/, 'The payout reference is 6 to 40 letters, digits or dashes.'),
      ),
    }),
    answer: RequestDisbursalAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const id = await requestDisbursal(
        db,
        input.lead_id,
        { version: input.version, payoutReference: input.payout_reference },
        staffOf(c),
        now(),
      );
      return ok(c, { request_id: id }, 'Requested: another finance member must approve it.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.approveDisbursal,
    operationId: 'staffApproveDisbursal',
    summary: "Approves another finance member's disbursal request, which makes the loan (finance, second pair of eyes)",
    tag: TAG,
    auth: 'staff',
    roles: ['finance'],
    body: v.object({ request_id: v.pipe(v.number('request_id is required'), v.integer(), v.minValue(1)) }),
    answer: ApproveDisbursalAnswer,
    async handle(c, input) {
      const { config, db, sms, mail, now } = c.get('deps');
      const made = await approveDisbursal(db, input.request_id, staffOf(c), now());
      // The borrower's disbursal SMS and e-mail, as when one member disburses (after the commit).
      await deliverDisbursal({ config, db, sms, mail, log: c.get('log') }, made);
      return ok(
        c,
        { loan_no: made.loan.loanNo, principal: rupeesFromPaise(made.loan.principalPaise) },
        `Disbursed as loan ${made.loan.loanNo}.`,
      );
    },
  }),
];
