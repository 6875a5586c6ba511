/**
 * The credit report asked before deciding (issue 24; src/server/bureauCheck/): the sandbox outside
 * production (its reports are made up), a bureau's consumer report API over HTTP in production.
 * Not the reporting of our loans to the bureaus, which is ./bureau.ts.
 */
import * as v from 'valibot';
import { allSetWhen, rule } from './rules.ts';
import { httpsUrl, int, NODE_ENV, optionalText } from './values.ts';

const BureauCheckVariables = v.object({
  NODE_ENV,
  // No default here: the sandbox outside production, nothing in production (it must be http).
  BUREAU_CHECK_PROVIDER: v.optional(v.picklist(['sandbox', 'http'], 'must be sandbox or http')),
  BUREAU_CHECK_URL: httpsUrl(),
  BUREAU_CHECK_API_KEY: optionalText(),
  BUREAU_CHECK_TIMEOUT_MS: int(20_000, 1_000, 120_000),
});
type Variables = v.InferOutput<typeof BureauCheckVariables>;

export const BureauCheckSchema = v.pipe(
  BureauCheckVariables,
  rule<Variables>(
    'BUREAU_CHECK_PROVIDER',
    'must be http in production (the sandbox makes its reports up)',
    (e) => e.NODE_ENV === 'production' && e.BUREAU_CHECK_PROVIDER !== 'http',
  ),
  allSetWhen<Variables>(
    ['BUREAU_CHECK_URL', 'BUREAU_CHECK_API_KEY'],
    'BUREAU_CHECK_PROVIDER is http',
    (e) => e.BUREAU_CHECK_PROVIDER === 'http',
  ),
  v.transform((e) => ({
    bureauCheck:
      e.BUREAU_CHECK_PROVIDER === 'http' && e.BUREAU_CHECK_URL && e.BUREAU_CHECK_API_KEY
        ? {
            provider: 'http' as const,
            url: e.BUREAU_CHECK_URL,
            apiKey: e.BUREAU_CHECK_API_KEY,
            timeoutMs: e.BUREAU_CHECK_TIMEOUT_MS,
          }
        : { provider: 'sandbox' as const },
  })),
);
