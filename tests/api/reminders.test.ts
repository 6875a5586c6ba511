/**
 * Reminders and notices (issue 23), stepping the clock through a loan's life: SMS and e-mail on the
 * third and first day before the due date, on it, and on the first and seventh day past it, each with
 * what closes the loan that day and the repay link; only between 08:00 and 19:00 in India (a run at
 * 06:00 waits for 08:00); never once the loan is paid; each once however often the day runs; each
 * text under its own DLT template id; and all of it in the contact history staff read.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { formatDate } from '../../src/lib/format.ts';
import { formatPaise } from '../../src/lib/money.ts';
import type { Deps } from '../../src/server/app/context.ts';
import { createLogger } from '../../src/server/app/logger.ts';
import { createDeps } from '../../src/server/app/services.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { loanMessages, mailOutbox, smsQueue } from '../../src/server/db/schema.ts';
import { runDay as runJobsOfDay } from '../../src/server/jobs/scheduler.ts';
import { loanAccountToday } from '../../src/server/loans/account.ts';
import { loanFigures } from '../../src/server/loans/accountFigures.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { loanMessagesJob, remindersJob } from '../../src/server/reminders/job.ts';
import {
  deliverLoanMessages,
  inContactWindow,
  nextContactTime,
  queueReminder,
  sendDueReminders,
} from '../../src/server/reminders/service.ts';
import { createBorrower } from './support/borrower.ts';
import { isSignInCode, latestMail, mailbox } from './support/mailbox.ts';
import { ENGINES, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';

/** An instant at hh:mm in India on a date. */
const at = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
const START = '2026-12-01';

