/**
 * The mail queue's channel (./queue.ts), delivered by the shared sender (../sms/sender.ts): at sending,
 * each attachment kept by reference is drawn (the Key Fact Statement's PDF, in the PDF workers) or read
 * (a stored file, the signed agreement), then the message goes to the transport (the outbox table
 * outside production, the mail API in production). A drawing or reading that fails is a failed attempt,
 * retried with the same backoff: the message says the file is attached, so it never leaves without it.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../app/context.ts';
import type { QueuedMailAttachment } from '../db/schema.ts';
import { kfsPdf } from '../kfs/service.ts';
import { kfsById } from '../kfs/store.ts';
import { type Channel, type ClaimedRow, failureReasonOf } from '../sms/sender.ts';
import { type MailAttachment, MailDeliveryError, type MailTransport } from './transport.ts';

export type MailRow = ClaimedRow & { to: string; subject: string; body: string; attachments: QueuedMailAttachment[] };

/** What the sender draws and reads attachments with. */
export type MailDocuments = Pick<Deps, 'db' | 'pdfDrawing' | 'files' | 'now' | 'log'>;

/** An attachment that could not be made: a failed attempt, named by its kind only. */
class AttachmentUnavailable extends MailDeliveryError {}

async function attachmentOf(documents: MailDocuments, reference: QueuedMailAttachment): Promise<MailAttachment> {
  if (reference.kind === 'bytes') {
    return {
      filename: reference.filename,
      contentType: reference.content_type,
      content: Buffer.from(reference.content_base64, 'base64'),
    };
  }
  if (reference.kind === 'file') {
    const content = await documents.files.get(reference.key);
    if (!content) throw new AttachmentUnavailable('attachment not found: file');
    return { filename: reference.filename, contentType: reference.content_type, content };
  }
  const kfs = await kfsById(documents.db, reference.kfsId);
  if (!kfs) throw new AttachmentUnavailable('attachment not found: kfs');
  try {
    return await kfsPdf({ drawing: documents.pdfDrawing, now: documents.now }, kfs, documents.log, reference.lang);
  } catch (error) {
    throw new AttachmentUnavailable(`kfs pdf not drawn: ${error instanceof Error ? error.name : 'unknown error'}`);
  }
}

export function mailChannel(transport: MailTransport, documents: MailDocuments): Channel<MailRow> {
  return {
    kind: 'mail',
    table: 'mail_queue',
    columns: sql`"to", subject, body, attachments`,
    transport: transport.name,
    // One at a time, so a round's drawings never queue ahead of a customer's download by more than one;
    // ten of them within the lease: the mail API gives up after 10 s, a drawing after PDF_DRAW_TIMEOUT_MS.
    leaseSeconds: 600,
    oneAtATime: true,
    async send(row) {
      const attachments = await Promise.all(row.attachments.map((reference) => attachmentOf(documents, reference)));
      await transport.send({
        to: row.to,
        subject: row.subject,
        body: row.body,
        ...(attachments.length > 0 && { attachments }),
      });
    },
    failureReason: (error) => failureReasonOf(error, MailDeliveryError),
  };
}
