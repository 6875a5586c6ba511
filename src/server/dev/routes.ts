/**
 * Development-only routes (product.md §10.4): the SMS outbox, a clock that tests move forward to
 * reach code and session expiry, and staff's decisions on a lead for browser tests. None is mounted
 * when NODE_ENV=production.
 */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { isCalendarDate } from '../../lib/dates.ts';
import { paiseFromRupees } from '../../lib/money.ts';
import { ApproveAnswer, RejectAnswer, SendBackAnswer } from '../../lib/schemas/answers/staffApplications.ts';
import { DevClockAnswer, DevCrashAnswer, DevMailboxAnswer, DevOutboxAnswer } from '../../lib/schemas/answers/system.ts';
import type { Deps } from '../app/context.ts';
import {
  approveLead,
  disburseLead,
  findLead,
  rejectLead,
  SEND_BACK_STEPS,
  StaffError,
  sendBackLead,
} from '../application/staff.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { runDay } from '../jobs/scheduler.ts';
import { mailboxMessagesTo } from '../mail/outboxTransport.ts';
import { outboxMessagesTo } from '../sms/outboxTransport.ts';
import type { DevelopmentClock } from './clock.ts';
import { armCrashPoint, CRASH_POINTS } from './faults.ts';

const developmentOnly = (config: Config) => config.env !== 'production';

/** The server's development clock; a server given a clock of its own (the API tests') has none to move. */
function movableClock(deps: Deps): DevelopmentClock {
  if (!deps.developmentClock)
    throw new ApiError(409, 'This server runs on a clock the tests set; it cannot be moved here.', 'conflict');
  return deps.developmentClock;
}
/** The one-time code in a message body: the first run of 4 digits. */
const codeIn = (body: string) => body.match(/\b\d{4}\b/)?.[0] ?? null;

/** The e-mail outbox (MAIL_TRANSPORT=outbox), as /__dev/outbox is for SMS. */
export const DEV_MAILBOX_PATH = '/__dev/mailbox';

/** Arms a crash point in the running server (the crash-safety tests; src/server/dev/faults.ts). */
export const DEV_CRASH_PATH = '/__dev/crash';

/** Staff's decisions for browser tests (the ops command line cannot open a database the server holds). */
export const DEV_STAFF_PATH = '/__dev/staff';

/** Runs a day's jobs at once (`npm run ops -- run-day --date YYYY-MM-DD`; src/server/jobs/). */
export const DEV_RUN_DAY_PATH = '/__dev/run-day';
const DevRunDayAnswer = v.strictObject({
  day: v.string(),
  now: v.string(),
  jobs: v.array(
    v.strictObject({ job: v.string(), day: v.string(), done: v.number(), skipped: v.number(), failed: v.number() }),
  ),
});

/** A development outbox (SMS or e-mail) read by recipient: `?to=` checked, then its newest messages. */
function outboxRoute<Row>(outbox: {
  path: string;
  operationId: string;
  summary: string;
  recipient: string;
  valid: RegExp;
  invalid: string;
  read: (db: Database, to: string) => Promise<Row[]>;
  shown: (row: Row) => Record<string, unknown>;
  /** The list's shape, for the document and the tests. */
  schema: v.GenericSchema;
}) {
  return defineRoute({
    method: 'get',
    path: outbox.path,
    operationId: outbox.operationId,
    summary: outbox.summary,
    tag: 'Development',
    auth: 'none',
    query: { to: { description: outbox.recipient, required: true } },
    plainAnswer: { description: 'The messages, newest first (a JSON array)', schema: outbox.schema },
    enabled: developmentOnly,
    async handle(c) {
      const to = c.req.query('to') ?? '';
      if (!outbox.valid.test(to)) throw new ApiError(400, outbox.invalid, 'validation_failed');
      return c.json((await outbox.read(c.get('deps').db, to)).map(outbox.shown));
    },
  });
}

/** devStaff's disburse: the loan made. */
const DisbursedAnswer = v.strictObject({ status: v.literal('disbursed'), loan_no: v.string() });

