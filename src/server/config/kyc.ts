/** PAN verification: the sandbox outside production (it verifies nothing), a provider over HTTP in production. */
import * as v from 'valibot';
import { httpsUrl, NODE_ENV, optionalText } from './values.ts';

export const KycSchema = v.pipe(
  v.object({
    NODE_ENV,
    // No default here: the sandbox outside production, nothing in production (it must be http).
    KYC_PROVIDER: v.optional(v.picklist(['sandbox', 'http'], 'must be sandbox or http')),
    KYC_HTTP_URL: httpsUrl(),
    KYC_HTTP_API_KEY: optionalText(),
  }),
  v.forward(
    v.partialCheck(
      [['NODE_ENV'], ['KYC_PROVIDER']],
      (e) => e.NODE_ENV !== 'production' || e.KYC_PROVIDER === 'http',
      'must be http in production (the sandbox verifies nothing)',
    ),
    ['KYC_PROVIDER'],
  ),
  // Names both variables, so the message carries them (no single path).
  v.partialCheck(
    [['KYC_PROVIDER'], ['KYC_HTTP_URL'], ['KYC_HTTP_API_KEY']],
    (e) => e.KYC_PROVIDER !== 'http' || (e.KYC_HTTP_URL !== undefined && e.KYC_HTTP_API_KEY !== undefined),
    'KYC_HTTP_URL, KYC_HTTP_API_KEY: must be set when KYC_PROVIDER is http',
  ),
  v.transform((e) => ({
    kyc:
      e.KYC_PROVIDER === 'http' && e.KYC_HTTP_URL && e.KYC_HTTP_API_KEY
        ? { provider: 'http' as const, url: e.KYC_HTTP_URL, apiKey: e.KYC_HTTP_API_KEY }
        : { provider: 'sandbox' as const },
  })),
);
