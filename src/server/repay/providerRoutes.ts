/**
 * What the payment providers send back: PayU's browser form POST to the success and failure
 * addresses, and both providers' server-to-server webhooks. Each is verified (reverse hash,
 * signature over the raw body) and recorded through the one ledger, so a payment counts once
 * whichever of callback and webhook arrives first, or twice.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv } from '../context.ts';
import { paymentOrders, webhookEvents } from '../db/schema.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { recordCollection } from '../payments/ledger.ts';
import { orderByProviderId } from '../payments/orders.ts';
import { paiseFromPayu, verifyResponseHash } from '../payments/payu.ts';
import { sameSignature, webhookSignature } from '../payments/razorpay.ts';
import { REPAY_PATHS, thankYouUrl } from './routes.ts';

export const WEBHOOK_PATHS = { razorpay: '/Api/webhooks/razorpay', payu: '/Api/webhooks/payu' } as const;

type PayuOutcome = { result: 'SUCCESS' | 'FAILED' | 'CANCEL'; txnId: string | null };

/** Verifies a PayU response (form fields) and records it; answers what the payer should be told. */
async function settlePayu(c: Context<AppEnv>, form: Record<string, string>, recordedBy: string): Promise<PayuOutcome> {
  const deps = c.get('deps');
  const { key, salt } = deps.config.payments.payu;
  const fields = {
    key: form.key ?? '',
    txnid: form.txnid ?? '',
    amount: form.amount ?? '',
    productinfo: form.productinfo ?? '',
    firstname: form.firstname ?? '',
    email: form.email ?? '',
    udf1: form.udf1 ?? '',
    udf2: form.udf2 ?? '',
    udf3: form.udf3 ?? '',
    udf4: form.udf4 ?? '',
    udf5: form.udf5 ?? '',
    status: form.status ?? '',
    ...(form.additionalCharges && { additionalCharges: form.additionalCharges }),
  };
  const txnId = form.mihpayid || fields.txnid || null;
  if (fields.key !== key || !verifyResponseHash(fields, form.hash ?? '', salt)) {
    c.get('log').warn('payu response hash mismatch', { txnid: fields.txnid.slice(0, 30) });
    return { result: 'FAILED', txnId };
  }
  const order = await orderByProviderId(deps, 'payu', fields.txnid);
  if (!order) return { result: 'FAILED', txnId };
  if (fields.status === 'success') {
    // An amount that differs from the order's was changed in flight: never count it.
    if (paiseFromPayu(fields.amount) !== order.amountPaise) {
      c.get('log').warn('payu amount mismatch', { order: order.id });
      return { result: 'FAILED', txnId };
    }
    await recordCollection(deps.db, {
      loanId: order.loanId,
      orderId: order.id,
      source: 'payu',
      reference: form.mihpayid || fields.txnid,
      amountPaise: order.amountPaise,
      recordedBy,
      now: deps.now(),
    });
    return { result: 'SUCCESS', txnId };
  }
  const cancelled = form.unmappedstatus === 'userCancelled' || fields.status === 'cancel';
  await deps.db
    .update(paymentOrders)
    .set({ status: cancelled ? 'cancelled' : 'failed', updatedAt: deps.now() })
    .where(and(eq(paymentOrders.id, order.id), ne(paymentOrders.status, 'paid')));
  return { result: cancelled ? 'CANCEL' : 'FAILED', txnId };
}

async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (!type.includes('application/x-www-form-urlencoded') && !type.includes('multipart/form-data')) {
    throw new ApiError(415, 'Expected a form post.', 'unsupported_media_type');
  }
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : '']),
  );
}

/** A webhook seen before is acknowledged and ignored. */
async function firstDelivery(c: Context<AppEnv>, provider: string, eventId: string): Promise<boolean> {
  const inserted = await c
    .get('deps')
    .db.insert(webhookEvents)
    .values({ provider, eventId })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

const payuReturn = (path: string, summary: string) =>
  defineRoute({
    method: 'post',
    path,
    operationId: path.endsWith('Success') ? 'payuSuccess' : 'payuFailure',
    summary,
    tag: 'Payments',
    auth: 'none',
    async handle(c) {
      const outcome = await settlePayu(c, await formFields(c), 'payu:return');
      return c.redirect(thankYouUrl(c, outcome.result, outcome.txnId), 303);
    },
  });

export const providerRoutes = [
  payuReturn(
    REPAY_PATHS.payuSuccess,
    "PayU's success return (form POST): verifies the reverse hash, records, 303 to /thanku",
  ),
  payuReturn(
    REPAY_PATHS.payuFailure,
    "PayU's failure return (form POST): verifies, records the outcome, 303 to /thanku",
  ),
  defineRoute({
    method: 'post',
    path: WEBHOOK_PATHS.payu,
    operationId: 'payuWebhook',
    summary: "PayU's server-to-server notification (form fields with the reverse hash)",
    tag: 'Webhooks',
    auth: 'none',
    async handle(c) {
      const form = await formFields(c);
      const eventId = `${form.mihpayid ?? form.txnid ?? ''}:${form.status ?? ''}`;
      if (await firstDelivery(c, 'payu', eventId)) await settlePayu(c, form, 'payu:webhook');
      return ok(c, {}, 'Received');
    },
  }),
  defineRoute({
    method: 'post',
    path: WEBHOOK_PATHS.razorpay,
    operationId: 'razorpayWebhook',
    summary:
      "Razorpay's webhook: X-Razorpay-Signature over the raw body; payment.captured and order.paid are recorded once",
    tag: 'Webhooks',
    auth: 'none',
    async handle(c) {
      const deps = c.get('deps');
      const raw = await c.req.text();
      const signature = c.req.header('x-razorpay-signature') ?? '';
      if (!sameSignature(webhookSignature(raw, deps.config.payments.razorpay.webhookSecret), signature)) {
        c.get('log').warn('razorpay webhook signature mismatch');
        throw new ApiError(400, 'Signature mismatch.', 'bad_signature');
      }
      let event: {
        event?: string;
        payload?: { payment?: { entity?: { id?: string; order_id?: string; amount?: number; status?: string } } };
      };
      try {
        event = JSON.parse(raw);
      } catch {
        throw new ApiError(400, 'The request body is not valid JSON.', 'invalid_json');
      }
      const eventId = c.req.header('x-razorpay-event-id') ?? `${event.event}:${event.payload?.payment?.entity?.id}`;
      if (!(await firstDelivery(c, 'razorpay', eventId))) return ok(c, {}, 'Already received');
      const payment = event.payload?.payment?.entity;
      if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment?.id && payment.order_id) {
        const order = await orderByProviderId(deps, 'razorpay', payment.order_id);
        if (order && payment.amount === order.amountPaise) {
          await recordCollection(deps.db, {
            loanId: order.loanId,
            orderId: order.id,
            source: 'razorpay',
            reference: payment.id,
            amountPaise: order.amountPaise,
            recordedBy: 'razorpay:webhook',
            now: deps.now(),
          });
        } else {
          c.get('log').warn('razorpay webhook for an unknown order or another amount', { event: event.event });
        }
      } else if (event.event === 'payment.failed' && payment?.order_id) {
        await deps.db
          .update(paymentOrders)
          .set({ status: 'failed', updatedAt: deps.now() })
          .where(and(eq(paymentOrders.providerOrderId, payment.order_id), eq(paymentOrders.status, 'created')));
      }
      return ok(c, {}, 'Received');
    },
  }),
];
