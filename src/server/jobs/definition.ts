/**
 * What a scheduled job is: a name, when it runs (cron in India's time), the day's units of work (its
 * keys: loan numbers, or one key for a whole-day job) and what it does for one key. The scheduler
 * (./scheduler.ts) records each (job, day, key) once it is done, so a rerun of the same day, a second
 * worker or a retry never does a key twice. Add a job to the list in ./all.ts.
 */
import type { Deps } from '../app/context.ts';
import type { Transaction } from '../db/client.ts';

/** The day a job runs for: `day` is the date in India (YYYY-MM-DD); `now` the clock's time when it runs. */
export interface JobDay {
  day: string;
  now: Date;
}

/** One unit of work of one day: the key it was listed under, its run's transaction, and the idempotency key for outside calls. */
export interface JobUnit extends JobDay {
  key: string;
  /**
   * The transaction the scheduler marks this key done in: writes made through it (SMS and mail queued
   * with `deps.sms.enqueue(tx, …)`, rows of the job's own) commit together with "done", or not at all.
   */
  tx: Transaction;
  /** `job:day:key`, for an outside service's idempotency key (a provider's refund, say): stable across retries. */
  idempotencyKey: string;
  /**
   * Work for after the commit (an e-mail, waking the SMS sender): run only once the unit is recorded
   * done; a failure there is logged, never retried. Never use `deps.db` inside `run`: on the embedded
   * engine the unit's open transaction holds the one session, so a query outside it waits for ever.
   */
  afterCommit(work: () => Promise<void>): void;
}

export interface JobDefinition {
  /** Unique, kebab-case: `end-of-day`, `reminders`, … (the key of its schedule and of its records). */
  name: string;
  /**
   * When it runs, in Asia/Kolkata: a five-field cron (`minute hour day-of-month month day-of-week`),
   * e.g. `5 0 * * *` for 00:05 every day, `0 8-19 * * *` hourly from 08:00 to 19:00. Lists (`1,15`),
   * ranges (`8-19`) and steps (`*\/15`) are understood.
   */
  cron: string;
  /** The day's keys (loan numbers, say); each is run once for the day. `[]`: nothing to do today. */
  keys(deps: Deps, day: JobDay): Promise<string[]>;
  /**
   * Does one key. Throwing rolls back its transaction and retries it later with backoff (the attempt
   * count is kept); answering commits it as done. Whatever it does outside the transaction must be
   * safe to repeat (use `unit.idempotencyKey`).
   */
  run(deps: Deps, unit: JobUnit): Promise<void>;
}
