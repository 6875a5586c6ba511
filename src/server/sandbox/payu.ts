/**
 * The PayU sandbox (product.md §10.4): the hosted checkout's `_payment` form address. Like PayU it
 * checks the request hash, then shows a page where the payer chooses success, failure or cancel;
 * the answer goes to the merchant's surl or furl as a browser form POST carrying the reverse hash
 * made with the configured test salt, and a server-to-server notification follows.
 */
import { randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { formatPaise } from '../../lib/format.ts';
import { SANDBOX_PATHS } from '../config.ts';
import type { AppEnv } from '../context.ts';
import { readForm } from '../http/body.ts';
import { defineRoute } from '../http/routes.ts';
import { WEBHOOK_PATHS } from '../payments/paths.ts';
import { paiseFromPayu, requestHash, responseHash } from '../payments/payu.ts';
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

export const payuSandboxRoutes = [
  defineRoute({
    method: 'post',
    path: SANDBOX_PATHS.payuPayment,
    operationId: 'sandboxPayuPayment',
    summary: "Sandbox: PayU's hosted checkout (_payment), reached by a browser form POST",
    tag: 'Sandbox',
    auth: 'none',
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
    enabled: sandboxMode,
    async handle(c) {
      const { target = '', ...response } = await form(c);
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
