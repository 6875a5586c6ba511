/**
 * SMS: the outbox outside production or a DLT gateway over HTTP, and who delivers the queue: a sender in
 * this process, or only others (`npm run sms-sender`).
 */
import * as v from 'valibot';
import { gatewayInProduction, setWhen } from './rules.ts';
import { httpsUrl, int, NODE_ENV, optionalText } from './values.ts';

const SmsVariables = v.object({
  NODE_ENV,
  // No default here: the outbox outside production, nothing in production (it must be http).
  SMS_TRANSPORT: v.optional(v.picklist(['outbox', 'http'], 'must be outbox or http')),
  SMS_SENDER_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT sender id')), 'KOSHCR'),
  SMS_DLT_TEMPLATE_ID: v.optional(
    v.pipe(v.string(), v.regex(/^\d{19}$/, 'must be the 19-digit DLT template id')),
    '1007000000000000001',
  ),
  SMS_HTTP_URL: httpsUrl(),
  SMS_HTTP_API_KEY: optionalText(),
  SMS_SENDER: v.optional(v.picklist(['inprocess', 'off'], 'must be inprocess or off'), 'inprocess'),
  SMS_SENDER_POLL_MS: int(1_000, 20, 60_000),
  SMS_MAX_ATTEMPTS: int(6, 1, 20),
});
type Variables = v.InferOutput<typeof SmsVariables>;

export const SmsSchema = v.pipe(
  SmsVariables,
  ...gatewayInProduction<Variables>('SMS_TRANSPORT'),
  setWhen<Variables>('SMS_HTTP_URL', 'SMS_TRANSPORT is http', (e) => e.SMS_TRANSPORT === 'http'),
  setWhen<Variables>('SMS_HTTP_API_KEY', 'SMS_TRANSPORT is http', (e) => e.SMS_TRANSPORT === 'http'),
  v.transform((e) => {
    const dlt = { senderId: e.SMS_SENDER_ID, templateId: e.SMS_DLT_TEMPLATE_ID };
    return {
      // The checks above leave http only with its address and key.
      sms:
        e.SMS_TRANSPORT === 'http' && e.SMS_HTTP_URL && e.SMS_HTTP_API_KEY
          ? { transport: 'http' as const, ...dlt, url: e.SMS_HTTP_URL, apiKey: e.SMS_HTTP_API_KEY }
          : { transport: 'outbox' as const, ...dlt },
      smsSender: { mode: e.SMS_SENDER, pollMs: e.SMS_SENDER_POLL_MS, maxAttempts: e.SMS_MAX_ATTEMPTS },
    };
  }),
);
