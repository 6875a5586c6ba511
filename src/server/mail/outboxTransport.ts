/**
 * Development and test transport: every e-mail goes into the mail_outbox table, and /__dev/mailbox
 * serves it. It does not exist in production (config refuses it).
 */
import { createHash } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Logger } from '../app/logger.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox, type StoredMailAttachment } from '../db/schema.ts';
import { attachmentsOf, type MailMessage, type MailTransport } from './transport.ts';

/** What /__dev/mailbox shows of an attachment: never its bytes. */
export type MailboxAttachment = Omit<StoredMailAttachment, 'content_base64'>;

/**
 * The newest 50 e-mails written for one address, newest first (what /__dev/mailbox serves): each
 * attachment's name, type, size and SHA-256, its bytes left in the table.
 */
export function mailboxMessagesTo(db: Database, address: string) {
  return db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      body: mailOutbox.body,
      createdAt: mailOutbox.createdAt,
      attachments: sql<
        MailboxAttachment[]
      >`coalesce((select jsonb_agg(a - 'content_base64' order by n) from jsonb_array_elements(${mailOutbox.attachments}) with ordinality as t(a, n)), '[]'::jsonb)`,
    })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, address))
    .orderBy(desc(mailOutbox.id))
    .limit(50);
}

export function mailOutboxTransport(db: Database, log: Logger): MailTransport {
  return {
    name: 'outbox',
    async send(message: MailMessage) {
      const attachments: StoredMailAttachment[] = attachmentsOf(message).map((attachment) => ({
        filename: attachment.filename,
        content_type: attachment.contentType,
        size: attachment.content.byteLength,
        sha256: createHash('sha256').update(attachment.content).digest('hex'),
        content_base64: Buffer.from(attachment.content).toString('base64'),
      }));
      await db.insert(mailOutbox).values({ to: message.to, subject: message.subject, body: message.body, attachments });
      // The subject and how many files only: the address is personal data, the rest is read at /__dev/mailbox.
      log.info('mail outbox', { subject: message.subject, attachments: attachments.length });
    },
  };
}
