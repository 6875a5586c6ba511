/**
 * E-mail through the durable mail queue (issues 23, 24): a mail queued in a transaction that rolls back
 * is never sent; a failing mail service is retried with backoff, its failure recorded and logged without
 * the address; and two senders on one PostgreSQL send each queued mail exactly once. (The acceptance
 * answering before its PDF is drawn: tests/api/mailAttachments.test.ts.)
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/server/app/logger.ts';
import { type OpenDatabase, openDatabase, queryRows } from '../../src/server/db/client.ts';
import { mailChannel } from '../../src/server/mail/sender.ts';
import { MailDeliveryError, type MailMessage, type MailTransport } from '../../src/server/mail/transport.ts';
import { QueueSender } from '../../src/server/sms/sender.ts';
import { eventually } from './support/eventually.ts';
import { mailbox } from './support/mailbox.ts';
import {
  createPostgresDatabase,
  ENGINES,
  randomMobile,
  startServer,
  type TestServer,
  testClock,
} from './support/server.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

interface MailRow {
  id: number;
  to: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  sent_at: Date | string | null;
}

const rowsTo = (server: TestServer, to: string) =>
  queryRows<MailRow>(server.database.db, sql`select * from mail_queue where "to" = ${to} order by id`);

/** A mail service the test steers: up, down (503), or failing with an error that quotes the message. */
function steeredMail() {
  const state = { mode: 'up' as 'up' | 'down' | 'leaky', delivered: [] as MailMessage[], attempts: 0 };
  const transport: MailTransport = {
    name: 'steered',
    async send(message) {
      state.attempts += 1;
      if (state.mode === 'down') throw new MailDeliveryError('mail service answered 503');
      if (state.mode === 'leaky') throw new Error(`could not deliver to ${message.to}: ${message.subject}`);
      state.delivered.push(message);
    },
  };
  return { state, transport };
}

const message = (to: string) => ({ to, subject: 'Your complaint KC-000001', body: 'We have received it.' });

describe.each(ENGINES)('the mail queue (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock();
  const mail = steeredMail();
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now, mail: mail.transport });
  });
  afterAll(() => server.close());

  it('a mail queued in a transaction that rolls back is never sent; one that commits is', async () => {
    const rolledBack = `rollback-${randomMobile()}@example.in`;
    const committed = `commit-${randomMobile()}@example.in`;
    await expect(
      server.database.db.transaction(async (tx) => {
        await server.deps.mail.enqueue(tx, message(rolledBack), 'complaint');
        throw new Error('the caller failed after queueing');
      }),
    ).rejects.toThrow('the caller failed');
    await server.database.db.transaction((tx) => server.deps.mail.enqueue(tx, message(committed), 'complaint'));
    await server.deps.mail.wake();
    await eventually(async () => mail.state.delivered.some((sent) => sent.to === committed), 'the committed mail');
    // The sender has had its rounds since the rollback: nothing of it was stored, nothing went.
    expect(await rowsTo(server, rolledBack)).toEqual([]);
    expect(mail.state.delivered.some((sent) => sent.to === rolledBack)).toBe(false);
    // The sender records the delivery just after the mail service answered.
    await eventually(async () => (await rowsTo(server, committed))[0]?.status === 'sent', 'the committed mail sent');
    expect((await rowsTo(server, committed)).map((row) => row.status)).toEqual(['sent']);
  });

  it('a failing mail service: retried after 1 s, then 5 s, the failure recorded and logged without the address; then sent', async () => {
    const to = `retry-${randomMobile()}@example.in`;
    mail.state.mode = 'down';
    await server.database.db.transaction((tx) => server.deps.mail.enqueue(tx, message(to), 'complaint'));
    await server.deps.mail.wake();
    const first = await eventually(async () => {
      const [row] = await rowsTo(server, to);
      return row?.attempts === 1 && row.status === 'queued' && row;
    }, 'the first failed attempt');
    expect(first.last_error).toBe('mail service answered 503');
    expect(new Date(first.next_attempt_at).getTime()).toBe(clock.now().getTime() + 1_000);
    // Not due yet: a round sends nothing.
    await server.deps.mail.wake();
    await sleep(100);
    expect((await rowsTo(server, to))[0]?.attempts).toBe(1);
    // An error of another kind may quote the message: only its kind is kept.
    mail.state.mode = 'leaky';
    clock.advance(1);
    await server.deps.mail.wake();
    const second = await eventually(async () => {
      const [row] = await rowsTo(server, to);
      return row?.attempts === 2 && row.status === 'queued' && row;
    }, 'the second failed attempt');
    expect(second.last_error).toBe('Error');
    expect(new Date(second.next_attempt_at).getTime()).toBe(clock.now().getTime() + 5_000);
    mail.state.mode = 'up';
    clock.advance(5);
    await server.deps.mail.wake();
    const sent = await eventually(async () => {
      const [row] = await rowsTo(server, to);
      return row?.status === 'sent' && row;
    }, 'the mail sent');
    expect(sent.attempts).toBe(3);
    expect(mail.state.delivered.filter((delivered) => delivered.to === to)).toHaveLength(1);
    const logs = server.logs.filter((line) => line.includes('complaint mail not sent'));
    expect(logs).toHaveLength(2);
    expect(logs.join('\n')).toContain('"retry_in_seconds":5');
    expect(logs.join('\n')).not.toContain(to);
    expect(logs.join('\n')).not.toContain('KC-000001');
  });

  it('a mail whose sending keeps failing is recorded failed after its last attempt, and never sent', async () => {
    const to = `failed-${randomMobile()}@example.in`;
    mail.state.mode = 'down';
    await server.database.db.transaction((tx) => server.deps.mail.enqueue(tx, message(to), 'complaint'));
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await server.deps.mail.wake();
      // The attempt recorded (claimed, tried and its failure written), not only claimed: a clock moved
      // while the failure is being written would put its next try past the moved clock.
      await eventually(async () => {
        const [row] = await rowsTo(server, to);
        return row?.attempts === attempt && row.status !== 'sending';
      }, `attempt ${attempt}`);
      clock.advance(600);
    }
    const [row] = await eventually(async () => {
      const rows = await rowsTo(server, to);
      return rows[0]?.status === 'failed' && rows;
    }, 'the final failure');
    expect(row?.last_error).toBe('mail service answered 503');
    expect(server.logs.some((line) => line.includes('complaint mail not sent') && line.includes('"final":true'))).toBe(
      true,
    );
    mail.state.mode = 'up';
  });
});

