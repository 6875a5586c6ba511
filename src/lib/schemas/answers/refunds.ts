/** Finance's refunds answers (src/server/refunds/routes.ts), money in rupees. */
import * as v from 'valibot';

const queue = <Row extends v.GenericSchema>(row: Row) => v.strictObject({ count: v.number(), items: v.array(row) });

/** When a refund is due (the configured days after the money arrived, 7 by default), and whether that has passed. */
const Deadline = v.object({ due_on: v.string(), overdue: v.boolean() });

/** staffRefunds: money to refund, and refund requests waiting for a second approver. */
export const RefundsAnswer = v.strictObject({
  to_request: queue(
    v.strictObject({
      collection_id: v.number(),
      loan_no: v.string(),
      borrower: v.string(),
      received_on: v.string(),
      source: v.string(),
      reference: v.string(),
      amount: v.number(),
      to_refund: v.number(),
      /** Paid beyond the dues, or a second payment on an order already paid. */
      why: v.picklist(['excess', 'second_payment']),
      age_hours: v.number(),
      ...Deadline.entries,
    }),
  ),
  to_approve: queue(
    v.strictObject({
      request_id: v.number(),
      collection_id: v.number(),
      loan_no: v.string(),
      borrower: v.string(),
      payment_reference: v.string(),
      amount: v.number(),
      /** How it goes back: by bank transfer, or through the provider the payment came by (refunds/service.ts). */
      method: v.picklist(['bank_transfer', 'razorpay', 'payu']),
      /** sending: a second member approved and the provider is being asked (or the process died doing so). */
      status: v.picklist(['requested', 'sending']),
      reference: v.string(),
      requested_by: v.string(),
      requested_by_you: v.boolean(),
      age_hours: v.number(),
      /** The day the money arrived. */
      received_on: v.string(),
      ...Deadline.entries,
    }),
  ),
});

/** staffRequestRefund: the request another finance member approves. */
export const RequestRefundAnswer = v.strictObject({ request_id: v.number() });
/** staffApproveRefund: the loan and the amount refunded. */
export const ApproveRefundAnswer = v.strictObject({ loan_no: v.string(), amount: v.number() });
/** staffCancelRefund: the loan whose payment is back among the refunds to pay. */
export const CancelRefundAnswer = v.strictObject({ loan_no: v.string() });
