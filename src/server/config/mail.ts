/** E-mail (the Key Fact Statement): the outbox outside production, a mail API in production. */
import * as v from 'valibot';
import { httpsUrl, NODE_ENV, optionalText } from './values.ts';

export const MailSchema = v.pipe(
  v.object({
    NODE_ENV,
    // No default here: the outbox outside production, nothing in production (it must be http).
    MAIL_TRANSPORT: v.optional(v.picklist(['outbox', 'http'], 'must be outbox or http')),
    MAIL_FROM: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'noreply@koshcredit.example'),
    MAIL_HTTP_URL: httpsUrl(),
    MAIL_HTTP_API_KEY: optionalText(),
  }),
  v.forward(
    v.partialCheck(
      [['NODE_ENV'], ['MAIL_TRANSPORT']],
      (e) => e.NODE_ENV !== 'production' || e.MAIL_TRANSPORT !== undefined,
      'must be set to http in production (the outbox exists only outside production)',
    ),
    ['MAIL_TRANSPORT'],
  ),
  v.forward(
    v.partialCheck(
      [['NODE_ENV'], ['MAIL_TRANSPORT']],
      (e) => e.NODE_ENV !== 'production' || e.MAIL_TRANSPORT !== 'outbox',
      'the outbox transport does not exist in production; configure http',
    ),
    ['MAIL_TRANSPORT'],
  ),
  // Names both variables, so the message carries them (no single path).
  v.partialCheck(
    [['MAIL_TRANSPORT'], ['MAIL_HTTP_URL'], ['MAIL_HTTP_API_KEY']],
    (e) => e.MAIL_TRANSPORT !== 'http' || (e.MAIL_HTTP_URL !== undefined && e.MAIL_HTTP_API_KEY !== undefined),
    'MAIL_HTTP_URL, MAIL_HTTP_API_KEY: must be set when MAIL_TRANSPORT is http',
  ),
  v.transform((e) => ({
    mail:
      e.MAIL_TRANSPORT === 'http' && e.MAIL_HTTP_URL && e.MAIL_HTTP_API_KEY
        ? { transport: 'http' as const, from: e.MAIL_FROM, url: e.MAIL_HTTP_URL, apiKey: e.MAIL_HTTP_API_KEY }
        : { transport: 'outbox' as const, from: e.MAIL_FROM },
  })),
);
