/**
 * The job scheduler on the database (src/server/jobs/): pg-boss fires the jobs on both engines, and
 * each (job, day, key) is done once. On PostgreSQL, two workers (two API processes, as far as the
 * database can tell: two pools, two pg-boss instances) asked to run the same day at once do each key
 * once between them; a key that fails is rolled back, retried with backoff and then done once; a
 * rerun of the same day does nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import type { Deps } from '../../src/server/app/context.ts';
import { createLogger } from '../../src/server/app/logger.ts';
import { createDeps } from '../../src/server/app/services.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { type OpenDatabase, openDatabase, queryRows } from '../../src/server/db/client.ts';
import { customers, jobRuns, loans } from '../../src/server/db/schema.ts';
import type { JobDefinition } from '../../src/server/jobs/definition.ts';
import { runJobDay } from '../../src/server/jobs/scheduler.ts';
import { JobWorker } from '../../src/server/jobs/worker.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { endOfDayJob } from '../../src/server/overdue/job.ts';
import {
  createPostgresDatabase,
  EVERY_ENGINE,
  randomMobile,
  startServer,
  TEST_ENV,
  testClock,
} from './support/server.ts';

const clock = testClock();
const FAST = { retryLimit: 3, retryDelaySeconds: 1, pollSeconds: 0.5 };
const LOANS = 6;

async function depsOn(database: OpenDatabase): Promise<Deps> {
  const config = loadConfig({ ...TEST_ENV });
  const log = createLogger('silent');
  return (await createDeps(config, log, { database, now: clock.now })).deps;
}

/** Loans past their due date, written straight to the database (as tests/api/support/borrower.ts does). */
async function overdueLoans(deps: Deps, count: number) {
  for (let i = 0; i < count; i += 1) {
    const [customer] = await deps.db
      .insert(customers)
      .values({ mobile: randomMobile(), fullName: 'Test Borrower', verifiedAt: clock.now() })
      .returning();
    await createLoan(deps.db, {
      customerId: (customer as { id: string }).id,
      principalPaise: 1_000_000,
      dailyRatePercent: 1,
      tenureDays: 30,
      disbursalDate: addDays(indiaDate(clock.now()), -40),
      actor: 'test',
      now: clock.now(),
    });
  }
}

/** A job that counts each time it does a key, failing each key's first attempt when asked to. */
function countingJob(name: string, keys: string[], failFirst = false) {
  const runs = new Map<string, number>();
  const attempts = new Map<string, number>();
  const job: JobDefinition = {
    name,
    cron: '0 3 * * *',
    keys: async () => keys,
    async run(_deps, unit) {
      attempts.set(unit.key, (attempts.get(unit.key) ?? 0) + 1);
      if (failFirst && attempts.get(unit.key) === 1) throw new Error('the first attempt fails');
      runs.set(unit.key, (runs.get(unit.key) ?? 0) + 1);
    },
  };
  return { job, runs, attempts };
}

async function until(check: () => Promise<boolean>, seconds = 20) {
  const end = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const doneCount = async (deps: Deps, job: string) =>
  (await deps.db.select().from(jobRuns).where(eq(jobRuns.job, job))).length;

describe.each(EVERY_ENGINE)('job worker (%s)', (engine) => {
  let deps: Deps;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const server = await startServer(engine, {}, { now: clock.now });
    deps = await depsOn(server.database);
    close = () => server.close();
  });
  afterAll(() => close?.());

  it('runs a job sent to it through pg-boss, each key once, retrying a failed key with backoff', async () => {
    const day = indiaDate(clock.now());
    const { job, runs, attempts } = countingJob('test-retry', ['a', 'b', 'c'], true);
    const worker = new JobWorker(deps, FAST, [job]);
    await worker.start();
    try {
      await worker.runNow(job.name, day);
      await until(async () => (await doneCount(deps, job.name)) === 3);
      // Each key failed once (rolled back), then was done once on the retry.
      expect(Object.fromEntries(attempts)).toEqual({ a: 2, b: 2, c: 2 });
      expect(Object.fromEntries(runs)).toEqual({ a: 1, b: 1, c: 1 });
      // The same day again does nothing.
      const again = await runJobDay(deps, job, day);
      expect(again).toMatchObject({ done: 0, skipped: 3, failed: 0 });
    } finally {
      await worker.stop();
    }
    // pg-boss's tables live in their own schema, beside ours.
    const [schema] = await queryRows<{ count: number }>(
      deps.db,
      sql`select count(*)::int as count from information_schema.tables where table_schema = 'pgboss'`,
    );
    expect(schema?.count).toBeGreaterThan(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two job workers on one PostgreSQL', () => {
  let created: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let one: OpenDatabase;
  let two: OpenDatabase;
  let depsOne: Deps;
  let depsTwo: Deps;
  beforeAll(async () => {
    created = await createPostgresDatabase();
    one = await openDatabase({ kind: 'postgres', url: created.url });
    two = await openDatabase({ kind: 'postgres', url: created.url });
    depsOne = await depsOn(one);
    depsTwo = await depsOn(two);
    await overdueLoans(depsOne, LOANS);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await created?.drop();
  });

  it('the end of day run by both at once classifies each loan once', async () => {
    const day = indiaDate(clock.now());
    const [a, b] = await Promise.all([
      runJobDay(depsOne, endOfDayJob, day, 'worker-one'),
      runJobDay(depsTwo, endOfDayJob, day, 'worker-two'),
    ]);
    expect((a?.done ?? 0) + (b?.done ?? 0)).toBe(LOANS);
    expect((a?.skipped ?? 0) + (b?.skipped ?? 0)).toBe(LOANS);
    expect(a?.failed).toBe(0);
    expect(b?.failed).toBe(0);
    const rows = await depsOne.db.select().from(jobRuns).where(eq(jobRuns.job, endOfDayJob.name));
    expect(rows).toHaveLength(LOANS);
    // 40 days after disbursal, due after 30: 10 days past due, SMA-0, on every loan.
    const classified = await depsOne.db.select().from(loans);
    expect(classified.map((loan) => [loan.daysPastDue, loan.assetClass])).toEqual(
      Array.from({ length: LOANS }, () => [10, 'sma0']),
    );
  });

  it('two pg-boss workers asked for the same day at once do each key once between them', async () => {
    const day = indiaDate(clock.now());
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
    const { job, runs } = countingJob('test-two-workers', keys);
    const workerOne = new JobWorker(depsOne, FAST, [job]);
    const workerTwo = new JobWorker(depsTwo, FAST, [job]);
    await Promise.all([workerOne.start(), workerTwo.start()]);
    try {
      await Promise.all([workerOne.runNow(job.name, day), workerTwo.runNow(job.name, day)]);
      await until(async () => (await doneCount(depsOne, job.name)) === keys.length);
      // Both firings ran; give the second a moment to find every key done.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(runs.size).toBe(keys.length);
    } finally {
      await Promise.all([workerOne.stop(), workerTwo.stop()]);
    }
  });
});
