/**
 * `npm run sms-sender`: delivers the SMS queue as a process of its own, beside API processes that
 * run with SMS_SENDER=off (or with their own senders: the queue's claims keep every message to one
 * sender). PostgreSQL only: the embedded database belongs to the one server process that opens it,
 * and that process's own sender delivers its queue. SIGTERM or SIGINT: the delivery in flight is
 * finished and recorded, then the process ends.
 */

import { createLogger } from '../src/server/app/logger.ts';
import { ConfigError, loadConfig } from '../src/server/config/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { httpTransport } from '../src/server/sms/httpTransport.ts';
import { outboxTransport } from '../src/server/sms/outboxTransport.ts';
import { SmsSender } from '../src/server/sms/sender.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
if (config.database.kind !== 'postgres') {
  console.error(
    'npm run sms-sender needs PostgreSQL (DATABASE_URL): the embedded database belongs to the server, whose own sender delivers its queue.',
  );
  process.exit(1);
}

const log = createLogger(config.logLevel);
for (const warning of config.warnings) log.warn(warning);
const database = await openDatabase(config.database);
const transport = config.sms.transport === 'http' ? httpTransport(config.sms) : outboxTransport(database.db, log);
const sender = new SmsSender({
  db: database.db,
  transport,
  // No requests here to wake it: it polls.
  queue: null,
  log,
  now: () => new Date(),
  settings: config.smsSender,
});
// The handlers first: a stop that arrives as soon as it says it runs still ends it cleanly.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info('sms sender stopping', { signal });
    await sender.stop();
    await database.close();
    log.info('sms sender stopped');
    process.exit(0);
  });
}

sender.start();
log.info('sms sender running', { sms: transport.name, sender_id: sender.id, poll_ms: config.smsSender.pollMs });
