/** The application's read side: documents still needed, loan history, one loan's details, the single-document upload. */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { rupeesFromPaise } from '../../lib/money.ts';
import { KycDocumentsAnswer, MandatoryDocumentsAnswer } from '../../lib/schemas/answers/documents.ts';
import { LeadDetailAnswer, LeadListAnswer } from '../../lib/schemas/answers/loans.ts';
import { MessageOnlyAnswer } from '../../lib/schemas/answers/message.ts';
import { LOAN_PURPOSES } from '../../lib/schemas/application.ts';
import { accountOfLead } from '../bankAccount/service.ts';
import { ownCustomer } from '../customers/session.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { scopeOf } from '../http/scope.ts';
import { kfsById } from '../kfs/store.ts';
import { leadOfCustomer, leadsOf, openLeadOf } from '../leads/store.ts';
import { loanAccountToday } from '../loans/account.ts';
import { figuresInRupees, loanFigures } from '../loans/accountFigures.ts';
import { loanOfLead, loansOf } from '../loans/store.ts';
import { refundDueOn, refundsOfLoan } from '../refunds/store.ts';
import { eventRoute } from '../registration/events.ts';
import { DOCS_ID, kycDocuments, mandatoryDocuments, saveDocument } from './documents.ts';
import { applicationEvents } from './events.ts';

/** The two events product.md §7 names saveleadDetails; the registration endpoint still answers them for old clients. */
const LEAD_EVENTS = {
  generate_loan_quote: applicationEvents.generate_loan_quote,
  loan_quotation_decision: applicationEvents.loan_quotation_decision,
};

const leadId = v.pipe(
  v.union([v.string(), v.number()], 'lead_id is required'),
  v.transform(Number),
  v.integer('lead_id is not valid'),
);

/** A disbursed application whose loan is repaid reads as closed in the history and the details. */
const shownStatus = (leadStatus: string, loanStatus: string | undefined) =>
  leadStatus === 'disbursed' && loanStatus === 'closed' ? 'closed' : leadStatus;

