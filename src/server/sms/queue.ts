/**
 * The durable SMS outbox: a request stores its message in sms_queue, in the same transaction as
 * what the message is about, and answers without waiting for any gateway; the sender
 * (./sender.ts) delivers it. After the transaction commits, the request calls `wake()` so a sender
 * in the same process starts at once instead of at its next poll. The mail queue
 * (../mail/queue.ts) is the same with its own table and sender.
 */
import type { Database, Transaction } from '../db/client.ts';
import { smsQueue } from '../db/schema.ts';
import type { SmsMessage } from './transport.ts';

export type SmsPurpose = 'login' | 'repay' | 'kfs' | 'complaint' | 'bureau_notice' | 'overdue_notice';

/** A queue a sender of this process delivers: what it stores is its own; the wake-up after a commit is shared. */
export class OutboundQueue {
  private readonly listeners = new Set<() => Promise<void>>();
  protected readonly now: () => Date;
  private readonly awaitDelivery: boolean;

  constructor(now: () => Date, options: { awaitDelivery?: boolean } = {}) {
    this.now = now;
    this.awaitDelivery = options.awaitDelivery ?? false;
  }

  /** Tells the senders of this process that a message was committed (with awaitDelivery: and waits for their round). */
  async wake(): Promise<void> {
    const rounds = [...this.listeners].map((listener) => listener());
    if (this.awaitDelivery) await Promise.all(rounds);
  }

  /** `listener` answers when the round that follows the wake-up has finished. */
  onWake(listener: () => Promise<void>): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export class SmsQueue extends OutboundQueue {
  /** Stores a message to send; `expiresAt`: it is worthless after then (an expired code). */
  async enqueue(
    db: Database | Transaction,
    message: SmsMessage,
    purpose: SmsPurpose,
    expiresAt: Date | null = null,
  ): Promise<void> {
    await db.insert(smsQueue).values({ ...message, purpose, nextAttemptAt: this.now(), expiresAt });
  }
}
