/**
 * Runs the jobs of ./all.ts. `runJobDay` does one job's day: it lists the day's keys and runs each in a
 * transaction that first records (job, day, key) in job_runs: a key already recorded is skipped, and a
 * second worker doing the same key at the same moment waits on that row's unique key, then skips it.
 * So a rerun of a day, a retry after a failure and two workers on one PostgreSQL each do a key once.
 * `JobWorker` (./worker.ts) fires jobs on their schedules through pg-boss; `runDay` (development's
 * run-day) runs every job of a given day at once, in the order of ./all.ts.
 */
import { randomUUID } from 'node:crypto';
import { indiaDate } from '../../lib/dates.ts';
import type { Deps } from '../app/context.ts';
import { databaseFailure } from '../db/errors.ts';
import { jobRuns } from '../db/schema.ts';
import { allJobs } from './all.ts';
import type { JobDefinition } from './definition.ts';

/** This process's name in job_runs. */
export const WORKER_ID = randomUUID();

export interface JobDayOutcome {
  job: string;
  day: string;
  /** Keys done by this run. */
  done: number;
  /** Keys already done (by an earlier run or another worker). */
  skipped: number;
  /** Keys that failed: rolled back, to be retried. */
  failed: number;
}

/** Thrown when some keys failed, so the scheduler retries the job (the keys done are skipped then). */
export class JobDayFailed extends Error {
  readonly outcome: JobDayOutcome;
  constructor(outcome: JobDayOutcome) {
    super(`${outcome.job} for ${outcome.day}: ${outcome.failed} failed`);
    this.name = 'JobDayFailed';
    this.outcome = outcome;
  }
}

/** What may be logged about a failure: a database error's code, else only the kind of error. */
function failureReason(error: unknown): Record<string, string> {
  const failure = databaseFailure(error);
  return failure ? { db_code: failure.code } : { error: error instanceof Error ? error.name : 'unknown error' };
}

/** One job's units for one day (India's date), each once; `day` defaults to today in India by the server's clock. */
export async function runJobDay(
  deps: Deps,
  job: JobDefinition,
  day: string = indiaDate(deps.now()),
  worker: string = WORKER_ID,
): Promise<JobDayOutcome> {
  const now = deps.now();
  const outcome: JobDayOutcome = { job: job.name, day, done: 0, skipped: 0, failed: 0 };
  const keys = await job.keys(deps, { day, now });
  for (const key of new Set(keys)) {
    const after: (() => Promise<void>)[] = [];
    try {
      const ran = await deps.db.transaction(async (tx) => {
        const recorded = await tx
          .insert(jobRuns)
          .values({ job: job.name, day, key, worker, doneAt: now })
          .onConflictDoNothing()
          .returning({ key: jobRuns.key });
        if (recorded.length === 0) return false;
        await job.run(deps, {
          day,
          now,
          key,
          tx,
          idempotencyKey: `${job.name}:${day}:${key}`,
          afterCommit: (work) => after.push(work),
        });
        return true;
      });
      if (!ran) {
        outcome.skipped += 1;
        continue;
      }
      outcome.done += 1;
    } catch (error) {
      outcome.failed += 1;
      deps.log.error('job unit failed', { job: job.name, day, ...failureReason(error) });
      continue;
    }
    for (const work of after) {
      await work().catch((error: unknown) =>
        deps.log.error('job unit: after its commit failed', { job: job.name, day, ...failureReason(error) }),
      );
    }
  }
  if (outcome.done > 0 || outcome.failed > 0) deps.log.info('job day', { ...outcome });
  return outcome;
}

/** Every registered job for one day, in order (development's run-day; the loan's life in seconds). */
export async function runDay(deps: Deps, day: string, jobs: readonly JobDefinition[] = allJobs) {
  const outcomes: JobDayOutcome[] = [];
  for (const job of jobs) outcomes.push(await runJobDay(deps, job, day));
  return outcomes;
}
