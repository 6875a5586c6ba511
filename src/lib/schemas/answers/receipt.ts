/** paymentReceipt's answer (src/lib/receipt.ts): one payment's receipt, money in integer paise. */
import * as v from 'valibot';

export const ReceiptAnswer = v.strictObject({
  /**
   * SUCCESS: credited to the loan. PENDING: the order is known but the provider's confirmation has not
   * arrived. FAILED / CANCEL: nothing was taken. REFUND: a second payment on an order already paid,
   * kept aside to be refunded.
   */
  status: v.picklist(['SUCCESS', 'PENDING', 'FAILED', 'CANCEL', 'REFUND']),
  provider: v.picklist(['razorpay', 'payu']),
  loan_no: v.string(),
  amount_paise: v.number(),
  /** When the money was recorded (or the order made, while pending), ISO 8601. */
  date: v.string(),
  /** The provider's payment id once credited, else its order id (PayU's txnid, Razorpay's order). */
  reference: v.string(),
  /** What closes the loan after this payment, on the day it counts from; null unless credited. */
  balance_paise: v.nullable(v.number()),
  /** The day (YYYY-MM-DD, India) the balance is on: the payment's value date. */
  balance_on: v.nullable(v.string()),
  loan_closed: v.boolean(),
});
