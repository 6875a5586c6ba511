/**
 * Delivers the SMS queue (./queue.ts). Each round claims due rows in one statement with
 * FOR UPDATE SKIP LOCKED and a lease, so any number of senders (one per API process, or
 * `npm run sms-sender`) on one PostgreSQL never claim the same row twice; then it hands each to
 * the transport, and marks it sent, or schedules a retry with backoff, or records its final
 * failure. Nothing the customer already saw is undone: the code stays valid either way.
 * The mobile and the text are never logged, nor stored in last_error.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from '../app/logger.ts';
import { type Database, queryRows } from '../db/client.ts';
import { databaseFailure } from '../db/errors.ts';
import type { SmsQueue } from './queue.ts';
import { SmsDeliveryError, type SmsTransport } from './transport.ts';

/** Waits before the 2nd, 3rd, … attempt; the last one repeats. */
export const RETRY_BACKOFF_SECONDS = [1, 5, 30, 120, 600] as const;
/** Longer than any transport may take (the HTTP gateway gives up after 10 s): a live claim is never taken over. */
const LEASE_SECONDS = 60;
const BATCH = 10;

export interface SenderSettings {
  pollMs: number;
  maxAttempts: number;
}

interface Claimed {
  id: number;
  to: string;
  body: string;
  sender_id: string;
  template_id: string;
  purpose: string;
  attempts: number;
  expired: boolean;
}

/** What may be recorded and logged about a failed send: the gateway's own words, or only the kind of error. */
function failureReason(error: unknown): string {
  if (error instanceof SmsDeliveryError) return error.message.slice(0, 200);
  const failure = databaseFailure(error);
  if (failure) return `database error ${failure.code}`;
  // A transport of another kind: its message could quote the text or the number, so only its kind.
  return error instanceof Error ? error.name : 'unknown error';
}

export class SmsSender {
  readonly id = randomUUID();
  private readonly db: Database;
  private readonly transport: SmsTransport;
  private readonly queue: SmsQueue | null;
  private readonly log: Logger;
  private readonly now: () => Date;
  private readonly settings: SenderSettings;
  private running: Promise<void> | null = null;
  private stopped = false;
  private woken = false;
  private wakeUp: (() => void) | null = null;
  /** Wake-ups waiting for the end of the next round. */
  private waiters: (() => void)[] = [];
  private unsubscribe: (() => void) | null = null;

  constructor(options: {
    db: Database;
    transport: SmsTransport;
    /** This process's queue, for the wake-up after a commit (none in a sender process of its own). */
    queue: SmsQueue | null;
    log: Logger;
    now: () => Date;
    settings: SenderSettings;
  }) {
    this.db = options.db;
    this.transport = options.transport;
    this.queue = options.queue;
    this.log = options.log;
    this.now = options.now;
    this.settings = options.settings;
  }

  start(): void {
    if (this.running) return;
    this.stopped = false;
    this.unsubscribe = this.queue?.onWake(() => this.wake()) ?? null;
    this.running = this.loop();
  }

  /** Stops polling and waits for the round in flight: its deliveries finish and are recorded. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    void this.wake();
    await this.running;
    this.running = null;
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  /** Starts a round now (or right after the one in flight); answers when that round has finished. */
  private wake(): Promise<void> {
    const done = new Promise<void>((resolve) => this.waiters.push(resolve));
    this.woken = true;
    this.wakeUp?.();
    return done;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      // Wake-ups so far are served by this round: their messages were committed before it claims.
      const waiting = this.waiters.splice(0);
      let handled = 0;
      try {
        handled = await this.deliverDue();
      } catch (error) {
        const failure = databaseFailure(error);
        this.log.error(
          'sms sender round failed',
          failure ? { db_code: failure.code } : { error: (error as Error).name },
        );
      }
      for (const waiter of waiting) waiter();
      // A full batch may have more behind it; else sleep until the next poll or a wake-up.
      if (handled >= BATCH || this.woken || this.stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.settings.pollMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = null;
    }
  }

  /** One round: claims the due messages and delivers them; answers how many it claimed. */
  async deliverDue(): Promise<number> {
    const now = this.now();
    const leaseEnd = new Date(now.getTime() + LEASE_SECONDS * 1000);
    // Due: queued and its time has come, or claimed by a sender whose lease ran out (it stopped mid-send).
    const claimed = await queryRows<Claimed>(
      this.db,
      sql`update sms_queue set status = 'sending', attempts = attempts + 1, locked_until = ${leaseEnd}, locked_by = ${this.id}
          where id in (
            select id from sms_queue
            where (status = 'queued' and next_attempt_at <= ${now}) or (status = 'sending' and locked_until <= ${now})
            order by next_attempt_at
            limit ${BATCH}
            for update skip locked
          )
          returning id, "to", body, sender_id, template_id, purpose, attempts,
            coalesce(expires_at <= ${now}, false) as expired`,
    );
    await Promise.all(claimed.map((row) => this.deliver(row)));
    return claimed.length;
  }

  private async deliver(row: Claimed): Promise<void> {
    if (row.expired) {
      await this.fail(row, 'expired before it could be sent');
      return;
    }
    try {
      await this.transport.send({ to: row.to, body: row.body, senderId: row.sender_id, templateId: row.template_id });
    } catch (error) {
      const reason = failureReason(error);
      if (row.attempts >= this.settings.maxAttempts) {
        await this.fail(row, reason);
        return;
      }
      const wait = RETRY_BACKOFF_SECONDS[Math.min(row.attempts, RETRY_BACKOFF_SECONDS.length) - 1] as number;
      const next = new Date(this.now().getTime() + wait * 1000);
      await this.db.execute(
        sql`update sms_queue set status = 'queued', next_attempt_at = ${next}, last_error = ${reason},
              locked_until = null, locked_by = null
            where id = ${row.id} and locked_by = ${this.id}`,
      );
      this.log.warn(`${row.purpose} sms not sent`, {
        sms_id: row.id,
        attempt: row.attempts,
        retry_in_seconds: wait,
        transport: this.transport.name,
        reason,
      });
      return;
    }
    await this.db.execute(
      sql`update sms_queue set status = 'sent', sent_at = ${this.now()}, locked_until = null
          where id = ${row.id} and locked_by = ${this.id}`,
    );
  }

  private async fail(row: Claimed, reason: string): Promise<void> {
    await this.db.execute(
      sql`update sms_queue set status = 'failed', last_error = ${reason}, locked_until = null
          where id = ${row.id} and locked_by = ${this.id}`,
    );
    this.log.error(`${row.purpose} sms not sent`, {
      sms_id: row.id,
      attempt: row.attempts,
      final: true,
      transport: this.transport.name,
      reason,
    });
  }
}
