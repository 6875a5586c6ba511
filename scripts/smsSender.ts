/**
 * `npm run sms-sender`: delivers the SMS queue and the mail queue as a process of its own, beside API
 * processes that run with SMS_SENDER=off (or with their own senders: the queues' claims keep every
 * message to one sender). The mail sender draws the PDFs its messages attach in this process's own PDF
 * workers, and reads stored files from the configured store. PostgreSQL only
 * (scripts/lib/workerProcess.ts). SIGTERM or SIGINT: the deliveries in flight are finished and
 * recorded, then the process ends.
 */
import { fileStoreOf, startSenders } from '../src/server/app/services.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { mailTransportFor } from '../src/server/mail/index.ts';
import { httpTransport } from '../src/server/sms/httpTransport.ts';
import { outboxTransport } from '../src/server/sms/outboxTransport.ts';
import { PdfDrawPool } from '../src/server/statements/drawPool.ts';
import { postgresOnlyConfig, stopOnSignal } from './lib/workerProcess.ts';

const { config, log } = postgresOnlyConfig('sms-sender', 'whose own senders deliver its queues');
const database = await openDatabase(config.database);
const { db } = database;
const smsGateway = config.sms.transport === 'http' ? httpTransport(config.sms) : outboxTransport(db, log);
const mailTransport = mailTransportFor(config, db, log);
const pdfDrawing = new PdfDrawPool(config.pdfDrawing);
const now = () => new Date();
const senders = startSenders({
  db,
  smsGateway,
  mailTransport,
  documents: { db, pdfDrawing, files: fileStoreOf(config), now, log },
  // No requests here to wake them: they poll.
  queues: null,
  log,
  now,
  settings: config.smsSender,
});
stopOnSignal(log, 'sms sender', async () => {
  await senders.stop();
  await database.close();
  await pdfDrawing.close();
});
log.info('sms sender running', {
  sms: smsGateway.name,
  mail: mailTransport.name,
  sender_ids: senders.ids,
  poll_ms: config.smsSender.pollMs,
});
