import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { startServer, type TestServer } from './support/server.ts';

describe('bad input of any shape', () => {
  let server: TestServer;
  // biome-ignore lint/suspicious/noExplicitAny: the document is walked generically
  let document: any;
  beforeAll(async () => {
    server = await startServer('embedded', { BODY_LIMIT_BYTES: '4096', OTP_MAX_PER_ADDRESS_PER_HOUR: '100000' });
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
