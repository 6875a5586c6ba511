/**
 * SMS: the outbox outside production or a DLT gateway over HTTP, and who delivers the queue: a sender in
 * this process, or only others (`npm run sms-sender`).
 */
import * as v from 'valibot';
import { gatewayInProduction, setWhen } from './rules.ts';
import { httpsUrl, int, NODE_ENV, optionalText } from './values.ts';

const templateId = (sample: string) =>
  v.optional(v.pipe(v.string(), v.regex(/^\d{19}$/, 'must be the 19-digit DLT template id')), sample);

/**
 * The automatic messages' texts (src/server/reminders/messages.ts), each registered on DLT under its
 * own template id: a gateway refuses a text sent under another text's id. The defaults are samples.
 */
const TEMPLATE_VARIABLES = {
  due_in_3: 'SMS_DLT_TEMPLATE_DUE_IN_3',
  due_in_1: 'SMS_DLT_TEMPLATE_DUE_IN_1',
  due_today: 'SMS_DLT_TEMPLATE_DUE_TODAY',
  overdue_1: 'SMS_DLT_TEMPLATE_OVERDUE_1',
  overdue_7: 'SMS_DLT_TEMPLATE_OVERDUE_7',
  receipt: 'SMS_DLT_TEMPLATE_RECEIPT',
} as const;
export type SmsTemplateKind = keyof typeof TEMPLATE_VARIABLES;

// Loose: the other areas' SMS_DLT_TEMPLATE_* variables (the overdue notice, the bureau notice) pass through
// to the check that every text's id differs; their own areas read and check them.
const SmsVariables = v.looseObject({
  NODE_ENV,
  // No default here: the outbox outside production, nothing in production (it must be http).
  SMS_TRANSPORT: v.optional(v.picklist(['outbox', 'http'], 'must be outbox or http')),
  SMS_SENDER_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT sender id')), 'KOSHCR'),
  SMS_DLT_TEMPLATE_ID: v.optional(
    v.pipe(v.string(), v.regex(/^\d{19}$/, 'must be the 19-digit DLT template id')),
    '1007000000000000001',
  ),
  SMS_DLT_TEMPLATE_DUE_IN_3: templateId('1007000000000000011'),
  SMS_DLT_TEMPLATE_DUE_IN_1: templateId('1007000000000000012'),
  SMS_DLT_TEMPLATE_DUE_TODAY: templateId('1007000000000000013'),
  SMS_DLT_TEMPLATE_OVERDUE_1: templateId('1007000000000000014'),
  SMS_DLT_TEMPLATE_OVERDUE_7: templateId('1007000000000000015'),
  SMS_DLT_TEMPLATE_RECEIPT: templateId('1007000000000000016'),
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
  // One id for several texts is refused by the gateways: each text's id differs from the others' and the shared one.
  v.rawCheck<Variables>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const e = dataset.value;
    const others = Object.keys(e)
      .filter((name) => name.startsWith('SMS_DLT_TEMPLATE_') && name !== 'SMS_DLT_TEMPLATE_ID')
      .filter((name) => !(Object.values(TEMPLATE_VARIABLES) as string[]).includes(name))
      .sort();
    const names = ['SMS_DLT_TEMPLATE_ID', ...Object.values(TEMPLATE_VARIABLES), ...others];
    const seen = new Map<unknown, string>();
    for (const name of names) {
      const value = e[name];
      const other = seen.get(value);
      if (other) {
        addIssue({
          message: `must differ from ${other}: each SMS text has its own DLT template id`,
          path: [{ type: 'object', origin: 'value', input: e, key: name, value }],
        });
      }
      seen.set(value, name);
    }
  }),
  v.transform((e) => {
    const templates = Object.fromEntries(
      Object.entries(TEMPLATE_VARIABLES).map(([kind, name]) => [kind, e[name]]),
    ) as Record<SmsTemplateKind, string>;
    const dlt = { senderId: e.SMS_SENDER_ID, templateId: e.SMS_DLT_TEMPLATE_ID, templates };
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
