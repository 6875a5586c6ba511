/**
 * Reading the development mailbox (/__dev/mailbox) in API tests. E-mail leaves through the mail queue
 * after the request has answered (a mail may draw a PDF first), so a reader waits: with the server's
 * database at hand, until nothing is left queued or sending for the address; then (or without it) until
 * the mailbox holds a message `pick` accepts. Bounded: a mail that never comes fails the test.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../src/server/db/client.ts';
import { DEV_MAILBOX_PATH } from '../../../src/server/dev/routes.ts';
import type { ApiClient, TestServer } from './server.ts';

export interface MailboxMessage {
  to: string;
  subject: string;
  body: string;
  createdAt: string;
  attachments: { filename: string; content_type: string; size: number; sha256: string }[];
}

/**
 * The mailbox of `address`, newest first (every message), once its queued mail has left and, with `pick`,
 * once it holds a message `pick` accepts.
 */
export async function mailbox(
  server: ApiClient | TestServer,
  address: string,
  pick?: (message: MailboxMessage) => boolean,
  timeoutMs = 30_000,
): Promise<MailboxMessage[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending =
      'database' in server
        ? await queryRows(
            server.database.db,
            sql`select 1 from mail_queue where "to" = ${address} and status in ('queued', 'sending') limit 1`,
          )
        : [];
    if (pending.length === 0) {
      const messages = (await server.get(`${DEV_MAILBOX_PATH}?to=${encodeURIComponent(address)}`))
        .body as MailboxMessage[];
      if (Array.isArray(messages) && (!pick || messages.some(pick))) return messages;
    }
    if (Date.now() > deadline) throw new Error('no such mail in the development mailbox in time');
    await sleep(20);
  }
}

/** The newest message of `address` that `pick` accepts (the newest of all without it), once there is one. */
export async function latestMail(
  server: ApiClient | TestServer,
  address: string,
  pick: (message: MailboxMessage) => boolean = () => true,
): Promise<MailboxMessage> {
  return (await mailbox(server, address, pick)).find(pick) as MailboxMessage;
}

/** A back office sign-in code's e-mail. */
export const isSignInCode = (message: MailboxMessage) => /code is \d{6}/.test(message.body);
