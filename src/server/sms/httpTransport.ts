/**
 * A DLT-registered SMS gateway over HTTPS (the JSON shape MSG91-style gateways take). Secrets come
 * from the environment; the message text is never logged.
 */
import { SmsDeliveryError, type SmsMessage, type SmsTransport } from './transport.ts';

export function httpTransport(
  settings: { url: string; apiKey: string },
  fetchImpl: typeof fetch = fetch,
): SmsTransport {
  return {
    name: 'http',
    async send(message: SmsMessage) {
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.apiKey}` },
          body: JSON.stringify({
            sender: message.senderId,
            template_id: message.templateId,
            recipients: [{ mobiles: `91${message.to}` }],
            message: message.body,
          }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError(`SMS gateway unreachable: ${(error as Error).name}`);
      }
      if (!response.ok) throw new SmsDeliveryError(`SMS gateway answered ${response.status}`);
    },
  };
}
