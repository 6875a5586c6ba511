/**
 * What `npm run jobs` and `npm run sms-sender` share: a worker beside the API processes, on PostgreSQL
 * only (the embedded database belongs to the one server process that opens it, whose own workers do
 * this work), reading the configuration once, and stopping cleanly on SIGTERM or SIGINT: the work in
 * flight is finished (or its key rolled back) before the process ends.
 */
import { createLogger, type Logger } from '../../src/server/app/logger.ts';
import { type Config, ConfigError, loadConfig } from '../../src/server/config/config.ts';

/** `script` names the command in the refusal, `why` says whose workers run the work on the embedded database. */
export function postgresOnlyConfig(script: string, why: string): { config: Config; log: Logger } {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
  if (config.database.kind !== 'postgres') {
    console.error(
      `npm run ${script} needs PostgreSQL (DATABASE_URL): the embedded database belongs to the server, ${why}.`,
    );
    process.exit(1);
  }
  const log = createLogger(config.logLevel);
  for (const warning of config.warnings) log.warn(warning);
  return { config, log };
}

/** Installs the stop handlers first, so that a stop arriving as soon as the worker says it runs still ends it cleanly. */
export function stopOnSignal(log: Logger, name: string, stop: () => Promise<void>): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      log.info(`${name} stopping`, { signal });
      await stop();
      log.info(`${name} stopped`);
      process.exit(0);
    });
  }
}