describe.each(ENGINES)('reminders and notices (%s database)', (engine) => {
  let server: TestServer;
  let deps: Deps;
  const clock = testClock(at(START, '10:00').getTime());
  const setClock = (instant: Date) => clock.advance((instant.getTime() - clock.now().getTime()) / 1000);

  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
    // A port of its own: the links of development messages name the server's configured address.
    const config = loadConfig({ ...TEST_ENV, PORT: '4650' });
    ({ deps } = await createDeps(config, createLogger('silent'), { database: server.database, now: clock.now }));
  });
  afterAll(async () => {
    await deps?.pdfChecks.close();
    await deps?.pdfDrawing.close();
    await server.close();
  });

  /** A borrower whose ₹10,000 loan (60 days) falls due `daysToDue` days after START. */
  async function borrowerDueIn(daysToDue: number) {
    setClock(at(START, '10:00'));
    const made = await createBorrower(server, clock.now(), { daysAgo: 60 - daysToDue });
    const dueDate = addDays(START, daysToDue);
    expect(made.loan.repaymentDate).toBe(dueDate);
    return { ...made, dueDate };
  }

  const smsTo = (mobile: string) =>
    server.database.db.select().from(smsQueue).where(eq(smsQueue.to, mobile)).orderBy(smsQueue.id);
  /** What the mail sender wrote for the address, once what was queued for it has left. */
  const mailTo = async (email: string) => {
    await mailbox(server, email);
    return server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(mailOutbox.id);
  };
  const closureToday = async (loanId: string) => {
    const { loans } = await import('../../src/server/db/schema.ts');
    const [loan] = await server.database.db.select().from(loans).where(eq(loans.id, loanId));
    return loanFigures(await loanAccountToday(server.database.db, loan as never, clock.now())).closureAmountPaise;
  };
  /** Runs the day's reminders at hh:mm in India. */
  async function runDay(day: string, time: string) {
    setClock(at(day, time));
    return sendDueReminders(deps, { day, now: clock.now() });
  }

  it('sends on D-3, D-1, D, D+1 and D+7 only, each with the day’s amount and the repay link, under its own template id, once', async () => {
    const { mobile, customer, loan, dueDate } = await borrowerDueIn(3);
    const email = customer.email as string;
    const templates = deps.config.sms.templates;
    const expected = [
      { offset: -3, kind: 'due_in_3' },
      { offset: -1, kind: 'due_in_1' },
      { offset: 0, kind: 'due_today' },
      { offset: 1, kind: 'overdue_1' },
      { offset: 7, kind: 'overdue_7' },
    ] as const;
    let sent = 0;
    for (let offset = -3; offset <= 8; offset += 1) {
      const day = addDays(dueDate, offset);
      await runDay(day, '10:00');
      const want = expected.find((entry) => entry.offset === offset);
      const rows = await smsTo(mobile);
      if (!want) {
        expect(rows.length, `no reminder on D${offset >= 0 ? '+' : ''}${offset}`).toBe(sent);
        continue;
      }
      sent += 1;
      expect(rows.length, `one reminder on D${offset}`).toBe(sent);
      const sms = rows.at(-1) as (typeof rows)[number];
      expect(sms.templateId).toBe(templates[want.kind]);
      expect(sms.purpose).toBe('reminder');
      expect(sms.body).toContain(loan.loanNo);
      expect(sms.body).toContain(formatDate(dueDate));
      expect(sms.body).toContain(formatPaise(await closureToday(loan.id)).replace('₹', 'Rs.'));
      expect(sms.body).toMatch(/^[\x20-\x7e]+$/);
      // Development, PUBLIC_SITE_URL unset: the link opens on this server (HOST:PORT), not the production site.
      expect(sms.body).toContain(' http://127.0.0.1:4650/repayloan ');
      if (want.kind === 'overdue_7') expect(sms.body).toContain('7 days past its due date');
      const mails = await mailTo(email);
      expect(mails.length).toBe(sent);
      expect((mails.at(-1) as (typeof mails)[number]).body).toContain(formatPaise(await closureToday(loan.id)));
      // The same day again (a rerun, a second worker): nothing more.
      await runDay(day, '15:00');
      expect((await smsTo(mobile)).length).toBe(sent);
      expect((await mailTo(email)).length).toBe(sent);
    }
    // Five texts, five template ids, none the shared one.
    const ids = new Set((await smsTo(mobile)).map((row) => row.templateId));
    expect(ids.size).toBe(5);
    expect(ids.has(deps.config.sms.templates.sign_in_code)).toBe(false);
  });

  it('a run at 06:00 or 21:00 sends nothing until 08:00', async () => {
    const { mobile, loan, dueDate } = await borrowerDueIn(4);
    const day = addDays(dueDate, -3);
    await runDay(day, '06:00');
    expect(await smsTo(mobile)).toHaveLength(0);
    const waiting = await server.database.db.select().from(loanMessages).where(eq(loanMessages.loanId, loan.id));
    expect(waiting.map((row) => [row.channel, row.status, row.notBefore.toISOString()]).sort()).toEqual([
      ['email', 'waiting', at(day, '08:00').toISOString()],
      ['sms', 'waiting', at(day, '08:00').toISOString()],
    ]);
    setClock(at(day, '07:59'));
    await deliverLoanMessages(deps, clock.now());
    expect(await smsTo(mobile)).toHaveLength(0);
    setClock(at(day, '08:00'));
    await deliverLoanMessages(deps, clock.now());
    expect(await smsTo(mobile)).toHaveLength(1);

    // The evening before the due date: it waits, and the morning's own reminder takes its place.
    await runDay(addDays(dueDate, -1), '21:00');
    expect(await smsTo(mobile)).toHaveLength(1);
    await runDay(dueDate, '08:00');
    const rows = await smsTo(mobile);
    expect(rows).toHaveLength(2);
    expect(rows.at(-1)?.templateId).toBe(deps.config.sms.templates.due_today);
    const [skipped] = await server.database.db
      .select()
      .from(loanMessages)
      .where(eq(loanMessages.kind, 'due_in_1'))
      .orderBy(desc(loanMessages.id))
      .limit(1);
    expect(skipped?.status).toBe('skipped');
  });

  it('never once paid: a paid loan’s waiting reminder is dropped at sending, and no later one is made', async () => {
    const { mobile, loan, dueDate } = await borrowerDueIn(5);
    const day = addDays(dueDate, -3);
    await runDay(day, '06:30');
    setClock(at(day, '07:00'));
    await recordCollection(server.database.db, {
      loanId: loan.id,
      source: 'offline',
      reference: `PAID${Date.now()}`,
      amountPaise: await closureToday(loan.id),
      recordedBy: 'test',
      now: clock.now(),
    });
    setClock(at(day, '08:00'));
    await deliverLoanMessages(deps, clock.now());
    expect(await smsTo(mobile)).toHaveLength(0);
    const rows = await server.database.db.select().from(loanMessages).where(eq(loanMessages.loanId, loan.id));
    expect(rows.every((row) => row.status === 'skipped' && row.outcome === 'the loan was paid')).toBe(true);
    for (const offset of [-1, 0, 1, 7]) await runDay(addDays(dueDate, offset), '10:00');
    expect(await smsTo(mobile)).toHaveLength(0);
    // queueReminder on its own makes nothing for a paid loan either.
    expect(await queueReminder(server.database.db, loan, { day: dueDate, now: clock.now() })).toBeNull();
  });

  it('staff see each automatic message and its delivery in the loan’s contact history', async () => {
    const { loan, dueDate } = await borrowerDueIn(6);
    await runDay(addDays(dueDate, -3), '11:00');
    // The SMS sender delivers the queue (it polls each second).
    const login = await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: 'kosh-staff-dev' });
    const code = (await latestMail(server, 'collections@kosh.test', isSignInCode)).body.match(/code is (\d{6})/)?.[1];
    const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
    const token = verified.body.Data.staff_token;
    let messages: { kind: string; channel: string; status: string; amount: number | null }[] = [];
    for (let i = 0; i < 50; i += 1) {
      const reply = await server.post(
        STAFF_API.loan,
        { loan_no: loan.loanNo },
        { headers: { [HEADERS.staffToken]: token, Auth: '' } },
      );
      expect(reply.body.Status, reply.body.Message).toBe(1);
      messages = reply.body.Data.messages;
      if (messages.every((row) => row.status === 'sent')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(messages.map((row) => [row.kind, row.channel, row.status]).sort()).toEqual([
      ['due_in_3', 'email', 'sent'],
      ['due_in_3', 'sms', 'sent'],
    ]);
    expect(messages[0]?.amount).toBeGreaterThan(10_000);
    // The same history on the command line: npm run ops -- loan, on the server, as this member.
    const out: string[] = [];
    const exit = await runOps(['loan', loan.loanNo], {
      config: () => loadConfig({ ...TEST_ENV }),
      database: () => Promise.reject(new Error('no database is opened here')),
      write: { out: (text) => out.push(text), error: () => {} },
      terminal: {
        env: { OPS_SERVER: server.url, OPS_STAFF_TOKEN: token },
        sessionFile: join(tmpdir(), `h2-ops-${process.pid}.json`),
        ask: () => Promise.reject(new Error('no question expected')),
      },
    });
    expect(exit).toBe(0);
    const printed = out.join('\n');
    expect(printed).toContain('Automatic messages');
    expect(printed).toMatch(/due_in_3\s+sms\s+sent/);
    expect(printed).toMatch(/due_in_3\s+email\s+sent/);
    expect(indiaDate(clock.now())).toBe(addDays(dueDate, -3));
  });

  it('through the scheduler: the day’s reminder job queues and delivers once; a rerun of the day does nothing', async () => {
    const { mobile, loan, dueDate } = await borrowerDueIn(7);
    const day = addDays(dueDate, -1);
    setClock(at(day, '08:00'));
    const jobs = [remindersJob, loanMessagesJob];
    const first = await runJobsOfDay(deps, day, jobs);
    expect(first.find((outcome) => outcome.job === 'reminders')?.done).toBeGreaterThanOrEqual(1);
    const rows = await smsTo(mobile);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.templateId).toBe(deps.config.sms.templates.due_in_1);
    expect(rows[0]?.body).toContain(loan.loanNo);
    const again = await runJobsOfDay(deps, day, jobs);
    expect(again.find((outcome) => outcome.job === 'reminders')?.done).toBe(0);
    expect(await smsTo(mobile)).toHaveLength(1);
  });

  it('refuses one template id for several texts at start', () => {
    expect(() => loadConfig({ ...TEST_ENV, SMS_DLT_TEMPLATE_RECEIPT: '1007000000000000011' })).toThrow(
      /SMS_DLT_TEMPLATE_RECEIPT.*must differ from SMS_DLT_TEMPLATE_DUE_IN_3/,
    );
    // The overdue class notice under a reminder's id is refused too.
    expect(() => loadConfig({ ...TEST_ENV, SMS_DLT_TEMPLATE_OVERDUE_CLASS: '1007000000000000016' })).toThrow(
      /SMS_DLT_TEMPLATE_OVERDUE_CLASS.*must differ from SMS_DLT_TEMPLATE_RECEIPT/,
    );
    // And the older texts: the codes, the statement's, the disbursal's, the complaint's, the bureau notice.
    expect(() => loadConfig({ ...TEST_ENV, SMS_DLT_TEMPLATE_DISBURSED: '1007000000000000001' })).toThrow(
      /SMS_DLT_TEMPLATE_DISBURSED.*must differ from SMS_DLT_TEMPLATE_SIGN_IN_CODE/,
    );
    expect(() => loadConfig({ ...TEST_ENV, SMS_DLT_TEMPLATE_BUREAU_NOTICE: '1007000000000000006' })).toThrow(
      /SMS_DLT_TEMPLATE_BUREAU_NOTICE.*must differ from SMS_DLT_TEMPLATE_COMPLAINT/,
    );
    // The one id the older texts shared is refused, naming what replaced it, so no setting is silently ignored.
    expect(() => loadConfig({ ...TEST_ENV, SMS_DLT_TEMPLATE_ID: '1007000000000000099' })).toThrow(
      /SMS_DLT_TEMPLATE_ID: is no longer read: each SMS text has its own id \(SMS_DLT_TEMPLATE_SIGN_IN_CODE/,
    );
  });

  it('every SMS text has its own template id by default, so development starts without setting any', () => {
    const templates = loadConfig({ ...TEST_ENV }).sms.templates;
    expect(Object.keys(templates).sort()).toEqual(
      [
        'bureau_notice',
        'complaint',
        'disbursed',
        'due_in_1',
        'due_in_3',
        'due_today',
        'kfs_accepted',
        'kfs_issued',
        'overdue_1',
        'overdue_7',
        'overdue_class',
        'receipt',
        'repay_code',
        'sign_in_code',
      ].sort(),
    );
    expect(new Set(Object.values(templates)).size).toBe(14);
  });
});

describe('the hours reminders may leave', () => {
  it('from 08:00 to before 19:00 in India; outside, the next 08:00', () => {
    const day = '2026-12-10';
    expect(inContactWindow(at(day, '07:59'))).toBe(false);
    expect(inContactWindow(at(day, '08:00'))).toBe(true);
    expect(inContactWindow(at(day, '18:59'))).toBe(true);
    expect(inContactWindow(at(day, '19:00'))).toBe(false);
    expect(nextContactTime(at(day, '06:00')).toISOString()).toBe(at(day, '08:00').toISOString());
    expect(nextContactTime(at(day, '12:34')).toISOString()).toBe(at(day, '12:34').toISOString());
    expect(nextContactTime(at(day, '19:00')).toISOString()).toBe(at(addDays(day, 1), '08:00').toISOString());
    // Late at night and just after midnight: the coming morning in India.
    expect(nextContactTime(at(day, '23:30')).toISOString()).toBe(at(addDays(day, 1), '08:00').toISOString());
    expect(nextContactTime(at(day, '00:10')).toISOString()).toBe(at(day, '08:00').toISOString());
  });
});
