/**
 * The Razorpay sandbox (product.md §10.4): the Orders API and a Standard Checkout script with the
 * real ones' interfaces (`new Razorpay(options).open()`, `handler`, `modal.ondismiss`,
 * `on('payment.failed')`). The payer chooses success, failure or cancel; results are signed with
 * the configured test secrets and checked by exactly the code that checks live ones. Webhooks
 * follow, signed, as Razorpay sends them. Refunds go through the Refunds API's own call
 * (POST /v1/payments/:id/refund, full or partial, once per X-Refund-Idempotency key) and are
 * followed by refund.processed; a dispute, which in real life the payer's bank raises, is raised
 * from /__sandbox/razorpay/dispute and followed by payment.dispute.<status>.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import * as v from 'valibot';
import {
  RazorpayDisputeAnswer,
  RazorpayOrderEntityAnswer,
  RazorpayPayAnswer,
  RazorpayRefundAnswer,
} from '../../lib/schemas/answers/sandbox.ts';
import type { AppEnv } from '../app/context.ts';
import { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../config/config.ts';
import { ApiError } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { WEBHOOK_PATHS } from '../payments/paths.ts';
import { paymentSignature, webhookSignature } from '../payments/razorpay.ts';
import { sandboxMode } from './mode.ts';

/** The browser side of the sandbox, served as Razorpay serves checkout.js. */
const checkoutScript = readFileSync(new URL('./razorpayCheckout.js', import.meta.url), 'utf8');

const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('base64url').replace(/[-_]/g, 'x').slice(0, 14)}`;

interface SandboxOrder {
  id: string;
  amount: number;
  receipt: string;
  status: 'created' | 'paid';
}
const orders = new Map<string, SandboxOrder>();

interface SandboxPayment {
  id: string;
  order_id: string;
  amount: number;
  amount_refunded: number;
}
/** Captured payments, for refunds and disputes. */
const payments = new Map<string, SandboxPayment>();
/** Refunds by their X-Refund-Idempotency key, with the amount asked: a repeat answers the same refund. */
const refundsByKey = new Map<string, { paymentId: string; amount: number | undefined; refund: unknown }>();

const paymentEntity = (payment: SandboxPayment) => ({
  ...payment,
  entity: 'payment',
  currency: 'INR',
  status: payment.amount_refunded > 0 ? 'refunded' : 'captured',
  captured: true,
  refund_status: payment.amount_refunded === 0 ? null : payment.amount_refunded < payment.amount ? 'partial' : 'full',
});

/** Sends a signed webhook to this server, later, as Razorpay would. */
function sendWebhook(c: Context<AppEnv>, event: string, payment: Record<string, unknown>, order: SandboxOrder) {
  deliverWebhook(c, event, {
    payment: { entity: payment },
    order: { entity: { id: order.id, amount: order.amount, status: order.status } },
  });
}

/** Any event, as Razorpay posts it: `payload` keyed by entity, signed over the raw body. */
function deliverWebhook(c: Context<AppEnv>, event: string, payload: Record<string, { entity: unknown }>) {
  const { webhookSecret } = c.get('deps').config.payments.razorpay;
  const body = JSON.stringify({
    entity: 'event',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(Date.now() / 1000),
  });
  const origin = new URL(c.req.url).origin;
  const deliver = c.get('deps').providerFetch;
  setTimeout(() => {
    deliver(`${origin}${WEBHOOK_PATHS.razorpay}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Razorpay-Signature': webhookSignature(body, webhookSecret),
        'X-Razorpay-Event-Id': id('evt'),
      },
      body,
    }).catch(() => undefined);
  }, 300);
}

/** The API's Basic authentication with the sandbox key, as Razorpay checks it. */
function authorised(c: Context<AppEnv>) {
  const expected = Buffer.from(
    `${SANDBOX_CREDENTIALS.razorpay.keyId}:${SANDBOX_CREDENTIALS.razorpay.keySecret}`,
  ).toString('base64');
  return c.req.header('authorization') === `Basic ${expected}`;
}

const AUTH_FAILED = { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } };

