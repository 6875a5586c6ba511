/** Starts the API as its own process for a benchmark, on a fresh database of either engine. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type OpenDatabase, openDatabase } from '../../src/server/db/client.ts';

export interface BenchServer {
  url: string;
  engine: 'embedded' | 'postgres';
  stop(): Promise<void>;
}

/** Runs before the server starts, on its database (the embedded one is one process's at a time). */
export type Prepare = (database: OpenDatabase) => Promise<void>;

export async function startBenchServer(
  engine: 'embedded' | 'postgres',
  port: number,
  prepare?: Prepare,
): Promise<BenchServer> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    NODE_ENV: 'test',
    PORT: String(port),
    SERVE_SITE: '0',
    LOG_LEVEL: 'error',
    OTP_SECRET: 'bench-only-secret-0123456789abcdef0123456',
    // The load comes from one machine; each request names its own client address (as a load
    // balancer would), so every cap keeps its production value.
    TRUST_PROXY: '1',
  };
  let cleanup: () => Promise<void>;
  if (engine === 'embedded') {
    const dir = await mkdtemp(join(tmpdir(), 'kosh-bench-'));
    env.DATA_DIR = dir;
    cleanup = () => rm(dir, { recursive: true, force: true });
  } else {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const name = `kosh_bench_${process.pid}_${port}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.href;
    cleanup = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
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
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/Api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the ${engine} server did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    engine,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await cleanup();
    },
  };
}
