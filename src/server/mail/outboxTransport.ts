/**
 * Development and test transport: every e-mail goes into the mail_outbox table, and /__dev/mailbox
 * serves it. It does not exist in production (config refuses it).
 */
import { desc, eq } from 'drizzle-orm';
import type { Logger } from '../app/logger.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { MailMessage, MailTransport } from './transport.ts';

/** The newest 50 e-mails written for one address, newest first (what /__dev/mailbox serves). */
export function mailboxMessagesTo(db: Database, address: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, address)).orderBy(desc(mailOutbox.id)).limit(50);
}

export function mailOutboxTransport(db: Database, log: Logger): MailTransport {
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      await db.insert(mailOutbox).values(message);
      // The subject only: the address is personal data, the body is read at /__dev/mailbox.
      log.info('mail outbox', { subject: message.subject });
    },
  };
}