export const razorpaySandboxRoutes = [
  defineRoute({
    method: 'post',
    path: `${SANDBOX_PATHS.razorpayApi}/payments/:id/refund`,
    operationId: 'sandboxRazorpayRefund',
    summary: 'Sandbox: Razorpay Refunds API (POST /v1/payments/:id/refund), followed by refund.processed',
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: "Razorpay's refund entity", schema: RazorpayRefundAnswer },
    enabled: sandboxMode,
    body: v.object({ amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100))) }),
    handle(c, input) {
      if (!authorised(c)) return c.json(AUTH_FAILED, 401);
      const payment = payments.get(c.req.param('id') ?? '');
      if (!payment) throw new ApiError(400, 'The id provided does not exist', 'not_found');
      const key = c.req.header('x-refund-idempotency');
      const earlier = key ? refundsByKey.get(key) : undefined;
      if (earlier) {
        if (earlier.paymentId !== payment.id || earlier.amount !== input.amount) {
          throw new ApiError(
            400,
            'Different request with the same idempotency key has already been processed.',
            'idempotency_mismatch',
          );
        }
        return c.json(earlier.refund);
      }
      const amount = input.amount ?? payment.amount - payment.amount_refunded;
      if (amount <= 0 || amount > payment.amount - payment.amount_refunded) {
        throw new ApiError(400, 'The refund amount provided is greater than amount captured', 'bad_amount');
      }
      payment.amount_refunded += amount;
      const refund = {
        id: id('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: {},
        receipt: null,
        acquirer_data: { arn: null },
        created_at: Math.floor(Date.now() / 1000),
        status: 'processed',
        speed_processed: 'normal',
        speed_requested: 'normal',
      };
      if (key) refundsByKey.set(key, { paymentId: payment.id, amount: input.amount, refund });
      deliverWebhook(c, 'refund.processed', {
        refund: { entity: refund },
        payment: { entity: paymentEntity(payment) },
      });
      return c.json(refund);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/__sandbox/razorpay/dispute',
    operationId: 'sandboxRazorpayDispute',
    summary: "Sandbox: the payer's bank disputes a payment (or the dispute moves on); payment.dispute.<status> follows",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: "Razorpay's dispute entity", schema: RazorpayDisputeAnswer },
    enabled: sandboxMode,
    body: v.object({
      payment_id: v.string(),
      dispute_id: v.optional(v.string()),
      status: v.picklist(['created', 'under_review', 'action_required', 'won', 'lost', 'closed']),
      amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(100))),
    }),
    handle(c, input) {
      const payment = payments.get(input.payment_id);
      if (!payment) throw new ApiError(404, 'No such sandbox payment.', 'not_found');
      const amount = input.amount ?? payment.amount;
      const status = input.status === 'created' ? 'open' : input.status;
      const dispute = {
        id: input.dispute_id ?? id('disp'),
        entity: 'dispute',
        payment_id: payment.id,
        amount,
        currency: 'INR',
        amount_deducted: input.status === 'lost' ? amount : 0,
        reason_code: 'chargeback',
        respond_by: Math.floor(Date.now() / 1000) + 7 * 86_400,
        status,
        phase: 'chargeback',
        created_at: Math.floor(Date.now() / 1000),
      };
      deliverWebhook(c, `payment.dispute.${input.status}`, {
        payment: { entity: paymentEntity(payment) },
        dispute: { entity: dispute },
      });
      return c.json(dispute);
    },
  }),
  defineRoute({
    method: 'post',
    path: `${SANDBOX_PATHS.razorpayApi}/orders`,
    operationId: 'sandboxRazorpayCreateOrder',
    summary: 'Sandbox: Razorpay Orders API (POST /v1/orders)',
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: "Razorpay's order entity", schema: RazorpayOrderEntityAnswer },
    enabled: sandboxMode,
    body: v.object({
      amount: v.pipe(v.number(), v.integer(), v.minValue(100)),
      currency: v.literal('INR'),
      receipt: v.string(),
    }),
    handle(c, input) {
      if (!authorised(c)) return c.json(AUTH_FAILED, 401);
      const order: SandboxOrder = { id: id('order'), amount: input.amount, receipt: input.receipt, status: 'created' };
      orders.set(order.id, order);
      return c.json({
        ...order,
        entity: 'order',
        currency: 'INR',
        amount_paid: 0,
        amount_due: order.amount,
        attempts: 0,
      });
    },
  }),
  defineRoute({
    method: 'get',
    path: SANDBOX_PATHS.razorpayCheckout,
    operationId: 'sandboxRazorpayCheckout',
    summary: "Sandbox: Razorpay's checkout.js (window.Razorpay)",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: 'The checkout script', mediaType: 'text/javascript' },
    enabled: sandboxMode,
    handle(c) {
      c.header('Content-Type', 'text/javascript; charset=utf-8');
      c.header('Cache-Control', 'no-store');
      return c.body(checkoutScript);
    },
  }),
  defineRoute({
    method: 'post',
    path: '/__sandbox/razorpay/pay',
    operationId: 'sandboxRazorpayPay',
    summary: "Sandbox: the payer's choice in the checkout; answers what Checkout hands to `handler`",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: 'What Checkout hands to its handler, or its error', schema: RazorpayPayAnswer },
    enabled: sandboxMode,
    body: v.object({ order_id: v.string(), outcome: v.picklist(['success', 'failure']) }),
    handle(c, input) {
      const order = orders.get(input.order_id);
      if (!order) throw new ApiError(404, 'No such sandbox order.', 'not_found');
      const paymentId = id('pay');
      if (input.outcome === 'failure') {
        sendWebhook(
          c,
          'payment.failed',
          { id: paymentId, order_id: order.id, amount: order.amount, status: 'failed' },
          order,
        );
        return c.json({
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Payment failed in the sandbox, as chosen.',
            source: 'customer',
            step: 'payment_authorization',
            reason: 'payment_failed',
            metadata: { order_id: order.id, payment_id: paymentId },
          },
        });
      }
      order.status = 'paid';
      payments.set(paymentId, { id: paymentId, order_id: order.id, amount: order.amount, amount_refunded: 0 });
      const { keySecret } = c.get('deps').config.payments.razorpay;
      const payment = { id: paymentId, order_id: order.id, amount: order.amount, currency: 'INR', status: 'captured' };
      sendWebhook(c, 'payment.captured', payment, order);
      return c.json({
        razorpay_payment_id: paymentId,
        razorpay_order_id: order.id,
        razorpay_signature: paymentSignature(order.id, paymentId, keySecret),
      });
    },
  }),
];
