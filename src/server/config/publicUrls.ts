/**
 * The public addresses of the site and the API. Public links (PayU's return, the thank-you page, file and
 * KFS links) come from these in production, never from the request's Host header, which a client chooses.
 */
import * as v from 'valibot';
import { rule } from './rules.ts';
import { NODE_ENV } from './values.ts';

const PublicUrlsVariables = v.object({
  NODE_ENV,
  PUBLIC_SITE_URL: v.optional(v.pipe(v.string(), v.url('must be a full address, e.g. https://www.koshcredit.example'))),
  PUBLIC_API_URL: v.optional(v.pipe(v.string(), v.url('must be a full address, e.g. https://api.koshcredit.example'))),
});
type Variables = v.InferOutput<typeof PublicUrlsVariables>;
const setInProduction = (name: 'PUBLIC_SITE_URL' | 'PUBLIC_API_URL', example: string) =>
  rule<Variables>(
    name,
    `must be set in production, e.g. ${example}`,
    (e) => e.NODE_ENV === 'production' && e[name] === undefined,
  );

export const PublicUrlsSchema = v.pipe(
  PublicUrlsVariables,
  setInProduction('PUBLIC_SITE_URL', 'https://www.koshcredit.example'),
  setInProduction('PUBLIC_API_URL', 'https://api.koshcredit.example'),
  // Under payments, next to the rest of it (config.ts merges the areas' settings).
  v.transform((e) => ({
    payments: {
      /** Where the provider sends the payer back (the API's own origin); empty outside production: the request's origin. */
      apiUrl: e.PUBLIC_API_URL ?? null,
      /** Where /thanku lives (the site's origin); empty outside production: the request's origin. */
      siteUrl: e.PUBLIC_SITE_URL ?? null,
    },
  })),
);

/** What a link to the site needs of the configuration (src/server/config/config.ts's Config has it). */
interface SiteAddress {
  host: string;
  port: number;
  payments: { siteUrl: string | null };
}

/**
 * The one way to write a link to a page of the site in a message we send (SMS, e-mail, the bureau notice):
 * PUBLIC_SITE_URL (required in production); outside production with it unset, the server's own address
 * (http://HOST:PORT), which serves the built site, so a developer can click the link. Never the request's
 * Host header (a client chooses it) and never the production address from content/site.json.
 */
export function sitePageUrl(config: SiteAddress, path: `/${string}`): string {
  return `${siteOrigin(config)}${path}`;
}

function siteOrigin({ host, port, payments }: SiteAddress): string {
  if (payments.siteUrl) return payments.siteUrl.replace(/\/+$/, '');
  // A server listening on every interface is reached on the loopback one; an IPv6 address is bracketed.
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${reachable}:${port}`;
}
