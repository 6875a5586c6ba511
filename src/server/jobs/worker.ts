/**
 * The job worker: pg-boss (docs/decisions.md, "A job scheduler on the database") fires each job of
 * ./all.ts on its cron in India's time, once across every worker on the database (its schedule is
 * claimed with FOR UPDATE SKIP LOCKED), retries a failed day with backoff, and hands the day to
 * `runJobDay`, which does each (job, day, key) once. pg-boss keeps its tables in its own schema
 * (`pgboss`), created and migrated by pg-boss at the first start, on both engines: it talks through
 * the app's own pool, so on the embedded engine it shares the one PGlite session like any request.
 */

import type pg from 'pg';
import { PgBoss } from 'pg-boss';
import type { Deps } from '../app/context.ts';
import { allJobs } from './all.ts';
import type { JobDefinition } from './definition.ts';
import { JobDayFailed, runJobDay, WORKER_ID } from './scheduler.ts';

/** Any fixed number: holders of this advisory lock start pg-boss one at a time (src/server/db/client.ts has the migrations'). */
const START_LOCK = 7_246_023;

/** The time zone of every schedule: the business's days are India's. */
export const JOB_TIME_ZONE = 'Asia/Kolkata';

export interface JobWorkerSettings {
  /** Retries of a day with failed keys: after 1, 2, 4, 8, … minutes (pg-boss's exponential backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** How often a worker looks for a job to run (pg-boss polls; at least 0.5 s). */
  pollSeconds: number;
}

/** The configured settings (JOB_RETRY_LIMIT, JOB_POLL_SECONDS); retries start a minute after the failure. */
export const workerSettings = (deps: Deps): JobWorkerSettings => ({
  retryLimit: deps.config.jobs.retryLimit,
  retryDelaySeconds: 60,
  pollSeconds: deps.config.jobs.pollSeconds,
});

/** The app's pool (drizzle's client on either engine), as pg-boss's database. */
function poolOf(deps: Deps): pg.Pool {
  return (deps.db as unknown as { $client: pg.Pool }).$client;
}

export class JobWorker {
  readonly id = WORKER_ID;
  private boss: PgBoss | null = null;
  private readonly deps: Deps;
  private readonly settings: JobWorkerSettings;
  private readonly jobs: readonly JobDefinition[];

  constructor(
    deps: Deps,
    settings: JobWorkerSettings = workerSettings(deps),
    jobs: readonly JobDefinition[] = allJobs,
  ) {
    this.deps = deps;
    this.settings = settings;
    this.jobs = jobs;
  }

  /** Creates pg-boss's schema if need be, registers each job's queue and schedule, and starts working. */
  async start(): Promise<void> {
    const pool = poolOf(this.deps);
    const boss = new PgBoss({
      // Unnamed: the embedded pool names (prepares) every text it is given, and pg-boss's schema is
      // created by texts of several statements, which PostgreSQL runs only unprepared and without values.
      db: {
        executeSql: (text, values) =>
          pool.query(
            values?.length ? { text, values: values as unknown[], name: undefined } : { text, name: undefined },
          ),
      },
      schema: 'pgboss',
    });
    // pg-boss's errors (a failed poll, say) are logged without their text, which may quote a query's values.
    boss.on('error', (error: Error) => this.deps.log.error('job worker error', { error: error.name }));
    // Workers starting at once on a new database would each create pg-boss's schema: one at a time.
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [START_LOCK]);
      await boss.start();
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [START_LOCK]).catch(() => undefined);
      lock.release();
    }
    this.boss = boss;
    for (const job of this.jobs) {
      await boss.createQueue(job.name, {
        retryLimit: this.settings.retryLimit,
        retryDelay: this.settings.retryDelaySeconds,
        retryBackoff: true,
        // A run of a day longer than this is taken as dead and retried (its done keys are skipped).
        expireInSeconds: 3_600,
      });
      await boss.schedule(job.name, job.cron, {}, { tz: JOB_TIME_ZONE });
      await boss.work<{ day?: string }>(job.name, { pollingIntervalSeconds: this.settings.pollSeconds }, (batch) =>
        this.runBatch(job, batch),
      );
    }
    this.deps.log.info('job worker started', { jobs: this.jobs.length });
  }

  /** A scheduled firing runs the day of the server's clock; a job sent with `{ day }` runs that day. */
  private async runBatch(job: JobDefinition, batch: { data: { day?: string } }[]): Promise<void> {
    for (const fired of batch) {
      const outcome = await runJobDay(this.deps, job, fired.data?.day, this.id);
      if (outcome.failed > 0) throw new JobDayFailed(outcome);
    }
  }

  /** Asks pg-boss to run `job` for `day` now, on whichever worker claims it first. */
  async runNow(job: string, day: string): Promise<void> {
    if (!this.boss) throw new Error('the job worker is not started');
    await this.boss.send(job, { day });
  }

  /** Stops taking jobs and waits for the ones running (their keys in flight commit or roll back). */
  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    // `close: false`: the pool is the app's, closed with the database.
    await boss?.stop({ graceful: true, close: false, timeout: 10_000, wait: true } as Parameters<PgBoss['stop']>[0]);
  }
}
