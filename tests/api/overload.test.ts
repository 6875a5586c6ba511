/**
 * Nothing heavy before the credential (issue 20), over real sockets: a request without its
 * credential is answered while its body is still being sent (the body is never read), a declared
 * length over the route's limit is refused at once, a slow client is dropped by the configured time
 * limits (shortened here), the OpenAPI document goes compressed with an ETag, the built site's
 * headers follow the normalised path, and the statement PDF drawn in a worker is the same PDF.
 * No assertion here is on speed: the benchmark (scripts/bench/overload.ts) measures that.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { STATEMENT_API } from '../../src/lib/statementLines.ts';
import { customers, leads } from '../../src/server/db/schema.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { WEBHOOK_PATHS } from '../../src/server/payments/paths.ts';
import { formatHeadersFile, staticHeaderRules } from '../../src/server/security/headers.ts';
import { PdfDrawPool } from '../../src/server/statements/drawPool.ts';
import { statementInput } from '../../src/server/statements/load.ts';
import { statementPdf } from '../../src/server/statements/statementPdf.ts';
import { randomPan } from './support/borrower.ts';
import { CLIENT_KEY, ENGINES, randomMobile, startServer, type TestServer, testClock } from './support/server.ts';
import { signIn } from './support/signIn.ts';

/** The oversized bodies of the issue: 15.5 MB, under the upload limit (16 MB). */
const OVERSIZED = Math.round(15.5 * 1024 * 1024);
/** How long a test waits for an answer that must come while the client still holds the rest back. */
const PATIENCE_MS = 10_000;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * Sends the headers and `sent` bytes of a body declared `length` long, and never the rest: the
 * answer, if the server gives one without the rest; null if it gave none within PATIENCE_MS.
 */
