/**
 * A worker for tests/unit/workerPool.test.ts whose code takes `loadingMs` to load, as a worker with
 * heavy imports does on a busy machine, then doubles each number it is sent.
 */
import { workerData } from 'node:worker_threads';
import { serveJobs } from '../../../src/server/app/workerPool.ts';

await new Promise((loaded) => setTimeout(loaded, (workerData as { loadingMs: number }).loadingMs));
serveJobs((job: number) => job * 2);
