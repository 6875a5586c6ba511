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
