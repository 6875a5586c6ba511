/**
 * SMS through the durable queue (issue 13): the request stores the code and its SMS in one
 * transaction and answers, the same way for every PAN and mobile whatever the gateway does; the
 * sender delivers with retries and backoff and records the outcome; caps refuse before anything is
 * written; and several API processes on one PostgreSQL send each queued SMS exactly once.
 */

import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { SmsDeliveryError, type SmsMessage, type SmsTransport } from '../../src/server/sms/transport.ts';
import { createBorrower, randomPan } from './support/borrower.ts';
import { eventually } from './support/eventually.ts';
import { type DataPlace, dataPlace, type ServerProcess, startServerProcess } from './support/process.ts';
import { CLIENT_KEY, ENGINES, randomMobile, startServer, type TestServer, testClock } from './support/server.ts';
import { requestCode, verify } from './support/signIn.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

/** A gateway the test steers: up, down (503), or slow; it keeps what it delivered. */
function steeredGateway() {
  const state = { mode: 'up' as 'up' | 'down' | 'slow', delivered: [] as SmsMessage[], attempts: 0 };
  const transport: SmsTransport = {
    name: 'steered',
    async send(message) {
      state.attempts += 1;
      if (state.mode === 'down') throw new SmsDeliveryError('SMS gateway answered 503');
      if (state.mode === 'slow') await sleep(300);
      state.delivered.push(message);
    },
  };
  return { state, transport };
}

interface QueueRow {
  id: number;
  to: string;
  purpose: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  sent_at: Date | string | null;
}

const queueRows = (server: TestServer, to: string) =>
  queryRows<QueueRow>(server.database.db, sql`select * from sms_queue where "to" = ${to} order by id`);

const codeIn = (body: string) => /^(\d{4}) is your one-time code/.exec(body)?.[1];

describe.each(ENGINES)('the same answer for every PAN and mobile, whatever the gateway does (%s)', (engine) => {
  let server: TestServer;
  const gateway = steeredGateway();
  const clock = testClock();
  beforeAll(async () => {
    server = await startServer(
      engine,
      { OTP_MAX_PER_ADDRESS_PER_HOUR: '1000' },
      { sms: gateway.transport, now: clock.now },
    );
  });
  afterAll(() => server?.close());
  afterEach(() => {
    gateway.state.mode = 'up';
  });

  for (const mode of ['down', 'slow'] as const) {
    it(`Sendotp answers a PAN with a loan as one without while the gateway is ${mode}`, async () => {
      gateway.state.mode = mode;
      const borrower = await createBorrower(server, clock.now());
      const repayRows = async () =>
        (await queryRows(server.database.db, sql`select id from sms_queue where purpose = 'repay'`)).length;
      const before = await repayRows();
      const known = await server.post(API.repaySendOtp, { pancard: borrower.pancard });
      const unknown = await server.post(API.repaySendOtp, { pancard: randomPan() });
      expect(known.status).toBe(200);
      expect({ status: unknown.status, body: unknown.body }).toEqual({ status: known.status, body: known.body });
      // Only the loan's mobile gets an SMS: queued, not waited for.
      expect(await repayRows()).toBe(before + 1);
      expect((await queueRows(server, borrower.mobile))[0]?.purpose).toBe('repay');
    });

    it(`login answers a known mobile as a new one while the gateway is ${mode}`, async () => {
      gateway.state.mode = mode;
      const knownMobile = randomMobile();
      await server.database.db.execute(sql`insert into customers (mobile) values (${knownMobile})`);
      const known = await requestCode(server, knownMobile);
      const fresh = await requestCode(server, randomMobile());
      expect(known.status).toBe(200);
      expect(fresh.status).toBe(known.status);
      expect(Object.keys(fresh.body.Data)).toEqual(Object.keys(known.body.Data));
      expect({ ...fresh.body, Data: {} }).toEqual({ ...known.body, Data: {} });
    });
  }
});