describe.each(ENGINES)('the development mailbox (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  it('receives a queued mail from the sender after the caller has answered', async () => {
    const to = `outbox-${randomMobile()}@example.in`;
    await server.database.db.transaction((tx) => server.deps.mail.enqueue(tx, message(to), 'complaint'));
    await server.deps.mail.wake();
    const [received] = await mailbox(server, to, () => true);
    expect(received?.subject).toBe('Your complaint KC-000001');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two mail senders on one PostgreSQL', () => {
  it('send each queued mail exactly once', async () => {
    const created = await createPostgresDatabase();
    // Two connections pools, as two processes would have.
    const databases = [
      await openDatabase({ kind: 'postgres', url: created.url }),
      await openDatabase({ kind: 'postgres', url: created.url }),
    ];
    const [first] = databases as [OpenDatabase, OpenDatabase];
    const delivered: string[] = [];
    const transport: MailTransport = {
      name: 'recording',
      async send(sent) {
        // A little time on the wire, so the senders overlap.
        await sleep(5);
        delivered.push(`${sent.to}: ${sent.subject}`);
      },
    };
    const log = createLogger('silent');
    const senders = databases.map(
      (database) =>
        new QueueSender({
          db: database.db,
          channel: mailChannel(transport, {
            db: database.db,
            // No attachment here is drawn or read.
            pdfDrawing: undefined as never,
            files: undefined as never,
            now: () => new Date(),
            log,
          }),
          queue: null,
          log,
          now: () => new Date(),
          settings: { pollMs: 20, maxAttempts: 6 },
        }),
    );
    try {
      const backlog = 150;
      await first.db.execute(
        sql`insert into mail_queue ("to", subject, body, purpose, next_attempt_at)
            select 'mail-' || n || '@example.in', 'backlog ' || n, 'text', 'reminder', now() - interval '1 second'
            from generate_series(1, ${backlog}) as n`,
      );
      for (const sender of senders) sender.start();
      await eventually(async () => {
        const [row] = await queryRows<{ n: string }>(
          first.db,
          sql`select count(*) as n from mail_queue where status = 'sent'`,
        );
        return Number(row?.n) === backlog;
      }, 'every mail sent');
      expect(delivered).toHaveLength(backlog);
      expect(new Set(delivered).size).toBe(backlog);
      // Both senders took part.
      const lockers = await queryRows<{ locked_by: string }>(first.db, sql`select distinct locked_by from mail_queue`);
      expect(lockers.map((row) => row.locked_by).sort()).toEqual(senders.map((sender) => sender.id).sort());
    } finally {
      for (const sender of senders) await sender.stop();
      for (const database of databases) await database.close();
      await created.drop();
    }
  });
});
