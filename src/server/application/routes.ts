/** The application's read side: documents still needed, loan history, one loan's details, the KFS preview, the single-document upload. */
import { and, desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { indiaDate } from '../../lib/dates.ts';
import { keyFactStatement } from '../../lib/kfs.ts';
import { paiseToRupees } from '../../lib/repayAmount.ts';
import { LOAN_PURPOSES } from '../../lib/schemas/application.ts';
import { site } from '../../lib/site.ts';
import { leads, loans } from '../db/schema.ts';
import { type Quote, quoteRate } from '../eligibility/policy.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { figuresInRupees, loanAccountToday, loanFigures } from '../loans/account.ts';
import { ownCustomer } from '../profile/events.ts';
import { DOCS_ID, mandatoryDocuments, saveDocument } from './documents.ts';
import { openLead } from './events.ts';

const leadId = v.pipe(
  v.union([v.string(), v.number()], 'lead_id is required'),
  v.transform(Number),
  v.integer('lead_id is not valid'),
);

export const applicationRoutes = [
  defineRoute({
    method: 'post',
    path: API.mandatoryDocuments,
    operationId: 'check_customer_mandatory_documents',
    summary: 'The documents the policy asks of this customer, with what is already uploaded',
    tag: 'Application',
    auth: 'session',
    body: v.object({ profile_id: v.optional(v.pipe(v.string(), v.uuid())) }),
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      const lead = await openLead(c, customer.id);
      if (!lead) throw new ApiError(409, 'Failed to fetch required documents.', 'no_application');
      const list = await mandatoryDocuments(c, lead);
      return c.json({
        Status: 1,
        Message: list.length ? 'Success' : 'No documents are required at this moment.',
        Data: list,
      });
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
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const lead = await openLead(c, customer.id);
      if (!lead || lead.id !== input.lead_id)
        throw new ApiError(403, 'This application does not belong to the signed-in customer.', 'forbidden');
      const { doc } = await saveDocument(c, lead, DOCS_ID[input.docs_id] as string, input.file, input.password);
      return ok(c, {}, `${doc.name} uploaded.`);
    },
  }),
  defineRoute({
    method: 'post',
    path: API.keyFactStatement,
    operationId: 'getKeyFactStatement',
    summary: 'The Key Fact Statement for an amount and tenure within the quote, before acceptance',
    tag: 'Application',
    auth: 'session',
    body: v.object({
      amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
      tenure: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const lead = await openLead(c, customer.id);
      if (!lead)
        throw new ApiError(409, 'Start your loan application with the loan calculator first.', 'no_application');
      return ok(
        c,
        // The preview has no number: one is given when the customer accepts (docs/decisions.md).
        keyFactStatement(site, {
          amountPaise: input.amount * 100,
          tenureDays: input.tenure,
          dailyRatePercent: quoteRate(lead.quote as Quote),
          issuedOn: indiaDate(c.get('deps').now()),
          kfsNo: null,
        }),
      );
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
    async handle(c) {
      const customer = await ownCustomer(c);
      const rows = await c
        .get('deps')
        .db.select()
        .from(leads)
        .where(eq(leads.customerId, customer.id))
        .orderBy(desc(leads.createdAt));
      return ok(c, {
        lead_list: rows.map((lead) => ({
          lead_id: lead.id,
          loan_amount: lead.amountPaise === null ? null : paiseToRupees(lead.approvedAmountPaise ?? lead.amountPaise),
          status: lead.status,
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
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const { db } = c.get('deps');
      const [lead] = await db
        .select()
        .from(leads)
        .where(and(eq(leads.id, input.lead_id), eq(leads.customerId, customer.id)));
      // Another customer's lead and a lead that does not exist get the same answer.
      if (!lead) throw new ApiError(404, 'No loan details available.', 'not_found');
      const [loan] = await db
        .select()
        .from(loans)
        .where(eq(loans.leadId, String(lead.id)));
      const account = loan ? await loanAccountToday(db, loan, c.get('deps').now()) : null;
      const paid = account?.collections ?? [];
      const detail = {
        lead_id: lead.id,
        loan_no: loan?.loanNo ?? '',
        first_name: (customer.fullName ?? '').split(' ')[0] ?? '',
        monthly_salary_amount: customer.monthlyIncomePaise === null ? null : paiseToRupees(customer.monthlyIncomePaise),
        loan_amount: paiseToRupees(lead.approvedAmountPaise ?? lead.amountPaise ?? 0),
        tenure: lead.approvedTenureDays ?? lead.tenureDays,
        purpose: lead.purposeId ? LOAN_PURPOSES[lead.purposeId as keyof typeof LOAN_PURPOSES] : '',
        mobile: customer.mobile,
        email: customer.email ?? '',
        status: lead.status,
        pancard: customer.pancard ?? '',
        gender: customer.gender === null ? '' : String(customer.gender),
        marital_status_id: customer.maritalStatusId === null ? '' : String(customer.maritalStatusId),
        m_city_name: customer.residenceCity ?? '',
        m_state_name: customer.residenceState ?? '',
        lead_final_disbursed_date: loan?.disbursalDate ?? '',
        repayment_date: loan?.repaymentDate ?? '',
        // The loan account today (src/lib/loanAccount.ts), as the repay page shows it.
        ...(account && { loan_status: account.loan.status, ...figuresInRupees(loanFigures(account)) }),
        manager: lead.managerName
          ? { name: lead.managerName, mobile: lead.managerMobile, email: lead.managerEmail }
          : null,
      };
      const collection = paid.map((row) => ({
        date: row.createdAt.toISOString(),
        value_date: row.valueDate,
        amount: paiseToRupees(row.amountPaise),
        source: row.source,
        reference: row.reference,
        // Where it went: charges, interest, principal; the rest is to be refunded.
        charges: paiseToRupees(row.chargesPaise ?? 0),
        interest: paiseToRupees(row.interestPaise ?? 0),
        principal: paiseToRupees(row.principalPaise ?? 0),
        excess: paiseToRupees(row.excessPaise),
        held_for_refund: row.heldForRefund,
      }));
      return ok(c, { data: [detail], collection: [collection] });
    },
  }),
];
