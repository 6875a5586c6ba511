/**
 * Bank account validation (issue 24; src/server/bankAccount/): the penny-drop sandbox outside production
 * (it credits nothing), a provider over HTTP in production; and where branch names come from.
 */
import * as v from 'valibot';
import { allSetWhen, rule } from './rules.ts';
import { httpsUrl, NODE_ENV, optionalText } from './values.ts';

const BankAccountVariables = v.object({
  NODE_ENV,
  // No default here: the sandbox outside production, nothing in production (it must be http).
  BANK_VERIFY_PROVIDER: v.optional(v.picklist(['sandbox', 'http'], 'must be sandbox or http')),
  BANK_VERIFY_HTTP_URL: httpsUrl(),
  BANK_VERIFY_CLIENT_ID: optionalText(),
  BANK_VERIFY_CLIENT_SECRET: optionalText(),
  IFSC_DIRECTORY_URL: httpsUrl(),
});
type Variables = v.InferOutput<typeof BankAccountVariables>;

export const BankAccountSchema = v.pipe(
  BankAccountVariables,
  rule<Variables>(
    'BANK_VERIFY_PROVIDER',
    'must be http in production (the sandbox verifies no account)',
    (e) => e.NODE_ENV === 'production' && e.BANK_VERIFY_PROVIDER !== 'http',
  ),
  allSetWhen<Variables>(
    ['BANK_VERIFY_HTTP_URL', 'BANK_VERIFY_CLIENT_ID', 'BANK_VERIFY_CLIENT_SECRET'],
    'BANK_VERIFY_PROVIDER is http',
    (e) => e.BANK_VERIFY_PROVIDER === 'http',
  ),
  v.transform((e) => ({
    bankVerify:
      e.BANK_VERIFY_PROVIDER === 'http' &&
      e.BANK_VERIFY_HTTP_URL &&
      e.BANK_VERIFY_CLIENT_ID &&
      e.BANK_VERIFY_CLIENT_SECRET
        ? {
            provider: 'http' as const,
            url: e.BANK_VERIFY_HTTP_URL,
            clientId: e.BANK_VERIFY_CLIENT_ID,
            clientSecret: e.BANK_VERIFY_CLIENT_SECRET,
          }
        : { provider: 'sandbox' as const },
    // Branch names: a directory when given; the sandbox's few outside production; none in production without one.
    ifscDirectory: e.IFSC_DIRECTORY_URL
      ? { source: 'http' as const, url: e.IFSC_DIRECTORY_URL }
      : { source: e.NODE_ENV === 'production' ? ('none' as const) : ('sandbox' as const) },
  })),
);
