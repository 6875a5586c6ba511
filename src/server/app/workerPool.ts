/**
 * Heavy work off the request thread (issues 13 and 20): a small fixed pool of worker threads, a
 * bounded queue, and a time limit per job. A worker that overruns is terminated and replaced, and
 * the job answered "timed_out"; a full queue answers "busy" at once, so a burst waits nowhere
 * unbounded. The limit is the job's own: it starts once the worker has loaded its code, so a
 * worker started for the job (the first after an idle spell, or a replacement) on a busy machine
 * does not make a file that checks in a moment look like one that never ends. The upload checks
 * (storage/pdfCheckPool.ts) and the statement PDFs (statements/drawPool.ts) each run one; a worker
 * script answers its jobs with serveJobs().
 */
import { parentPort, type Transferable, Worker } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** Worker threads; each runs one job at a time. */
  workers: number;
  /** A job still running after this long is stopped (its worker terminated and replaced). */
  timeoutMs: number;
  /** Jobs waiting for a worker beyond those running; one more is refused as busy. */
  maxQueue: number;
  /** A worker idle this long is stopped, its memory given back (the next job starts one); never when unset. */
  idleMs?: number;
}

export type PoolOutcome<R> =
  | { result: 'done'; value: R }
  /** The time limit passed: the job is abandoned, never half-done. */
  | { result: 'timed_out' }
  /** Every worker busy and the queue full. */
  | { result: 'busy' }
  /** The worker failed on this job (thrown, out of memory) or the pool is closed. */
  | { result: 'failed' };

/** What a pool posts to its worker, and what the worker answers. */
export interface JobMessage<J> {
  id: number;
  job: J;
}
export type JobReply<R> = { id: number; value: R } | { id: number; failed: true };
/** What a worker says once its code is loaded and it takes jobs (serveJobs). */
interface Ready {
  ready: true;
}

/**
 * A worker not ready this long after it was started is taken for broken: its job is answered
 * "timed_out" and the worker replaced, as for an overrun.
 */
const START_LIMIT_MS = 30_000;

export interface WorkerSettings {
  url: URL;
  /** Heap for one worker (V8's old generation). */
  heapMb: number;
  workerData?: unknown;
  /** The job as posted: a pool may move or share its bytes rather than have them cloned. */
  post?: (job: unknown) => { job: unknown; transfer?: Transferable[] };
}

interface Queued<J, R> {
  id: number;
  job: J;
  resolve(outcome: PoolOutcome<R>): void;
}

interface Slot<J, R> {
  worker: Worker | undefined;
  job: Queued<J, R> | undefined;
  timer: NodeJS.Timeout | undefined;
  idle: NodeJS.Timeout | undefined;
  /** The worker has loaded its code: a job's time limit starts when it is posted. */
  ready: boolean;
}

export class WorkerPool<J, R> {
  readonly options: WorkerPoolOptions;
  readonly #settings: WorkerSettings;
  readonly #slots: Slot<J, R>[];
  readonly #queue: Queued<J, R>[] = [];
  #nextId = 1;
  #closed = false;
  /** Workers started so far (replacements included), for the tests. */
  workersStarted = 0;

