/** PAN verification: the sandbox outside production (it verifies nothing), a provider over HTTP in production. */
import * as v from 'valibot';
import { allSetWhen, rule } from './rules.ts';
import { httpsUrl, NODE_ENV, optionalText } from './values.ts';

const KycVariables = v.object({
  NODE_ENV,
  // No default here: the sandbox outside production, nothing in production (it must be http).
  KYC_PROVIDER: v.optional(v.picklist(['sandbox', 'http'], 'must be sandbox or http')),
  KYC_HTTP_URL: httpsUrl(),
  KYC_HTTP_API_KEY: optionalText(),
});
type Variables = v.InferOutput<typeof KycVariables>;

export const KycSchema = v.pipe(
  KycVariables,
  rule<Variables>(
    'KYC_PROVIDER',
    'must be http in production (the sandbox verifies nothing)',
    (e) => e.NODE_ENV === 'production' && e.KYC_PROVIDER !== 'http',
  ),
  allSetWhen<Variables>(['KYC_HTTP_URL', 'KYC_HTTP_API_KEY'], 'KYC_PROVIDER is http', (e) => e.KYC_PROVIDER === 'http'),
  v.transform((e) => ({
    kyc:
      e.KYC_PROVIDER === 'http' && e.KYC_HTTP_URL && e.KYC_HTTP_API_KEY
        ? { provider: 'http' as const, url: e.KYC_HTTP_URL, apiKey: e.KYC_HTTP_API_KEY }
        : { provider: 'sandbox' as const },
  })),
);
