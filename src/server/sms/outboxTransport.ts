/**
 * Development and test transport: every message goes into the sms_outbox table and the log, and
 * /__dev/outbox serves it. It does not exist in production (config refuses it).
 */
import type { Database } from '../db/client.ts';
import { smsOutbox } from '../db/schema.ts';
import type { Logger } from '../logger.ts';
import type { SmsMessage, SmsTransport } from './transport.ts';

export function outboxTransport(db: Database, log: Logger): SmsTransport {
  return {
    name: 'outbox',
    async send(message: SmsMessage) {
      await db.insert(smsOutbox).values(message);
      // The one log line allowed to carry a code: this transport exists so developers can read it.
      log.info('sms outbox', { to: message.to, body: message.body, template_id: message.templateId });
    },
  };
}
