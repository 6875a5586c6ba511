/**
 * `npm run bench`: every benchmark, one after the other (they would disturb each other side by side),
 * then docs/benchmarks.md with the figures of each, gathered from the files they write.
 *
 *   1. the site build, timed, and its page count (npm run budgets: builds dist/, writes docs/budgets.md)
 *   2. Lighthouse over the build (npm run bench:lighthouse: docs/benchmarks-lighthouse.md), and over the
 *      signed-in dashboard (npm run bench:dashboard: docs/benchmarks-dashboard.md)
 *   3. API load (npm run bench:api: docs/benchmarks-api.md)
 *   4. uploads (npm run bench:upload), when the project has that script
 *   5. the statement PDF of a loan with 50 collections (npm run bench:statement: docs/benchmarks-statement.md)
 *   6. overload: 60 statements and 24 unauthenticated 15.5 MB bodies at once, /Api/health and the
 *      server's memory meanwhile (npm run bench:overload: docs/benchmarks-overload.md)
 *
 *   --dist <folder>          build into and measure this folder instead of dist/
 *   BENCH_SECONDS, BENCH_RUNS shorter runs for a quick check (the results say so)
 *   BENCH_OUT_DIR            where the benchmarks' own files and benchmarks.md go (default docs/)
 *
 * Bounded: each step is stopped at its time limit below; about 25 to 30 minutes in all on a 2-core machine.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { machineNote } from './report.ts';

const distIndex = process.argv.indexOf('--dist');
const distArgs = distIndex > 0 ? ['--dist', process.argv[distIndex + 1] ?? 'dist'] : [];
const OUT_DIR = process.env.BENCH_OUT_DIR ?? 'docs';
const quick = Boolean(process.env.BENCH_SECONDS || process.env.BENCH_RUNS);
const MINUTE = 60_000;

interface Step {
  name: string;
  script: string;
  args: string[];
  limitMs: number;
  /** The results file it writes. */
  file: string;
  /** The figures taken from that file into benchmarks.md. */
  figures: (text: string) => string;
}

const tables = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .join('\n');

const steps: Step[] = [
  {
    name: 'Site build time and page count',
    script: 'budgets',
    args: distArgs,
    limitMs: 10 * MINUTE,
    file: 'docs/budgets.md',
    figures: (text) =>
      text
        .split('\n')
        .filter((line) => line.startsWith('- Site build:'))
        .join('\n') || '(no build line found)',
  },
  {
    name: 'Lighthouse',
    script: 'bench:lighthouse',
    args: distArgs,
    limitMs: 25 * MINUTE,
    file: join(OUT_DIR, 'benchmarks-lighthouse.md'),
    figures: tables,
  },
  {
    name: 'Dashboard (Lighthouse, signed in)',
    script: 'bench:dashboard',
    args: distArgs,
    limitMs: 20 * MINUTE,
    file: join(OUT_DIR, 'benchmarks-dashboard.md'),
    figures: tables,
  },
  {
    name: 'API load',
    script: 'bench:api',
    args: [],
    limitMs: 25 * MINUTE,
    file: join(OUT_DIR, 'benchmarks-api.md'),
    figures: tables,
  },
  {
    name: 'Uploads',
    script: 'bench:upload',
    args: [],
    limitMs: 15 * MINUTE,
    file: join(OUT_DIR, 'benchmarks-upload.md'),
    figures: tables,
  },
  {
    name: 'Statement PDF',
    script: 'bench:statement',
    args: [],
    limitMs: 10 * MINUTE,
    file: join(OUT_DIR, 'benchmarks-statement.md'),
    figures: tables,
  },
  {
    name: 'Overload',
    script: 'bench:overload',
    args: [],
    limitMs: 12 * MINUTE,
    file: join(OUT_DIR, 'benchmarks-overload.md'),
    figures: tables,
  },
];

/** Runs an npm script in a process group of its own, so its time limit stops the server and browser it started too. */
function run(script: string, args: string[], limitMs: number): Promise<{ status: number | null; stopped: boolean }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
      stdio: 'inherit',
      detached: true,
    });
    const stopGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGTERM');
      } catch {}
    };
    let stopped = false;
    const timer = setTimeout(() => {
      stopped = true;
      stopGroup();
    }, limitMs);
    const interrupted = () => {
      stopGroup();
      process.exit(130);
    };
    process.once('SIGINT', interrupted);
    child.once('exit', (status) => {
      clearTimeout(timer);
      process.off('SIGINT', interrupted);
      resolve({ status, stopped });
    });
  });
}

const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as { scripts: Record<string, string> };
const note = machineNote();
const started = Date.now();
const sections: string[] = [];
let failed = 0;

for (const step of steps) {
  const link = `[${step.file.replace(/^docs\//, '')}](${step.file.replace(/^docs\//, '')})`;
  if (!scripts[step.script]) {
    sections.push(`## ${step.name}\n\nSkipped: this project has no \`npm run ${step.script}\` yet.`);
    console.log(`\n== ${step.name}: skipped (no npm script ${step.script})`);
    continue;
  }
  console.log(`\n== ${step.name}: npm run ${step.script} ${step.args.join(' ')}`);
  const stepStart = Date.now();
  const result = await run(step.script, step.args, step.limitMs);
  const minutes = ((Date.now() - stepStart) / MINUTE).toFixed(1);
  const outcome = result.stopped
    ? `stopped at its limit of ${step.limitMs / MINUTE} min`
    : result.status === 0
      ? `done in ${minutes} min`
      : `exited with status ${result.status} after ${minutes} min${step.script === 'budgets' ? ' (a page over its JavaScript budget)' : ''}`;
  if (result.status !== 0) failed += 1;
  const written = (await stat(step.file).catch(() => undefined))?.mtimeMs ?? 0;
  const figures =
    written >= stepStart
      ? step.figures(await readFile(step.file, 'utf8'))
      : `No results: ${step.file} was not written in this run.`;
  sections.push(
    `## ${step.name}\n\n\`npm run ${step.script}\`, ${outcome}; the full results and how they were taken: ${link}.\n\n${figures}`,
  );
}

const doc = `# Benchmarks

Every figure below was produced by \`npm run bench\` (scripts/bench/all.ts) on ${new Date().toISOString().slice(0, 10)}, in
${((Date.now() - started) / MINUTE).toFixed(1)} minutes, one benchmark after the other on the same machine.${quick ? '\n\n**A quick check with shortened runs (BENCH_SECONDS / BENCH_RUNS set): not the figures.**' : ''}

Machine: ${note}.

Each section links the benchmark's own results file, which says how the figures were taken.

${sections.join('\n\n')}
`;
await mkdir(OUT_DIR, { recursive: true });
await writeFile(join(OUT_DIR, 'benchmarks.md'), doc);
console.log(
  `\nWritten to ${join(OUT_DIR, 'benchmarks.md')}${failed ? `; ${failed} step(s) did not finish cleanly` : ''}`,
);
process.exit(failed ? 1 : 0);
