/**
 * One file per test run with every line the test servers log (reports/api-log.jsonl, named by the
 * global setup in KOSH_TEST_LOG_FILE), so scripts/checkLogs.ts can scan the whole suite's log for
 * personal data. Outside a test run (a benchmark using the test server) nothing is written.
 */
import { appendFileSync } from 'node:fs';

export function keepInRunLog(line: string): void {
  const file = process.env.KOSH_TEST_LOG_FILE;
  if (file) appendFileSync(file, `${line}\n`);
}
