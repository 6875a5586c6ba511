/**
 * The loan agreement's e-sign provider (src/server/agreement/esign.ts): the sandbox outside production
 * (its signatures are made with a test certificate kept in DATA_DIR/esign-sandbox), an Aadhaar eSign
 * service provider over HTTP in production.
 */
import { resolve } from 'node:path';
import * as v from 'valibot';
import { allSetWhen, rule } from './rules.ts';
import { DATA_DIR, httpsUrl, inMemory, NODE_ENV, optionalText } from './values.ts';

const ESignVariables = v.object({
  NODE_ENV,
  DATA_DIR,
  // No default here: the sandbox outside production, nothing in production (it must be http).
  ESIGN_PROVIDER: v.optional(v.picklist(['sandbox', 'http'], 'must be sandbox or http')),
  ESIGN_HTTP_URL: httpsUrl(),
  ESIGN_GATEWAY_URL: httpsUrl(),
  ESIGN_CLIENT_ID: optionalText(),
  ESIGN_CLIENT_SECRET: optionalText(),
});
type Variables = v.InferOutput<typeof ESignVariables>;

export const ESignSchema = v.pipe(
  ESignVariables,
  rule<Variables>(
    'ESIGN_PROVIDER',
    'must be http in production (the sandbox signs with a test certificate)',
    (e) => e.NODE_ENV === 'production' && e.ESIGN_PROVIDER !== 'http',
  ),
  allSetWhen<Variables>(
    ['ESIGN_HTTP_URL', 'ESIGN_GATEWAY_URL', 'ESIGN_CLIENT_ID', 'ESIGN_CLIENT_SECRET'],
    'ESIGN_PROVIDER is http',
    (e) => e.ESIGN_PROVIDER === 'http',
  ),
  v.transform((e) => ({
    esign:
      e.ESIGN_PROVIDER === 'http' &&
      e.ESIGN_HTTP_URL &&
      e.ESIGN_GATEWAY_URL &&
      e.ESIGN_CLIENT_ID &&
      e.ESIGN_CLIENT_SECRET
        ? {
            provider: 'http' as const,
            url: e.ESIGN_HTTP_URL,
            gatewayUrl: e.ESIGN_GATEWAY_URL,
            clientId: e.ESIGN_CLIENT_ID,
            clientSecret: e.ESIGN_CLIENT_SECRET,
          }
        : {
            provider: 'sandbox' as const,
            /** Where the sandbox keeps its test certificate authority; null: in memory. */
            certificatesDir: inMemory(e.DATA_DIR) ? null : resolve(e.DATA_DIR, 'esign-sandbox'),
          },
  })),
);
