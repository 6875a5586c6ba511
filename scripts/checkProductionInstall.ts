/**
 * The production-install check (issue 13): what the Dockerfile puts in the image, installed with
 * `npm install --omit=dev` in an empty folder outside the project (so nothing resolves from the
 * project's own node_modules), must start as production, answer /Api/health, have applied every
 * migration to its database, pass the Dockerfile's HEALTHCHECK command, stop cleanly on SIGTERM, and
 * run the staff's ops command; on PostgreSQL the separate SMS sender must start and stop cleanly too.
 *
 * The files copied are the Dockerfile's own COPY sources, so the image and this check cannot drift.
 * The database is a fresh one on TEST_DATABASE_URL's PostgreSQL server when that is set (as in
 * .ci/run); without it the embedded database is used and the output says the PostgreSQL part was
 * skipped. Run with the project's Node 24 (`npm run check:production-install`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const START_LIMIT_MS = 60_000;
const INSTALL_LIMIT_MS = 300_000;
const started = Date.now();

function say(message: string): void {
  console.log(`[production install ${((Date.now() - started) / 1000).toFixed(1)} s] ${message}`);
}

class CheckFailed extends Error {}

/** Every source of the Dockerfile's COPY lines that take from the build context (not `--from=`). */
function dockerfileSources(dockerfile: string): string[] {
  const sources: string[] = [];
  for (const line of dockerfile.split('\n')) {
    const words = line.trim().split(/\s+/);
    if (words[0]?.toUpperCase() !== 'COPY' || words.some((word) => word.startsWith('--from'))) continue;
    for (const source of words.slice(1, -1))
      if (!source.startsWith('--') && !sources.includes(source)) sources.push(source);
  }
  return sources;
}

/** The command of the Dockerfile's HEALTHCHECK (exec form, continuation lines joined). */
function dockerfileHealthCheck(dockerfile: string): string[] {
  const joined = dockerfile.replace(/\\\n/g, ' ');
  const line = joined.split('\n').find((text) => text.trim().toUpperCase().startsWith('HEALTHCHECK'));
  const command = line?.match(/\sCMD\s+(\[.*\])\s*$/)?.[1];
  if (!command) throw new CheckFailed('the Dockerfile has no HEALTHCHECK ... CMD ["node", ...]');
  return JSON.parse(command) as string[];
}

/** Runs a command to its end; fails with its output when it does not exit 0. */
function run(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; limitMs: number }) {
  return new Promise<string>((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.setEncoding('utf8').on('data', (c) => (output += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.limitMs);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new CheckFailed(`${command} ${args.join(' ')} ended with ${signal ?? code}:\n${output}`));
    });
  });
}

/** Stands in for the SMS gateway, the mail API and the KYC aggregator: answers every call with 200. */
async function dummyProvider(): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

type Started = ReturnType<typeof startProcess>;

/** Starts `node <script>`; `ready` resolves with the first JSON log line whose msg is `readyMessage`. */
function startProcess(cwd: string, env: NodeJS.ProcessEnv, script: string, readyMessage: string) {
  const child = spawn(process.execPath, [script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<Record<string, string>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new CheckFailed(`${script}: no "${readyMessage}" within ${START_LIMIT_MS / 1000} s:\n${output}`)),
      START_LIMIT_MS,
    );
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      // Whole lines only: the last piece may be a line still being written.
      for (const text of output.split('\n').slice(0, -1)) {
        if (!text.startsWith('{')) continue;
        const entry = JSON.parse(text) as Record<string, string>;
        if (entry.msg !== readyMessage) continue;
        clearTimeout(timer);
        resolve(entry);
        return;
      }
    });
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new CheckFailed(`${script} ended before "${readyMessage}" (${signal ?? code}):\n${output}`));
    });
  });
  return { child, ready, exited, output: () => output };
}

