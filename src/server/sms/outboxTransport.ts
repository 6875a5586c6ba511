/**
 * Development and test transport: every message goes into the sms_outbox table, and /__dev/outbox
 * serves it; the log says only that one was written. It does not exist in production (config refuses it).
 */
import { desc, eq } from 'drizzle-orm';
import type { Logger } from '../app/logger.ts';
import type { Database } from '../db/client.ts';
import { smsOutbox } from '../db/schema.ts';
import type { SmsMessage, SmsTransport } from './transport.ts';

/** The newest 50 messages written for one mobile, newest first (what /__dev/outbox serves). */
export function outboxMessagesTo(db: Database, mobile: string) {
  return db.select().from(smsOutbox).where(eq(smsOutbox.to, mobile)).orderBy(desc(smsOutbox.id)).limit(50);
}

export function outboxTransport(db: Database, log: Logger): SmsTransport {
  return {
    name: 'outbox',
    async send(message: SmsMessage) {
      await db.insert(smsOutbox).values(message);
      // Neither the mobile nor the text (it holds the code): the log is kept and shipped like any
      // other, and /__dev/outbox?to=<mobile> shows the message to whoever has the mobile.
      log.info('sms outbox', { template_id: message.templateId, read_at: '/__dev/outbox?to=<mobile>' });
    },
  };
}
