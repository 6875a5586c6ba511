import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { STATUS } from '../../src/lib/api/envelope.ts';
import { API } from '../../src/lib/api/paths.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { ENGINE, ENGINES, randomMobile, startServer, type TestServer, testClock } from './support/server.ts';
import { latestCode, requestCode, signIn, verify } from './support/signIn.ts';

describe.each(ENGINES)('sign-in with a one-time code (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());

  it('sends a 4-digit code to the mobile through the SMS transport and answers a profile id', async () => {
    const mobile = randomMobile();
    const login = await requestCode(server, mobile);
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      Status: 1,
      Data: { cust_profile_id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    const outbox = (await server.get(`${API.devOutbox}?to=${mobile}`)).body;
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: mobile, code: expect.stringMatching(/^\d{4}$/) });
    expect(outbox[0].body).toContain(outbox[0].code);
    expect(outbox[0].body).toMatch(/-KOSHCR$/);
  });

  it('answers a new mobile and a known one in exactly the same words', async () => {
    const known = randomMobile();
    await signIn(server, known);
    clock.advance(31);
    const again = await requestCode(server, known);
    const fresh = await requestCode(server, randomMobile());
    expect(again.status).toBe(fresh.status);
    expect(again.body.Message).toBe(fresh.body.Message);
    expect(Object.keys(again.body.Data)).toEqual(Object.keys(fresh.body.Data));
  });

  it('verifies the right code: a session token, the next step and eligibility 0 for a new customer', async () => {
    const mobile = randomMobile();
    const login = await requestCode(server, mobile);
    const profileId = login.body.Data.cust_profile_id;
    const verified = await verify(server, profileId, await latestCode(server, mobile));
    expect(verified.status).toBe(200);
    expect(verified.body.Status).toBe(1);
    expect(verified.body.Data).toEqual({
      next_step: 'pancard_verification',
      app_login_token: expect.stringMatching(/^[\w-]{43}$/),
      eligibility_status: 0,
    });
    const user = await server.post(API.getUser, {}, { token: verified.body.Data.app_login_token });
    expect(user.body).toMatchObject({ Status: 1, Data: { cust_profile_id: profileId, mobile, eligibility_status: 0 } });
  });

  it('a first login records the campaign it came from', async () => {
    const mobile = randomMobile();
    await server.post(API.registration, {
      event_name: 'login',
      mobile,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
      utm_term: 'instant loan',
      utm_content: 'ad-1',
    });
    const rows = await queryRows(
      server.database.db,
      sql`select utm_source, utm_medium, utm_campaign, utm_term, utm_content from customers where mobile = ${mobile}`,
    );
    expect(rows[0]).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali',
      utm_term: 'instant loan',
      utm_content: 'ad-1',
    });
  });

  it('refuses a wrong code, and after five wrong tries the right one too', async () => {
    const mobile = randomMobile();
    const profileId = (await requestCode(server, mobile)).body.Data.cust_profile_id;
    const code = await latestCode(server, mobile);
    const wrong = code === '0000' ? '1111' : '0000';
    const first = await verify(server, profileId, wrong);
    expect(first.status).toBe(401);
    expect(first.body).toMatchObject({ Status: 0, Message: 'The OTP you entered is incorrect.', error: 'otp_invalid' });
    for (let i = 0; i < 4; i += 1) await verify(server, profileId, wrong);
    const right = await verify(server, profileId, code);
    expect(right.body).toMatchObject({ Status: 0, Message: 'Too many wrong attempts. Please request a new OTP.' });
  });

  it('counts wrong tries atomically: parallel guesses cannot get past the cap', async () => {
    const mobile = randomMobile();
    const profileId = (await requestCode(server, mobile)).body.Data.cust_profile_id;
    const code = await latestCode(server, mobile);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
    await Promise.all(guesses.map((guess) => verify(server, profileId, guess)));
    const right = await verify(server, profileId, code);
    expect(right.body.Status).toBe(0);
    expect(right.body.error).toBe('otp_locked');
  });

  it('a code expires after 5 minutes', async () => {
    const mobile = randomMobile();
    const profileId = (await requestCode(server, mobile)).body.Data.cust_profile_id;
    const code = await latestCode(server, mobile);
    clock.advance(301);
    const late = await verify(server, profileId, code);
    expect(late.body).toMatchObject({ Status: 0, Message: 'This OTP has expired. Please request a new one.' });
  });

  it('a code works once', async () => {
    const mobile = randomMobile();
    const profileId = (await requestCode(server, mobile)).body.Data.cust_profile_id;
    const code = await latestCode(server, mobile);
    expect((await verify(server, profileId, code)).body.Status).toBe(1);
    expect((await verify(server, profileId, code)).body.Status).toBe(0);
  });

  it('a code is tied to its own mobile: it does not open another profile', async () => {
    const a = randomMobile();
    const b = randomMobile();
    await requestCode(server, a);
    const profileB = (await requestCode(server, b)).body.Data.cust_profile_id;
    const codeA = await latestCode(server, a);
    const codeB = await latestCode(server, b);
    if (codeA !== codeB) {
      expect((await verify(server, profileB, codeA)).body.Status).toBe(0);
    }
  });

  it('resend waits 30 seconds, then sends a new code and ends the old one', async () => {
    const mobile = randomMobile();
    const profileId = (await requestCode(server, mobile)).body.Data.cust_profile_id;
    const oldCode = await latestCode(server, mobile);
    const early = await server.post(API.registration, { event_name: 'resend_otp', profile_id: profileId });
    expect(early.status).toBe(429);
    expect(early.body.Message).toMatch(/^Please wait \d+ seconds before requesting another OTP\.$/);
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(30);
    const resent = await server.post(API.registration, { event_name: 'resend_otp', profile_id: profileId });
    expect(resent.body).toMatchObject({ Status: 1, Data: { cust_profile_id: profileId } });
    const newCode = await latestCode(server, mobile);
    if (newCode !== oldCode) expect((await verify(server, profileId, oldCode)).body.Status).toBe(0);
    expect((await verify(server, profileId, newCode)).body.Status).toBe(1);
  });

  it('sends at most 5 codes to a mobile in an hour', async () => {
    const mobile = randomMobile();
    for (let i = 0; i < 5; i += 1) {
      expect((await requestCode(server, mobile)).body.Status).toBe(1);
      clock.advance(31);
    }
    const sixth = await requestCode(server, mobile);
    expect(sixth.status).toBe(429);
    expect(sixth.body.Message).toBe('Too many OTP requests. Please try again after an hour.');
    clock.advance(3600);
    expect((await requestCode(server, mobile)).body.Status).toBe(1);
  });

  it('an unknown profile on resend or verify gets a plain answer and no session', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    const resend = await server.post(API.registration, { event_name: 'resend_otp', profile_id: unknown });
    expect(resend.body).toMatchObject({
      Status: 0,
      Message: 'Your sign-in has expired. Please enter your mobile number again.',
    });
    const verified = await verify(server, unknown, '1234');
    expect(verified.body).toMatchObject({ Status: 0, Message: 'The OTP you entered is incorrect.' });
  });
});

