/**
 * Checking uploaded PDFs off the request thread (issue 13): the worker pool of ../workerPool.ts
 * (a few threads, a bounded queue, a time limit per file). A file whose check overruns or finds
 * the queue full is refused with a message. The request thread only copies the bytes to a worker
 * and awaits it.
 */
import { WorkerPool, type WorkerPoolOptions } from '../app/workerPool.ts';
import type { PdfCheckJob } from './pdfCheckWorker.ts';
import type { PdfPasswordCheck } from './pdfPassword.ts';

export interface PdfCheckPoolOptions extends WorkerPoolOptions {
  /**
   * Test only: each check first blocks its worker until gate[0] is non-zero (Atomics.notify), so a
   * test holds a check as long as it likes without any timing.
   */
  testGate?: Int32Array;
}

export type PdfCheckOutcome =
  | PdfPasswordCheck
  /** The time limit passed: the file is refused, never half-checked. */
  | { result: 'timed_out' }
  /** Every worker busy and the queue full. */
  | { result: 'busy' }
  /** The worker failed on this file (thrown, out of memory) or the pool is closed. */
  | { result: 'failed' };

/** Heap for one worker: the file itself is outside it (an ArrayBuffer); the reading keeps little. */
const WORKER_HEAP_MB = 96;

export class PdfCheckPool extends WorkerPool<PdfCheckJob, PdfPasswordCheck> {
  constructor(options: PdfCheckPoolOptions) {
    super(options, {
      url: new URL('./pdfCheckWorker.ts', import.meta.url),
      heapMb: WORKER_HEAP_MB,
      workerData: { gate: options.testGate },
      // One copy into shared memory (the caller keeps its bytes to store them): posting a shared
      // buffer copies nothing more, where a cloned one would be serialized and copied again.
      post: (job) => {
        const { bytes, password } = job as PdfCheckJob;
        const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
        shared.set(bytes);
        return { job: { bytes: shared, password } satisfies PdfCheckJob };
      },
    });
  }

  /** Checks in a worker whether the PDF is encrypted and whether the password opens it. */
  async check(bytes: Uint8Array, password: string): Promise<PdfCheckOutcome> {
    const outcome = await this.run({ bytes, password });
    return outcome.result === 'done' ? outcome.value : outcome;
  }
}
