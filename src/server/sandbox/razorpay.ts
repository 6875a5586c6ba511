/**
 * The Razorpay sandbox (product.md §10.4): the Orders API and a Standard Checkout script with the
 * real ones' interfaces (`new Razorpay(options).open()`, `handler`, `modal.ondismiss`,
 * `on('payment.failed')`). The payer chooses success, failure or cancel; results are signed with
 * the configured test secrets and checked by exactly the code that checks live ones. Webhooks
 * follow, signed, as Razorpay sends them.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Context } from 'hono';
import * as v from 'valibot';
import { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../config.ts';
import type { AppEnv } from '../context.ts';
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

/** Sends a signed webhook to this server, later, as Razorpay would. */
function sendWebhook(c: Context<AppEnv>, event: string, payment: Record<string, unknown>, order: SandboxOrder) {
  const { webhookSecret } = c.get('deps').config.payments.razorpay;
  const body = JSON.stringify({
    entity: 'event',
    event,
    contains: ['payment'],
    payload: {
      payment: { entity: payment },
      order: { entity: { id: order.id, amount: order.amount, status: order.status } },
    },
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

export const razorpaySandboxRoutes = [
  defineRoute({
    method: 'post',
    path: `${SANDBOX_PATHS.razorpayApi}/orders`,
    operationId: 'sandboxRazorpayCreateOrder',
    summary: 'Sandbox: Razorpay Orders API (POST /v1/orders)',
    tag: 'Sandbox',
    auth: 'none',
    enabled: sandboxMode,
    body: v.object({
      amount: v.pipe(v.number(), v.integer(), v.minValue(100)),
      currency: v.literal('INR'),
      receipt: v.string(),
    }),
    handle(c, input) {
      const expected = Buffer.from(
        `${SANDBOX_CREDENTIALS.razorpay.keyId}:${SANDBOX_CREDENTIALS.razorpay.keySecret}`,
      ).toString('base64');
      if (c.req.header('authorization') !== `Basic ${expected}`) {
        return c.json({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }, 401);
      }
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
