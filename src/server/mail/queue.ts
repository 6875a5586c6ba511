/**
 * The durable mail queue (issues 23, 24), as the SMS queue (../sms/queue.ts): a caller stores its
 * e-mail in mail_queue in its own transaction (a rollback sends nothing, a commit never loses it) and
 * carries on; the sender (./sender.ts) delivers it. Attachments are stored by reference where the
 * sender can draw or read them (the Key Fact Statement's PDF, a stored file), so the request that
 * queues the mail draws nothing; bytes only when the caller already has them. The wake-up after the
 * commit never waits for the delivery, not even with the development outbox: a mail may draw a PDF.
 */
import type { DocumentLanguage } from '../../lib/documentText/languages.ts';
import type { Database, Transaction } from '../db/client.ts';
import { mailQueue, type QueuedMailAttachment } from '../db/schema.ts';
import { OutboundQueue } from '../sms/queue.ts';
import { attachmentsOf, type MailAttachment } from './transport.ts';

export type MailPurpose =
  | 'kfs'
  | 'agreement'
  | 'staff_code'
  | 'complaint'
  | 'reminder'
  | 'receipt'
  | 'overdue_notice'
  | 'bureau_notice';

/** What a caller queues: an attachment is a reference the sender resolves, or the bytes themselves. */
export interface QueuedMail {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  attachments?: (Exclude<QueuedMailAttachment, { kind: 'bytes' }> | MailAttachment)[];
}

/** The Key Fact Statement's PDF, drawn by the sender when it sends (in `lang`: English when absent). */
export const kfsPdfReference = (
  kfs: { id: string; kfsNo: string },
  lang?: DocumentLanguage,
): Extract<QueuedMailAttachment, { kind: 'kfs' }> => ({
  kind: 'kfs',
  kfsId: kfs.id,
  kfsNo: kfs.kfsNo,
  ...(lang && lang !== 'en' && { lang }),
});

function stored(attachment: NonNullable<QueuedMail['attachments']>[number]): QueuedMailAttachment {
  if ('kind' in attachment) return attachment;
  return {
    kind: 'bytes',
    filename: attachment.filename,
    content_type: attachment.contentType,
    content_base64: Buffer.from(attachment.content).toString('base64'),
  };
}

export class MailQueue extends OutboundQueue {
  constructor(now: () => Date) {
    super(now, { awaitDelivery: false });
  }

  /**
   * Stores an e-mail to send and answers its row's id; `expiresAt`: it is worthless after then (an expired
   * code). Bytes weighing more than a message may carry are refused here, in the caller's transaction.
   */
  async enqueue(
    db: Database | Transaction,
    message: QueuedMail,
    purpose: MailPurpose,
    expiresAt: Date | null = null,
  ): Promise<number> {
    const attachments = message.attachments ?? [];
    attachmentsOf({ ...message, attachments: attachments.filter((a): a is MailAttachment => !('kind' in a)) });
    const [row] = await db
      .insert(mailQueue)
      .values({
        to: message.to,
        subject: message.subject,
        body: message.body,
        attachments: attachments.map(stored),
        purpose,
        nextAttemptAt: this.now(),
        expiresAt,
      })
      .returning({ id: mailQueue.id });
    if (!row) throw new Error('mail not queued');
    return row.id;
  }
}
