/**
 * The Key Fact Statement as the API answers it (getKeyFactStatement's preview, getKeyFactStatements'
 * stored ones) and as src/lib/kfs.ts builds it: the RBI's format, money in integer paise.
 */
import * as v from 'valibot';

const Officer = { name: v.string(), designation: v.string(), email: v.string(), phone: v.string() };

/** The servicing terms the loan is disbursed with (src/lib/loanTerms.ts). */
const ServicingTermsAnswer = v.strictObject({
  processingFeePaise: v.number(),
  gstOnFeePaise: v.number(),
  coolingOffDays: v.number(),
  overdueInterestDaysMax: v.number(),
  penalChargePaise: v.number(),
  penalGstPaise: v.number(),
  /** No penal charge when less than this is unpaid at the end of the due date. */
  penalThresholdPaise: v.number(),
});

const FeeAnswer = v.strictObject({
  name: v.string(),
  amount_paise: v.number(),
  gst_percent: v.number(),
  gst_paise: v.number(),
  payable_to: v.string(),
  frequency: v.literal('One-time'),
  how_collected: v.string(),
});

export const KeyFactStatementAnswer = v.strictObject({
  /** "KFS-000123": the preview is numbered too, and accepting it keeps the number (null only in previews served before that). */
  kfs_no: v.nullable(v.string()),
  /** India's date it was issued (or, for a preview, computed). */
  issued_on: v.string(),
  /** The last day (India) on which it can be accepted: `kfsValidityWorkingDays` working days after issue. */
  valid_until: v.string(),
  lender: v.string(),
  brand: v.string(),
  lender_registration: v.string(),
  loan_type: v.string(),
  sanctioned_amount_paise: v.number(),
  disbursal_schedule: v.string(),
  tenure_days: v.number(),
  instalment: v.strictObject({
    type: v.string(),
    count: v.literal(1),
    amount_paise: v.number(),
    /** "60 days after the disbursal date": the due date is counted from disbursal, as the loan does. */
    due: v.string(),
    /** The date it would be if the loan were disbursed on the issue date. */
    due_if_disbursed_on_issue: v.string(),
  }),
  daily_rate_percent: v.number(),
  /** Daily rate in hundredths of a percent, as the loan stores it. */
  daily_rate_hundredths: v.number(),
  annual_rate_percent: v.number(),
  interest_type: v.literal('Fixed'),
  fees: v.array(FeeAnswer),
  processing_fee_paise: v.number(),
  gst_on_fee_paise: v.number(),
  apr_percent: v.number(),
  disbursed_amount_paise: v.number(),
  interest_paise: v.number(),
  total_repayable_paise: v.number(),
  contingent: v.strictObject({
    after_due_date_interest: v.strictObject({
      daily_rate_percent: v.number(),
      days_max: v.number(),
      max_paise: v.number(),
      text: v.string(),
    }),
    penal_charge: v.strictObject({
      amount_paise: v.number(),
      gst_percent: v.number(),
      gst_paise: v.number(),
      total_paise: v.number(),
      /** No penal charge when less than this is unpaid at the end of the due date (absent on older statements: none). */
      threshold_paise: v.optional(v.number()),
      text: v.string(),
    }),
    foreclosure_charge_paise: v.literal(0),
    text_other: v.string(),
  }),
  /** overdue_classes: the SMA and NPA classes with this loan's dates (statements issued before issue 23 lack it). */
  recovery: v.strictObject({ in_house: v.string(), agents: v.string(), overdue_classes: v.optional(v.string()) }),
  grievance_officer: v.strictObject({ ...Officer, response_days: v.number() }),
  nodal_officer: v.strictObject(Officer),
  complaint_escalation: v.strictObject({ after_days: v.number(), portal: v.string(), text: v.string() }),
  cooling_off: v.strictObject({
    days: v.number(),
    /** Exit on the last cooling-off day of a loan disbursed on the issue date. */
    example_exit_date: v.string(),
    example_interest_paise: v.number(),
    example_exit_paise: v.number(),
    fee_kept_paise: v.number(),
    gst_kept_paise: v.number(),
    text: v.string(),
  }),
  /** That the loan is reported to the credit information companies (statements issued before issue 23's lack it). */
  credit_reporting: v.optional(v.string()),
  /** Money paid beyond the dues, refunded within `days` (content/site.json loan.refundDays); absent on older statements. */
  excess_refund: v.optional(v.strictObject({ days: v.number(), text: v.string() })),
  lending_service_providers: v.string(),
  transfer_securitisation: v.string(),
  /** The servicing terms the loan is disbursed with (createLoan), exactly as stated above. */
  terms: ServicingTermsAnswer,
});

/** getKeyFactStatements: one application's statements, latest first, exactly as issued. */
export const StoredStatementsAnswer = v.strictObject({
  lead_id: v.number(),
  status: v.string(),
  statements: v.array(
    v.strictObject({
      kfs_no: v.string(),
      reason: v.picklist(['quote', 'approval']),
      /** Where it stands for the customer. */
      standing: v.picklist(['accepted', 'awaiting', 'expired', 'superseded']),
      /** The application's current statement (the one its loan is, or will be, made on). */
      current: v.boolean(),
      issued_at: v.string(),
      valid_until: v.string(),
      acknowledged_at: v.nullable(v.string()),
      superseded_at: v.nullable(v.string()),
      content: KeyFactStatementAnswer,
      /** The loan made on it once paid out: its account number and due date (null before). */
      loan: v.nullable(v.strictObject({ loan_no: v.string(), due_date: v.string() })),
    }),
  ),
});
