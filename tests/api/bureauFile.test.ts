/**
 * Credit bureau reporting (issue 23): `npm run ops -- bureau-file --as-of` against the running server
 * makes the file as on a reporting date from each loan's account on that date. Its account lines
 * equal the account's figures for an open, an overdue and a closed loan; the run is recorded with
 * what each loan was reported as; the closed loan is in the next file no more; the borrower of the
 * overdue loan is told once, by SMS and e-mail, with the figures, when it is first reported overdue;
 * the file is readable by its owner alone, and the log never shows a PAN; a new file (and its
 * notices) is made only within the hours borrowers may be contacted.
 */
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { customers } from '../../src/server/db/schema.ts';
import { DEV_RUN_DAY_PATH } from '../../src/server/dev/routes.ts';
import { loanAccount } from '../../src/server/loans/account.ts';
import { loanFigures } from '../../src/server/loans/accountFigures.ts';
import { loanByNo } from '../../src/server/loans/store.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { createBorrower } from './support/borrower.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { ENGINES, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';

const PASSWORD = 'kosh-staff-dev';
const DAY = 86_400;

/** The fields of one segment of an account line (`TL04T001`…): tag -> value. */
function segmentOf(line: string, opening: string): Map<string, string> {
  const fields = new Map<string, string>();
  const at = line.indexOf(opening);
  if (at < 0) return fields;
  let i = at + opening.length;
  while (i < line.length && /^\d{4}/.test(line.slice(i, i + 4))) {
    const tag = line.slice(i, i + 2);
    const length = Number(line.slice(i + 2, i + 4));
    fields.set(tag, line.slice(i + 4, i + 4 + length));
    i += 4 + length;
  }
  return fields;
}

const ddmmyyyy = (date: string) => `${date.slice(8, 10)}${date.slice(5, 7)}${date.slice(0, 4)}`;
const rupees = (paise: number) => String(Math.round(paise / 100));

describe.each(ENGINES)('credit bureau file (%s database)', (engine) => {
  let server: TestServer;
  let folder: string;
  // 20 November 2026, 10:30 in India.
  const clock = testClock(Date.parse('2026-11-20T05:00:00Z'));
  let finance: string;
  let open: Awaited<ReturnType<typeof createBorrower>>;
  let overdue: Awaited<ReturnType<typeof createBorrower>>;
  let closed: Awaited<ReturnType<typeof createBorrower>>;

  async function staffToken(email: string): Promise<string> {
    const login = await server.post(STAFF_API.login, { email, password: PASSWORD });
    const mail = await latestMail(server, email, isSignInCode);
    const code = mail.body.match(/code is (\d{6})/)?.[1];
    const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
    return verified.body.Data.staff_token;
  }

  /** `npm run ops -- <args>` in this process, as finance, on the test server. */
  async function ops(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const env = { OPS_SERVER: server.url, OPS_STAFF_TOKEN: finance };
    const code = await runOps(args, {
      config: () => loadConfig({ ...TEST_ENV, ...env }),
      database: () => Promise.reject(new Error('no database is opened here')),
      write: { out: (text) => out.push(text), error: (text) => err.push(text) },
      terminal: {
        env,
        sessionFile: join(folder, 'session.json'),
        ask: () => Promise.reject(new Error('no questions')),
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  /** The account lines of a file, by loan number. */
  const linesOf = (content: string) =>
    new Map(
      content
        .split('\n')
        .filter((line) => line.startsWith('PN03N01'))
        .map((line) => [segmentOf(line, 'TL04T001').get('03') as string, line]),
    );

  async function figuresOn(loanNo: string, asOf: string) {
    const loan = await loanByNo(server.database.db, loanNo);
    if (!loan) throw new Error('no loan');
    return loanFigures(await loanAccount(server.database.db, loan, asOf));
  }

  const noticesTo = (mobile: string) =>
    queryRows<{ body: string; template_id: string }>(
      server.database.db,
      sql`select body, template_id from sms_queue where "to" = ${mobile} and purpose = 'bureau_notice'`,
    );

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'kosh-bureau-'));
    server = await startServer(engine, { BUREAU_DIR: join(folder, 'server') }, { now: clock.now });
    // Open: disbursed on 10 November, due on 9 January.
    open = await createBorrower(server, clock.now(), { daysAgo: 10 });
    await server.database.db
      .update(customers)
      .set({
        dob: '1990-04-05',
        gender: 2,
        residenceAddress1: '12, MG Road',
        residenceAddress2: 'Indiranagar',
        residenceCity: 'Bengaluru',
        residenceState: 'Karnataka',
        residencePincode: '560038',
      })
      .where(eq(customers.id, open.customer.id));
    // Overdue: disbursed on 10 September, due on 9 November.
    overdue = await createBorrower(server, clock.now(), { daysAgo: 71 });
    // Closed: disbursed on 5 November, paid in full today, 20 November.
    closed = await createBorrower(server, clock.now(), { daysAgo: 15 });
    const toClose = await figuresOn(closed.loan.loanNo, '2026-11-20');
    const paid = await recordCollection(server.database.db, {
      loanId: closed.loan.id,
      source: 'offline',
      reference: `NEFT-${closed.mobile}`,
      amountPaise: toClose.closureAmountPaise,
      recordedBy: 'test',
      now: clock.now(),
    });
    expect(paid.kind).toBe('recorded');
    // To 24 November: the 23rd, a reporting date, has ended.
    clock.advance(4 * DAY);
    finance = await staffToken('finance@kosh.test');
  });
  afterAll(async () => {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('writes the file as on 23-11-2026: each account line is its account on that day; the run is recorded', async () => {
    const made = await ops('bureau-file', '--as-of', '2026-11-23', '--out', join(folder, 'mine/'));
    expect(made.code, made.err).toBe(0);
    expect(made.out).toContain('Made: the credit information file as on 23-11-2026');
    expect(made.out).toContain('by 27-11-2026');
    const path = join(folder, 'mine', 'KOSH_TUDF_NB00000000_20261123.txt');
    expect(made.out).toContain(`Saved to ${path}`);
    // Readable by its owner alone, here and on the server.
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const kept = join(folder, 'server', 'KOSH_TUDF_NB00000000_20261123.txt');
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
    const content = await readFile(path, 'utf8');
    expect(await readFile(kept, 'utf8')).toBe(content);
    expect(content.startsWith('TUDF12NB00000000')).toBe(true);
    expect(content.endsWith('TRLR\n')).toBe(true);

    const lines = linesOf(content);
    for (const [borrower, status] of [
      [open, 'open'],
      [overdue, 'overdue'],
      [closed, 'closed'],
    ] as const) {
      const line = lines.get(borrower.loan.loanNo);
      expect(line, borrower.loan.loanNo).toBeDefined();
      const tl = segmentOf(line as string, 'TL04T001');
      const figures = await figuresOn(borrower.loan.loanNo, '2026-11-23');
      expect(segmentOf(line as string, 'ID03I01').get('02')).toBe(borrower.pancard);
      expect(segmentOf(line as string, 'PT03T01').get('01')).toBe(borrower.mobile);
      expect(tl.get('04')).toBe('05');
      expect(tl.get('08')).toBe(ddmmyyyy(figures.disbursalDate));
      expect(tl.get('11')).toBe('23112026');
      expect(tl.get('12')).toBe(rupees(figures.principalPaise));
      expect(tl.get('13')).toBe(rupees(figures.closureAmountPaise));
      expect(tl.get('15')).toBe(String(figures.daysPastDue).padStart(3, '0'));
      // Asset classification: standard, an overdue loan of 14 days being SMA-0, which is a standard asset.
      expect(tl.get('26')).toBe('01');
      if (status === 'overdue') {
        expect(figures.daysPastDue).toBe(14);
        expect(tl.get('14')).toBe(rupees(figures.closureAmountPaise));
        expect(Number(tl.get('14'))).toBeGreaterThan(10_000);
      } else {
        expect(tl.get('14')).toBe('0');
      }
      if (status === 'closed') {
        expect(figures.closedOn).toBe('2026-11-20');
        expect(tl.get('10')).toBe('20112026');
        expect(tl.get('13')).toBe('0');
      } else {
        expect(tl.has('10')).toBe(false);
      }
    }
    // The borrower with an address: name, birth date, gender and address segments.
    const withAddress = lines.get(open.loan.loanNo) as string;
    expect(segmentOf(withAddress, 'PN03N01').get('07')).toBe('05041990');
    expect(segmentOf(withAddress, 'PN03N01').get('08')).toBe('1');
    const address = segmentOf(withAddress, 'PA03A01');
    expect(address.get('01')).toBe('12, MG ROAD INDIRANAGAR BENGALURU');
    expect(address.get('06')).toBe('29');
    expect(address.get('07')).toBe('560038');

    const reported = await queryRows<{ loan_no: string; status: string; default_notice: boolean }>(
      server.database.db,
      sql`select l.loan_no, r.status, r.default_notice from bureau_run_loans r
          join bureau_runs b on b.id = r.run_id join loans l on l.id = r.loan_id
          where b.as_of = '2026-11-23' order by l.loan_no`,
    );
    expect(reported.filter((row) => [open, overdue, closed].some((b) => b.loan.loanNo === row.loan_no))).toEqual(
      [
        { loan_no: open.loan.loanNo, status: 'open', default_notice: false },
        { loan_no: overdue.loan.loanNo, status: 'overdue', default_notice: true },
        { loan_no: closed.loan.loanNo, status: 'closed', default_notice: false },
      ].sort((a, b) => a.loan_no.localeCompare(b.loan_no)),
    );
    // The log never shows a PAN.
    expect(server.logs.join('\n')).not.toContain(overdue.pancard);
  });

  it('tells the overdue borrower once, by SMS and e-mail, with the figures, as the default is first reported', async () => {
    const figures = await figuresOn(overdue.loan.loanNo, '2026-11-23');
    const [sms, ...more] = await noticesTo(overdue.mobile);
    expect(more).toEqual([]);
    expect(sms?.template_id).toBe('1007000000000000023');
    expect(sms?.body).toContain(`loan ${overdue.loan.loanNo} is 14 days overdue`);
    expect(sms?.body).toContain('credit bureaus by 27-11-2026');
    const mail = await latestMail(server, `${overdue.mobile}@example.in`);
    expect(mail.subject).toContain(`Loan ${overdue.loan.loanNo}`);
    expect(mail.body).toContain('14 days past that date');
    expect(mail.body).toContain(new Intl.NumberFormat('en-IN').format(Math.round(figures.closureAmountPaise / 100)));
    expect(await noticesTo(open.mobile)).toEqual([]);
    // Development, PUBLIC_SITE_URL unset: the link opens on this server's configured address, not production's.
    expect(sms?.body).toContain(' http://127.0.0.1:4321/repayloan -');
    // Plain GSM characters (Rs., not the rupee sign, which would make the text Unicode: 70 characters a part).
    expect(sms?.body).toMatch(/^[\x20-\x7e]+$/);
    expect(sms?.body).toContain(`with Rs.`);
  });

  it("the notice is in the loan's contact history staff see, by SMS and e-mail, with the amount it stated", async () => {
    const figures = await figuresOn(overdue.loan.loanNo, '2026-11-23');
    const reply = await server.post(
      STAFF_API.loan,
      { loan_no: overdue.loan.loanNo },
      { headers: { [HEADERS.staffToken]: finance, Auth: '' } },
    );
    expect(reply.body.Status, reply.body.Message).toBe(1);
    const notices = (reply.body.Data.messages as { kind: string; channel: string; status: string; amount: number }[])
      .filter((row) => row.kind === 'bureau_notice')
      .map((row) => [row.channel, row.amount, row.status === 'sent' || row.status === 'queued']);
    expect(notices.sort()).toEqual(
      [
        ['email', Math.round(figures.closureAmountPaise) / 100, true],
        ['sms', Math.round(figures.closureAmountPaise) / 100, true],
      ].sort(),
    );
    const printed = await ops('loan', overdue.loan.loanNo);
    expect(printed.code, printed.err).toBe(0);
    expect(printed.out).toMatch(/Automatic messages[\s\S]*bureau_notice/);
  });

  it('the same date again answers the same file; a date that is not a reporting date, or not yet ended, is refused', async () => {
    const again = await ops('bureau-file', '--as-of', '2026-11-23', '--out', join(folder, 'again.txt'));
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('Made before');
    expect(await readFile(join(folder, 'again.txt'), 'utf8')).toBe(
      await readFile(join(folder, 'mine', 'KOSH_TUDF_NB00000000_20261123.txt'), 'utf8'),
    );
    const notADate = await ops('bureau-file', '--as-of', '2026-11-20');
    expect(notADate.code).toBe(2);
    expect(notADate.err).toContain('20-11-2026 is not a reporting date: the one before it is 16-11-2026');
    const early = await ops('bureau-file', '--as-of', '2026-11-30');
    expect(early.code).toBe(2);
    expect(early.err).toContain('30-11-2026 has not ended yet');
    // At 20:30 in India a file already made is handed back, but none is made: it would tell borrowers of defaults.
    clock.advance(10 * 3600);
    finance = await staffToken('finance@kosh.test');
    const evening = await ops('bureau-file', '--as-of', '2026-11-16');
    expect(evening.code).toBe(2);
    expect(evening.err).toContain('A new file is made between 08:00 and 19:00 India time');
    expect((await ops('bureau-file', '--as-of', '2026-11-23', '--out', join(folder, 'evening.txt'))).code).toBe(0);
    clock.advance(-10 * 3600);
    // Only finance.
    const credit = await staffToken('credit@kosh.test');
    const refused = await server.post(
      STAFF_API.bureauFile,
      { as_of: '2026-11-23' },
      { headers: { [HEADERS.staffToken]: credit, Auth: '' } },
    );
    expect(refused.status).toBe(403);
  });

  it('the next file, as on 30-11-2026: the closed loan no more, the overdue one still, without a second notice', async () => {
    clock.advance(7 * DAY);
    finance = await staffToken('finance@kosh.test');
    const next = await ops('bureau-file', '--as-of', '2026-11-30', '--out', join(folder, 'next/'));
    expect(next.code, next.err).toBe(0);
    expect(next.out).toContain('loans open after 23-11-2026');
    expect(next.out).toContain('by 05-12-2026');
    const lines = linesOf(await readFile(join(folder, 'next', 'KOSH_TUDF_NB00000000_20261130.txt'), 'utf8'));
    expect(lines.has(closed.loan.loanNo)).toBe(false);
    expect(lines.has(open.loan.loanNo)).toBe(true);
    const tl = segmentOf(lines.get(overdue.loan.loanNo) as string, 'TL04T001');
    expect(tl.get('15')).toBe('021');
    expect(await noticesTo(overdue.mobile)).toHaveLength(1);
    const runs = await queryRows<{ as_of: string; made_by: string }>(
      server.database.db,
      sql`select as_of::text as as_of, made_by from bureau_runs order by as_of`,
    );
    expect(runs.map((run) => run.as_of)).toEqual(['2026-11-23', '2026-11-30']);
    expect(runs.every((run) => run.made_by.startsWith('staff:'))).toBe(true);
  });

  it('the schedule makes the file the day after a reporting date, once (run-day of 10-12-2026: the file as on the 9th)', async () => {
    clock.advance(10 * DAY);
    const ran = await server.post(DEV_RUN_DAY_PATH, { date: '2026-12-10' });
    expect(ran.status, ran.body.Message).toBe(200);
    expect(ran.body.Data.jobs).toContainEqual(expect.objectContaining({ job: 'bureau-file', done: 1, failed: 0 }));
    const [run] = await queryRows<{ made_by: string; file_name: string; accounts: number }>(
      server.database.db,
      sql`select made_by, file_name, accounts from bureau_runs where as_of = '2026-12-09'`,
    );
    expect(run).toMatchObject({ made_by: 'job:bureau-file', file_name: 'KOSH_TUDF_NB00000000_20261209.txt' });
    const kept = join(folder, 'server', 'KOSH_TUDF_NB00000000_20261209.txt');
    expect((await stat(kept)).mode & 0o777).toBe(0o600);
    expect(linesOf(await readFile(kept, 'utf8')).has(overdue.loan.loanNo)).toBe(true);
    // A day that follows no reporting date makes none; the same day again makes it no second time.
    const again = await server.post(DEV_RUN_DAY_PATH, { date: '2026-12-10' });
    expect(again.body.Data.jobs).toContainEqual(expect.objectContaining({ job: 'bureau-file', done: 0 }));
    const runs = await queryRows<{ n: number }>(server.database.db, sql`select count(*)::int as n from bureau_runs`);
    expect(runs[0]?.n).toBe(3);
  });
});
