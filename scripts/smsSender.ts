/**
 * `npm run sms-sender`: delivers the SMS queue as a process of its own, beside API processes that
 * run with SMS_SENDER=off (or with their own senders: the queue's claims keep every message to one
 * sender). PostgreSQL only (scripts/lib/workerProcess.ts). SIGTERM or SIGINT: the delivery in flight
 * is finished and recorded, then the process ends.
 */
import { openDatabase } from '../src/server/db/client.ts';
import { httpTransport } from '../src/server/sms/httpTransport.ts';
import { outboxTransport } from '../src/server/sms/outboxTransport.ts';
import { SmsSender } from '../src/server/sms/sender.ts';
import { postgresOnlyConfig, stopOnSignal } from './lib/workerProcess.ts';

const { config, log } = postgresOnlyConfig('sms-sender', 'whose own sender delivers its queue');
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
stopOnSignal(log, 'sms sender', async () => {
  await sender.stop();
  await database.close();
});
sender.start();
log.info('sms sender running', { sms: transport.name, sender_id: sender.id, poll_ms: config.smsSender.pollMs });
