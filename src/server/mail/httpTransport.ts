/**
 * A transactional mail API over HTTPS: one JSON POST per message to MAIL_HTTP_URL with
 * MAIL_HTTP_API_KEY as a bearer token. Secrets come from the environment; nothing of the message is
 * logged.
 */
import { MailDeliveryError, type MailMessage, type MailTransport } from './transport.ts';

export function mailHttpTransport(
  settings: { url: string; apiKey: string; from: string },
  fetchImpl: typeof fetch = fetch,
): MailTransport {
  return {
    name: 'http',
    async send(message: MailMessage) {
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.apiKey}` },
          body: JSON.stringify({ from: settings.from, to: message.to, subject: message.subject, text: message.body }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new MailDeliveryError(`mail service unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) throw new MailDeliveryError(`mail service answered ${response.status}`);
    },
  };
}
