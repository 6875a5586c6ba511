/**
 * A transactional mail API over HTTPS: one JSON POST per message to MAIL_HTTP_URL with
 * MAIL_HTTP_API_KEY as a bearer token, in Resend's shape (from, to, subject, text, and attachments as
 * `{ filename, content_type, content }` with the content in base64). Secrets come from the environment;
 * nothing of the message is logged.
 */
import { attachmentsOf, MailDeliveryError, type MailMessage, type MailTransport } from './transport.ts';

/** The message as the API takes it; a message without attachments carries no `attachments` key. */
function payloadOf(from: string, message: MailMessage) {
  const attachments = attachmentsOf(message).map((attachment) => ({
    filename: attachment.filename,
    content_type: attachment.contentType,
    content: Buffer.from(attachment.content).toString('base64'),
  }));
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.body,
    ...(attachments.length > 0 && { attachments }),
  };
}

export function mailHttpTransport(
  settings: { url: string; apiKey: string; from: string },
  fetchImpl: typeof fetch = fetch,
): MailTransport {
  return {
    name: 'http',
    async send(message: MailMessage) {
      const body = JSON.stringify(payloadOf(settings.from, message));
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.apiKey}` },
          body,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new MailDeliveryError(`mail service unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) throw new MailDeliveryError(`mail service answered ${response.status}`);
    },
  };
}
