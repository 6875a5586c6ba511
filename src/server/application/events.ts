/**
 * The loan application on the shared endpoint (product.md §2, §4, §7): the quote and its Key Fact
 * Statement, employment, the documents the policy asks for, the bank account. Each change runs under
 * the lead's lock in the state machine of ./lifecycle.ts; once submitted, staff decide (./staff.ts).
 */

import type * as v from 'valibot';
import { KFS_ACKNOWLEDGEMENT_LABELS } from '../../lib/consents/kinds.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { paiseFromRupees } from '../../lib/money.ts';
import { percentToHundredths } from '../../lib/rates.ts';
import {
  ApplicationStepAnswer,
  BankingAnswer,
  QuoteAnswer,
  QuoteDecisionAnswer,
} from '../../lib/schemas/answers/application.ts';
import {
  BankingRequest,
  EmploymentRequest,
  GenerateQuoteRequest,
  KFS_REQUIRED,
  QuoteDecisionRequest,
} from '../../lib/schemas/application.ts';
import { site } from '../../lib/site.ts';
import { bankOfIfsc } from '../bankAccount/ifsc.ts';
import { verifyBankAccount } from '../bankAccount/service.ts';
import { recordKfsAcknowledgement } from '../consents/service.ts';
import { signedInCustomer } from '../customers/session.ts';
import { type Customer, updateCustomer } from '../customers/store.ts';
import { isUniqueViolation, type Transaction } from '../db/client.ts';
import { crashPoint } from '../dev/faults.ts';
import { type Quote, quoteRate } from '../eligibility/policy.ts';
import { ApiError } from '../http/respond.ts';
import type { RequestScope } from '../http/scope.ts';
import { kfsDelivery, queueKfsMessages, wakeSenders } from '../kfs/service.ts';
import { issueKfs } from '../kfs/store.ts';
import { insertLead, type Lead, openLeadOf } from '../leads/store.ts';
import { hasClosedLoan } from '../loans/store.ts';
import { answer, defineEvent, type EventCall } from '../registration/events.ts';
import { assignedTo, nextCreditManager } from '../staff/assignment.ts';
import { documentEvents, mandatoryDocuments } from './documents.ts';
import { type CustomerChange, changeOpenApplication, requireAllowed, writeLead } from './lifecycle.ts';
import { decisionToday, withinQuote } from './quote.ts';

const APPLICATION_STEPS = [
  'generate_loan_quote',
  'employment_details',
  'documents',
  'banking_details',
  'completed',
] as const;

/** A customer's change of their open application, under its lock (lifecycle.ts). */
const changeApplication = <T>(
  call: EventCall,
  customer: Pick<Customer, 'id'>,
  action: CustomerChange,
  work: (tx: Transaction, lead: Lead) => Promise<T>,
) => changeOpenApplication(call.deps.db, customer.id, action, work);

/**
 * Moves the application on: next_step on the lead and on the customer, progress per finished card,
 * in the caller's transaction so the two never disagree after a crash. The last step submits it.
 */
async function advance(tx: Transaction, lead: Lead, nextStep: string, now: Date, changes: Partial<Lead> = {}) {
  const card = APPLICATION_STEPS.findIndex(
    (step) => step === nextStep || (step === 'documents' && nextStep.endsWith('_upload')),
  );
  const stepPercentage = Math.max(0, card) * 25;
  const submitted = nextStep === 'completed';
  if (submitted) requireAllowed(lead, 'submit');
  // A submitted application gets its credit manager in turn; one sent back keeps the one it had.
  const manager = submitted && !lead.assignedStaffId ? await nextCreditManager(tx) : undefined;
  await writeLead(tx, lead.id, {
    ...changes,
    nextStep,
    stepPercentage,
    ...(submitted && { status: 'submitted', submittedAt: now, sentBackReason: null }),
    ...(manager && assignedTo(manager, now)),
  });
  crashPoint('application.advance');
  await updateCustomer(tx, lead.customerId, { nextStep });
  return { next_step: nextStep, step_percentage: stepPercentage, lead_id: lead.id };
}

/** After employment (or the quote, for a repeat customer): the first document still missing, else the bank. */
async function afterDocuments(scope: RequestScope, lead: Lead, db: Transaction): Promise<string> {
  const missing = (await mandatoryDocuments(scope, lead, db)).find((doc) => !doc.uploaded);
  return missing ? missing.event_name : 'banking_details';
}

/** The fee and GST every statement issued now charges (lib/kfs.ts reads the same site data). */
const feeTerms = {
  processing_fee_percent: site.loan.processingFeePercent,
  gst_percent: site.loan.gstPercent,
};

