/** E-mail (the Key Fact Statement): the outbox outside production, a mail API in production. */
import * as v from 'valibot';
import { allSetWhen, gatewayInProduction } from './rules.ts';
import { httpsUrl, NODE_ENV, optionalText } from './values.ts';

const MailVariables = v.object({
  NODE_ENV,
  // No default here: the outbox outside production, nothing in production (it must be http).
  MAIL_TRANSPORT: v.optional(v.picklist(['outbox', 'http'], 'must be outbox or http')),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'noreply@koshcredit.example'),
  MAIL_HTTP_URL: httpsUrl(),
  MAIL_HTTP_API_KEY: optionalText(),
});
type Variables = v.InferOutput<typeof MailVariables>;

export const MailSchema = v.pipe(
  MailVariables,
  ...gatewayInProduction<Variables>('MAIL_TRANSPORT'),
  allSetWhen<Variables>(
    ['MAIL_HTTP_URL', 'MAIL_HTTP_API_KEY'],
    'MAIL_TRANSPORT is http',
    (e) => e.MAIL_TRANSPORT === 'http',
  ),
  v.transform((e) => ({
    mail:
      e.MAIL_TRANSPORT === 'http' && e.MAIL_HTTP_URL && e.MAIL_HTTP_API_KEY
        ? { transport: 'http' as const, from: e.MAIL_FROM, url: e.MAIL_HTTP_URL, apiKey: e.MAIL_HTTP_API_KEY }
        : { transport: 'outbox' as const, from: e.MAIL_FROM },
  })),
);