  constructor(options: WorkerPoolOptions, settings: WorkerSettings) {
    this.options = options;
    this.#settings = settings;
    this.#slots = Array.from({ length: Math.max(1, options.workers) }, () => ({
      worker: undefined,
      job: undefined,
      timer: undefined,
      idle: undefined,
      ready: false,
    }));
  }

  run(job: J): Promise<PoolOutcome<R>> {
    if (this.#closed) return Promise.resolve({ result: 'failed' });
    if (this.#queue.length >= this.options.maxQueue && this.#slots.every((slot) => slot.job)) {
      return Promise.resolve({ result: 'busy' });
    }
    return new Promise((resolve) => {
      this.#queue.push({ id: this.#nextId++, job, resolve });
      this.#dispatch();
    });
  }

  /** Jobs running or waiting. */
  get pending(): number {
    return this.#queue.length + this.#slots.filter((slot) => slot.job).length;
  }

  /** Stops every worker; jobs still waiting or running are answered "failed". */
  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) job.resolve({ result: 'failed' });
    await Promise.all(
      this.#slots.map(async (slot) => {
        clearTimeout(slot.idle);
        const { worker } = slot;
        this.#finish(slot, { result: 'failed' });
        slot.worker = undefined;
        await worker?.terminate();
      }),
    );
  }

  #dispatch() {
    this.#assign();
    const { idleMs } = this.options;
    if (idleMs === undefined || this.#closed) return;
    for (const slot of this.#slots) {
      if (slot.job || !slot.worker || slot.idle) continue;
      slot.idle = setTimeout(() => this.#retire(slot), idleMs);
      slot.idle.unref();
    }
  }

  #retire(slot: Slot<J, R>) {
    slot.idle = undefined;
    const { worker } = slot;
    if (slot.job || !worker) return;
    // Forgotten first, so its exit is not taken for a lost job.
    slot.worker = undefined;
    void worker.terminate();
  }

  #assign() {
    for (const slot of this.#slots) {
      if (this.#closed || this.#queue.length === 0) return;
      if (slot.job) continue;
      clearTimeout(slot.idle);
      slot.idle = undefined;
      const queued = this.#queue.shift() as Queued<J, R>;
      slot.job = queued;
      const worker = slot.worker ?? this.#start(slot);
      slot.timer = setTimeout(() => this.#overrun(slot, worker), slot.ready ? this.options.timeoutMs : START_LIMIT_MS);
      const posted = this.#settings.post?.(queued.job) ?? { job: queued.job };
      worker.postMessage({ id: queued.id, job: posted.job } satisfies JobMessage<unknown>, posted.transfer);
    }
  }

  #start(slot: Slot<J, R>): Worker {
    const worker = new Worker(this.#settings.url, {
      workerData: this.#settings.workerData,
      resourceLimits: { maxOldGenerationSizeMb: this.#settings.heapMb },
    });
    this.workersStarted += 1;
    // An idle worker never keeps the process alive; a running job's timer does.
    worker.unref();
    worker.on('message', (reply: JobReply<R> | Ready) => {
      if (slot.worker !== worker) return;
      if ('ready' in reply) {
        slot.ready = true;
        // The job posted while the worker loaded: its own time limit starts now.
        if (slot.job) {
          clearTimeout(slot.timer);
          slot.timer = setTimeout(() => this.#overrun(slot, worker), this.options.timeoutMs);
        }
        return;
      }
      if (slot.job?.id !== reply.id) return;
      this.#finish(slot, 'failed' in reply ? { result: 'failed' } : { result: 'done', value: reply.value });
      this.#dispatch();
    });
    // A worker that dies (out of memory, a crash) fails its job only; the next job gets a new one.
    const lost = () => {
      if (slot.worker !== worker) return;
      slot.worker = undefined;
      this.#finish(slot, { result: 'failed' });
      this.#dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    slot.worker = worker;
    slot.ready = false;
    return worker;
  }

  #overrun(slot: Slot<J, R>, worker: Worker) {
    if (slot.worker === worker) slot.worker = undefined;
    this.#finish(slot, { result: 'timed_out' });
    void worker.terminate();
    this.#dispatch();
  }

  #finish(slot: Slot<J, R>, outcome: PoolOutcome<R>) {
    clearTimeout(slot.timer);
    slot.timer = undefined;
    const { job } = slot;
    slot.job = undefined;
    job?.resolve(outcome);
  }
}

/**
 * In a worker script: answers every job the pool posts, even one whose work throws (answered
 * "failed", never with the error, which could carry the job's data). `transfer`: what of the
 * result to move rather than copy.
 */
export function serveJobs<J, R>(work: (job: J) => R | Promise<R>, transfer?: (value: R) => Transferable[]) {
  parentPort?.on('message', async ({ id, job }: JobMessage<J>) => {
    let reply: JobReply<R>;
    let moved: Transferable[] | undefined;
    try {
      const value = await work(job);
      reply = { id, value };
      moved = transfer?.(value);
    } catch {
      reply = { id, failed: true };
    }
    parentPort?.postMessage(reply, moved);
  });
  // The worker's code is loaded (its imports ran before this): the pool may start its job's clock.
  parentPort?.postMessage({ ready: true } satisfies Ready);
}
