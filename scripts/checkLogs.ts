/**
 * Scans logs for personal data: PANs, mobiles, e-mails, the test customers' dates of birth, one-time
 * codes and session or repay tokens. Run after the tests (`npm test` does) it reads the whole
 * suite's server log (reports/api-log.jsonl, written by tests/api/support/runLog.ts); given files,
 * it reads those (a browser test server's output, a production log). Nothing is skipped: a line
 * that must carry such a value is a line that must change.
 *
 *   node scripts/checkLogs.ts [file ...]
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const RUN_LOG = join(ROOT, 'reports', 'api-log.jsonl');

export interface Leak {
  line: number;
  kind: string;
  /** The log line with the value masked, so the report does not repeat it. */
  excerpt: string;
}

const ISO_DATE = String.raw`\d{4}-\d{2}-\d{2}`;
const PATTERNS: [string, RegExp][] = [
  ['PAN', /(?<![A-Za-z0-9])[A-Z]{5}\d{4}[A-Z](?![A-Za-z0-9])/g],
  // Bounded by anything but a word character or a hyphen, so a request id's digits never count.
  ['mobile', /(?<![\w-])(?:\+?91[ -]?)?[6-9]\d{9}(?![\w-])/g],
  ['e-mail', /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g],
  // A code as JSON gives it ("otp":"1234", "code":"1234") or as a message says it ("your code is
  // 1234", "1234 is your one-time code").
  [
    'one-time code',
    /(?:code|otp)(?:"\s*:\s*"?|\s+(?:is\s+)?)\d{4}(?!\d)|(?<![\w-])\d{4}(?![\w-])[^"\d]{0,40}\b(?:code|otp)\b/gi,
  ],
  // Session and repay tokens: 32 random bytes in base64url, 43 characters.
  ['token', /(?<![\w-])[A-Za-z0-9_-]{43}(?![\w-])/g],
  ['date of birth field', /"dob"\s*:/g],
];

/** The dates of birth the tests give their customers, read from the tests themselves (and the demo seed). */
export async function testDatesOfBirth(): Promise<string[]> {
  const sources: string[] = [join(ROOT, 'src', 'server', 'seed.ts')];
  const walk = async (dir: string) => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else if (entry.name.endsWith('.ts')) sources.push(path);
    }
  };
  await walk(join(ROOT, 'tests'));
  const dates = new Set<string>();
  const assignment = new RegExp(String.raw`\b\w*dob\w*['"]?\s*[:=]\s*['"](${ISO_DATE})['"]`, 'gi');
  for (const source of sources) {
    const text = await readFile(source, 'utf8').catch(() => '');
    for (const match of text.matchAll(assignment)) dates.add(match[1] as string);
  }
  return [...dates];
}

export function findLeaks(lines: string[], datesOfBirth: string[]): Leak[] {
  const patterns: [string, RegExp][] = [...PATTERNS];
  if (datesOfBirth.length) {
    const escaped = datesOfBirth.map((date) => date.replaceAll('-', String.raw`\-`));
    patterns.push(['date of birth', new RegExp(`(?<!\\d)(?:${escaped.join('|')})(?!\\d)`, 'g')]);
  }
  const leaks: Leak[] = [];
  lines.forEach((text, index) => {
    const kinds = patterns.filter(([, pattern]) => text.match(pattern)).map(([kind]) => kind);
    if (kinds.length === 0) return;
    // Every value masked, so the report does not repeat what it reports.
    const masked = patterns.reduce((line, [kind, pattern]) => line.replace(pattern, `<${kind}>`), text);
    const excerpt = masked.length > 300 ? `${masked.slice(0, 300)}…` : masked;
    for (const kind of kinds) leaks.push({ line: index + 1, kind, excerpt });
  });
  return leaks;
}

export async function checkLogFile(file: string) {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  const leaks = findLeaks(lines, await testDatesOfBirth());
  const kinds = [...new Set(leaks.map((leak) => leak.kind))];
  const leakyLines = new Set(leaks.map((leak) => leak.line)).size;
  // A few examples of each kind, each value masked.
  const examples = kinds.flatMap((kind) => {
    const ofKind = leaks.filter((leak) => leak.kind === kind);
    return [
      `  ${kind}: ${ofKind.length} line(s), e.g.`,
      ...ofKind.slice(0, 3).map((leak) => `    line ${leak.line}: ${leak.excerpt}`),
    ];
  });
  const report = leaks.length
    ? [`${file}: ${leakyLines} of ${lines.length} log lines carry personal data or secrets:`, ...examples].join('\n')
    : `${file}: ${lines.length} log lines, no personal data.`;
  return { lines, leaks, report };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  let failed = false;
  for (const file of files.length ? files : [RUN_LOG]) {
    const checked = await checkLogFile(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      return undefined;
    });
    if (!checked) {
      // No log means no check: run the tests first.
      console.error(`${file}: NOT CHECKED, there is no such file (run the unit and API tests first).`);
      failed = true;
      continue;
    }
    if (checked.lines.length === 0 && files.length === 0) {
      console.error(`${file}: NOT CHECKED, the test servers logged nothing.`);
      failed = true;
      continue;
    }
    (checked.leaks.length ? console.error : console.log)(checked.report);
    failed ||= checked.leaks.length > 0;
  }
  process.exit(failed ? 1 : 0);
}