export const applicationRoutes = [
  eventRoute({
    path: API.saveleadDetails,
    operationId: 'saveleadDetails',
    summary: 'The loan quote (generate_loan_quote) and the decision on it (loan_quotation_decision), by event_name',
    tag: 'Application',
    auth: 'session',
    events: LEAD_EVENTS,
    unknown: (name) => `Unknown event_name "${name}": this call takes generate_loan_quote or loan_quotation_decision.`,
  }),
  defineRoute({
    method: 'post',
    path: API.mandatoryDocuments,
    operationId: 'check_customer_mandatory_documents',
    summary: 'The documents the policy asks of this customer, with what is already uploaded',
    tag: 'Application',
    auth: 'session',
    body: v.object({ profile_id: v.optional(v.pipe(v.string(), v.uuid())) }),
    answer: MandatoryDocumentsAnswer,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      const lead = await openLeadOf(c.get('deps').db, customer.id);
      if (!lead) throw new ApiError(409, 'Failed to fetch required documents.', 'no_application');
      const list = await mandatoryDocuments(scopeOf(c), lead);
      return ok(c, list, list.length ? 'Success' : 'No documents are required at this moment.');
    },
  }),
  defineRoute({
    method: 'post',
    path: API.kycDocuments,
    operationId: 'getKycDocuments',
    summary: 'The kyc screen: PAN, selfie and each loan document of the newest application, on file or not',
    tag: 'Application',
    auth: 'session',
    body: v.object({ profile_id: v.optional(v.pipe(v.string(), v.uuid())) }),
    answer: KycDocumentsAnswer,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      return ok(c, await kycDocuments(scopeOf(c), customer));
    },
  }),
  defineRoute({
    method: 'post',
    path: API.singleDocument,
    operationId: 'uploadSingleDocument',
    summary: 'One document by docs_id (PAN 4, utility bill 8, salary slip 16, bank statement 6)',
    tag: 'Application',
    auth: 'session',
    body: v.object({
      lead_id: leadId,
      token: v.optional(v.string()),
      file: v.string(),
      ext: v.optional(v.string()),
      password: v.optional(v.string(), 'N/A'),
      docs_id: v.pipe(
        v.union([v.string(), v.number()]),
        v.transform(Number),
        v.picklist([4, 6, 8, 16], 'docs_id is 4, 6, 8 or 16'),
      ),
    }),
    answer: MessageOnlyAnswer,
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const { doc } = await saveDocument(
        scopeOf(c),
        customer,
        DOCS_ID[input.docs_id] as string,
        input.file,
        input.password,
        {
          leadId: input.lead_id,
        },
      );
      return ok(c, {}, `${doc.name} uploaded.`);
    },
  }),
  defineRoute({
    method: 'post',
    path: API.leadList,
    operationId: 'getLeadList',
    summary: "The signed-in customer's loan applications, newest first",
    tag: 'Application',
    auth: 'session',
    body: v.object({ pancard: v.optional(v.string()) }),
    answer: LeadListAnswer,
    async handle(c) {
      const customer = await ownCustomer(c);
      const { db } = c.get('deps');
      const rows = await leadsOf(db, customer.id);
      const loanRows = await loansOf(db, customer.id);
      const loanStatus = new Map(loanRows.map((loan) => [loan.leadId, loan.status]));
      return ok(c, {
        lead_list: rows.map((lead) => ({
          lead_id: lead.id,
          loan_amount: lead.amountPaise === null ? null : rupeesFromPaise(lead.approvedAmountPaise ?? lead.amountPaise),
          status: shownStatus(lead.status, loanStatus.get(String(lead.id))),
          lead_entry_date: lead.createdAt.toISOString(),
        })),
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: API.leadDetail,
    operationId: 'getLeadDetail',
    summary: 'One of the customer’s applications with its loan and collections',
    tag: 'Application',
    auth: 'session',
    body: v.object({ lead_id: leadId }),
    answer: LeadDetailAnswer,
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const { db } = c.get('deps');
      const lead = await leadOfCustomer(db, input.lead_id, customer.id);
      // Another customer's lead and a lead that does not exist get the same answer.
      if (!lead) throw new ApiError(404, 'No loan details available.', 'not_found');
      const loan = await loanOfLead(db, lead.id);
      const account = loan ? await loanAccountToday(db, loan, c.get('deps').now()) : null;
      const paid = account?.collections ?? [];
      // The statement the loan was made on, else the application's current one: its figures as stated.
      const statement = (await kfsById(db, loan?.kfsId ?? lead.kfsId))?.content as KeyFactStatement | undefined;
      const detail = {
        lead_id: lead.id,
        loan_no: loan?.loanNo ?? '',
        first_name: (customer.fullName ?? '').split(' ')[0] ?? '',
        monthly_salary_amount:
          customer.monthlyIncomePaise === null ? null : rupeesFromPaise(customer.monthlyIncomePaise),
        loan_amount: rupeesFromPaise(lead.approvedAmountPaise ?? lead.amountPaise ?? 0),
        tenure: lead.approvedTenureDays ?? lead.tenureDays,
        ...(statement && {
          amount_credited: rupeesFromPaise(statement.disbursed_amount_paise),
          amount_repayable: rupeesFromPaise(statement.total_repayable_paise),
        }),
        purpose: lead.purposeId ? LOAN_PURPOSES[lead.purposeId as keyof typeof LOAN_PURPOSES] : '',
        mobile: customer.mobile,
        email: customer.email ?? '',
        status: shownStatus(lead.status, loan?.status),
        pancard: customer.pancard ?? '',
        gender: customer.gender === null ? '' : String(customer.gender),
        marital_status_id: customer.maritalStatusId === null ? '' : String(customer.maritalStatusId),
        m_city_name: customer.residenceCity ?? '',
        m_state_name: customer.residenceState ?? '',
        lead_final_disbursed_date: loan?.disbursalDate ?? '',
        repayment_date: loan?.repaymentDate ?? '',
        // The loan account today (src/lib/loanAccount.ts), as the repay page shows it.
        ...(account && { loan_status: account.loan.status, ...figuresInRupees(loanFigures(account)) }),
        bank_account: await accountOfLead(db, lead),
        manager: lead.managerName
          ? { name: lead.managerName, mobile: lead.managerMobile, email: lead.managerEmail }
          : null,
      };
      const requests = loan ? await refundsOfLoan(db, loan.id) : [];
      const collection = paid.map((row) => ({
        date: row.createdAt.toISOString(),
        value_date: row.valueDate,
        amount: rupeesFromPaise(row.amountPaise),
        source: row.source,
        reference: row.reference,
        // Where it went: charges, interest, principal; the rest is to be refunded.
        charges: rupeesFromPaise(row.chargesPaise ?? 0),
        interest: rupeesFromPaise(row.interestPaise ?? 0),
        principal: rupeesFromPaise(row.principalPaise ?? 0),
        excess: rupeesFromPaise(row.excessPaise),
        held_for_refund: row.heldForRefund,
        // Its refunds and their state: paid (by the provider or by bank transfer), or being processed.
        refunds: [
          ...(account?.reversals ?? [])
            .filter((reversal) => reversal.collectionId === row.id && reversal.kind === 'refund')
            .map((reversal) => ({
              amount: rupeesFromPaise(reversal.amountPaise),
              status: 'paid' as const,
              source: reversal.provider,
              reference: reversal.providerReference,
              date: reversal.valueDate,
            })),
          ...requests
            .filter((request) => request.collectionId === row.id && request.status === 'requested')
            .map((request) => ({
              amount: rupeesFromPaise(request.amountPaise),
              status: 'processing' as const,
              // Due a set number of days after the money arrived (docs/decisions.md, "Refunds within seven days").
              due_on: refundDueOn(row.valueDate, c.get('deps').config.refunds.dueDays),
            })),
        ],
      }));
      return ok(c, { data: [detail], collection: [collection] });
    },
  }),
];
