import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { customers } from '../../src/server/db/schema.ts';
import type { PanVerifier } from '../../src/server/kyc/panVerifier.ts';
import { ENGINE, EVERY_ENGINE, randomMobile, startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/signIn.ts';

describe('bad input of any shape', () => {
  let server: TestServer;
  // biome-ignore lint/suspicious/noExplicitAny: the document is walked generically
  let document: any;
  beforeAll(async () => {
    server = await startServer(ENGINE, { BODY_LIMIT_BYTES: '4096', OTP_MAX_PER_ADDRESS_PER_HOUR: '100000' });
    document = (await server.get(API.openapi)).body;
  });
  afterAll(() => server.close());

  const send = (path: string, body: string, contentType = 'application/json') =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'Content-Type': contentType, Auth: 'kosh-web' }, body });

  it.each([
    ['malformed JSON', '{"event_name":', 400, 'invalid_json'],
    ['a JSON array', '[1,2]', 400, 'invalid_body'],
    ['JSON null', 'null', 400, 'invalid_body'],
    ['a bare string', '"login"', 400, 'invalid_body'],
    ['no event_name', '{"mobile":"9876543210"}', 400, 'validation_failed'],
    ['an unknown event_name', '{"event_name":"drop_tables"}', 400, 'unknown_event'],
    ['a wrong type', '{"event_name":"login","mobile":9876543210}', 400, 'validation_failed'],
    ['a missing field', '{"event_name":"otp_verify","otp":"1234"}', 400, 'validation_failed'],
  ])('%s gets the envelope with a 4xx status', async (_name, body, status, error) => {
    const response = await send(API.registration, body);
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({
      Status: 0,
      Message: expect.any(String),
      Data: expect.any(Object),
      error,
    });
  });

  it('a body that is not JSON gets 415', async () => {
    const response = await send(API.registration, 'event_name=login', 'application/x-www-form-urlencoded');
    expect(response.status).toBe(415);
    expect((await response.json()).error).toBe('unsupported_media_type');
  });

  it('an oversized body gets 413 and the configured limit holds', async () => {
    const response = await send(API.contact, JSON.stringify({ message: 'x'.repeat(10_000) }));
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ Status: 0, Message: 'The request is too large.' });
  });

  it('a body that does not match its content type, at every documented POST route, gets a 4xx, never a 5xx', async () => {
    const { token } = await signIn(server, randomMobile());
    const paths = Object.entries(document.paths)
      .filter(([, methods]) => (methods as { post?: unknown }).post)
      .map(([path]) => path)
      // Last: signing out ends the session the other routes are called with.
      .sort((a, b) => Number(a === API.logout) - Number(b === API.logout));
    expect(paths).toContain('/Api/webhooks/payu');
    const types = [
      'application/json',
      'multipart/form-data',
      'multipart/form-data; boundary=not-the-one-used',
      'application/x-www-form-urlencoded',
      'text/plain',
      undefined,
    ];
    const bodies = [
      '\u0000\u00ff{"event_name":',
      '--other\r\nContent-Disposition: form-data; name="txnid"\r\n\r\nx\r\n--other--\r\n',
      '%zz=%%&&=',
      '',
    ];
    const wrong: string[] = [];
    for (const path of paths) {
      for (const type of types) {
        for (const body of bodies) {
          const response = await fetch(`${server.url}${path}`, {
            method: 'POST',
            // Bytes, so fetch adds no content type of its own where the case has none.
            body: new TextEncoder().encode(body),
            headers: { Auth: 'kosh-web', Authtoken: token, ...(type && { 'Content-Type': type }) },
            redirect: 'manual',
          });
          const text = await response.text();
          const envelope =
            path.startsWith('/Api/') && response.status >= 400 ? JSON.parse(text) : { Status: 0, Message: '' };
          if (response.status >= 500 || !('Status' in envelope && 'Message' in envelope)) {
            wrong.push(
              `${path} ${type ?? '(no type)'} ${JSON.stringify(body)}: ${response.status} ${text.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(server.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });

  it('generated junk at every documented route never gets a 5xx, and the server keeps answering', async () => {
    // Every route that takes a JSON body (the form posts of PayU are tested with the payments).
    const posts = Object.entries(document.paths)
      .filter(
        ([path, methods]) =>
          path.startsWith('/Api/') && (methods as { post?: { requestBody?: unknown } }).post?.requestBody,
      )
      .map(([path]) => path);
    expect(posts.length).toBeGreaterThanOrEqual(4);
    const junk = fc.oneof(
      fc.json(),
      fc.string(),
      fc
        .dictionary(
          fc.constantFrom(
            'event_name',
            'mobile',
            'otp',
            'profile_id',
            'name',
            'email',
            'phone',
            'message',
            'type',
            'pincode',
          ),
          fc.oneof(
            fc.string(),
            fc.integer(),
            fc.constant(null),
            fc.boolean(),
            fc.array(fc.string()),
            fc.constantFrom('login', 'otp_verify', 'resend_otp'),
          ),
        )
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...posts), junk, async (path, body) => {
        const response = await send(path, body);
        const parsed = await response.json();
        expect(response.status, `${path} ${body}`).toBeGreaterThanOrEqual(200);
        expect(response.status, `${path} ${body}`).toBeLessThan(500);
        expect(parsed).toHaveProperty('Status');
        expect(parsed).toHaveProperty('Message');
      }),
      { numRuns: 300 },
    );
    const health = await server.get(API.health);
    expect(health.status).toBe(200);
    expect(server.logs.some((line) => line.includes('"level":"error"'))).toBe(false);
  });
});

describe.each(EVERY_ENGINE)('a database refusal that gets past the checks (%s database)', (engine) => {
  let server: TestServer;
  // A step whose work hits the database's own rules with real statements: a mobile that is taken
  // (unique violation) or a date the calendar does not have (data exception).
  let failWith: 'duplicate' | 'impossible date' = 'duplicate';
  const refusing: PanVerifier = {
    name: 'refusing',
    async verify() {
      const { db } = server.database;
      const taken = randomMobile();
      if (failWith === 'duplicate') {
        await db.insert(customers).values({ mobile: taken });
        await db.insert(customers).values({ mobile: taken, email: 'leak@example.in' });
      } else {
        await db
          .update(customers)
          .set({ dob: '2000-02-31', email: 'leak@example.in' })
          .where(eq(customers.mobile, taken));
      }
      return { valid: false, reason: 'not reached' };
    },
  };
  beforeAll(async () => {
    server = await startServer(engine, {}, { panVerifier: refusing });
  });
  afterAll(() => server.close());

  it('a unique-key conflict answers 409 and a value the database refuses 400, logged without the values', async () => {
    const { token } = await signIn(server, randomMobile());
    const step = { event_name: 'pancard_verification', pancard: 'ABCPE1234F', monthly_income: '50000' };
    failWith = 'duplicate';
    const conflict = await server.post(API.registration, step, { token });
    expect(conflict.status).toBe(409);
    expect(conflict.body).toMatchObject({
      Status: 0,
      error: 'conflict',
      Message: 'This is already recorded. Please refresh and try again.',
    });
    failWith = 'impossible date';
    const refused = await server.post(API.registration, step, { token });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ Status: 0, error: 'invalid_value' });
    const logged = server.logs
      .filter((line) => /unique key conflict|value refused/.test(line))
      .map((line) => JSON.parse(line));
    expect(logged).toMatchObject([
      { level: 'warn', db_code: '23505', constraint: 'customers_mobile_unique', table: 'customers' },
      { level: 'warn', db_code: '22008' },
    ]);
    const all = server.logs.join('\n');
    expect(all).not.toContain('leak@example.in');
    expect(all).not.toContain('2000-02-31');
    expect(all).not.toContain('Failed query');
  });
});
