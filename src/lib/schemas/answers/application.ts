/** The loan application's events (saveleadDetails and the shared registration endpoint, product.md §7). */
import * as v from 'valibot';
import { KeyFactStatementAnswer } from './kfs.ts';

/** A step of the application saved: where the customer goes next, how far it is, and its lead. */
const StepDone = { next_step: v.string(), step_percentage: v.number(), lead_id: v.number() };
export const ApplicationStepAnswer = v.strictObject(StepDone);

/**
 * generate_loan_quote: the quote's limits (rupees, days) and the daily rate, on a new or the open lead,
 * with the processing fee and its GST the Key Fact Statement will charge (issue 25, finding 7: the
 * calculator shows what is credited and the APR, as the home calculator does).
 */
export const QuoteAnswer = v.strictObject({
  min_loan_amount: v.number(),
  max_loan_amount: v.number(),
  min_loan_tenure: v.number(),
  max_loan_tenure: v.number(),
  daily_rate_percent: v.number(),
  processing_fee_percent: v.number(),
  gst_percent: v.number(),
  ...StepDone,
});

/** loan_quotation_decision: declined (back to a new quote), or accepted with the statement issued. */
export const QuoteDecisionAnswer = v.union([
  v.strictObject({ next_step: v.literal('generate_loan_quote'), lead_id: v.number() }),
  v.strictObject({ ...StepDone, kfs: KeyFactStatementAnswer }),
]);

/** kfs_acknowledgement: accepted now (with the amount it sanctions), or already accepted before. */
export const KfsAcknowledgementAnswer = v.union([
  v.strictObject({
    kfs_no: v.string(),
    acknowledged_at: v.string(),
    lead_id: v.number(),
    sanctioned_amount_paise: v.number(),
  }),
  v.strictObject({ kfs_no: v.string(), acknowledged_at: v.string() }),
]);

/** banking_details: the application complete, with the bank the IFSC names. */
export const BankingAnswer = v.strictObject({ ...StepDone, bank_name: v.string() });

/** A document's upload: the step it completes, or nothing when the application stays where it is. */
export const DocumentAnswer = v.union([ApplicationStepAnswer, v.strictObject({})]);
