/**
 * The browser tests' servers, started at once (playwright.config.ts). Playwright starts the servers of
 * its webServer list one after another, each after the last answered, so the first test waited for the
 * sum of their starts (the repay server makes and migrates an embedded database). This process starts
 * each as tests/support/testServer.ts with its own settings (E2E_SERVERS: a JSON list of environment
 * additions), passes their output through, and ends with them: when one stops, the others are stopped
 * and this process exits with its code, so a server that fails fails the run as it would alone.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { TEST_NODE_FLAGS } from './nodeFlags.ts';

const settings = JSON.parse(process.env.E2E_SERVERS ?? '[]') as Record<string, string>[];
if (settings.length === 0) throw new Error('E2E_SERVERS names no server to start');

const servers: ChildProcess[] = settings.map((own) =>
  spawn(process.execPath, [...TEST_NODE_FLAGS, 'tests/support/testServer.ts'], {
    env: { ...process.env, ...own },
    stdio: 'inherit',
  }),
);

let ending = false;
function endAll(signal: NodeJS.Signals, code: number) {
  if (ending) return;
  ending = true;
  for (const server of servers) if (server.exitCode === null) server.kill(signal);
  process.exitCode = code;
}
for (const server of servers) server.on('exit', (code) => endAll('SIGTERM', code ?? 1));
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => endAll(signal, 0));
