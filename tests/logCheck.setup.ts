/**
 * Vitest global setup: starts the run's log file empty, and after the run scans it for personal
 * data (scripts/checkLogs.ts). `npm test` runs the same check as its own step, which fails the run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { checkLogFile, RUN_LOG } from '../scripts/checkLogs.ts';

export default function setup() {
  mkdirSync(dirname(RUN_LOG), { recursive: true });
  writeFileSync(RUN_LOG, '');
  process.env.KOSH_TEST_LOG_FILE = RUN_LOG;
  return async () => {
    const { leaks, report } = await checkLogFile(RUN_LOG);
    if (leaks.length === 0) return;
    console.error(report);
    // A teardown's exception does not fail Vitest's run; the exit code does.
    process.exitCode = 1;
  };
}
