/** Repay calls 4 to 7 of product.md §7 and the order for a chosen amount. */
import * as v from 'valibot';
import { acceptsAmountEntry } from '../repayAmount.ts';
import { otp, pan } from './fields.ts';

export const SendOtpRequest = v.object({ pancard: pan });
export const VerifyOtpRequest = v.object({ panNumber: pan, otp });

/** Rupees as typed: '' (the whole due), '500', '500.50'; a number is taken as rupees too. */
const rupeesEntry = v.pipe(
  v.union([v.string(), v.number()], 'Enter the amount in rupees.'),
  v.transform((value) => String(value).trim()),
  v.check((text) => acceptsAmountEntry(text), 'Enter the amount in rupees, e.g. 1500 or 1500.50.'),
);

export const RazorpayOrderRequest = v.object({
  /** The dashboard sends the lead; the repay page has none. Checked against the session's loan. */
  lead_id: v.optional(v.union([v.string(), v.number()])),
  rzp_amount: v.optional(rupeesEntry, ''),
});

export const RazorpayVerifyRequest = v.object({
  razorpay_payment_id: v.pipe(v.string(), v.regex(/^pay_\w{6,40}$/, 'razorpay_payment_id is not valid')),
  razorpay_order_id: v.pipe(v.string(), v.regex(/^order_\w{6,40}$/, 'razorpay_order_id is not valid')),
  razorpay_signature: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'razorpay_signature is not valid')),
});

export const PayuOrderRequest = v.object({
  amount: v.optional(rupeesEntry, ''),
  productinfo: v.optional(v.string()),
  firstname: v.optional(v.string()),
  email: v.optional(v.string()),
  mobile: v.optional(v.string()),
  udf5: v.optional(v.union([v.string(), v.number()])),
});

export const REPAY_OTP_SENT =
  'If a loan is active for this PAN, we have sent an OTP to the mobile number registered with it.';