function partialPost(url: string, path: string, headers: Record<string, string>, length: number, sent: number) {
  return new Promise<Answer | null>((resolve) => {
    const req = request(`${url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(length), ...headers },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve(null);
    }, PATIENCE_MS);
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', () => {});
    req.flushHeaders();
    if (sent > 0) req.write(Buffer.alloc(sent, 0x20));
  });
}

/** A GET with exactly these headers (fetch would add and undo its own Accept-Encoding). */
function rawGet(url: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    // The path as given: a URL string would be parsed, and its dot segments resolved, before sending.
    const { hostname, port } = new URL(url);
    const req = request({ hostname, port, path, headers });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

const json = (answer: Answer | null) => JSON.parse(answer?.body.toString('utf8') ?? 'null');

describe.each(ENGINES)('nothing heavy before the credential (%s database)', (engine) => {
  let server: TestServer;
  let siteDir: string;
  const clock = testClock();
  /** Open (non-zero) but for the test that holds a drawing: the drawing pool's testGate. */
  const gate = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(gate, 0, 1);
  const drawing = new PdfDrawPool({ workers: 1, timeoutMs: 60_000, maxQueue: 8, testGate: gate });

  beforeAll(async () => {
    // A built site of three files, with the build's own header rules.
    siteDir = await mkdtemp(join(tmpdir(), 'kosh-overload-site-'));
    await mkdir(join(siteDir, '_astro'));
    await mkdir(join(siteDir, 'my-dashboard'));
    await writeFile(join(siteDir, '_astro', 'app.3f9a.js'), 'console.log(1);\n');
    await writeFile(join(siteDir, 'my-dashboard', 'index.html'), '<h1>Dashboard</h1>\n');
    await writeFile(join(siteDir, '404.html'), '<h1>Not found</h1>\n');
    await writeFile(join(siteDir, '_headers'), formatHeadersFile(staticHeaderRules()));
    server = await startServer(
      engine,
      {
        SERVE_SITE: '1',
        SITE_DIR: siteDir,
        // Short limits, so a slow client is dropped within a test's patience.
        HEADERS_TIMEOUT_MS: '1000',
        REQUEST_TIMEOUT_MS: '1000',
        UPLOAD_TIMEOUT_MS: '1000',
      },
      { now: clock.now, pdfDrawing: drawing },
    );
  });
  afterAll(async () => {
    await server.close();
    await drawing.close();
    await rm(siteDir, { recursive: true, force: true });
  });

  it('a request without its credential is answered 401 while its body (15.5 MB on the shared endpoint) is still unsent', async () => {
    // Each declares a body no larger than the route takes from a caller with the credential.
    const cases: [string, Record<string, string>, number][] = [
      // The shared endpoint: every event needs at least the client key; uploads make its limit 16 MB.
      [API.registration, {}, OVERSIZED],
      // A signed-in route, with no token and with a dead one.
      [STATEMENT_API.statement, {}, 60_000],
      [STATEMENT_API.statement, { [HEADERS.token]: 'x'.repeat(43) }, 60_000],
      // The payment order: a sign-in or a repay session.
      [API.razorpayOrder, { [HEADERS.token]: 'y'.repeat(43) }, 60_000],
    ];
    for (const [path, headers, length] of cases) {
      const answer = await partialPost(server.url, path, headers, length, 1_024);
      expect(answer, `${path}: no answer before the body was sent`).not.toBeNull();
      expect(answer?.status, path).toBe(401);
      expect(json(answer).Status, path).not.toBe(1);
      // The rest is not taken in afterwards either: the connection closes with the answer.
      expect(answer?.headers.connection, path).toBe('close');
    }
  });

  it('a declared Content-Length over the route’s limit is refused 413 before the body is sent', async () => {
    // The client key alone (signing in) gets the ordinary limit on the shared endpoint; the upload
    // limit is a signed-in customer's.
    const oversized = await partialPost(
      server.url,
      API.registration,
      { [HEADERS.clientKey]: CLIENT_KEY },
      OVERSIZED,
      0,
    );
    expect(oversized?.status).toBe(413);
    expect(json(oversized)).toMatchObject({ Status: 0, error: 'body_too_large' });

    // A webhook has no credential, only a signature inside the body: a small limit.
    const webhook = await fetch(`${server.url}${WEBHOOK_PATHS.razorpay}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': '0'.repeat(64) },
      body: JSON.stringify({ event: 'payment.captured', padding: 'p'.repeat(40 * 1024) }),
    });
    expect(webhook.status).toBe(413);
    expect(await webhook.json()).toMatchObject({ error: 'body_too_large' });
  });

  it('a signed-in upload still gets the upload limit on the shared endpoint', async () => {
    const { token } = await signIn(server, randomMobile());
    // 100 KB: over the ordinary limit, under the upload limit; the event then refuses the payload.
    const reply = await server.post(
      API.registration,
      { event_name: 'selfie_upload', selfie: 'A'.repeat(100 * 1024) },
      { token },
    );
    expect(reply.status).not.toBe(413);
    expect(reply.status).not.toBe(401);
  });

  it('a credentialed body that stops arriving is answered 408 at the deadline, and the connection closed', async () => {
    const answer = await partialPost(server.url, API.contact, { [HEADERS.clientKey]: CLIENT_KEY }, 2_000, 100);
    expect(answer, 'the server waited for the rest of the body').not.toBeNull();
    expect(answer?.status).toBe(408);
    expect(answer?.headers.connection).toBe('close');
    expect(json(answer)).toMatchObject({ Status: 0, error: 'request_timeout' });
  });

  it('a client that never finishes its headers is dropped (HEADERS_TIMEOUT_MS)', async () => {
    const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const closed = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), PATIENCE_MS);
      socket.on('close', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    socket.write('GET /Api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const dropped = await closed;
    socket.destroy();
    expect(dropped, 'the server kept the half-sent request open').toBe(true);
    if (received) expect(received).toMatch(/^HTTP\/1\.1 408/);
  });

  it('the OpenAPI document: br or gzip by Accept-Encoding, an ETag, and 304 to If-None-Match', async () => {
    const plain = await rawGet(server.url, API.openapi, { 'Accept-Encoding': 'identity' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).openapi).toBe('3.1.0');
    expect(plain.headers.etag).toMatch(/^"[\w-]+"$/);

    const br = await rawGet(server.url, API.openapi, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gzip = await rawGet(server.url, API.openapi, { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    for (const { etag, encoding } of [
      { etag: br.headers.etag as string, encoding: 'br' },
      { etag: plain.headers.etag as string, encoding: 'identity' },
    ]) {
      const again = await rawGet(server.url, API.openapi, { 'Accept-Encoding': encoding, 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBeTruthy();
    }
    expect((await rawGet(server.url, API.openapi, { 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('static files: headers from the normalised path; encoded dot segments, slashes and backslashes refused', async () => {
    const asset = await rawGet(server.url, '/_astro/app.3f9a.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await rawGet(server.url, '/my-dashboard/');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).not.toMatch(/immutable/);

    for (const path of [
      '/_astro/%2e%2e%2fmy-dashboard/',
      '/_astro/%2E%2E%2Fmy-dashboard/index.html',
      '/_astro/..%2fmy-dashboard/',
      '/_astro/%2e%2e%5cmy-dashboard%5cindex.html',
      '/_astro/.%2e/my-dashboard/',
    ]) {
      const answer = await rawGet(server.url, path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.headers['cache-control'] ?? '', path).not.toMatch(/immutable|max-age=31536000/);
      expect(answer.body.toString('utf8'), path).not.toContain('Dashboard');
    }
  });

  it('static text files: br or gzip by Accept-Encoding, compressed once and again when the file changes', async () => {
    const path = join(siteDir, '_astro', 'big.1a2b.js');
    const script = (word: string) =>
      `${Array.from({ length: 400 }, (_, i) => `console.log(${i}, "${word}");`).join('\n')}\n`;
    await writeFile(path, script('first'));
    const plain = await rawGet(server.url, '/_astro/big.1a2b.js', { 'Accept-Encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString('utf8')).toBe(script('first'));

    const br = await rawGet(server.url, '/_astro/big.1a2b.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 4);
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(script('first'));
    // The same bytes on a second request, from the kept copy; HEAD tells the same length.
    const again = await rawGet(server.url, '/_astro/big.1a2b.js', { 'Accept-Encoding': 'br' });
    expect(again.body.equals(br.body)).toBe(true);
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await rawGet(server.url, '/_astro/big.1a2b.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString('utf8')).toBe(script('first'));

    // A file rebuilt in place (a new size): never the old copy.
    await writeFile(path, script('second, longer'));
    const changed = await rawGet(server.url, '/_astro/big.1a2b.js', { 'Accept-Encoding': 'br' });
    expect(brotliDecompressSync(changed.body).toString('utf8')).toBe(script('second, longer'));
    // A small file is sent as it is.
    const small = await rawGet(server.url, '/_astro/app.3f9a.js', { 'Accept-Encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString('utf8')).toBe('console.log(1);\n');
  });

  /** A signed-in borrower with a ₹15,000 loan disbursed 12 days ago. */
  async function borrower() {
    const { token, profileId } = await signIn(server, randomMobile());
    const { db } = server.database;
    await db.update(customers).set({ pancard: randomPan(), fullName: 'Asha Rao' }).where(eq(customers.id, profileId));
    const [lead] = await db
      .insert(leads)
      .values({ customerId: profileId, userType: 'NEW', status: 'disbursed', quote: {} })
      .returning();
    if (!lead) throw new Error('no lead');
    await createLoan(db, {
      customerId: profileId,
      leadId: String(lead.id),
      principalPaise: 1_500_000,
      dailyRatePercent: 1,
      tenureDays: 60,
      disbursalDate: addDays(indiaDate(clock.now()), -12),
      actor: 'test',
      now: clock.now(),
    });
    return { token, profileId, leadId: lead.id };
  }

  const downloadStatement = async (who: { token: string; profileId: string; leadId: number }) => {
    const response = await fetch(`${server.url}${STATEMENT_API.statement}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.token]: who.token },
      body: JSON.stringify({ lead_id: who.leadId, profile_id: who.profileId }),
    });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('the statement PDF, drawn in a worker, is the PDF the drawing function gives', async () => {
    const who = await borrower();
    const served = await downloadStatement(who);
    expect(served.status).toBe(200);
    expect(served.type).toBe('application/pdf');
    const input = await statementInput(server.database.db, who.profileId, who.leadId, clock.now());
    if (!input) throw new Error('no statement input');
    expect(served.bytes.equals(Buffer.from(await statementPdf(input)))).toBe(true);
  });

  it('statements beyond the drawing queue are refused 503 with Retry-After, never queued without bound', async () => {
    const who = await borrower();
    Atomics.store(gate, 0, 0);
    // One drawing held in the worker, and the queue (8) full behind it.
    const held = Array.from({ length: 1 + drawing.options.maxQueue }, () => downloadStatement(who));
    for (let tries = 0; tries < 200 && drawing.pending < 1 + drawing.options.maxQueue; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(drawing.pending).toBe(1 + drawing.options.maxQueue);
    const refused = await fetch(`${server.url}${STATEMENT_API.statement}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.token]: who.token },
      body: JSON.stringify({ lead_id: who.leadId, profile_id: who.profileId }),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ Status: 0, error: 'busy' });
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    for (const answer of await Promise.all(held)) expect(answer.status).toBe(200);
  });

  it('a statement is drawn off the request thread: while its drawing is held, /Api/health answers', async () => {
    const who = await borrower();
    Atomics.store(gate, 0, 0);
    let answered = false;
    const download = downloadStatement(who).finally(() => {
      answered = true;
    });
    // Until the drawing reaches the pool (bounded; no speed is asserted).
    for (let tries = 0; tries < 200 && drawing.pending === 0; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(drawing.pending, 'the statement was not drawn in the drawing pool').toBe(1);
    const health = await fetch(`${server.url}${API.health}`);
    expect(health.status).toBe(200);
    expect(answered).toBe(false);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    const served = await download;
    expect(served.status).toBe(200);
    expect(served.bytes.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