/** SIGTERM, as a supervisor stops it: it must end by itself with exit code 0 within 20 s. */
async function stopCleanly(started: Started, script: string): Promise<void> {
  started.child.kill('SIGTERM');
  const exit = await Promise.race([
    started.exited,
    new Promise<never>((_, reject) =>
      // unref: the timer must not keep this script alive once the process has ended.
      setTimeout(() => reject(new CheckFailed(`${script}: still running 20 s after SIGTERM`)), 20_000).unref(),
    ),
  ]);
  if (exit.code !== 0)
    throw new CheckFailed(`${script}: SIGTERM ended it with ${exit.signal ?? exit.code}:\n${started.output()}`);
  say(`${script}: SIGTERM stopped it cleanly (exit 0)`);
}

async function appliedMigrations(databaseUrl: string | undefined, dataDir: string): Promise<number> {
  const query = 'select count(*)::int as applied from drizzle.__drizzle_migrations';
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query<{ applied: number }>(query)).rows[0]?.applied ?? 0;
    } finally {
      await client.end();
    }
  }
  // The server has stopped, so the embedded database's folder is free to open.
  const { PGlite } = await import('@electric-sql/pglite');
  const database = new PGlite(dataDir);
  try {
    return (await database.query<{ applied: number }>(query)).rows[0]?.applied ?? 0;
  } finally {
    await database.close();
  }
}

