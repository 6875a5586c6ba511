/**
 * `npm run jobs`: runs the scheduled jobs (src/server/jobs/all.ts) as a process of its own, beside API
 * processes that run with JOB_WORKER=off (or with workers of their own: pg-boss gives each firing to
 * one worker, and job_runs lets each (job, day, key) be done once). PostgreSQL only: the embedded
 * database belongs to the one server process that opens it, whose own worker runs the jobs. The SMS
 * the jobs queue are delivered by the SMS senders (the API processes' or `npm run sms-sender`).
 * SIGTERM or SIGINT: the jobs running finish (or roll back their key in flight), then the process ends.
 */
import { createLogger } from '../src/server/app/logger.ts';
import { createDeps } from '../src/server/app/services.ts';
import { ConfigError, loadConfig } from '../src/server/config/config.ts';
import { JobWorker } from '../src/server/jobs/worker.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (config.database.kind !== 'postgres') {
  console.error(
    'npm run jobs needs PostgreSQL (DATABASE_URL): the embedded database belongs to the server, whose own job worker runs the jobs.',
  );
  process.exit(1);
}

const log = createLogger(config.logLevel);
for (const warning of config.warnings) log.warn(warning);
const { deps, database } = await createDeps(config, log, { now: () => new Date() });
const worker = new JobWorker(deps);
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info('job worker stopping', { signal });
    await worker.stop();
    await database.close();
    await Promise.all([deps.pdfChecks.close(), deps.pdfDrawing.close()]);
    log.info('job worker stopped');
    process.exit(0);
  });
}
await worker.start();
log.info('job worker running', { worker_id: worker.id });
