/**
 * Sending e-mail, with the same pattern as SMS: an outbox transport outside production (stored in
 * mail_outbox, readable at /__dev/mailbox) and an http transport (a transactional mail API) in
 * production. The address, the text and the attachments' contents are never logged by either.
 */
export interface MailAttachment {
  /** The name the recipient sees, e.g. KFS-000123.pdf. */
  filename: string;
  /** Its MIME type, e.g. application/pdf. */
  contentType: string;
  content: Uint8Array;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
  /** Files sent with it (the KFS and agreement PDFs); none when absent. */
  attachments?: MailAttachment[];
}

export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export class MailDeliveryError extends Error {}

/**
 * The most one message's attachments may weigh together, before base64: 10 MB, within what the
 * transactional mail APIs accept (Resend 40 MB after encoding, Postmark 10 MB) and far above two PDFs.
 */
export const MAIL_ATTACHMENTS_MAX_BYTES = 10 * 1024 * 1024;

/** The message's attachments, refused (MailDeliveryError, naming no content) when they weigh too much. */
export function attachmentsOf(message: MailMessage): MailAttachment[] {
  const attachments = message.attachments ?? [];
  const total = attachments.reduce((sum, attachment) => sum + attachment.content.byteLength, 0);
  if (total > MAIL_ATTACHMENTS_MAX_BYTES) {
    throw new MailDeliveryError(`attachments too large: ${total} bytes (at most ${MAIL_ATTACHMENTS_MAX_BYTES})`);
  }
  return attachments;
}
