/**
 * The security headers of the site, in one place: the build writes them to dist/_headers for the
 * CDN, and the Node server applies the same file when it serves the build itself.
 *
 * Scripts and styles are further limited per page by the hashes in the Content-Security-Policy
 * <meta> that Astro writes (`security.csp`); both policies apply, so the header below only has to
 * name the origins: this site, the configured API, and the payment providers' checkouts.
 */

/** Where the live payment checkouts load scripts, frames and form posts from. */
export const PAYMENT_ORIGINS = {
  scripts: ['https://checkout.razorpay.com', 'https://jssdk.payu.in', 'https://jssdk-uat.payu.in'],
  frames: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  forms: ['https://secure.payu.in', 'https://test.payu.in'],
} as const;

/** Origin of an absolute API base (https://api.example.in/v1 -> https://api.example.in); '' for same-origin. */
export function apiOrigin(apiBase: string | undefined): string {
  if (!apiBase) return '';
  const url = new URL(apiBase);
  if (url.protocol !== 'https:' && url.hostname !== '127.0.0.1' && url.hostname !== 'localhost') {
    throw new Error(`PUBLIC_API_BASE must use https:// (got ${apiBase})`);
  }
  return url.origin;
}

/**
 * `documentFrames`: the staff console's pages (/staff/*) frame the PDFs they fetched into memory
 * (blob: addresses of this origin) in the browser's viewer; no other page frames them.
 */
export function contentSecurityPolicy(apiBase?: string, { documentFrames = false } = {}): string {
  const api = apiOrigin(apiBase);
  const list = (...sources: (string | readonly string[])[]) => sources.flat().filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    // 'unsafe-inline' here is overridden by the per-page hashes of the <meta> policy.
    // The API origin serves the payment sandboxes' checkout script outside production.
    `script-src ${list("'self'", "'unsafe-inline'", api, PAYMENT_ORIGINS.scripts)}`,
    `style-src 'self' 'unsafe-inline'`,
    // Profile pictures are served by the API (signed, owner-only links).
    `img-src ${list("'self'", 'data:', 'blob:', api)}`,
    `font-src 'self'`,
    `connect-src ${list("'self'", api, PAYMENT_ORIGINS.frames)}`,
    `frame-src ${list("'self'", documentFrames ? 'blob:' : '', PAYMENT_ORIGINS.frames)}`,
    `form-action ${list("'self'", api, PAYMENT_ORIGINS.forms)}`,
    `media-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

export function securityHeaders(apiBase?: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(apiBase),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(self)',
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

/** The rules in the `_headers` format that Netlify, Cloudflare Pages and others read. */
export function staticHeaderRules(apiBase?: string): HeaderRule[] {
  return [
    { pattern: '/*', headers: securityHeaders(apiBase) },
    // The staff console frames the application's PDFs from memory (docs/decisions.md).
    {
      pattern: '/staff/*',
      headers: { 'Content-Security-Policy': contentSecurityPolicy(apiBase, { documentFrames: true }) },
    },
    // Hashed file names under /_astro/ never change content.
    { pattern: '/_astro/*', headers: { 'Cache-Control': 'public, max-age=31536000, immutable' } },
  ];
}

export function formatHeadersFile(rules: HeaderRule[]): string {
  return `${rules
    .map((rule) =>
      [rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
    )
    .join('\n\n')}\n`;
}

export function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: line.trim(), headers: {} });
      continue;
    }
    const rule = rules.at(-1);
    const colon = line.indexOf(':');
    if (rule && colon > 0) rule.headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return rules;
}

/** The headers the rules give a path: `*` matches anything, later rules add to earlier ones. */
export function headersForPath(rules: HeaderRule[], path: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    const prefix = rule.pattern.endsWith('*') ? rule.pattern.slice(0, -1) : undefined;
    if (prefix !== undefined ? path.startsWith(prefix) : path === rule.pattern) Object.assign(result, rule.headers);
  }
  return result;
}
