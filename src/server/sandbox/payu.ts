/**
 * The PayU sandbox (product.md §10.4): the hosted checkout's `_payment` form address. Like PayU it
 * checks the request hash, then shows a page where the payer chooses success, failure or cancel;
 * the answer goes to the merchant's surl or furl as a browser form POST carrying the reverse hash
 * made with the configured test salt, and a server-to-server notification follows. Its general web
 * service (merchant/postservice) takes cancel_refund_transaction (a refund, whose notification
 * follows as PayU's refund callback) and check_action_status, with PayU's sha512(key|command|var1|salt);
 * /__sandbox/payu/chargeback sends the chargeback webhook a payer's bank would cause.
 */
import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import * as v from 'valibot';
import { formatPaise } from '../../lib/money.ts';
import { PayuChargebackAnswer, PayuPostserviceAnswer } from '../../lib/schemas/answers/sandbox.ts';
import type { AppEnv } from '../app/context.ts';
import { SANDBOX_PATHS } from '../config/config.ts';
import { readForm } from '../http/body.ts';
import { ApiError } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { WEBHOOK_PATHS } from '../payments/paths.ts';
import { apiHash, paiseFromPayu, payuAmount, requestHash, responseHash } from '../payments/payu.ts';
import { sandboxMode } from './mode.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

async function form(c: Context<AppEnv>): Promise<Record<string, string>> {
  // Like PayU, anything that is not a form reads as no fields (and fails the hash check).
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  return type.includes('form') ? readForm(c) : {};
}

function page(c: Context<AppEnv>, status: number, title: string, body: string) {
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'",
  );
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}button{font:inherit;min-height:44px;margin:.25rem 0;padding:.5rem 1rem;width:100%;border-radius:8px;border:2px solid #0b5394;background:#fff;color:#0b5394;cursor:pointer}button.primary{background:#0b5394;color:#fff}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}</style>` +
      `</head><body><main>${body}</main></body></html>`,
    status as 200,
  );
}

interface SandboxRefund {
  request_id: string;
  token: string;
  amountPaise: number;
}
/** Successful payments by PayU id, with their refunds. */
const payments = new Map<string, { txnid: string; amountPaise: number; refunds: SandboxRefund[] }>();