async function check(): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'kosh-production-install-'));
  const provider = await dummyProvider();
  const running: Started[] = [];
  let dropDatabase = async () => {};
  try {
    const dockerfile = await readFile(join(ROOT, 'Dockerfile'), 'utf8');
    const sources = dockerfileSources(dockerfile);
    const healthCheck = dockerfileHealthCheck(dockerfile);
    if (!sources.includes('package-lock.json')) throw new CheckFailed('the Dockerfile copies no package-lock.json');
    say(`copying the Dockerfile's sources (${sources.join(', ')}) to ${folder}`);
    for (const source of sources) {
      await mkdir(dirname(join(folder, source)), { recursive: true });
      await cp(join(ROOT, source), join(folder, source), { recursive: true });
    }

    // npm runs on this Node (the project's Node 24), whatever the system's is.
    const path = `${dirname(process.execPath)}:${process.env.PATH ?? ''}`;
    const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];
    say('npm install --omit=dev --ignore-scripts (production dependencies only, the lock file, as the Dockerfile)');
    await run(
      npm[0] as string,
      [...npm.slice(1), 'install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'],
      {
        cwd: folder,
        env: { ...process.env, PATH: path, npm_config_loglevel: 'error' },
        limitMs: INSTALL_LIMIT_MS,
      },
    );

    let databaseUrl: string | undefined;
    if (process.env.TEST_DATABASE_URL) {
      // As tests/api/support/server.ts does; importing it would load the whole app into this script.
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `kosh_production_install_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.href;
      dropDatabase = async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      };
      say(`database: a fresh PostgreSQL database (${name}) on TEST_DATABASE_URL's server`);
    } else {
      say('database: PostgreSQL PART SKIPPED (TEST_DATABASE_URL is not set): the embedded database instead');
    }

    const dataDir = join(folder, 'data');
    // A container's environment: nothing of this shell's, everything production requires.
    const env: NodeJS.ProcessEnv = {
      PATH: path,
      HOME: folder,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      SERVE_SITE: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      OTP_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: '0',
      PUBLIC_SITE_URL: 'https://www.koshcredit.example',
      PUBLIC_API_URL: 'https://api.koshcredit.example',
      CORS_ORIGINS: 'https://www.koshcredit.example',
      TRUST_PROXY: '1',
      SMS_TRANSPORT: 'http',
      SMS_HTTP_URL: `${provider.url}/sms`,
      SMS_HTTP_API_KEY: 'check-sms-key',
      MAIL_TRANSPORT: 'http',
      MAIL_HTTP_URL: `${provider.url}/mail`,
      MAIL_HTTP_API_KEY: 'check-mail-key',
      KYC_PROVIDER: 'http',
      KYC_HTTP_URL: `${provider.url}/kyc`,
      KYC_HTTP_API_KEY: 'check-kyc-key',
      BANK_VERIFY_PROVIDER: 'http',
      BANK_VERIFY_HTTP_URL: `${provider.url}/bank-account`,
      BANK_VERIFY_CLIENT_ID: 'check-bav-id',
      BANK_VERIFY_CLIENT_SECRET: 'check-bav-secret',
      BUREAU_CHECK_PROVIDER: 'http',
      BUREAU_CHECK_URL: `${provider.url}/bureau-check`,
      BUREAU_CHECK_API_KEY: 'check-bureau-key',
      ESIGN_PROVIDER: 'http',
      ESIGN_HTTP_URL: `${provider.url}/esign`,
      ESIGN_GATEWAY_URL: 'https://esign.example/gateway',
      ESIGN_CLIENT_ID: 'check-esign-id',
      ESIGN_CLIENT_SECRET: 'check-esign-secret',
      PAYMENTS_MODE: 'live',
      RAZORPAY_KEY_ID: 'rzp_live_check',
      RAZORPAY_KEY_SECRET: 'check-razorpay-secret',
      RAZORPAY_WEBHOOK_SECRET: 'check-razorpay-webhook-secret',
      PAYU_KEY: 'checkKEY',
      PAYU_SALT: 'check-payu-salt',
      OPS_USER: 'production-install-check',
    };

    say('starting node src/server/app/main.ts with NODE_ENV=production');
    const server = startProcess(folder, env, 'src/server/app/main.ts', 'listening');
    running.push(server);
    const address = (await server.ready).address?.replace(/\/$/, '') ?? '';
    const health = await fetch(`${address}/Api/health`);
    const body = (await health.json().catch(() => undefined)) as { Status?: number } | undefined;
    if (health.status !== 200 || body?.Status !== 1) {
      throw new CheckFailed(`/Api/health answered ${health.status} ${JSON.stringify(body)}`);
    }
    say(`/Api/health answered 200 at ${address}`);
    // The image's own HEALTHCHECK command, with the port this server chose.
    const [program, ...programArgs] = healthCheck;
    if (program !== 'node')
      throw new CheckFailed(`the HEALTHCHECK runs ${program}, not node (slim images have no curl)`);
    await run(process.execPath, programArgs, {
      cwd: folder,
      env: { ...env, PORT: new URL(address).port },
      limitMs: 10_000,
    });
    say(`the Dockerfile's HEALTHCHECK command passed`);

    await stopCleanly(server, 'src/server/app/main.ts');

    const journal = JSON.parse(await readFile(join(ROOT, 'src/server/db/migrations/meta/_journal.json'), 'utf8'));
    const expected = (journal.entries as unknown[]).length;
    const applied = await appliedMigrations(databaseUrl, dataDir);
    if (applied !== expected) throw new CheckFailed(`${applied} of ${expected} migrations applied`);
    say(`migrations: all ${expected} applied on the ${databaseUrl ? 'PostgreSQL' : 'embedded'} database`);

    // The staff's command line runs in production too: its imports must be installed as well.
    await run(process.execPath, ['scripts/ops.ts', 'loans'], { cwd: folder, env, limitMs: START_LIMIT_MS });
    say('node scripts/ops.ts loans: ran');

    // The separate SMS sender (PostgreSQL only): it starts on the same install and stops cleanly.
    if (databaseUrl) {
      const sender = startProcess(folder, env, 'scripts/smsSender.ts', 'sms sender running');
      running.push(sender);
      await sender.ready;
      say('scripts/smsSender.ts: running');
      // It logs "running" just before it installs its signal handlers: a SIGTERM in between would
      // meet Node's default action. No supervisor stops a process that soon; give it a poll.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await stopCleanly(sender, 'scripts/smsSender.ts');
    }
  } finally {
    for (const started of running) started.child.kill('SIGKILL');
    provider.close();
    await dropDatabase().catch((error) => say(`could not drop the check's database: ${(error as Error).message}`));
    await rm(folder, { recursive: true, force: true, maxRetries: 5 });
  }
}

try {
  await check();
  say('PASSED: a production-only install starts, answers /Api/health and stops cleanly');
} catch (error) {
  console.error(`[production install] FAILED: ${error instanceof CheckFailed ? error.message : error}`);
  process.exit(1);
}
