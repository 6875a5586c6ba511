/**
 * The API and the operations command line as processes of their own (`node src/server/app/main.ts`,
 * `node scripts/ops.ts`), for tests that stop or kill them and start them again on the same data.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type OpenDatabase, openDatabase } from '../../../src/server/db/client.ts';
import { TEST_NODE_FLAGS } from '../../support/nodeFlags.ts';
import { keepInRunLog } from './runLog.ts';
import { createPostgresDatabase, type Engine, TEST_ENV } from './server.ts';

type Env = Record<string, string>;

/** Where the processes keep their data between runs: a folder, and a PostgreSQL database for that engine. */
export interface DataPlace {
  env: Env;
  /** The database, opened by the test itself (for the embedded one, only while no process has it). */
  open(): Promise<OpenDatabase>;
  remove(): Promise<void>;
}

export async function dataPlace(engine: Engine): Promise<DataPlace> {
  const dir = await mkdtemp(join(tmpdir(), 'kosh-process-'));
  if (engine === 'embedded') {
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      open: () => openDatabase({ kind: 'embedded', dataDir: dir }),
      remove: () => rm(dir, { recursive: true, force: true, maxRetries: 5 }),
    };
  }
  const database = await createPostgresDatabase();
  return {
    // Uploaded files still go under DATA_DIR.
    env: { DATA_DIR: dir, DATABASE_URL: database.url },
    open: () => openDatabase({ kind: 'postgres', url: database.url }),
    async remove() {
      await database.drop();
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
    },
  };
}

const BASE_ENV: Env = {
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: '0',
  SERVE_SITE: '0',
  LOG_LEVEL: 'info',
  SEED_DEMO: '0',
  // The same secret every start: codes and sessions outlive a restart, as in production.
  OTP_SECRET: TEST_ENV.OTP_SECRET as string,
  CRASH_AT: '',
};

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  /** Resolves when the process has ended. */
  exit: Promise<Exit>;
  /** Everything it wrote to stderr so far. */
  stderr(): string;
  /** Everything it wrote to stdout (its log) so far. */
  stdout(): string;
  /** SIGTERM, as a supervisor stops it; resolves after its clean exit. */
  stop(): Promise<Exit>;
}

/** Starts the server on a port of the system's choosing; resolves once it listens. */
export async function startServerProcess(env: Env): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'src/server/app/main.ts'], {
    env: { ...process.env, ...BASE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exit = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  // A test that times out while the server starts never gets to stop it: it goes with the test process.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exit.then(() => process.off('exit', orphaned));
  const url = await new Promise<string>((resolve, reject) => {
    let pending = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        // Its log joins the run's, which scripts/checkLogs.ts scans for personal data.
        keepInRunLog(line);
        // The structured "listening" line names the address (PORT=0: the system chose the port).
        const entry = JSON.parse(line) as { msg?: string; address?: string };
        if (entry.msg === 'listening' && entry.address) resolve(entry.address.replace(/\/$/, ''));
      }
    });
    exit.then(({ code, signal }) =>
      reject(new Error(`the server ended before listening (${signal ?? code}): ${stderr}`)),
    );
  });
  return {
    url,
    exit,
    stderr: () => stderr,
    stdout: () => stdout,
    stop() {
      child.kill('SIGTERM');
      return exit;
    },
  };
}

/** Runs `npm run ops -- <args>` as its own process; resolves when it ends, however it ends. */
export function runOps(env: Env, args: string[]): Promise<Exit & { out: string }> {
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'scripts/ops.ts', ...args], {
    env: { ...process.env, ...BASE_ENV, OPS_USER: 'asha', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
  }
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, out })));
}
