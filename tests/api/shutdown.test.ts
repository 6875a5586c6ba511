/**
 * Stopping the server (SIGTERM, as a supervisor or a deploy does): the requests already running,
 * and the SMS sender's delivery in flight, finish before the database closes, and the process ends
 * cleanly. Run as a process of its own on each engine, with an SMS gateway the test answers.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { InFlightRequests } from '../../src/server/http/inFlight.ts';
import { type DataPlace, dataPlace, startServerProcess } from './support/process.ts';
import { CLIENT_KEY, EVERY_ENGINE, randomMobile } from './support/server.ts';

/** An SMS gateway that holds each message until the test answers it. */
async function heldGateway() {
  const held: ((status: number) => void)[] = [];
  const arrivals: (() => void)[] = [];
  const server = createServer((request, response) => {
    request.resume();
    held.push((status) => response.writeHead(status).end());
    for (const arrived of arrivals.splice(0)) arrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`,
    /** Resolves once a message is waiting for its answer. */
    message: () => (held.length ? Promise.resolve() : new Promise<void>((resolve) => arrivals.push(resolve))),
    answer: (status: number) => held.shift()?.(status),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe.each(EVERY_ENGINE)('stopping the server (%s database)', (engine) => {
  vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
  let place: DataPlace;
  let gateway: Awaited<ReturnType<typeof heldGateway>>;
  beforeAll(async () => {
    place = await dataPlace(engine);
    gateway = await heldGateway();
  });
  afterAll(async () => {
    await gateway?.close();
    await place?.remove();
  });

  it('answers a sign-in at once while the gateway holds its SMS; on stop the delivery in flight is finished and recorded', async () => {
    const server = await startServerProcess({
      ...place.env,
      SMS_TRANSPORT: 'http',
      SMS_HTTP_URL: gateway.url,
      SMS_HTTP_API_KEY: 'gateway-test-key',
    });
    const mobile = randomMobile();
    // The request stores the code and its SMS and answers; it never waits for the gateway.
    const login = await fetch(`${server.url}${API.registration}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.clientKey]: CLIENT_KEY },
      body: JSON.stringify({ event_name: 'login', mobile }),
    });
    expect(login.status).toBe(200);
    // The sender is now waiting for the gateway; the server is told to stop.
    await gateway.message();
    const exit = server.stop();
    expect(await Promise.race([exit, sleep(500, 'still running')])).toBe('still running');

    // The gateway takes the message: the sender records it, then the server ends.
    gateway.answer(200);
    expect(await exit).toEqual({ code: 0, signal: null });
    const log = server.stdout();
    expect(log).toContain('"msg":"stopping"');
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain('unhandled error');

    const database = await place.open();
    try {
      expect(await queryRows(database.db, sql`select status, attempts from sms_queue where "to" = ${mobile}`)).toEqual([
        { status: 'sent', attempts: 1 },
      ]);
      // Nothing the customer was told of is undone: the code stays.
      expect(await queryRows(database.db, sql`select id from otp_codes where subject = ${mobile}`)).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

describe('requests while the server stops', () => {
  it('are answered with their connection closed; after the last one, new ones get "We are restarting."', async () => {
    const requests = new InFlightRequests();
    const app = new Hono();
    app.use('*', requests.middleware);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    app.get('/slow', async (c) => {
      await held;
      return c.text('slow answer');
    });
    app.get('/quick', (c) => c.text('quick answer'));

    const slow = app.request('/slow');
    await sleep(10);
    expect(requests.count).toBe(1);
    let drained = false;
    const drain = requests.drain().then(() => {
      drained = true;
    });
    const quick = await app.request('/quick');
    expect(await quick.text()).toBe('quick answer');
    expect(quick.headers.get('connection')).toBe('close');
    await sleep(10);
    expect(drained).toBe(false);

    release();
    const slowAnswer = await slow;
    expect(await slowAnswer.text()).toBe('slow answer');
    expect(slowAnswer.headers.get('connection')).toBe('close');
    await drain;
    expect(drained).toBe(true);

    const late = await app.request('/quick');
    expect(late.status).toBe(503);
    expect(late.headers.get('connection')).toBe('close');
    expect(late.headers.get('retry-after')).toBe('1');
    expect(await late.json()).toEqual({
      Status: 0,
      Message: 'We are restarting. Please try again in a moment.',
      Data: {},
      error: 'restarting',
    });
  });
});
