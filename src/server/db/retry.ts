/**
 * Transactions that lost a race to PostgreSQL (a serialization failure or a deadlock) are run again
 * a few times; one still refused reaches the app's error handler, which answers 409 "please try
 * again", never 500 (app.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Database, Transaction } from './client.ts';
import { isTransientConflict } from './errors.ts';

const ATTEMPTS = 4;

export async function retryingTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (!isTransientConflict(error) || attempt >= ATTEMPTS) throw error;
      // A short random pause, so the two sides of a race do not meet again at once.
      await delay(5 + Math.random() * 20 * attempt);
    }
  }
}
