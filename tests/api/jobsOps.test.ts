/**
 * `npm run ops -- run-day --date YYYY-MM-DD` on the running server (development): every job of that
 * day runs at once, and `npm run ops -- loan` then shows the loan's RBI class and the classes entered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { createBorrower } from './support/borrower.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { ENGINES, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';

describe.each(ENGINES)('ops run-day (%s)', (engine) => {
  let server: TestServer;
  let token: string;
  const clock = testClock();

  async function ops(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const env = { OPS_SERVER: server.url, OPS_STAFF_TOKEN: token };
    const code = await runOps(args, {
      config: () => loadConfig({ ...TEST_ENV, ...env }),
      database: () => Promise.reject(new Error('no database is opened here')),
      write: { out: (text) => out.push(text), error: (text) => err.push(text) },
      terminal: {
        env,
        sessionFile: '/nonexistent/ops-session.json',
        ask: () => Promise.reject(new Error('no questions')),
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
    const login = await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: 'kosh-staff-dev' });
    const mail = await latestMail(server, 'collections@kosh.test', isSignInCode);
    const verified = await server.post(STAFF_API.verify, {
      challenge_id: login.body.Data.challenge_id,
      code: mail.body.match(/code is (\d{6})/)?.[1],
    });
    token = verified.body.Data.staff_token;
  });
  afterAll(() => server?.close());

  it('runs the day of the date given, once, and the loan shows its class', async () => {
    // Disbursed 70 days before for 60 days: due 10 days ago; the end of day of today: 10 days past due, SMA-0.
    const { loan } = await createBorrower(server, clock.now(), { daysAgo: 70 });
    const today = indiaDate(clock.now());
    const due = addDays(today, -10);
    const first = await ops('run-day', '--date', today);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/end-of-day\s+│?\s*1\s/);
    const again = await ops('run-day', '--date', today, '--json');
    expect(again.code).toBe(0);
    const jobs = JSON.parse(again.out).jobs as { job: string; done: number; skipped: number }[];
    expect(jobs.find((job) => job.job === 'end-of-day')).toMatchObject({ done: 0, skipped: 1 });

    const shown = await ops('loan', loan.loanNo);
    expect(shown.code, shown.err).toBe(0);
    const dueText = due.split('-').reverse().join('-');
    expect(shown.out).toContain(`RBI class        SMA-0 since ${dueText}; 10 days past due at the end of day run`);
    expect(shown.out).toContain('Classes entered');
  });

  it('refuses a date that is not one', async () => {
    const refused = await ops('run-day', '--date', '2026-02-30');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('Usage: npm run ops -- run-day --date YYYY-MM-DD');
  });
});
