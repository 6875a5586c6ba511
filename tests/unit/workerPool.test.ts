/**
 * The worker pool's idle rule (src/server/app/workerPool.ts, issue 20): a worker left idle past idleMs is
 * stopped and its memory given back; the next job starts a new one. Run through the upload check
 * pool, its smallest use. And its time limit, which is the job's own: a worker slow to load its code
 * does not use up the limit of the job it was started for. No speed is asserted: the waits only let
 * the idle time pass.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool } from '../../src/server/app/workerPool.ts';
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

  it("times a job from when its worker has loaded its code: a start slower than the limit is not the job's overrun", async () => {
    const slowToLoad = new WorkerPool<number, number>(
      { workers: 1, timeoutMs: 200, maxQueue: 1 },
      { url: new URL('./support/slowToLoadWorker.ts', import.meta.url), heapMb: 32, workerData: { loadingMs: 800 } },
    );
    try {
      expect(await slowToLoad.run(21)).toEqual({ result: 'done', value: 42 });
      expect(slowToLoad.workersStarted).toBe(1);
    } finally {
      await slowToLoad.close();
    }
  });
});
