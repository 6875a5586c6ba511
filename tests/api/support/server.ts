/**
 * API tests run the real server on an ephemeral port with a real database (a fresh one per test
 * file): PostgreSQL when TEST_DATABASE_URL is set, as production runs, else the embedded one. Tests of
 * what differs between the engines (starting, stopping, crashing, a refusal from the database) run on
 * both. docs/decisions.md, "One engine per behaviour test".
 */
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { HEADERS } from '../../../src/lib/api/paths.ts';
import { createApp } from '../../../src/server/app/app.ts';
import type { Deps } from '../../../src/server/app/context.ts';
import { createLogger } from '../../../src/server/app/logger.ts';
import { createDeps, type ServiceOverrides, startMessageSenders } from '../../../src/server/app/services.ts';
import { type Config, type Env, loadConfig } from '../../../src/server/config/config.ts';
import { type OpenDatabase, openDatabase } from '../../../src/server/db/client.ts';
import { serveHttp } from '../../../src/server/http/server.ts';
import { seedDevelopmentStaff } from '../../../src/server/staff/seed.ts';
import { PdfDrawPool } from '../../../src/server/statements/drawPool.ts';
import { EMBEDDED_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from '../../databaseTemplates.setup.ts';
import { checkAnswer } from './answerCheck.ts';
import { keepInRunLog } from './runLog.ts';

export type Engine = 'embedded' | 'postgres';
/**
 * The engine a behaviour test runs on: production's when the run has one. Both engines speak to the
 * server through the same driver and run the same SQL, and the browser tests drive every screen on
 * the embedded engine, so a behaviour test twice would test the engine, not the product.
 */
export const ENGINE: Engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';
/** The same, for `describe.each`. */
export const ENGINES: Engine[] = [ENGINE];
/** Every engine this run can reach: for tests of what the engines do differently. */
export const EVERY_ENGINE: Engine[] = process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];

export const CLIENT_KEY = 'kosh-web';
export const TEST_ENV: Env = {
  NODE_ENV: 'test',
  SERVE_SITE: '0',
  LOG_LEVEL: 'info',
  // Uploaded files stay in memory too, never in the working tree.
  DATA_DIR: 'memory://',
  OTP_SECRET: 'api-tests-secret-0123456789abcdef012345',
  // A busy test machine can take longer than production's limits to check or draw a PDF (a worker's
  // first drawing loads the fonts); the limits themselves are tested with pools of their own.
  PDF_CHECK_TIMEOUT_MS: '10000',
  PDF_DRAW_TIMEOUT_MS: '60000',
};

/** A clock the tests move forward by hand. */
export function testClock(start = Date.parse('2026-11-21T10:00:00Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(seconds: number) {
      now += seconds * 1000;
    },
  };
}

/**
 * A new database on the TEST_DATABASE_URL server, migrated and empty (a copy of the run's template,
 * tests/databaseTemplates.setup.ts): its address, and how to drop it.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  const name = `kosh_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await createCopy(admin, name, process.env[POSTGRES_TEMPLATE_ENV]);
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** Copies the template; two copies begun at once can find it busy for a moment, so it tries again. */
async function createCopy(admin: pg.Client, name: string, template: string | undefined) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return;
    } catch (error) {
      // 55006: "source database is being accessed by other users".
      if ((error as { code?: string }).code !== '55006' || attempt === 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/** The run's migrated embedded database, as a snapshot to start each test's database from. */
let embeddedTemplate: Promise<Uint8Array | undefined> | undefined;
export function readEmbeddedTemplate(): Promise<Uint8Array | undefined> {
  const file = process.env[EMBEDDED_TEMPLATE_ENV];
  embeddedTemplate ??= file ? readFile(file) : Promise.resolve(undefined);
  return embeddedTemplate;
}

async function freshDatabase(engine: Engine): Promise<{ database: OpenDatabase; dispose(): Promise<void> }> {
  if (engine === 'embedded') {
    const startFrom = await readEmbeddedTemplate();
    const database = await openDatabase({ kind: 'embedded', dataDir: 'memory://' }, startFrom && { startFrom });
    return { database, dispose: () => database.close() };
  }
  const created = await createPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url: created.url });
  return {
    database,
    async dispose() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * One PDF drawing pool for every server of this test worker that draws with the same settings, as a
 * process of the product has one: a drawing worker loads pdfkit and reads the fonts (a second and a
 * half of CPU) before its first document, and each server's own pool did it again (23 times a run).
 * A test of the pool itself passes its own (overrides.pdfDrawing).
 */
const drawingPools = new Map<string, PdfDrawPool>();
function sharedDrawing(config: Config): PdfDrawPool {
  const key = JSON.stringify(config.pdfDrawing);
  let pool = drawingPools.get(key);
  if (!pool) {
    pool = new PdfDrawPool(config.pdfDrawing);
    drawingPools.set(key, pool);
  }
  return pool;
}

export interface TestServer {
  url: string;
  engine: Engine;
  logs: string[];
  database: OpenDatabase;
  /** The server's services (the demo seed draws and signs with them). */
  deps: Deps;
  /** POST JSON with the public client key (or a token); answers the parsed envelope and status. */
  post(path: string, body: unknown, options?: { token?: string; headers?: Record<string, string> }): Promise<Reply>;
  get(path: string): Promise<Reply>;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: envelopes are checked field by field in the tests
  body: any;
}

export async function startServer(
  engine: Engine,
  env: Env = {},
  overrides: ServiceOverrides = {},
): Promise<TestServer> {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const logs: string[] = [];
  const log = createLogger(config.logLevel, (line) => {
    logs.push(line);
    keepInRunLog(line);
  });
  const { database, dispose } = overrides.database
    ? { database: overrides.database, dispose: async () => {} }
    : await freshDatabase(engine);
  const { deps } = await createDeps(config, log, { pdfDrawing: sharedDrawing(config), ...overrides, database });
  await seedDevelopmentStaff(deps);
  // The real senders, woken as each message is queued: the SMS outbox fills before a request answers,
  // the mailbox soon after (a mail may draw a PDF: its readers wait, support/mailbox.ts).
  const senders = startMessageSenders(deps);
  const app = createApp(deps);
  // The production server's time limits (HEADERS_TIMEOUT_MS and the others; a test may shorten them).
  const server = serveHttp(app.fetch, config, { port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...apiClient(url),
    engine,
    logs,
    database,
    deps,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // No upload check worker outlives its server.
      await deps.pdfChecks.close();
      await senders?.stop();
      await dispose();
    },
  };
}

export type ApiClient = Pick<TestServer, 'url' | 'post' | 'get'>;

/** Requests to a server at `url`, however it was started. */
export function apiClient(url: string): ApiClient {
  const reply = async (response: Response, method: 'get' | 'post', path: string, request?: unknown): Promise<Reply> => {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {}
    checkAnswer(method, path, response.status, body, request);
    return { status: response.status, headers: response.headers, body };
  };
  return {
    url,
    async post(path, body, options = {}) {
      const auth = options.token ? { [HEADERS.token]: options.token } : { [HEADERS.clientKey]: CLIENT_KEY };
      const response = await fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...auth, ...options.headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return reply(response, 'post', path, body);
    },
    async get(path) {
      return reply(await fetch(`${url}${path}`), 'get', path);
    },
  };
}

/** A mobile number no other test uses: 10 digits starting with 9. */
export function randomMobile(): string {
  return `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}
