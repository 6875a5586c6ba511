/**
 * The worker pool's idle rule (src/server/app/workerPool.ts, issue 20): a worker left idle past idleMs is
 * stopped and its memory given back; the next job starts a new one. Run through the upload check
 * pool, its smallest use. No speed is asserted: the waits only let the idle time pass.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { PdfCheckPool } from '../../src/server/storage/pdfCheckPool.ts';

const NOT_A_PDF = new TextEncoder().encode('plain text, not a PDF');

describe('worker pool', () => {
  let pool: PdfCheckPool | undefined;
  afterEach(() => pool?.close());

  it('stops a worker idle past idleMs, and starts one again for the next job', async () => {
    pool = new PdfCheckPool({ workers: 1, timeoutMs: 30_000, maxQueue: 4, idleMs: 100 });
    const first = await pool.check(NOT_A_PDF, '');
    expect(pool.workersStarted).toBe(1);
    await sleep(600);
    expect(await pool.check(NOT_A_PDF, '')).toEqual(first);
    expect(pool.workersStarted).toBe(2);
  });

  it('keeps its worker between jobs closer together than idleMs', async () => {
    pool = new PdfCheckPool({ workers: 1, timeoutMs: 30_000, maxQueue: 4, idleMs: 60_000 });
    for (let job = 0; job < 3; job += 1) await pool.check(NOT_A_PDF, '');
    expect(pool.workersStarted).toBe(1);
  });
});
