/**
 * `npm run jobs`: runs the scheduled jobs (src/server/jobs/all.ts) as a process of its own, beside API
 * processes that run with JOB_WORKER=off (or with workers of their own: pg-boss gives each firing to
 * one worker, and job_runs lets each (job, day, key) be done once). PostgreSQL only (scripts/lib/
 * workerProcess.ts). The SMS the jobs queue are delivered by the SMS senders (the API processes' or
 * `npm run sms-sender`). SIGTERM or SIGINT: the jobs running finish (or roll back their key in flight).
 */
import { createDeps } from '../src/server/app/services.ts';
import { JobWorker } from '../src/server/jobs/worker.ts';
import { postgresOnlyConfig, stopOnSignal } from './lib/workerProcess.ts';

const { config, log } = postgresOnlyConfig('jobs', 'whose own job worker runs the jobs');
const { deps, database } = await createDeps(config, log, { now: () => new Date() });
const worker = new JobWorker(deps);
stopOnSignal(log, 'job worker', async () => {
  await worker.stop();
  await database.close();
  await Promise.all([deps.pdfChecks.close(), deps.pdfDrawing.close()]);
});
await worker.start();
log.info('job worker running', { worker_id: worker.id });
