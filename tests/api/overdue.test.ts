/**
 * A loan's life past its due date, stepped a day at a time with the development route run-day
 * (POST /__dev/run-day, what `npm run ops -- run-day` calls): days past due and the RBI's classes
 * SMA-0, SMA-1, SMA-2 and NPA with the day each began, against figures worked by hand below; a part
 * payment lifts nothing, the last paisa lifts it; the borrower is told once per class, by SMS and
 * e-mail, with the figures; a rerun of a day does nothing twice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { loanClassifications, loans } from '../../src/server/db/schema.ts';
import { loanAccount } from '../../src/server/loans/account.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { createBorrower } from './support/borrower.ts';
import { isSignInCode, latestMail, mailbox } from './support/mailbox.ts';
import { ENGINES, startServer, type TestServer, testClock } from './support/server.ts';

// The clock starts at 2026-11-21 15:30 in India. The loan was disbursed 60 days before, on 2026-09-22,
// for 60 days: its due date is 2026-11-21 (2026-09-22 + 60 days: 8 days to 30-09, 31 to 31-10, 21 to 21-11).
const DUE = '2026-11-21';
// The RBI's illustration (12 November 2021) counts the due date's own day-end as the first day overdue:
// due 31 March and unpaid, SMA-0 dated 31 March, SMA-1 30 April (day 31), SMA-2 30 May (61), NPA 29 June (91).
// The end of day run just after midnight on day T flags the day-end of T-1; its days past due (DPD) are
// T minus the due date (the account's count as of T, nothing paid yet that day). Worked by hand:
//   run 2026-11-22: DPD 1  -> SMA-0, dated 2026-11-21 (the due date)
//   run 2026-12-21: DPD 30 -> still SMA-0 (9 days left in November after the 21st, then 21: 9 + 21 = 30)
//   run 2026-12-22: DPD 31 -> SMA-1, dated 2026-12-21 (due + 30); SMA-0 ended 2026-12-20
//   run 2027-01-21: DPD 61 -> SMA-2, dated 2027-01-20 (9 + 31 + 20 = 60 days after the due date); SMA-1 ended 2027-01-19
//   run 2027-02-19: DPD 90 -> still SMA-2 (9 + 31 + 31 + 19 = 90)
//   run 2027-02-20: DPD 91 -> NPA, dated 2027-02-19 (due + 90); SMA-2 ended 2027-02-18
// A part payment on 2027-01-05 (DPD 45) leaves arrears: the class stays and runs on.
// Everything paid on 2027-02-25: the end of day run on 2027-02-26 lifts it to standard, NPA ended 2027-02-25.

describe.each(ENGINES)('overdue classification (%s)', (engine) => {
  let server: TestServer;
  const clock = testClock();
  let borrower: Awaited<ReturnType<typeof createBorrower>>;

  /** Moves the test clock to 10:00 in India on `date` (within the hours notices may go out). */
  const moveTo = (date: string) => {
    const target = Date.parse(`${date}T10:00:00+05:30`);
    clock.advance((target - clock.now().getTime()) / 1000);
  };
  const runDay = async (date: string) => {
    moveTo(date);
    const reply = await server.post('/__dev/run-day', { date });
    expect(reply.status).toBe(200);
    return reply.body.Data as { jobs: { job: string; done: number; skipped: number; failed: number }[] };
  };
  const loanRow = async () => {
    const [row] = await server.database.db.select().from(loans).where(eq(loans.id, borrower.loan.id));
    return row as typeof loans.$inferSelect;
  };
  const history = () =>
    server.database.db
      .select()
      .from(loanClassifications)
      .where(eq(loanClassifications.loanId, borrower.loan.id))
      .orderBy(loanClassifications.beganOn);
  // The class notices only: run-day also runs the other jobs (reminders, receipts, the bureau's notice).
  const smsTo = async () =>
    ((await server.get(`${API.devOutbox}?to=${borrower.mobile}`)).body as { body: string }[]).filter((message) =>
      message.body.includes(' is now classified '),
    );
  const mailTo = async () =>
    (await mailbox(server, `${borrower.mobile}@example.in`)).filter((message) =>
      message.subject.includes(': classified '),
    );
  const pay = (paise: number, date: string, ref: string) =>
    recordCollection(server.database.db, {
      loanId: borrower.loan.id,
      source: 'offline',
      reference: ref,
      amountPaise: paise,
      recordedBy: 'test',
      now: new Date(`${date}T12:00:00+05:30`),
    });

  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
    borrower = await createBorrower(server, clock.now(), { daysAgo: 60 });
  });
  afterAll(() => server?.close());

  it('is standard until its due date ends unpaid, then SMA-0, and the borrower is told once with the figures', async () => {
    await runDay(DUE);
    expect(await loanRow()).toMatchObject({ daysPastDue: 0, assetClass: 'standard', classSince: null });
    expect(await smsTo()).toHaveLength(0);

    const first = await runDay('2026-11-22');
    expect(first.jobs.find((job) => job.job === 'end-of-day')).toMatchObject({ done: 1, failed: 0 });
    expect(await loanRow()).toMatchObject({
      daysPastDue: 1,
      assetClass: 'sma0',
      classSince: '2026-11-21',
      classifiedOn: '2026-11-22',
    });
    const loan = await loanRow();
    const { state } = await loanAccount(server.database.db, loan, '2026-11-22');
    const sms = await smsTo();
    expect(sms).toHaveLength(1);
    expect(sms[0]?.body).toContain(`${borrower.loan.loanNo} is 1 days past its due date 21-11-2026`);
    expect(sms[0]?.body).toContain('SMA-0 (up to 30 days past due)');
    // Rs. (GSM characters, not the rupee sign), with paise only when there are paise.
    expect(sms[0]?.body).toContain(`${formatPaise(state.balance.totalPaise).replace('₹', 'Rs.')} closes it today`);
    expect(sms[0]?.body).toMatch(/^[\x20-\x7e]+$/);
    const mail = await mailTo();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe(`Your loan ${borrower.loan.loanNo} is 1 days overdue: classified SMA-0`);
    expect(mail[0]?.body).toContain('paying part of it does not lift it');
    // The e-mail writes the amount as every screen does: paise only when there are paise (issue 25, finding 9).
    expect(mail[0]?.body).toContain(`${formatPaise(state.balance.totalPaise)} closes the loan today`);

    // The same day again: every key was done, nothing is done or sent twice.
    const again = await runDay('2026-11-22');
    for (const job of again.jobs) expect(job.done).toBe(0);
    expect(await smsTo()).toHaveLength(1);
    expect(await mailTo()).toHaveLength(1);
  });

  it('moves up a class on the 31st, 61st and 91st day overdue; a part payment lifts nothing', async () => {
    await runDay('2026-12-21');
    expect(await loanRow()).toMatchObject({ daysPastDue: 30, assetClass: 'sma0', classSince: '2026-11-21' });
    await runDay('2026-12-22');
    expect(await loanRow()).toMatchObject({ daysPastDue: 31, assetClass: 'sma1', classSince: '2026-12-21' });

    const loan = await loanRow();
    const owed = (await loanAccount(server.database.db, loan, '2027-01-05')).state.balance.totalPaise;
    await pay(Math.floor(owed / 2), '2027-01-05', 'PART-1');
    await runDay('2027-01-06');
    expect(await loanRow()).toMatchObject({ daysPastDue: 46, assetClass: 'sma1', classSince: '2026-12-21' });

    await runDay('2027-01-21');
    expect(await loanRow()).toMatchObject({ daysPastDue: 61, assetClass: 'sma2', classSince: '2027-01-20' });
    await runDay('2027-02-19');
    expect(await loanRow()).toMatchObject({ daysPastDue: 90, assetClass: 'sma2' });
    await runDay('2027-02-20');
    expect(await loanRow()).toMatchObject({ daysPastDue: 91, assetClass: 'npa', classSince: '2027-02-19' });

    const sms = (await smsTo()).map((message) => message.body);
    expect(sms).toHaveLength(4);
    expect(sms.filter((body) => body.includes('classified SMA-1 (31 to 60 days past due)'))).toHaveLength(1);
    expect(sms.filter((body) => body.includes('classified SMA-2 (61 to 90 days past due)'))).toHaveLength(1);
    expect(sms.filter((body) => body.includes('classified NPA (more than 90 days past due'))).toHaveLength(1);
  });

  it('is lifted to standard only when everything overdue is paid, keeping the history of its classes', async () => {
    const loan = await loanRow();
    const owed = (await loanAccount(server.database.db, loan, '2027-02-25')).state.balance.totalPaise;
    await pay(owed, '2027-02-25', 'FULL-1');
    await runDay('2027-02-26');
    expect(await loanRow()).toMatchObject({ daysPastDue: 0, assetClass: 'standard', classSince: '2027-02-25' });
    expect((await history()).map((row) => [row.assetClass, row.beganOn, row.endedOn, row.notifiedAt !== null])).toEqual(
      [
        ['sma0', '2026-11-21', '2026-12-20', true],
        ['sma1', '2026-12-21', '2027-01-19', true],
        ['sma2', '2027-01-20', '2027-02-18', true],
        ['npa', '2027-02-19', '2027-02-25', true],
      ],
    );
    // Staff see the class and its history on the loan (the console's loan account, ops loan).
    const login = await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: 'kosh-staff-dev' });
    const code = await latestMail(server, 'collections@kosh.test', isSignInCode);
    const verified = await server.post(STAFF_API.verify, {
      challenge_id: login.body.Data.challenge_id,
      code: code.body.match(/code is (\d{6})/)?.[1],
    });
    const staffView = await server.post(
      STAFF_API.loan,
      { loan_no: borrower.loan.loanNo },
      { headers: { [HEADERS.staffToken]: verified.body.Data.staff_token, Auth: '' } },
    );
    expect(staffView.body.Data.classification).toMatchObject({
      asset_class: 'standard',
      name: 'Standard',
      since: '2027-02-25',
      days_past_due: 0,
      classified_on: '2027-02-26',
    });
    expect(
      staffView.body.Data.classification.history.map((row: { name: string; began_on: string }) => [
        row.name,
        row.began_on,
      ]),
    ).toEqual([
      ['SMA-0', '2026-11-21'],
      ['SMA-1', '2026-12-21'],
      ['SMA-2', '2027-01-20'],
      ['NPA', '2027-02-19'],
    ]);
    // Each class's notice is in the loan's contact history staff see, SMS and e-mail, with the amount it stated.
    const notices = staffView.body.Data.messages.filter((m: { kind: string }) => m.kind === 'overdue_class');
    expect(notices).toHaveLength(8);
    for (const channel of ['sms', 'email']) {
      const sent = notices.filter((m: { channel: string }) => m.channel === channel);
      expect(sent, channel).toHaveLength(4);
      for (const message of sent) {
        expect(message.status, channel).toBe('sent');
        expect(message.amount).toBeGreaterThan(0);
      }
    }

    // No notice after it is lifted, and none twice.
    await runDay('2027-02-27');
    expect(await smsTo()).toHaveLength(4);
    expect(await mailTo()).toHaveLength(4);
  });
});