/** Posts a notification to this server, later, as PayU would. */
function notify(c: Context<AppEnv>, path: string, body: Record<string, unknown>) {
  const deliver = c.get('deps').providerFetch;
  const origin = new URL(c.req.url).origin;
  setTimeout(() => {
    deliver(`${origin}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
  }, 300);
}

/** PayU's general web service: cancel_refund_transaction and check_action_status. */
async function postservice(c: Context<AppEnv>) {
  const fields = await form(c);
  const { key, salt } = c.get('deps').config.payments.payu;
  const command = fields.command ?? '';
  const var1 = (fields.var1 ?? '').trim();
  if (fields.key !== key || fields.hash !== apiHash(key, command, var1, salt)) {
    return c.json({ status: 0, msg: 'Invalid Hash.' });
  }
  const payment = payments.get(var1);
  if (command === 'check_action_status') {
    if (!payment) return c.json({ status: 0, msg: '0 out of 1 Transactions Fetched Successfully' });
    const actions = Object.fromEntries(
      payment.refunds.map((refund) => [
        refund.request_id,
        {
          mihpayid: var1,
          request_id: refund.request_id,
          amt: payuAmount(refund.amountPaise),
          action: 'refund',
          status: 'success',
          token: refund.token,
          bank_ref_num: null,
          mode: 'UPI',
        },
      ]),
    );
    return c.json({
      status: 1,
      msg: '1 out of 1 Transactions Fetched Successfully',
      transaction_details: { [var1]: actions },
    });
  }
  if (command === 'cancel_refund_transaction') {
    const amountPaise = paiseFromPayu((fields.var3 ?? '').trim());
    // The merchant's token names one refund: the same token again is that refund, not another.
    const earlier = payment?.refunds.find((refund) => refund.token === fields.var2);
    if (earlier) {
      return earlier.amountPaise === amountPaise
        ? c.json({ status: 1, msg: 'Refund Request Queued', request_id: earlier.request_id, mihpayid: var1 })
        : c.json({ status: 0, msg: 'Duplicate token for a different refund' });
    }
    const refunded = payment?.refunds.reduce((sum, refund) => sum + refund.amountPaise, 0) ?? 0;
    if (!payment || !(amountPaise > 0) || amountPaise > payment.amountPaise - refunded || !fields.var2) {
      return c.json({ status: 0, msg: 'Refund request could not be processed' });
    }
    const refund = { request_id: String(randomInt(10 ** 9, 10 ** 10)), token: fields.var2, amountPaise };
    payment.refunds.push(refund);
    notify(c, WEBHOOK_PATHS.payuRefund, {
      key,
      mihpayid: var1,
      merchantTxnId: payment.txnid,
      request_id: refund.request_id,
      token: refund.token,
      amt: payuAmount(amountPaise),
      action: 'refund',
      status: 'success',
      bank_arn: null,
      refund_mode: 'Back to Source',
    });
    return c.json({ status: 1, msg: 'Refund Request Queued', request_id: refund.request_id, mihpayid: var1 });
  }
  return c.json({ status: 0, msg: 'Invalid command' });
}

export const payuSandboxRoutes = [
  defineRoute({
    method: 'post',
    path: SANDBOX_PATHS.payuApi,
    operationId: 'sandboxPayuPostservice',
    summary: "Sandbox: PayU's general web service (cancel_refund_transaction, check_action_status), form POST",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: "PayU's postservice answer", schema: PayuPostserviceAnswer },
    enabled: sandboxMode,
    handle: postservice,
  }),
  defineRoute({
    method: 'post',
    path: '/__sandbox/payu/chargeback',
    operationId: 'sandboxPayuChargeback',
    summary: "Sandbox: the payer's bank charges a PayU payment back; PayU's chargeback webhook follows",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: "PayU's chargeback notification", schema: PayuChargebackAnswer },
    enabled: sandboxMode,
    body: v.object({ mihpayid: v.string(), cb_status: v.string(), cb_id: v.optional(v.string()) }),
    handle(c, input) {
      const payment = payments.get(input.mihpayid);
      if (!payment) throw new ApiError(404, 'No such sandbox payment.', 'not_found');
      const chargeback = {
        type: 'payments',
        event: 'dispute',
        reason_code: 'Fraud - Card Present Environment',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        mid: '1',
        cb_id: input.cb_id ?? String(randomInt(10 ** 6, 10 ** 7)),
        txn_id: input.mihpayid,
        cb_type: 'Chargeback',
        cb_amount: payuAmount(payment.amountPaise),
        cb_status: input.cb_status,
      };
      notify(c, WEBHOOK_PATHS.payuChargeback, chargeback);
      return c.json(chargeback);
    },
  }),
  defineRoute({
    method: 'post',
    path: SANDBOX_PATHS.payuPayment,
    operationId: 'sandboxPayuPayment',
    summary: "Sandbox: PayU's hosted checkout (_payment), reached by a browser form POST",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: "PayU's hosted checkout page", mediaType: 'text/html' },
    enabled: sandboxMode,
    async handle(c) {
      const fields = await form(c);
      const { key, salt } = c.get('deps').config.payments.payu;
      const request = {
        key: fields.key ?? '',
        txnid: fields.txnid ?? '',
        amount: fields.amount ?? '',
        productinfo: fields.productinfo ?? '',
        firstname: fields.firstname ?? '',
        email: fields.email ?? '',
        udf5: fields.udf5 ?? '',
      };
      if (request.key !== key || requestHash(request, salt) !== fields.hash || !fields.surl || !fields.furl) {
        return page(
          c,
          400,
          'Error',
          '<h1>Transaction error</h1><p>Checksum failed: the hash does not match the parameters.</p>',
        );
      }
      const mihpayid = String(randomInt(10 ** 9, 10 ** 10));
      const choice = (
        label: string,
        status: 'success' | 'failure',
        target: string,
        extra: Record<string, string>,
        primary = false,
      ) => {
        const response = { ...request, status, mihpayid, ...extra };
        const hidden = { ...response, hash: responseHash(response, salt), target };
        const inputs = Object.entries(hidden)
          .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
          .join('');
        return `<form method="post" action="/__sandbox/payu/complete">${inputs}<button${primary ? ' class="primary"' : ''}>${label}</button></form>`;
      };
      const amount = formatPaise(paiseFromPayu(request.amount) || 0);
      return page(
        c,
        200,
        'PayU (sandbox)',
        `<h1>PayU (sandbox)</h1><dl><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>For</dt><dd>${escapeHtml(request.productinfo)}</dd><dt>Transaction</dt><dd>${escapeHtml(request.txnid)}</dd></dl>` +
          choice('Pay successfully', 'success', fields.surl, { unmappedstatus: 'captured' }, true) +
          choice('Fail the payment', 'failure', fields.furl, {
            unmappedstatus: 'failed',
            error_Message: 'Bank declined',
          }) +
          choice('Cancel', 'failure', fields.furl, { unmappedstatus: 'userCancelled' }),
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: '/__sandbox/payu/complete',
    operationId: 'sandboxPayuComplete',
    summary: "Sandbox: sends PayU's notification, then passes the payer's form on to surl or furl (307 keeps the POST)",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { status: 307, description: "The payer's form passed on to surl or furl" },
    enabled: sandboxMode,
    async handle(c) {
      const { target = '', ...response } = await form(c);
      if (response.status === 'success' && response.mihpayid && response.txnid) {
        payments.set(response.mihpayid, {
          txnid: response.txnid,
          amountPaise: paiseFromPayu(response.amount ?? ''),
          refunds: [],
        });
      }
      const deliver = c.get('deps').providerFetch;
      const origin = new URL(c.req.url).origin;
      setTimeout(() => {
        deliver(`${origin}${WEBHOOK_PATHS.payu}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(response).toString(),
        }).catch(() => undefined);
      }, 300);
      if (!/^https?:\/\//.test(target)) return page(c, 400, 'Error', '<h1>No return address</h1>');
      return c.redirect(target, 307);
    },
  }),
];