export const applicationEvents = {
  ...documentEvents((call, lead, tx) =>
    afterDocuments(call, lead, tx).then((next) => advance(tx, lead, next, call.deps.now())),
  ),
  generate_loan_quote: defineEvent({
    auth: 'session',
    schema: GenerateQuoteRequest,
    answer: QuoteAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      if (customer.eligibilityStatus !== 1) {
        throw new ApiError(409, 'Please complete your profile and check your eligibility first.', 'not_eligible');
      }
      const { deps } = call;
      const answerExisting = (existing: Lead) =>
        answer<v.InferOutput<typeof QuoteAnswer>>({
          ...(existing.quote as Quote),
          daily_rate_percent: quoteRate(existing.quote as Quote),
          ...feeTerms,
          step_percentage: existing.stepPercentage,
          lead_id: existing.id,
          next_step: existing.nextStep,
        });
      const existing = await openLeadOf(deps.db, customer.id);
      if (existing) return answerExisting(existing);
      const decision = await decisionToday(call, customer);
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
      return answer(
        { ...decision.quote, ...feeTerms, step_percentage: 0, lead_id: lead.id, next_step: 'loan_quotation_decision' },
        'Your loan quote is ready.',
      );
    },
  }),

  loan_quotation_decision: defineEvent({
    auth: 'session',
    schema: QuoteDecisionRequest,
    answer: QuoteDecisionAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      const { deps } = call;
      if (input.accepted_id === 2) {
        const lead = await changeApplication(call, customer, 'withdraw', async (tx, lead) => {
          await writeLead(tx, lead.id, { status: 'withdrawn' });
          await updateCustomer(tx, customer.id, { nextStep: 'generate_loan_quote' });
          return lead;
        });
        return answer(
          { next_step: 'generate_loan_quote' as const, lead_id: lead.id },
          'You declined the quote. You can ask for a new one at any time.',
        );
      }
      if (input.purpose_id === undefined) throw new ApiError(400, 'Purpose is required!', 'validation_failed');
      if (input.kfs_acknowledged !== true) throw new ApiError(400, KFS_REQUIRED, 'kfs_required');
      const { purpose_id: purposeId } = input;
      const now = deps.now();
      // The statement is stored, acknowledged, as the lead's current one with the step: all or
      // nothing, under the lead's lock, and only while the customer may still change the application.
      const { row, step } = await changeApplication(call, customer, 'change', async (tx, lead) => {
        const quote = lead.quote as Quote;
        const { amount, tenure } = withinQuote(quote, input);
        const rate = quoteRate(quote);
        const next = lead.userType === 'NEW' ? 'employment_details' : await afterDocuments(call, lead, tx);
        const row = await issueKfs(
          tx,
          lead,
          { amountPaise: paiseFromRupees(amount), tenureDays: tenure, dailyRatePercent: rate },
          'quote',
          now,
          true,
        );
        // The acceptance's consent on record in the same transaction (issue 24).
        await recordKfsAcknowledgement(
          tx,
          {
            customerId: customer.id,
            kfsNo: row.kfsNo,
            content: row.content,
            label: KFS_ACKNOWLEDGEMENT_LABELS.quote,
            at: now,
          },
          call,
        );
        const step = await advance(tx, lead, next, now, {
          purposeId,
          amountPaise: paiseFromRupees(amount),
          tenureDays: tenure,
          dailyRateHundredths: percentToHundredths(rate),
          kfs: row.content,
          kfsAcknowledgedAt: now,
        });
        // The SMS and the e-mail (its PDF by reference) go with the acceptance's commit, or not at all.
        await queueKfsMessages({ ...kfsDelivery(call), db: tx }, row, { kind: 'acknowledged' });
        return { row, step };
      });
      await wakeSenders(deps);
      return answer({ ...step, kfs: row.content as KeyFactStatement }, 'Quote accepted.');
    },
  }),

  employment_details: defineEvent({
    auth: 'session',
    schema: EmploymentRequest,
    answer: ApplicationStepAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      const { event_name: _event, profile_id: _profile, ...employment } = input;
      const step = await changeApplication(call, customer, 'change', async (tx, lead) => {
        if (!lead.kfsAcknowledgedAt) throw new ApiError(409, 'Please accept a loan quote first.', 'out_of_order');
        return advance(tx, lead, await afterDocuments(call, lead, tx), call.deps.now(), { employment });
      });
      return answer(step, 'Employment details saved.');
    },
  }),

  banking_details: defineEvent({
    auth: 'session',
    schema: BankingRequest,
    answer: BankingAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      // The account is verified by penny-drop before the step takes the lead's lock (the bank takes
      // seconds to answer); a mismatch or a closed account is refused with what to correct.
      const open = await openLeadOf(call.deps.db, customer.id);
      const check =
        open && customer.fullName
          ? await verifyBankAccount(
              call,
              open,
              { ifsc: input.account_ifsc, accountNumber: input.account_number, name: input.account_name },
              customer.fullName,
            )
          : undefined;
      const now = call.deps.now();
      const bank = {
        account_name: input.account_name,
        account_branch: input.account_branch,
        account_ifsc: input.account_ifsc,
        // Stored in full, as given: the loan is paid into this account. Only what is shown of it
        // (npm run ops -- lead) is cut to the last four digits.
        account_number: input.account_number,
        account_type_id: input.account_type_id,
        bank_name: bankOfIfsc(input.account_ifsc) ?? '',
        verification_consent_at: now.toISOString(),
        // The penny-drop that verified it (bank_account_checks); disbursal checks it again.
        verification_id: check?.id ?? null,
      };
      const step = await changeApplication(call, customer, 'submit', async (tx, lead) => {
        const missing = (await mandatoryDocuments(call, lead, tx)).filter((doc) => !doc.uploaded);
        if (!lead.kfsAcknowledgedAt || missing.length > 0) {
          throw new ApiError(409, 'Please upload all required documents.', 'out_of_order');
        }
        return advance(tx, lead, 'completed', now, { bank });
      });
      return answer(
        { ...step, step_percentage: 100, bank_name: bank.bank_name },
        'Bank details saved. Your application is complete.',
      );
    },
  }),
};
