/**
 * `npm start` (scripts/start.ts) as a newcomer sees it: output for people, progress while a new
 * embedded database is made, and a second start that makes nothing again. The build is skipped
 * (a site folder newer than every source), so only the start's own work is exercised.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_NODE_FLAGS } from '../support/nodeFlags.ts';

interface Started {
  child: ChildProcess;
  output: () => string;
  origin: string;
}

/** Every start of this file, stopped at the end whatever happened. */
const children: ChildProcess[] = [];
/** A first start makes a database: slow on a loaded machine, so generous (speed is for the benchmarks). */
const SLOW = 300_000;

async function start(env: Record<string, string>): Promise<Started> {
  const { KOSH_LOG_FORMAT: _format, DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, 'scripts/start.ts'], {
    env: { ...inherited, NODE_ENV: 'development', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const origin = await new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const found = /is running at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (found?.[1]) {
        clearInterval(timer);
        resolve(found[1]);
      }
    }, 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
  return { child, output: () => output, origin };
}

async function stop(started: Started) {
  const exited = new Promise((resolve) => started.child.on('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

describe('npm start', () => {
  let siteDir: string;
  let dataDir: string;
  beforeAll(async () => {
    siteDir = await mkdtemp(join(tmpdir(), 'kosh-start-site-'));
    dataDir = await mkdtemp(join(tmpdir(), 'kosh-start-data-'));
    await writeFile(join(siteDir, 'index.html'), '<!doctype html><title>Kosh Credit</title><h1>Kosh Credit</h1>');
    // Newer than any source, so the start serves it without building.
    const later = new Date(Date.now() + 86_400_000);
    await utimes(join(siteDir, 'index.html'), later, later);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    await rm(siteDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'the first start says it makes the database, then prints plain lines a person reads',
    async () => {
      const first = await start({ SITE_DIR: siteDir, DATA_DIR: dataDir });
      try {
        const home = await fetch(`${first.origin}/`);
        expect(await home.text()).toContain('<h1>Kosh Credit</h1>');
      } finally {
        await stop(first);
      }
      const output = first.output();
      expect(output).toContain(`Creating the embedded database in ${dataDir}/ (first start, about 12 s)`);
      expect(output).toMatch(/Database ready \(\d+ s\)/);
      expect(output).toContain('Demo borrower (just created): PAN DEMOP1234D, mobile 9876500001');
      // The expected development warning, as a line for people (README, "Set up").
      expect(output).toMatch(
        /^\d{2}:\d{2}:\d{2} warn {2}OTP_SECRET is not set: using a random secret for this process$/m,
      );
      // No JSON log lines, and nothing built.
      expect(output).not.toMatch(/^\s*\{/m);
      expect(output).not.toContain('Building the site');
    },
    SLOW,
  );

  it(
    'a second start opens what is there: no database made again, no build',
    async () => {
      const second = await start({ SITE_DIR: siteDir, DATA_DIR: dataDir });
      await stop(second);
      const output = second.output();
      expect(output).not.toContain('Creating the embedded database');
      expect(output).not.toContain('Building the site');
      expect(output).toContain('Demo borrower: PAN DEMOP1234D');
      expect(output).not.toMatch(/^\s*\{/m);
    },
    SLOW,
  );
});
