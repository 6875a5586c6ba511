/**
 * Sending SMS. Indian rules (TRAI DLT) require every commercial SMS to name its registered sender
 * id and template id, and its text to match the registered template.
 */
export interface SmsMessage {
  to: string;
  body: string;
  senderId: string;
  templateId: string;
}

export interface SmsTransport {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

export class SmsDeliveryError extends Error {}
