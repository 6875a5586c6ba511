/**
 * Delivers a durable message queue: the SMS queue (./queue.ts) and the mail queue (../mail/queue.ts),
 * one sender each, sharing this code. Each round claims due rows in one statement with
 * FOR UPDATE SKIP LOCKED and a lease, so any number of senders (one per API process, or
 * `npm run sms-sender`) on one PostgreSQL never claim the same row twice; then it hands each to
 * the channel, and marks it sent, or schedules a retry with backoff, or records its final
 * failure. Nothing the customer already saw is undone: the code stays valid either way.
 * The address, the mobile and the text are never logged, nor stored in last_error.
 */
import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Logger } from '../app/logger.ts';
import { type Database, queryRows } from '../db/client.ts';
import { databaseFailure } from '../db/errors.ts';
import type { OutboundQueue } from './queue.ts';
import { SmsDeliveryError, type SmsTransport } from './transport.ts';

/** Waits before the 2nd, 3rd, … attempt; the last one repeats. */
export const RETRY_BACKOFF_SECONDS = [1, 5, 30, 120, 600] as const;
const BATCH = 10;

export interface SenderSettings {
  pollMs: number;
  maxAttempts: number;
}

/** What every claimed row carries, whatever its queue. */
export interface ClaimedRow {
  id: number;
  purpose: string;
  attempts: number;
  expired: boolean;
}

/** One queue's table and how its rows are sent. */
export interface Channel<Row extends ClaimedRow> {
  /** sms | mail: the logs say `<purpose> sms not sent`, `mail_id`, … */
  kind: 'sms' | 'mail';
  /** Its table (a constant, never a caller's text). */
  table: 'sms_queue' | 'mail_queue';
  /** The columns a round reads besides the shared ones. */
  columns: SQL;
  /** The transport's name, for the logs. */
  transport: string;
  /** Longer than a round's sends may take: a live claim is never taken over. */
  leaseSeconds: number;
  /** Sends a round's rows one after another (they share the PDF workers with the requests), else all at once. */
  oneAtATime?: boolean;
  send(row: Row): Promise<void>;
  /** What may be recorded and logged about a failed send (never the address or the text). */
  failureReason(error: unknown): string;
}

/** The failure's own words when it is a delivery error of the channel (a status line), a database error's code, else only its kind. */
export function failureReasonOf(error: unknown, deliveryError: abstract new (...args: never[]) => Error): string {
  if (error instanceof deliveryError) return error.message.slice(0, 200);
  const failure = databaseFailure(error);
  if (failure) return `database error ${failure.code}`;
  // A transport of another kind: its message could quote the text or the address, so only its kind.
  return error instanceof Error ? error.name : 'unknown error';
}

export type SmsRow = ClaimedRow & { to: string; body: string; sender_id: string; template_id: string };

/** The SMS queue's channel: the DLT gateway (or the outbox table outside production). */
export function smsChannel(transport: SmsTransport): Channel<SmsRow> {
  return {
    kind: 'sms',
    table: 'sms_queue',
    columns: sql`"to", body, sender_id, template_id`,
    transport: transport.name,
    // The HTTP gateway gives up after 10 s.
    leaseSeconds: 60,
    send: (row) => transport.send({ to: row.to, body: row.body, senderId: row.sender_id, templateId: row.template_id }),
    failureReason: (error) => failureReasonOf(error, SmsDeliveryError),
  };
}

export class QueueSender<Row extends ClaimedRow> {
  readonly id = randomUUID();
  private readonly db: Database;
  private readonly channel: Channel<Row>;
  private readonly queue: OutboundQueue | null;
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
    channel: Channel<Row>;
    /** This process's queue, for the wake-up after a commit (none in a sender process of its own). */
    queue: OutboundQueue | null;
    log: Logger;
    now: () => Date;
    settings: SenderSettings;
  }) {
    this.db = options.db;
    this.channel = options.channel;
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
          `${this.channel.kind} sender round failed`,
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
    const leaseEnd = new Date(now.getTime() + this.channel.leaseSeconds * 1000);
    const table = sql.raw(this.channel.table);
    // Due: queued and its time has come, or claimed by a sender whose lease ran out (it stopped mid-send).
    const claimed = await queryRows<Row>(
      this.db,
      sql`update ${table} set status = 'sending', attempts = attempts + 1, locked_until = ${leaseEnd}, locked_by = ${this.id}
          where id in (
            select id from ${table}
            where (status = 'queued' and next_attempt_at <= ${now}) or (status = 'sending' and locked_until <= ${now})
            order by next_attempt_at
            limit ${BATCH}
            for update skip locked
          )
          returning id, purpose, attempts, coalesce(expires_at <= ${now}, false) as expired, ${this.channel.columns}`,
    );
    if (this.channel.oneAtATime) {
      for (const row of claimed) await this.deliver(row);
    } else {
      await Promise.all(claimed.map((row) => this.deliver(row)));
    }
    return claimed.length;
  }

  private async deliver(row: Row): Promise<void> {
    const { kind } = this.channel;
    const table = sql.raw(this.channel.table);
    if (row.expired) {
      await this.fail(row, 'expired before it could be sent');
      return;
    }
    try {
      await this.channel.send(row);
    } catch (error) {
      const reason = this.channel.failureReason(error);
      if (row.attempts >= this.settings.maxAttempts) {
        await this.fail(row, reason);
        return;
      }
      const wait = RETRY_BACKOFF_SECONDS[Math.min(row.attempts, RETRY_BACKOFF_SECONDS.length) - 1] as number;
      const next = new Date(this.now().getTime() + wait * 1000);
      await this.db.execute(
        sql`update ${table} set status = 'queued', next_attempt_at = ${next}, last_error = ${reason},
              locked_until = null, locked_by = null
            where id = ${row.id} and locked_by = ${this.id}`,
      );
      this.log.warn(`${row.purpose} ${kind} not sent`, {
        [`${kind}_id`]: row.id,
        attempt: row.attempts,
        retry_in_seconds: wait,
        transport: this.channel.transport,
        reason,
      });
      return;
    }
    await this.db.execute(
      sql`update ${table} set status = 'sent', sent_at = ${this.now()}, locked_until = null
          where id = ${row.id} and locked_by = ${this.id}`,
    );
  }

  private async fail(row: Row, reason: string): Promise<void> {
    const { kind } = this.channel;
    await this.db.execute(
      sql`update ${sql.raw(this.channel.table)} set status = 'failed', last_error = ${reason}, locked_until = null
          where id = ${row.id} and locked_by = ${this.id}`,
    );
    this.log.error(`${row.purpose} ${kind} not sent`, {
      [`${kind}_id`]: row.id,
      attempt: row.attempts,
      final: true,
      transport: this.channel.transport,
      reason,
    });
  }
}
