/**
 * The e-sign sandbox's signing page (src/server/agreement/esign.ts): where the customer is sent to sign,
 * as an Aadhaar eSign provider's page would be. It names the agreement and the signer and offers the
 * three outcomes: sign (the sandbox applies a real PDF signature with its test certificate), decline, or
 * let the request expire; each sends the customer back to the dashboard. No OTP is asked: nothing here
 * is a real signature.
 */
import type { Context } from 'hono';
import { ESIGN_SANDBOX_PATH, type SandboxESign, type SigningOutcome } from '../agreement/esign.ts';
import type { AppEnv } from '../app/context.ts';
import type { Config } from '../config/config.ts';
import { readForm } from '../http/body.ts';
import { defineRoute } from '../http/routes.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

const enabled = (config: Config) => config.esign.provider === 'sandbox' && config.env !== 'production';

const sandboxOf = (c: Context<AppEnv>) => {
  const esign = c.get('deps').esign;
  return esign.name === 'sandbox' ? (esign as SandboxESign) : undefined;
};

const OUTCOMES: { outcome: SigningOutcome; label: string }[] = [
  { outcome: 'signed', label: 'Sign with Aadhaar OTP' },
  { outcome: 'declined', label: 'Decline to sign' },
  { outcome: 'expired', label: 'Let the request expire' },
];

function page(c: Context<AppEnv>, status: 200 | 404, body: string) {
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; base-uri 'none'",
  );
  c.header('Cache-Control', 'no-store');
  return c.html(
    `<!doctype html><html lang="en-IN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Aadhaar eSign (sandbox)</title>` +
      `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1f2937}button{font:inherit;min-height:44px;margin:.25rem 0;padding:.5rem 1rem;width:100%;border-radius:8px;border:2px solid #0b5394;background:#fff;color:#0b5394;cursor:pointer}button.primary{background:#0b5394;color:#fff}</style>` +
      `</head><body><main><h1>Aadhaar eSign (sandbox)</h1>${body}</main></body></html>`,
    status,
  );
}

export const esignSandboxRoutes = [
  defineRoute({
    method: 'get',
    path: `${ESIGN_SANDBOX_PATH}/:id`,
    operationId: 'sandboxESignPage',
    summary: "Sandbox: the e-sign provider's signing page for one request (sign, decline or let it expire)",
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { description: 'The signing page', mediaType: 'text/html' },
    enabled,
    async handle(c) {
      const id = c.req.param('id') ?? '';
      const request = sandboxOf(c)?.request(id);
      if (!request || request.decided) return page(c, 404, '<p>This signing request does not exist or is over.</p>');
      const action = `${ESIGN_SANDBOX_PATH}/${encodeURIComponent(id)}`;
      const buttons = OUTCOMES.map(
        ({ outcome, label }, i) =>
          `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button${i === 0 ? ' class="primary"' : ''}>${label}</button></form>`,
      ).join('');
      return page(
        c,
        200,
        `<p>${escapeHtml(request.signer)}, you are asked to sign ${escapeHtml(request.reference)}. This sandbox signs with a test certificate: it is not a real signature.</p>${buttons}`,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: `${ESIGN_SANDBOX_PATH}/:id`,
    operationId: 'sandboxESignDecide',
    summary:
      'Sandbox: the signer’s choice (form field outcome: signed, declined or expired), then back to the return address (303)',
    tag: 'Sandbox',
    auth: 'none',
    plainAnswer: { status: 303, description: 'Back to the return address given with the request' },
    enabled,
    async handle(c) {
      const type = (c.req.header('content-type') ?? '').toLowerCase();
      const fields = type.includes('form') ? await readForm(c) : {};
      const outcome = OUTCOMES.find((choice) => choice.outcome === fields.outcome)?.outcome;
      const decided = outcome && (await sandboxOf(c)?.decide(c.req.param('id') ?? '', outcome));
      if (!decided) return page(c, 404, '<p>This signing request does not exist or is over.</p>');
      return c.redirect(decided.returnUrl, 303);
    },
  }),
];
