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
 * Every SMS text we send, each registered on DLT under its own template id: a gateway refuses a text sent
 * under another text's id (docs/decisions.md, "One DLT template id per SMS text"). All of them are here,
 * with sample ids as defaults, so development and tests run without setting any.
 */
const TEMPLATES = {
  /** The sign-in code (src/server/sms/messages.ts). */
  sign_in_code: ['SMS_DLT_TEMPLATE_SIGN_IN_CODE', '1007000000000000001'],
  /** The /repayloan code. */
  repay_code: ['SMS_DLT_TEMPLATE_REPAY_CODE', '1007000000000000002'],
  /** The Key Fact Statement accepted by the customer (src/server/kfs/messages.ts). */
  kfs_accepted: ['SMS_DLT_TEMPLATE_KFS_ACCEPTED', '1007000000000000003'],
  /** A Key Fact Statement issued by staff on other terms, to accept. */
  kfs_issued: ['SMS_DLT_TEMPLATE_KFS_ISSUED', '1007000000000000004'],
  /** The loan disbursed: the amount credited, the due date and the statement's link. */
  disbursed: ['SMS_DLT_TEMPLATE_DISBURSED', '1007000000000000005'],
  /** A complaint's acknowledgement. */
  complaint: ['SMS_DLT_TEMPLATE_COMPLAINT', '1007000000000000006'],
  // The reminders and the receipt (src/server/reminders/messages.ts, receiptMessages.ts).
  due_in_3: ['SMS_DLT_TEMPLATE_DUE_IN_3', '1007000000000000011'],
  due_in_1: ['SMS_DLT_TEMPLATE_DUE_IN_1', '1007000000000000012'],
  due_today: ['SMS_DLT_TEMPLATE_DUE_TODAY', '1007000000000000013'],
  overdue_1: ['SMS_DLT_TEMPLATE_OVERDUE_1', '1007000000000000014'],
  overdue_7: ['SMS_DLT_TEMPLATE_OVERDUE_7', '1007000000000000015'],
  receipt: ['SMS_DLT_TEMPLATE_RECEIPT', '1007000000000000016'],
  /** The loan entered SMA-0, SMA-1, SMA-2 or NPA (src/server/overdue/messages.ts). */
  overdue_class: ['SMS_DLT_TEMPLATE_OVERDUE_CLASS', '1007000000000000231'],
  /** Before a default is first reported to the credit bureaus (src/server/bureau/notice.ts). */
  bureau_notice: ['SMS_DLT_TEMPLATE_BUREAU_NOTICE', '1007000000000000023'],
} as const;
export type SmsTemplateKind = keyof typeof TEMPLATES;
type TemplateVariable = (typeof TEMPLATES)[SmsTemplateKind][0];
const TEMPLATE_ENTRIES = Object.entries(TEMPLATES) as [SmsTemplateKind, readonly [TemplateVariable, string]][];

const SmsVariables = v.object({
  NODE_ENV,
  // No default here: the outbox outside production, nothing in production (it must be http).
  SMS_TRANSPORT: v.optional(v.picklist(['outbox', 'http'], 'must be outbox or http')),
  SMS_SENDER_ID: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{6}$/, 'must be the 6-letter DLT sender id')), 'KOSHCR'),
  // The one id all older texts shared: refused, so a setting written for it is not silently ignored.
  SMS_DLT_TEMPLATE_ID: v.optional(
    v.never(
      'is no longer read: each SMS text has its own id (SMS_DLT_TEMPLATE_SIGN_IN_CODE, SMS_DLT_TEMPLATE_REPAY_CODE, SMS_DLT_TEMPLATE_KFS_ACCEPTED, SMS_DLT_TEMPLATE_KFS_ISSUED, SMS_DLT_TEMPLATE_DISBURSED, SMS_DLT_TEMPLATE_COMPLAINT and the others in the README)',
    ),
  ),
  ...(Object.fromEntries(TEMPLATE_ENTRIES.map(([, [name, sample]]) => [name, templateId(sample)])) as Record<
    TemplateVariable,
    ReturnType<typeof templateId>
  >),
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
  // One id for several texts is refused by the gateways: each text's id differs from every other's.
  v.rawCheck<Variables>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const e = dataset.value;
    const seen = new Map<string, string>();
    for (const [, [name]] of TEMPLATE_ENTRIES) {
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
    const templates = Object.fromEntries(TEMPLATE_ENTRIES.map(([kind, [name]]) => [kind, e[name]])) as Record<
      SmsTemplateKind,
      string
    >;
    const dlt = { senderId: e.SMS_SENDER_ID, templates };
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