export const devRoutes = [
  outboxRoute({
    path: API.devOutbox,
    operationId: 'devOutbox',
    summary: 'Development only: the SMS outbox for a mobile, newest first',
    recipient: 'The 10-digit mobile number',
    valid: /^\d{10}$/,
    invalid: 'Give ?to= a 10-digit mobile number.',
    read: outboxMessagesTo,
    schema: DevOutboxAnswer,
    shown: (row) => ({ to: row.to, body: row.body, code: codeIn(row.body), created_at: row.createdAt.toISOString() }),
  }),
  outboxRoute({
    path: DEV_MAILBOX_PATH,
    operationId: 'devMailbox',
    summary: 'Development only: the e-mail outbox for an address, newest first',
    recipient: 'The e-mail address',
    valid: /^[^\s@]+@[^\s@]+$/,
    invalid: 'Give ?to= an e-mail address.',
    read: mailboxMessagesTo,
    schema: DevMailboxAnswer,
    shown: (row) => ({
      to: row.to,
      subject: row.subject,
      body: row.body,
      attachments: row.attachments.map((file) => ({
        filename: file.filename,
        content_type: file.content_type,
        size: file.size,
        sha256: file.sha256,
      })),
      created_at: row.createdAt.toISOString(),
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/__dev/clock',
    operationId: 'devClock',
    summary: 'Development only: moves the server clock forward (for expiry tests)',
    tag: 'Development',
    auth: 'none',
    body: v.object({ advance_seconds: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(7 * 24 * 3600)) }),
    answer: DevClockAnswer,
    enabled: developmentOnly,
    async handle(c, input) {
      const clock = movableClock(c.get('deps'));
      clock.advance(input.advance_seconds * 1000);
      return ok(c, { now: clock.now().toISOString() });
    },
  }),
  defineRoute({
    method: 'post',
    path: DEV_RUN_DAY_PATH,
    operationId: 'devRunDay',
    summary:
      'Development only: runs every scheduled job for one day at once (end of day, notices, …), moving the development clock forward to 10:00 that day in India first',
    tag: 'Development',
    auth: 'none',
    body: v.object({ date: v.pipe(v.string(), v.check(isCalendarDate, 'date must be a date, YYYY-MM-DD')) }),
    answer: DevRunDayAnswer,
    enabled: developmentOnly,
    async handle(c, input) {
      // Within the hours borrowers may be contacted, so the day's notices go out too; never backwards.
      // A server on a clock a test sets (the API tests') runs the day at the time that clock says.
      const deps = c.get('deps');
      deps.developmentClock?.atLeast(Date.parse(`${input.date}T10:00:00+05:30`));
      const outcomes = await runDay(deps, input.date);
      return ok(c, { day: input.date, now: deps.now().toISOString(), jobs: outcomes });
    },
  }),
  defineRoute({
    method: 'post',
    path: DEV_CRASH_PATH,
    operationId: 'devCrash',
    summary:
      'Development only: the next request to reach this crash point kills the server outright (crash-safety tests)',
    tag: 'Development',
    auth: 'none',
    body: v.object({ point: v.picklist(CRASH_POINTS, `point is one of ${CRASH_POINTS.join(', ')}`) }),
    answer: DevCrashAnswer,
    enabled: developmentOnly,
    async handle(c, input) {
      armCrashPoint(input.point);
      return ok(c, { armed: input.point });
    },
  }),
  defineRoute({
    method: 'post',
    path: DEV_STAFF_PATH,
    operationId: 'devStaff',
    summary:
      "Development only: staff's approve, reject or disburse on a lead, through the same functions as `npm run ops`",
    tag: 'Development',
    auth: 'none',
    body: v.object({
      action: v.picklist(
        ['approve', 'reject', 'send_back', 'disburse'],
        'action is approve, reject, send_back or disburse',
      ),
      lead_id: v.pipe(v.number(), v.integer()),
      /** Approve: rupees and days (the lead's own quote when left out), the daily rate in percent. */
      amount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      tenure: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      roi: v.optional(v.pipe(v.number(), v.minValue(0.01), v.maxValue(5))),
      manager: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(80)), 'Neha Rao'),
      reason: v.optional(v.string(), 'Declined in development'),
      /** send_back: where the customer starts again. */
      step: v.optional(v.picklist(SEND_BACK_STEPS), 'documents'),
      /** The version the decision is made on; the lead's current one when left out (development only). */
      version: v.optional(v.pipe(v.number(), v.integer())),
    }),
    answer: v.union([ApproveAnswer, RejectAnswer, SendBackAnswer, DisbursedAnswer]),
    enabled: developmentOnly,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      // The browser tests' stand-in for staff: the ops command line cannot open the embedded
      // database while the server holds it, so this calls the same functions with a dev actor.
      const actor = 'dev:staff';
      try {
        const { config, sms, mail } = c.get('deps');
        const delivery = { config, sms, mail, log: c.get('log') };
        if (input.action === 'approve') {
          const lead = await findLead(db, input.lead_id);
          const approved = await approveLead(
            db,
            lead.id,
            {
              amountPaise: input.amount === undefined ? (lead.amountPaise ?? 0) : paiseFromRupees(input.amount),
              tenureDays: input.tenure ?? lead.tenureDays ?? 60,
              dailyRatePercent: input.roi ?? (lead.dailyRateHundredths ?? 100) / 100,
              manager: input.manager,
              ...(input.version !== undefined && { version: input.version }),
            },
            actor,
            now(),
            delivery,
          );
          return ok(c, {
            status: approved.awaitingAcknowledgement ? ('approved' as const) : ('accepted' as const),
            kfs_no: approved.kfs.kfsNo,
            awaiting_acknowledgement: approved.awaitingAcknowledgement,
          });
        }
        if (input.action === 'reject') {
          await rejectLead(db, input.lead_id, input.reason, actor, now(), input.version);
          return ok(c, { status: 'rejected' as const });
        }
        if (input.action === 'send_back') {
          const sent = {
            reason: input.reason,
            step: input.step,
            ...(input.version !== undefined && { version: input.version }),
          };
          await sendBackLead(db, input.lead_id, sent, actor, now());
          return ok(c, { status: 'sent_back' as const });
        }
        const loan = await disburseLead(db, input.lead_id, actor, now(), delivery);
        return ok(c, { status: 'disbursed' as const, loan_no: loan.loanNo });
      } catch (error) {
        if (error instanceof StaffError) throw new ApiError(409, error.message, 'staff_refused');
        throw error;
      }
    },
  }),
];
