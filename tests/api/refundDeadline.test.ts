/**
 * Refunds to their deadline (issue 23): money to refund is due 7 days (REFUND_DUE_DAYS) after it
 * arrived; finance's queue and each refund request carry that day, the ones past it come first and
 * are marked overdue (whatever order was asked), and `npm run ops -- refunds` shows the same.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { site } from '../../src/lib/site.ts';
import { ConfigError, loadConfig } from '../../src/server/config/config.ts';
import { loanAccountToday } from '../../src/server/loans/account.ts';
import { loanFigures } from '../../src/server/loans/accountFigures.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { createBorrower } from './support/borrower.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { ENGINES, type Reply, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';

const PASSWORD = 'kosh-staff-dev';
const DAY = 86_400;

interface Row {
  loan_no: string;
  collection_id: number;
  request_id?: number;
  received_on: string;
  due_on: string;
  overdue: boolean;
}

describe.each(ENGINES)('refunds due 7 days after the money arrived (%s database)', (engine) => {
  let server: TestServer;
  // 10 November 2026, 10:30 in India.
  const clock = testClock(Date.parse('2026-11-10T05:00:00Z'));
  let older: { loanNo: string; collectionId: number };
  let newer: { loanNo: string; collectionId: number };

  async function staffToken(email: string): Promise<string> {
    const login = await server.post(STAFF_API.login, { email, password: PASSWORD });
    const mail = await latestMail(server, email, isSignInCode);
    const code = mail.body.match(/code is (\d{6})/)?.[1];
    const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
    return verified.body.Data.staff_token;
  }
  const asStaff = (token: string, path: string, body: object = {}): Promise<Reply> =>
    server.post(path, body, { headers: { [HEADERS.staffToken]: token, Auth: '' } });

  /** A borrower who paid ₹1,000 more than the loan owed, today. */
  async function paidBeyondTheDues() {
    const borrower = await createBorrower(server, clock.now());
    const owed = loanFigures(await loanAccountToday(server.database.db, borrower.loan, clock.now()));
    const outcome = await recordCollection(server.database.db, {
      loanId: borrower.loan.id,
      source: 'offline',
      reference: `NEFT-${borrower.mobile}`,
      amountPaise: owed.closureAmountPaise + 1_000_00,
      recordedBy: 'test',
      now: clock.now(),
    });
    if (outcome.kind !== 'recorded') throw new Error(outcome.kind);
    return { loanNo: borrower.loan.loanNo, collectionId: Number(outcome.collectionId) };
  }

  async function queue(token: string, sort: 'oldest' | 'newest') {
    const answer = await asStaff(token, STAFF_API.refunds, { sort });
    expect(answer.status, answer.body.Message).toBe(200);
    const ours = (rows: Row[]) => rows.filter((row) => [older.loanNo, newer.loanNo].includes(row.loan_no));
    return {
      toRequest: ours(answer.body.Data.to_request.items),
      toApprove: ours(answer.body.Data.to_approve.items),
    };
  }

  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
    older = await paidBeyondTheDues();
    clock.advance(10 * DAY);
    // 20 November: the older money was due on the 17th.
    newer = await paidBeyondTheDues();
  });
  afterAll(() => server.close());

  it('the queue gives each its due date; the one past it comes first, marked overdue, in either order', async () => {
    const finance = await staffToken('finance@kosh.test');
    for (const sort of ['oldest', 'newest'] as const) {
      const { toRequest } = await queue(finance, sort);
      expect(
        toRequest.map(({ loan_no, received_on, due_on, overdue }) => ({ loan_no, received_on, due_on, overdue })),
      ).toEqual([
        { loan_no: older.loanNo, received_on: '2026-11-10', due_on: '2026-11-17', overdue: true },
        { loan_no: newer.loanNo, received_on: '2026-11-20', due_on: '2026-11-27', overdue: false },
      ]);
    }
  });

  it('a refund request carries the same due date, and is overdue once it has passed', async () => {
    const finance = await staffToken('finance@kosh.test');
    const requested = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: newer.collectionId,
      amount: '1000',
      reference: 'UTRDEADLINE0001',
    });
    expect(requested.status, requested.body.Message).toBe(200);
    let { toApprove } = await queue(finance, 'oldest');
    expect(toApprove).toMatchObject([
      { loan_no: newer.loanNo, received_on: '2026-11-20', due_on: '2026-11-27', overdue: false },
    ]);
    // 28 November: past the 27th.
    clock.advance(8 * DAY);
    const later = await staffToken('finance@kosh.test');
    ({ toApprove } = await queue(later, 'newest'));
    expect(toApprove).toMatchObject([{ loan_no: newer.loanNo, due_on: '2026-11-27', overdue: true }]);
  });

  it('npm run ops -- refunds shows when each is due, and which are overdue', async () => {
    const token = await staffToken('finance@kosh.test');
    const out: string[] = [];
    const env = { OPS_SERVER: server.url, OPS_STAFF_TOKEN: token };
    const code = await runOps(['refunds'], {
      config: () => loadConfig({ ...TEST_ENV, ...env }),
      database: () => Promise.reject(new Error('no database is opened here')),
      write: { out: (text) => out.push(text), error: () => {} },
      terminal: {
        env,
        sessionFile: join(tmpdir(), `kosh-ops-none-${engine}.json`),
        ask: () => Promise.reject(new Error('no')),
      },
    });
    expect(code).toBe(0);
    const printed = out.join('\n');
    expect(printed).toContain('due_by');
    const olderLine = printed.split('\n').find((line) => line.includes(older.loanNo)) ?? '';
    expect(olderLine).toContain('OVERDUE 17-11-2026');
    const newerLine = printed.split('\n').find((line) => line.includes(newer.loanNo)) ?? '';
    expect(newerLine).toContain('OVERDUE 27-11-2026');
  });

  it('REFUND_DUE_DAYS may shorten the days the pages promise, never lengthen them', () => {
    expect(loadConfig(TEST_ENV).refunds.dueDays).toBe(site.loan.refundDays);
    expect(loadConfig({ ...TEST_ENV, REFUND_DUE_DAYS: '3' }).refunds.dueDays).toBe(3);
    expect(() => loadConfig({ ...TEST_ENV, REFUND_DUE_DAYS: String(site.loan.refundDays + 1) })).toThrow(
      new ConfigError(`Invalid configuration:\n  REFUND_DUE_DAYS: must be at most ${site.loan.refundDays}`),
    );
  });
});