describe.each(ENGINES)('delivery from the queue (%s)', (engine) => {
  let server: TestServer;
  const gateway = steeredGateway();
  const clock = testClock();
  beforeAll(async () => {
    server = await startServer(
      engine,
      { SMS_MAX_ATTEMPTS: '3', SMS_SENDER_POLL_MS: '20', OTP_MAX_PER_ADDRESS_PER_HOUR: '1000' },
      { sms: gateway.transport, now: clock.now },
    );
  });
  afterAll(() => server?.close());

  it('is retried with backoff while the gateway is down; the code the customer was told of works when it arrives', async () => {
    gateway.state.mode = 'down';
    const mobile = randomMobile();
    const login = await requestCode(server, mobile);
    expect(login.body.Status).toBe(1);
    const queuedAt = clock.now().getTime();
    const first = await eventually(
      async () => (await queueRows(server, mobile)).find((row) => row.attempts === 1 && row.status === 'queued'),
      'the first attempt',
    );
    expect(new Date(first.next_attempt_at).getTime()).toBe(queuedAt + 1_000);
    expect(first.last_error).toBe('SMS gateway answered 503');

    clock.advance(1);
    const second = await eventually(
      async () => (await queueRows(server, mobile)).find((row) => row.attempts === 2 && row.status === 'queued'),
      'the second attempt',
    );
    expect(new Date(second.next_attempt_at).getTime()).toBe(queuedAt + 1_000 + 5_000);

    gateway.state.mode = 'up';
    clock.advance(5);
    const sent = await eventually(
      async () => (await queueRows(server, mobile)).find((row) => row.status === 'sent'),
      'the delivery',
    );
    expect(sent.attempts).toBe(3);
    expect(sent.sent_at).not.toBeNull();
    const delivered = gateway.state.delivered.filter((message) => message.to === mobile);
    expect(delivered).toHaveLength(1);
    const code = codeIn(delivered[0]?.body ?? '') as string;
    expect((await verify(server, login.body.Data.cust_profile_id, code)).body.Status).toBe(1);
    const logs = server.logs.join('\n');
    expect(logs).toContain('"msg":"login sms not sent"');
    expect(logs).not.toContain(mobile);
  });

  it('records a final failure after the configured attempts, and never sends it again', async () => {
    gateway.state.mode = 'down';
    const mobile = randomMobile();
    expect((await requestCode(server, mobile)).body.Status).toBe(1);
    // Each attempt recorded (its failure written, the message queued again), not only claimed, before
    // the clock moves: a failure written after the move would put the next try past it.
    const recorded = async (attempts: number) =>
      (await queueRows(server, mobile)).find((row) => row.attempts === attempts && row.status === 'queued');
    await eventually(() => recorded(1), 'the first attempt');
    clock.advance(1);
    await eventually(() => recorded(2), 'the second attempt');
    clock.advance(5);
    const failed = await eventually(
      async () => (await queueRows(server, mobile)).find((row) => row.status === 'failed'),
      'the final failure',
    );
    expect(failed).toMatchObject({ attempts: 3, last_error: 'SMS gateway answered 503', sent_at: null });
    expect(
      server.logs.some((line) => line.includes('"msg":"login sms not sent"') && line.includes('"final":true')),
    ).toBe(true);
    gateway.state.mode = 'up';
    const attempts = gateway.state.attempts;
    clock.advance(3_600);
    await sleep(100);
    expect(gateway.state.attempts).toBe(attempts);
    expect((await queueRows(server, mobile))[0]?.status).toBe('failed');
  });
});

describe.each(ENGINES)('caps before writes (%s)', (engine) => {
  it('a login refused by the per-address cap adds no customer row', async () => {
    const server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '2' });
    try {
      const count = async () =>
        Number((await queryRows<{ n: string }>(server.database.db, sql`select count(*) as n from customers`))[0]?.n);
      for (let i = 0; i < 2; i += 1) expect((await requestCode(server, randomMobile())).status).toBe(200);
      const before = await count();
      for (let i = 0; i < 5; i += 1) {
        const refused = await requestCode(server, randomMobile());
        expect(refused.status).toBe(429);
        expect(refused.body.Message).toBe('Too many OTP requests from your network. Please try again later.');
      }
      expect(await count()).toBe(before);
      expect(await queryRows(server.database.db, sql`select id from otp_codes`).then((rows) => rows.length)).toBe(2);
      expect(await queryRows(server.database.db, sql`select id from sms_queue`).then((rows) => rows.length)).toBe(2);
    } finally {
      await server.close();
    }
  });
});

