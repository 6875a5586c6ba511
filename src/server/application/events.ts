/**
 * The loan application on the shared endpoint (product.md §2, §4, §7): the quote and its Key Fact
 * Statement, employment, the documents the policy asks for, the bank account. Staff then decide
 * with the operations command line.
 */
import type { Context } from 'hono';
import { indiaDate } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import {
  BankingRequest,
  EmploymentRequest,
  GenerateQuoteRequest,
  KFS_REQUIRED,
  KfsAcknowledgementRequest,
  QuoteDecisionRequest,
} from '../../lib/schemas/application.ts';
import type { AppEnv } from '../context.ts';
import { ownCustomer } from '../customers/session.ts';
import { type Customer, updateCustomer } from '../customers/store.ts';
import { type Database, isUniqueViolation, type Transaction } from '../db/client.ts';
import { decide, type Quote, quoteRate } from '../eligibility/policy.ts';
import { crashPoint } from '../faults.ts';
import { ApiError, ok } from '../http/respond.ts';
import { acknowledgeStatement, customerStatement, issueStatement } from '../leads/kfsStore.ts';
import { insertLead, isOpen, type Lead, openLeadOf, updateLead } from '../leads/store.ts';
import { activeLoanOf, hasClosedLoan } from '../loans/store.ts';
import { defineEvent } from '../registration/events.ts';
import { bankOfIfsc } from './banks.ts';
import { documentEvents, mandatoryDocuments } from './documents.ts';
import { type Delivery, deliverStatement, expired } from './statements.ts';

/** How a request's handler delivers a statement: the app's transports, the request's origin for the link. */
export const deliveryOf = (c: Context<AppEnv>): Delivery => {
  const { config, db, sms } = c.get('deps');
  return { config, db, sms, log: c.get('log'), origin: new URL(c.req.url).origin };
};
const APPLICATION_STEPS = [
  'generate_loan_quote',
  'employment_details',
  'documents',
  'banking_details',
  'completed',
] as const;

async function requireLead(c: Context<AppEnv>, customer: Customer): Promise<Lead> {
  const lead = await openLeadOf(c.get('deps').db, customer.id);
  if (!lead) throw new ApiError(409, 'Start your loan application with the loan calculator first.', 'no_application');
  if (lead.status !== 'applied')
    throw new ApiError(409, 'Your application is with our team and can no longer be changed.', 'application_locked');
  return lead;
}

/**
 * Moves the application on: next_step on the lead and on the customer, progress per finished card,
 * in one transaction (the caller's, when it has one) so the two never disagree after a crash.
 */
async function advance(
  c: Context<AppEnv>,
  lead: Lead,
  nextStep: string,
  changes: Partial<Lead> = {},
  tx?: Transaction,
) {
  const card = APPLICATION_STEPS.findIndex(
    (step) => step === nextStep || (step === 'documents' && nextStep.endsWith('_upload')),
  );
  const stepPercentage = Math.max(0, card) * 25;
  const write = async (db: Database | Transaction) => {
    await updateLead(db, lead.id, { ...changes, nextStep, stepPercentage });
    crashPoint('application.advance');
    await updateCustomer(db, lead.customerId, { nextStep });
  };
  await (tx ? write(tx) : c.get('deps').db.transaction(write));
  return { next_step: nextStep, step_percentage: stepPercentage, lead_id: lead.id };
}

/** After employment (or the quote, for a repeat customer): the first document still missing, else the bank. */
async function afterDocuments(c: Context<AppEnv>, lead: Lead, db?: Transaction): Promise<string> {
  const missing = (await mandatoryDocuments(c, lead, db)).find((doc) => !doc.uploaded);
  return missing ? missing.event_name : 'banking_details';
}

