/**
 * Sending e-mail, with the same pattern as SMS: an outbox transport outside production (stored in
 * mail_outbox, readable at /__dev/mailbox) and an http transport (a transactional mail API) in
 * production. The address and the text are never logged by the http transport.
 */
export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text. */
  body: string;
}

export interface MailTransport {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

export class MailDeliveryError extends Error {}
