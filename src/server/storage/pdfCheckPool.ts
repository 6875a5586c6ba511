/**
 * Checking uploaded PDFs off the request thread (issue 13): a small fixed pool of worker threads,
 * a bounded queue, and a time limit per file. A worker that overruns is terminated and replaced,
 * and the upload is refused with a message; a full queue is refused too, so a burst of uploads
 * waits nowhere unbounded. The request thread only copies the bytes to a worker and awaits it.
 */
import { Worker } from 'node:worker_threads';
import type { PdfCheckJob, PdfCheckReply } from './pdfCheckWorker.ts';
import type { PdfPasswordCheck } from './pdfPassword.ts';

export interface PdfCheckPoolOptions {
  /** Worker threads; each checks one file at a time. */
  workers: number;
  /** A check still running after this long is stopped (its worker terminated and replaced). */
  timeoutMs: number;
  /** Files waiting for a worker beyond those being checked; one more is refused as busy. */
  maxQueue: number;
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

interface Job {
  id: number;
  bytes: Uint8Array;
  password: string;
  resolve(outcome: PdfCheckOutcome): void;
}

interface Slot {
  worker: Worker | undefined;
  job: Job | undefined;
  timer: NodeJS.Timeout | undefined;
}

const WORKER_URL = new URL('./pdfCheckWorker.ts', import.meta.url);
/** Heap for one worker: the file itself is outside it (an ArrayBuffer); the reading keeps little. */
const WORKER_HEAP_MB = 96;

export class PdfCheckPool {
  readonly options: PdfCheckPoolOptions;
  readonly #slots: Slot[];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  /** Workers started so far (replacements included), for the tests. */
  workersStarted = 0;

  constructor(options: PdfCheckPoolOptions) {
    this.options = options;
    this.#slots = Array.from({ length: Math.max(1, options.workers) }, () => ({
      worker: undefined,
      job: undefined,
      timer: undefined,
    }));
  }

  /** Checks in a worker whether the PDF is encrypted and whether the password opens it. */
  check(bytes: Uint8Array, password: string): Promise<PdfCheckOutcome> {
    if (this.#closed) return Promise.resolve({ result: 'failed' });
    if (this.#queue.length >= this.options.maxQueue && this.#slots.every((slot) => slot.job)) {
      return Promise.resolve({ result: 'busy' });
    }
    return new Promise((resolve) => {
      this.#queue.push({ id: this.#nextId++, bytes, password, resolve });
      this.#dispatch();
    });
  }

  /** Files being checked or waiting. */
  get pending(): number {
    return this.#queue.length + this.#slots.filter((slot) => slot.job).length;
  }

  /** Stops every worker; checks still waiting or running are answered "failed". */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.resolve({ result: 'failed' });
    await Promise.all(
      this.#slots.map(async (slot) => {
        const { worker } = slot;
        this.#finish(slot, { result: 'failed' });
        slot.worker = undefined;
        await worker?.terminate();
      }),
    );
  }

  #dispatch() {
    for (const slot of this.#slots) {
      if (this.#closed || this.#queue.length === 0) return;
      if (slot.job) continue;
      const job = this.#queue.shift() as Job;
      slot.job = job;
      const worker = slot.worker ?? this.#start(slot);
      slot.timer = setTimeout(() => this.#overrun(slot, worker), this.options.timeoutMs);
      // One copy into shared memory (the caller keeps its bytes to store them): posting a shared
      // buffer copies nothing more, where a cloned one would be serialized and copied again.
      const shared = new Uint8Array(new SharedArrayBuffer(job.bytes.length));
      shared.set(job.bytes);
      worker.postMessage({ id: job.id, bytes: shared, password: job.password } satisfies PdfCheckJob);
    }
  }

  #start(slot: Slot): Worker {
    const worker = new Worker(WORKER_URL, {
      workerData: { gate: this.options.testGate },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    this.workersStarted += 1;
    // An idle worker never keeps the process alive; a running check's timer does.
    worker.unref();
    worker.on('message', (reply: PdfCheckReply) => {
      if (slot.worker !== worker || slot.job?.id !== reply.id) return;
      this.#finish(slot, 'failed' in reply ? { result: 'failed' } : reply.check);
      this.#dispatch();
    });
    // A worker that dies (out of memory, a crash) fails its file only; the next file gets a new one.
    const lost = () => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      this.#finish(slot, { result: 'failed' });
      this.#dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    slot.worker = worker;
    return worker;
  }

  #overrun(slot: Slot, worker: Worker) {
    if (slot.worker === worker) slot.worker = undefined;
    this.#finish(slot, { result: 'timed_out' });
    void worker.terminate();
    this.#dispatch();
  }

  #finish(slot: Slot, outcome: PdfCheckOutcome) {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    const { job } = slot;
    slot.job = undefined;
    job?.resolve(outcome);
  }
}