export const applicationEvents = {
  ...documentEvents(requireLead, (c, lead, tx) =>
    afterDocuments(c, lead, tx).then((next) => advance(c, lead, next, {}, tx)),
  ),
  generate_loan_quote: defineEvent({
    auth: 'session',
    schema: GenerateQuoteRequest,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      if (customer.eligibilityStatus !== 1) {
        throw new ApiError(409, 'Please complete your profile and check your eligibility first.', 'not_eligible');
      }
      const deps = c.get('deps');
      const answerExisting = (existing: Lead) =>
        ok(c, {
          ...(existing.quote as Quote),
          daily_rate_percent: quoteRate(existing.quote as Quote),
          step_percentage: existing.stepPercentage,
          lead_id: existing.id,
          next_step: existing.nextStep,
        });
      const existing = await openLeadOf(deps.db, customer.id);
      if (existing) return answerExisting(existing);
      const decision = decide(
        {
          dob: customer.dob ?? '',
          monthlyIncomePaise: customer.monthlyIncomePaise ?? 0,
          incomeTypeId: customer.incomeTypeId ?? 0,
          salaryModeId: customer.salaryModeId ?? 0,
          hasActiveLoan: Boolean(await activeLoanOf(deps.db, customer.id)),
          today: indiaDate(deps.now()),
        },
        deps.config.eligibilityPolicy,
      );
      if (!decision.eligible) throw new ApiError(422, decision.message, 'not_eligible');
      // A customer whose earlier loan is closed applies again as a REPEAT customer.
      const userType = (await hasClosedLoan(deps.db, customer.id)) ? 'REPEAT' : 'NEW';
      // The lead and the customer's next step together, as in advance(). Two quotes at once: the
      // database keeps one open lead (leads_one_open_per_customer_idx) and the other request answers it.
      const create = deps.db.transaction(async (tx) => {
        const created = await insertLead(tx, {
          customerId: customer.id,
          userType,
          quote: decision.quote,
          nextStep: 'loan_quotation_decision',
          createdAt: deps.now(),
        });
        await updateCustomer(tx, customer.id, { nextStep: 'loan_quotation_decision' });
        return created;
      });
      let lead: Lead;
      try {
        lead = await create;
      } catch (error) {
        if (!isUniqueViolation(error, 'leads_one_open_per_customer_idx')) throw error;
        const winner = await openLeadOf(deps.db, customer.id);
        if (!winner) throw error;
        return answerExisting(winner);
      }
      return ok(
        c,
        { ...decision.quote, step_percentage: 0, lead_id: lead.id, next_step: 'loan_quotation_decision' },
        'Your loan quote is ready.',
      );
    },
  }),

  loan_quotation_decision: defineEvent({
    auth: 'session',
    schema: QuoteDecisionRequest,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      const lead = await requireLead(c, customer);
      const deps = c.get('deps');
      if (input.accepted_id === 2) {
        await deps.db.transaction(async (tx) => {
          await updateLead(tx, lead.id, { status: 'withdrawn' });
          await updateCustomer(tx, customer.id, { nextStep: 'generate_loan_quote' });
        });
        return ok(
          c,
          { next_step: 'generate_loan_quote', lead_id: lead.id },
          'You declined the quote. You can ask for a new one at any time.',
        );
      }
      const quote = lead.quote as Quote;
      const { amount, tenure, purpose_id: purposeId } = input;
      if (purposeId === undefined) throw new ApiError(400, 'Purpose is required!', 'validation_failed');
      if (amount === undefined || amount < quote.min_loan_amount || amount > quote.max_loan_amount) {
        throw new ApiError(
          400,
          `Choose an amount from ₹${quote.min_loan_amount.toLocaleString('en-IN')} to ₹${quote.max_loan_amount.toLocaleString('en-IN')}.`,
          'validation_failed',
        );
      }
      if (tenure === undefined || tenure < quote.min_loan_tenure || tenure > quote.max_loan_tenure) {
        throw new ApiError(
          400,
          `Choose a tenure from ${quote.min_loan_tenure} to ${quote.max_loan_tenure} days.`,
          'validation_failed',
        );
      }
      if (input.kfs_acknowledged !== true) {
        throw new ApiError(400, KFS_REQUIRED, 'kfs_required');
      }
      const rate = quoteRate(quote);
      const now = deps.now();
      const next = lead.userType === 'NEW' ? 'employment_details' : await afterDocuments(c, lead);
      // The statement is stored, acknowledged, as the lead's current one with the step: all or nothing.
      const { row, step } = await deps.db.transaction(async (tx) => {
        const row = await issueStatement(
          tx,
          lead,
          { amountPaise: amount * 100, tenureDays: tenure, dailyRatePercent: rate },
          'quote',
          now,
          true,
        );
        const step = await advance(
          c,
          lead,
          next,
          {
            purposeId,
            amountPaise: amount * 100,
            tenureDays: tenure,
            dailyRateHundredths: Math.round(rate * 100),
            kfs: row.content,
            kfsAcknowledgedAt: now,
          },
          tx,
        );
        return { row, step };
      });
      await deliverStatement(deliveryOf(c), row, { kind: 'acknowledged' });
      return ok(c, { ...step, kfs: row.content }, 'Quote accepted.');
    },
  }),

  /** The customer accepts a statement staff issued on approving other terms; disbursal waits for it. */
  kfs_acknowledgement: defineEvent({
    auth: 'session',
    schema: KfsAcknowledgementRequest,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      if (input.kfs_acknowledged !== true) throw new ApiError(400, KFS_REQUIRED, 'kfs_required');
      const deps = c.get('deps');
      const found = await customerStatement(deps.db, input.kfs_no, customer.id);
      // Another customer's statement and one that does not exist get the same answer.
      if (!found) throw new ApiError(404, 'No Key Fact Statement available.', 'not_found');
      const { row, lead } = found;
      if (row.acknowledgedAt)
        return ok(
          c,
          { kfs_no: row.kfsNo, acknowledged_at: row.acknowledgedAt.toISOString() },
          'You have already accepted this Key Fact Statement.',
        );
      if (lead.kfsId !== row.id || row.supersededAt || !isOpen(lead)) {
        throw new ApiError(
          409,
          'This Key Fact Statement has been replaced. Please read the latest one.',
          'kfs_superseded',
        );
      }
      const now = deps.now();
      if (expired(row, now)) {
        throw new ApiError(
          409,
          `This Key Fact Statement was valid until ${formatDate(row.validUntil)}. Please contact us for a new one.`,
          'kfs_expired',
        );
      }
      const acknowledged = await acknowledgeStatement(deps.db, row, lead, now);
      // A second acknowledgement at the same moment found it done: one delivery.
      if (acknowledged) await deliverStatement(deliveryOf(c), acknowledged, { kind: 'acknowledged' });
      const content = row.content as KeyFactStatement;
      return ok(
        c,
        {
          kfs_no: row.kfsNo,
          acknowledged_at: (acknowledged?.acknowledgedAt ?? now).toISOString(),
          lead_id: lead.id,
          sanctioned_amount_paise: content.sanctioned_amount_paise,
        },
        `Thank you. You have accepted Key Fact Statement ${row.kfsNo}.`,
      );
    },
  }),

  employment_details: defineEvent({
    auth: 'session',
    schema: EmploymentRequest,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      const lead = await requireLead(c, customer);
      if (!lead.kfsAcknowledgedAt) throw new ApiError(409, 'Please accept a loan quote first.', 'out_of_order');
      const { event_name: _event, profile_id: _profile, ...employment } = input;
      const step = await advance(c, lead, await afterDocuments(c, lead), { employment });
      return ok(c, step, 'Employment details saved.');
    },
  }),

  banking_details: defineEvent({
    auth: 'session',
    schema: BankingRequest,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      const lead = await requireLead(c, customer);
      const missing = (await mandatoryDocuments(c, lead)).filter((doc) => !doc.uploaded);
      if (!lead.kfsAcknowledgedAt || missing.length > 0) {
        throw new ApiError(409, 'Please upload all required documents.', 'out_of_order');
      }
      const bank = {
        account_name: input.account_name,
        account_branch: input.account_branch,
        account_ifsc: input.account_ifsc,
        // Stored in full, as given: the loan is paid into this account. Only what is shown of it
        // (npm run ops -- lead) is cut to the last four digits.
        account_number: input.account_number,
        account_type_id: input.account_type_id,
        bank_name: bankOfIfsc(input.account_ifsc) ?? '',
        verification_consent_at: c.get('deps').now().toISOString(),
      };
      const step = await advance(c, lead, 'completed', { bank });
      return ok(
        c,
        { ...step, step_percentage: 100, bank_name: bank.bank_name },
        'Bank details saved. Your application is complete.',
      );
    },
  }),
};
