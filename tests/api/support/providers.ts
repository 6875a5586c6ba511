/**
 * What the payment providers send back, signed and hashed with the sandbox secrets by the same code
 * that checks live ones: Razorpay Checkout's result and webhook, PayU's response.
 */
import { SANDBOX_CREDENTIALS } from '../../../src/server/config/config.ts';
import { WEBHOOK_PATHS } from '../../../src/server/payments/paths.ts';
import { responseHash } from '../../../src/server/payments/payu.ts';
import { paymentSignature, webhookSignature } from '../../../src/server/payments/razorpay.ts';

const { keySecret, webhookSecret } = SANDBOX_CREDENTIALS.razorpay;

/** What Checkout hands the page after a payment: the body of the verify call. */
export function razorpayCheckoutResult(orderId: string, paymentId: string, signature?: string) {
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: orderId,
    razorpay_signature: signature ?? paymentSignature(orderId, paymentId, keySecret),
  };
}

/** Razorpay's webhook for one payment, signed over the raw body; the event id is its delivery's. */
export function razorpayWebhook(
  serverUrl: string,
  event: string,
  payment: { orderId: string; paymentId: string; amountPaise: number },
  eventId = `evt_${payment.paymentId}_${event}`,
) {
  const body = JSON.stringify({
    event,
    payload: {
      payment: {
        entity: { id: payment.paymentId, order_id: payment.orderId, amount: payment.amountPaise, status: 'captured' },
      },
    },
  });
  return fetch(`${serverUrl}${WEBHOOK_PATHS.razorpay}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': webhookSignature(body, webhookSecret),
      'X-Razorpay-Event-Id': eventId,
    },
    body,
  });
}

/** PayU's response to the parameters the server handed the browser, with its reverse hash. */
export function payuResponse(parameters: Record<string, string>, status: string, extra: Record<string, string> = {}) {
  const fields = {
    key: parameters.key ?? '',
    txnid: parameters.txnid ?? '',
    amount: parameters.amount ?? '',
    productinfo: parameters.productinfo ?? '',
    firstname: parameters.firstname ?? '',
    email: parameters.email ?? '',
    udf5: parameters.udf5 ?? '',
    status,
    mihpayid: `40${Math.floor(Math.random() * 1e8)}`,
    ...extra,
  };
  return { ...fields, hash: responseHash(fields, SANDBOX_CREDENTIALS.payu.salt) };
}

/** A form POST, as PayU's browser return and its server notification come. */
export function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Any Razorpay webhook (refund.processed, payment.dispute.lost…) with its entities, signed over the raw body. */
export function razorpayEvent(
  serverUrl: string,
  event: string,
  payload: Record<string, Record<string, unknown>>,
  eventId: string,
  secret: string = webhookSecret,
) {
  const body = JSON.stringify({
    entity: 'event',
    event,
    contains: Object.keys(payload),
    payload: Object.fromEntries(Object.entries(payload).map(([name, entity]) => [name, { entity }])),
  });
  return fetch(`${serverUrl}${WEBHOOK_PATHS.razorpay}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Razorpay-Signature': webhookSignature(body, secret),
      'X-Razorpay-Event-Id': eventId,
    },
    body,
  });
}
