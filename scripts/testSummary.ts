/** Adds up the unit and API, component and browser test reports into one closing line: "Tests: N passed, N failed". */
import { readFile } from 'node:fs/promises';

interface Totals {
  passed: number;
  failed: number;
  skipped: number;
}

async function vitest(file: string): Promise<Totals> {
  const report = JSON.parse(await readFile(file, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests ?? 0 };
}

async function playwright(): Promise<Totals> {
  const report = JSON.parse(await readFile('reports/playwright.json', 'utf8'));
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats ?? {};
  return { passed: expected + flaky, failed: unexpected, skipped };
}

const parts = await Promise.all([
  vitest('reports/vitest.json'),
  vitest('reports/vitest-components.json'),
  playwright(),
]);
const sum = (key: keyof Totals) => parts.reduce((total, part) => total + part[key], 0);
if (sum('passed') === 0) {
  console.error('No test ran.');
  process.exit(1);
}
console.log(`Tests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
process.exit(sum('failed') > 0 ? 1 : 0);