/** A gateway on a port of its own that records every message it is given. */
async function recordingGateway() {
  const received: string[] = [];
  const server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => {
      // Recipient and text: two sign-ins may draw the same code, never for the same mobile.
      const { message, recipients } = JSON.parse(text) as { message: string; recipients: { mobiles: string }[] };
      received.push(`${recipients[0]?.mobiles}: ${message}`);
      // A little time on the wire, so the senders overlap.
      setTimeout(() => response.writeHead(200).end('{}'), 5);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two API processes on one PostgreSQL', () => {
  let place: DataPlace;
  let gateway: Awaited<ReturnType<typeof recordingGateway>>;
  const processes: ServerProcess[] = [];
  beforeAll(async () => {
    place = await dataPlace('postgres');
    gateway = await recordingGateway();
  });
  afterAll(async () => {
    for (const server of processes) await server.stop();
    await gateway?.close();
    await place?.remove();
  });

  it('send each queued SMS exactly once', async () => {
    const env = {
      ...place.env,
      SMS_TRANSPORT: 'http',
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_API_KEY: 'gateway-test-key',
      SMS_SENDER_POLL_MS: '20',
      OTP_MAX_PER_ADDRESS_PER_HOUR: '1000',
    };
    processes.push(await startServerProcess(env), await startServerProcess(env));
    const database = await place.open();
    try {
      // A backlog both senders reach for at once (as after a gateway outage) ...
      const backlog = 150;
      await database.db.execute(
        sql`insert into sms_queue ("to", body, sender_id, template_id, purpose, next_attempt_at)
            select '9000000000', 'backlog message ' || n, 'KOSHCR', '1007000000000000001', 'kfs', now() - interval '1 second'
            from generate_series(1, ${backlog}) as n`,
      );
      // ... and codes requested through both processes while they deliver it.
      const mobiles = Array.from({ length: 20 }, () => randomMobile());
      const answers = await Promise.all(
        mobiles.map((mobile, i) =>
          fetch(`${processes[i % 2]?.url}${API.registration}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', [HEADERS.clientKey]: CLIENT_KEY },
            body: JSON.stringify({ event_name: 'login', mobile }),
          }).then((response) => response.status),
        ),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      const total = backlog + mobiles.length;
      await eventually(async () => {
        const [row] = await queryRows<{ n: string }>(
          database.db,
          sql`select count(*) as n from sms_queue where status = 'sent'`,
        );
        return Number(row?.n) === total;
      }, 'every message sent');
      await sleep(200);
      expect(gateway.received).toHaveLength(total);
      expect(new Set(gateway.received).size).toBe(total);
      // Both processes took part.
      const senders = await queryRows<{ locked_by: string }>(
        database.db,
        sql`select distinct locked_by from sms_queue`,
      );
      expect(senders.length).toBe(2);
    } finally {
      await database.close();
    }
    for (const server of processes.splice(0)) expect(await server.stop()).toEqual({ code: 0, signal: null });
  });

  it('with SMS_SENDER=off leave the queue to `npm run sms-sender`, which delivers it and stops cleanly', async () => {
    const env = {
      ...place.env,
      SMS_TRANSPORT: 'http',
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_API_KEY: 'gateway-test-key',
      SMS_SENDER_POLL_MS: '20',
      OTP_MAX_PER_ADDRESS_PER_HOUR: '1000',
    };
    const api = await startServerProcess({ ...env, SMS_SENDER: 'off' });
    processes.push(api);
    const mobile = randomMobile();
    const database = await place.open();
    try {
      const login = await fetch(`${api.url}${API.registration}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [HEADERS.clientKey]: CLIENT_KEY },
        body: JSON.stringify({ event_name: 'login', mobile }),
      });
      expect(login.status).toBe(200);
      const status = async () =>
        (await queryRows<{ status: string }>(database.db, sql`select status from sms_queue where "to" = ${mobile}`))[0]
          ?.status;
      await sleep(200);
      expect(await status()).toBe('queued');

      const sender = spawn(process.execPath, ['scripts/smsSender.ts'], {
        env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      for (const stream of [sender.stdout, sender.stderr])
        stream.setEncoding('utf8').on('data', (chunk: string) => {
          out += chunk;
        });
      const exited = new Promise<number | null>((resolve) => sender.once('exit', (code) => resolve(code)));
      await eventually(async () => (await status()) === 'sent', 'the separate sender to deliver');
      expect(gateway.received.filter((body) => body.includes('is your one-time code'))).not.toHaveLength(0);
      sender.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(out).toContain('"msg":"sms sender stopped"');
      expect(out).not.toContain(mobile);
    } finally {
      await database.close();
    }
  });
});
