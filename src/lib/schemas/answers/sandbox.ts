/**
 * The payment sandboxes' answers, in each provider's own format (not the envelope): the fields this
 * server reads from the real providers, the rest of each object left open as the providers send more.
 */
import * as v from 'valibot';

const razorpayEntity = (entity: string) =>
  v.looseObject({ id: v.string(), entity: v.literal(entity), amount: v.number(), currency: v.literal('INR') });

/** POST /v1/payments/:id/refund: the refund, already processed. */
export const RazorpayRefundAnswer = v.looseObject({
  ...razorpayEntity('refund').entries,
  payment_id: v.string(),
  status: v.string(),
});

/** A dispute raised on a payment (the sandbox's stand-in for the network's chargeback). */
export const RazorpayDisputeAnswer = v.looseObject({
  ...razorpayEntity('dispute').entries,
  payment_id: v.string(),
  status: v.string(),
});

/** POST /v1/orders: the order Checkout opens. */
export const RazorpayOrderEntityAnswer = v.looseObject({
  ...razorpayEntity('order').entries,
  receipt: v.string(),
  status: v.string(),
});

/** What Checkout hands to its `handler` (a payment), or the error it reports (a failure chosen). */
export const RazorpayPayAnswer = v.union([
  v.strictObject({ razorpay_payment_id: v.string(), razorpay_order_id: v.string(), razorpay_signature: v.string() }),
  v.looseObject({ error: v.looseObject({ code: v.string(), description: v.string() }) }),
]);

/** PayU's merchant postservice: 1 or 0 with a message, and the command's own fields. */
export const PayuPostserviceAnswer = v.looseObject({ status: v.picklist([0, 1]), msg: v.string() });

/** PayU's chargeback notification, as the sandbox also sends it to the webhook. */
export const PayuChargebackAnswer = v.looseObject({
  event: v.literal('dispute'),
  cb_id: v.string(),
  txn_id: v.string(),
  cb_amount: v.string(),
  cb_status: v.string(),
});
