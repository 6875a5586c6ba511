/** The collections and support answers (src/server/staff/loanRoutes.ts), money in rupees. */
import * as v from 'valibot';

/** The RBI's classes by days past due, as collections work them. */
export const LOAN_BUCKETS = ['current', '1-30', '31-60', '61-90', '90+'] as const;
const bucket = v.picklist(LOAN_BUCKETS);

/** staffLoans: active loans, most overdue first, with each class's count. */
export const LoansQueueAnswer = v.strictObject({
  counts: v.record(v.string(), v.number()),
  count: v.number(),
  items: v.array(
    v.strictObject({
      loan_no: v.string(),
      borrower: v.string(),
      due_date: v.string(),
      days_past_due: v.number(),
      bucket,
      to_close_today: v.number(),
    }),
  ),
});

/** staffLoan: one loan's account today, its payments and the contact notes, newest first. */
export const LoanAccountAnswer = v.strictObject({
  loan_no: v.string(),
  status: v.string(),
  bucket,
  days_past_due: v.number(),
  due_date: v.string(),
  principal: v.number(),
  to_close_today: v.number(),
  due_on_due_date: v.number(),
  collected: v.number(),
  excess_to_refund: v.number(),
  payments: v.array(
    v.strictObject({ value_date: v.string(), amount: v.number(), source: v.string(), reference: v.string() }),
  ),
  /** The automatic messages (reminders, receipts), newest first, with their delivery. */
  messages: v.array(
    v.strictObject({
      at: v.string(),
      /** due_in_3 | due_in_1 | due_today | overdue_1 | overdue_7 | receipt | bureau_notice (the default notice before the first report to the bureaus) | overdue_class (the notice of an SMA or NPA class entered) */
      kind: v.string(),
      /** sms | email */
      channel: v.string(),
      /** waiting | queued | sending | sent | failed | skipped */
      status: v.string(),
      outcome: v.nullable(v.string()),
      amount: v.nullable(v.number()),
    }),
  ),
  /**
   * The end of day's RBI class (src/server/overdue/): standard, sma0, sma1, sma2 or npa, its name
   * (SMA-1), the date it began, the days past due and the day of that end of day; each class entered,
   * with when the borrower was told of it.
   */
  classification: v.strictObject({
    asset_class: v.string(),
    name: v.string(),
    since: v.nullable(v.string()),
    days_past_due: v.number(),
    classified_on: v.nullable(v.string()),
    history: v.array(
      v.strictObject({
        name: v.string(),
        began_on: v.string(),
        ended_on: v.nullable(v.string()),
        told_at: v.nullable(v.string()),
      }),
    ),
  }),
  notes: v.array(
    v.strictObject({
      at: v.string(),
      by: v.string(),
      note: v.string(),
      promised_on: v.nullable(v.string()),
      promised_amount: v.nullable(v.number()),
    }),
  ),
});

/** staffRecordReceipt: what closes the loan today once the receipt is applied. */
export const RecordReceiptAnswer = v.strictObject({ to_close_today: v.number() });

/** staffCustomer: a customer found by mobile, read-only, the PAN masked. */
export const CustomerViewAnswer = v.strictObject({
  name: v.string(),
  mobile: v.string(),
  email: v.string(),
  pancard: v.string(),
  applications: v.array(v.strictObject({ lead_id: v.number(), status: v.string(), applied_on: v.string() })),
  loans: v.array(v.strictObject({ loan_no: v.string(), status: v.string() })),
});
