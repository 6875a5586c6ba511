/** The answers of the repay and payment calls (product.md §7, calls 4 to 7), money in rupees. */
import * as v from 'valibot';

/** The loan account on the day asked (src/server/loans/account.ts figuresInRupees), money in rupees. */
export const LoanAccountAnswer = v.strictObject({
  repayment_amount: v.number(),
  real_interest: v.number(),
  /** What closes the loan today: principal outstanding, interest to date and charges. */
  total_due_amount: v.number(),
  principal_outstanding: v.number(),
  interest_outstanding: v.number(),
  charges_outstanding: v.number(),
  /** Paid and applied to the loan so far. */
  collected: v.number(),
  /** The last day of the cooling-off period (YYYY-MM-DD), and whether today is in it. */
  cooling_off_until: v.string(),
  in_cooling_off: v.boolean(),
  days_past_due: v.number(),
});

/**
 * What the repay page and the dashboard show beside the specification's fields. This server always
 * sends them; the screens show each only when present, so a back-end that speaks only the
 * specification still works.
 */
type LoanAccount = v.InferOutput<typeof LoanAccountAnswer>;
export type LoanAccountFields = { [Field in keyof LoanAccount]?: LoanAccount[Field] | undefined };

/** The loan fields the amount card shows (product.md §3 repayment_data, beside verifyOtp's Data), money in rupees. */
export const RepaymentAnswer = v.strictObject({
  loan_no: v.string(),
  disbursal_date: v.string(),
  repayment_date: v.string(),
  loan_recommended: v.number(),
  ...LoanAccountAnswer.entries,
  full_name: v.string(),
  email: v.string(),
  mobile: v.string(),
  lead_id: v.string(),
});
export type RepaymentData = v.InferOutput<typeof RepaymentAnswer>;

/** Razorpay Checkout's key and script, sent with verifyOtp and with each Razorpay order. */
const CheckoutSettings = v.strictObject({ razorpay_key: v.string(), razorpay_checkout_url: v.string() });

export const VerifyOtpAnswer = v.strictObject({
  repay_token: v.string(),
  expires_in_seconds: v.number(),
  ...CheckoutSettings.entries,
});
/** verifyOtp's keys beside the envelope's (product.md §7): the loan and an order for the whole due ('' under ₹1). */
export const VerifyOtpBeside = v.strictObject({ repayment_data: RepaymentAnswer, order_id: v.string() });

/** generateRazorpayorderId: the order, and the amount (rupees) the server decided to charge. */
export const RazorpayOrderAnswer = v.strictObject({
  order_id: v.string(),
  amount: v.number(),
  ...CheckoutSettings.entries,
});

/** verifyRazorPayCheckPaymentStatus: also beside the envelope's keys, as the specification reads them. */
export const PaymentStatusAnswer = v.strictObject({ status: v.picklist(['SUCCESS', 'FAILED']), txnId: v.string() });

/** payuOrders: the hosted checkout's form fields (with the request hash) and where they are posted. */
export const PayuOrderAnswer = v.strictObject({
  parameters: v.record(v.string(), v.string()),
  payment_url: v.string(),
});