describe.each(ENGINES)('sessions (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock();

  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());

  const user = (token: string) => server.post(API.getUser, {}, { token });

  it('logout ends the session at once', async () => {
    const { token } = await signIn(server, randomMobile());
    expect((await user(token)).body.Status).toBe(1);
    expect((await server.post(API.logout, {}, { token })).body.Status).toBe(1);
    const after = await user(token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ Status: STATUS.invalidSession, error: 'session_expired' });
  });

  it('dies after 30 idle minutes, but not while in use', async () => {
    const { token } = await signIn(server, randomMobile());
    for (let i = 0; i < 4; i += 1) {
      clock.advance(25 * 60);
      expect((await user(token)).body.Status).toBe(1);
    }
    clock.advance(31 * 60);
    expect((await user(token)).body.Status).toBe(STATUS.invalidSession);
  });

  it('dies 12 hours after sign-in however busy it is', async () => {
    const { token } = await signIn(server, randomMobile());
    for (let minutes = 0; minutes < 11 * 60 + 50; minutes += 20) {
      clock.advance(20 * 60);
      if (minutes + 20 < 12 * 60) expect((await user(token)).body.Status).toBe(1);
    }
    clock.advance(20 * 60);
    expect((await user(token)).body.Status).toBe(STATUS.invalidSession);
  });

  it('an unknown or malformed token gets Status 4, never data', async () => {
    for (const token of ['x', 'a'.repeat(43), 'not a token at all', `${'b'.repeat(42)}=`]) {
      const reply = await user(token);
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ Status: 4, Data: {} });
    }
  });

  it('without the client credential or a session, nothing is served', async () => {
    const noKey = await fetch(`${server.url}${API.registration}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ event_name: 'login', mobile: randomMobile() }),
    });
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toMatchObject({ Status: 0, error: 'unknown_client' });
    const wrongKey = await server.post(
      API.registration,
      { event_name: 'login', mobile: randomMobile() },
      { headers: { Auth: 'someone-else' } },
    );
    expect(wrongKey.status).toBe(401);
    const user = await server.post(API.getUser, {});
    expect(user.body.Status).toBe(STATUS.invalidSession);
  });
});

describe.each(ENGINES)('caps per address (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock();
  beforeAll(async () => {
    server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '3' }, { now: clock.now });
  });
  afterAll(() => server.close());

  it('one address may request at most the configured number of codes an hour, whatever the mobiles', async () => {
    for (let i = 0; i < 3; i += 1) expect((await requestCode(server, randomMobile())).body.Status).toBe(1);
    const fourth = await requestCode(server, randomMobile());
    expect(fourth.status).toBe(429);
    expect(fourth.body.Message).toBe('Too many OTP requests from your network. Please try again later.');
    clock.advance(3601);
    expect((await requestCode(server, randomMobile())).body.Status).toBe(1);
  });
});

describe('SMS gateway failures', () => {
  let server: TestServer;
  let failing = true;
  const sent: string[] = [];
  beforeAll(async () => {
    server = await startServer(
      ENGINE,
      { SMS_SENDER_POLL_MS: '20' },
      {
        sms: {
          name: 'flaky',
          async send(message) {
            if (failing) throw new Error('gateway down');
            sent.push(message.body);
          },
        },
      },
    );
  });
  afterAll(() => server.close());

  it('change no answer: the code is stored and queued, and arrives once the gateway is back', async () => {
    const mobile = randomMobile();
    const first = await requestCode(server, mobile);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ Status: 1, Message: 'OTP sent successfully to your mobile number.' });
    // The sender's failed attempt is logged by its kind only (a transport's own text could quote the message).
    await vi.waitFor(() => expect(server.logs.some((line) => line.includes('"msg":"login sms not sent"'))).toBe(true));
    expect(server.logs.join('\n')).not.toContain('gateway down');
    failing = false;
    // The retry comes after its backoff (1 s); the code the customer was told of then works.
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5_000 });
    const code = /^(\d{4})/.exec(sent[0] ?? '')?.[1] as string;
    expect((await verify(server, first.body.Data.cust_profile_id, code)).body.Status).toBe(1);
  });
});

describe('logs', () => {
  it('carry a request id and never a code or a token, except the outbox line itself', async () => {
    const server = await startServer(ENGINE);
    try {
      const mobile = randomMobile();
      const login = await requestCode(server, mobile);
      const code = await latestCode(server, mobile);
      const verified = await verify(server, login.body.Data.cust_profile_id, code);
      const token = verified.body.Data.app_login_token;
      await server.post(API.getUser, {}, { token });
      const lines = server.logs.map((line) => JSON.parse(line));
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests.length).toBeGreaterThanOrEqual(3);
      for (const line of requests) expect(line.request_id).toMatch(/^[0-9a-f-]{36}$/);
      const others = server.logs.filter((line) => !line.includes('"msg":"sms outbox"'));
      // The code as written in any text of a line: not as four digits inside a number (a duration, a
      // port) or the line's own time and request id, where they turn up by chance.
      const codeInText = new RegExp(`\\b${code}\\b`);
      for (const line of others) {
        expect(line).not.toContain(token);
        const { time: _time, request_id: _id, ...fields } = JSON.parse(line);
        const texts = JSON.stringify(fields, (_key, value) => (typeof value === 'number' ? undefined : value));
        expect(texts).not.toMatch(codeInText);
      }
    } finally {
      await server.close();
    }
  });
});
