/** Starts the API as its own process for a benchmark, on a fresh database of either engine. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type OpenDatabase, openDatabase } from '../../src/server/db/client.ts';

export interface BenchServer {
  url: string;
  engine: 'embedded' | 'postgres';
  /** The server process, for benchmarks that read its memory (/proc/<pid>/status). */
  pid: number;
  stop(): Promise<void>;
}

/** Runs before the server starts, on its database (the embedded one is one process's at a time). */
export type Prepare = (database: OpenDatabase) => Promise<void>;

const cleanups = new Set<() => Promise<void>>();
let handling = false;
/**
 * Runs `fn` if the benchmark is stopped (npm run bench's time limit, Ctrl-C), so temporary folders and
 * databases do not outlive it; the returned function unregisters it once it has run normally.
 */
export function atStop(fn: () => Promise<void>): () => void {
  if (!handling) {
    handling = true;
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, async () => {
        await Promise.allSettled([...cleanups].map((cleanup) => cleanup()));
        process.exit(130);
      });
    }
  }
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** The PostgreSQL server benchmarks may create their databases on, if one is given. */
export const postgresAdminUrl = (): string | undefined =>
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;

/** A loopback port nothing listens on now (the system picks it), so runs beside other servers do not clash. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

export interface BenchServerOptions {
  /** Serve this built site next to the API (as `npm start` serves dist/); the API alone otherwise. */
  siteDir?: string;
  /** More settings for the server (the overload benchmark lets the demo borrower sign in). */
  env?: Record<string, string>;
}

/** `port` 0: a free port of the system's choosing. */
export async function startBenchServer(
  engine: 'embedded' | 'postgres',
  port: number,
  prepare?: Prepare,
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  if (port === 0) port = await freePort();
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: String(port),
    SERVE_SITE: options.siteDir ? '1' : '0',
    ...(options.siteDir && { SITE_DIR: options.siteDir }),
    LOG_LEVEL: 'error',
    OTP_SECRET: 'bench-only-secret-0123456789abcdef0123456',
    // The load comes from one machine; each request names its own client address (as a load
    // balancer would), so every cap keeps its production value.
    TRUST_PROXY: '1',
    ...options.env,
  };
  let cleanup: () => Promise<void>;
  // The engine is this function's choice, never a DATABASE_URL the benchmark itself was given.
  delete env.DATABASE_URL;
  if (engine === 'embedded') {
    const dir = await mkdtemp(join(tmpdir(), 'kosh-bench-'));
    env.DATA_DIR = dir;
    cleanup = () => rm(dir, { recursive: true, force: true });
  } else {
    const adminUrl = postgresAdminUrl();
    if (!adminUrl) throw new Error('PostgreSQL needs TEST_DATABASE_URL or DATABASE_URL');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const name = `kosh_bench_${process.pid}_${port}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.href;
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  let exited: Promise<unknown> | undefined;
  let child: ChildProcess | undefined;
  const stop = async () => {
    child?.kill('SIGTERM');
    // A server too busy to finish its shutdown in time is killed, so no benchmark leaves one behind.
    const kill = setTimeout(() => child?.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(kill);
    await cleanup();
  };
  // From here on, a stopped benchmark still removes its database.
  const forget = atStop(stop);
  if (prepare) {
    const database = await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL }
        : { kind: 'embedded', dataDir: env.DATA_DIR as string },
    );
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
  }
  const server = spawn(process.execPath, ['src/server/app/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  child = server;
  exited = new Promise((resolve) => server.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a busy machine opens an embedded database slowly (minutes when every core is taken).
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/Api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || server.exitCode !== null) {
      const why = server.exitCode === null ? 'did not answer within 300 s' : `exited with status ${server.exitCode}`;
      forget();
      await stop();
      throw new Error(`the ${engine} server ${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    engine,
    pid: server.pid as number,
    async stop() {
      forget();
      await stop();
    },
  };
}
