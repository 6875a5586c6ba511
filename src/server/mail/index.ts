/**
 * The mail transport the configuration names, one per database: the mail sender's (the API process's,
 * src/server/app/services.ts, or `npm run sms-sender`'s). Callers never send through it: they queue
 * their mail (./queue.ts) and the sender delivers it (./sender.ts).
 */

import type { Logger } from '../app/logger.ts';
import type { Config } from '../config/config.ts';
import type { Database } from '../db/client.ts';
import { mailHttpTransport } from './httpTransport.ts';
import { mailOutboxTransport } from './outboxTransport.ts';
import type { MailTransport } from './transport.ts';

const made = new WeakMap<Database, MailTransport>();

export function mailTransportFor(config: Config, db: Database, log: Logger): MailTransport {
  let transport = made.get(db);
  if (!transport) {
    transport = config.mail.transport === 'http' ? mailHttpTransport(config.mail) : mailOutboxTransport(db, log);
    made.set(db, transport);
  }
  return transport;
}
