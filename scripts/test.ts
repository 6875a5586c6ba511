/**
 * `npm test`: every check of the project, in lanes that run side by side so both of the
 * machine's cores stay busy from the first second to the last. The API tests and the browser tests
 * each spend much of their time waiting (on databases, child processes, pages settling), so run one
 * after the other they left the machine half idle; the static checks use one core each.
 *
 *   tests:   test:unit -> checkLogs
 *   build:   build
 *   browser: test:e2e (started with the build, its tests run once the build has passed)
 *   checks:  test:components -> audit -> check:production-install -> lint -> typecheck -> links -> budgets
 *            (the browser tests, lint and the type check at a lower priority: see Step.nice)
 *   then:    testSummary
 *
 * The other steps that read dist/ wait for the build. Each step's output is printed whole when it ends
 * (the lanes' lines would otherwise interleave), with its time; the times are kept in
 * reports/test-timings.json. A failed step fails the run, but the others still run, so one run reports
 * every failure; only what reads the build is skipped when the build failed.
 */
import { spawn } from 'node:child_process';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

interface Step {
  name: string;
  command: string[];
  /**
   * Runs at a lower priority (a nice value), on the cores the API tests leave idle. The API tests are a
   * chain of short waits (a request, the database, the answer), each slowed by every busy process
   * beside it: run at the same priority as the four browser workers they took three times as long and
   * hit their time limits, though the machine was half idle on average. Lint and the type check have
   * no time limits (nice 10); the browser tests wait on pages, and soak up the idle time (nice 5: with
   * the type check lighter they end with the API tests, where at nice 10 they ended alone, a minute
   * after them; docs/decisions.md, "A test suite in half the time").
   */
  nice?: number;
  /**
   * Starts with the build, not after it, and waits for it itself: Playwright and the browser tests'
   * servers (one on a new embedded database) start while the site builds, which took as long as the
   * build. The runner tells it the build's end through the file E2E_SITE_BUILT names
   * (tests/e2e/siteBuilt.setup.ts); when the build failed, its tests do not run and it is reported
   * skipped.
   */
  withBuild?: boolean;
}

/** The steps that read dist/ and start after the build, skipped when it failed. */
const READS_BUILD = new Set(['links', 'budgets']);
/** Where the runner writes how the build ended, for the steps that start with it. */
const SITE_BUILT = join(tmpdir(), `kosh-site-built-${process.pid}`);

const npmRun = (script: string, ...args: string[]): Step => ({
  name: script,
  command: ['npm', 'run', '--silent', script, ...(args.length ? ['--', ...args] : [])],
});
const node = (name: string, script: string): Step => ({ name, command: [process.execPath, script] });

const LANES: Step[][] = [
  [npmRun('test:unit'), node('checkLogs', 'scripts/checkLogs.ts')],
  [npmRun('build')],
  [{ ...npmRun('test:e2e'), nice: 5, withBuild: true }],
  [
    npmRun('test:components'),
    npmRun('audit'),
    npmRun('check:production-install'),
    { ...npmRun('lint'), nice: 10 },
    { ...npmRun('typecheck'), nice: 10 },
    npmRun('links'),
    npmRun('budgets', '--check'),
  ],
];
const AFTER: Step[] = [node('testSummary', 'scripts/testSummary.ts')];

// Node keeps the compiled code of every module it loads here, so the many server processes the tests
// start (each browser-test server, each crash-safety restart) compile the server's code once.
process.env.NODE_COMPILE_CACHE ??= resolve('node_modules/.cache/node-compile-cache');

const started = Date.now();
const seconds = (from: number) => ((Date.now() - from) / 1000).toFixed(1);
const timings: { step: string; seconds: number; ok: boolean }[] = [];
let failed = false;
/** Settles once the build has ended: true when it passed. */
let buildEnded: (passed: boolean) => void = () => {};
const buildPassed = new Promise<boolean>((resolve) => {
  buildEnded = resolve;
});

function runStep(step: Step): Promise<boolean> {
  const from = Date.now();
  console.log(`▶ ${step.name} (at ${seconds(started)} s)`);
  return new Promise((resolve) => {
    const [command, ...args] = (step.nice ? ['nice', '-n', String(step.nice), ...step.command] : step.command) as [
      string,
      ...string[],
    ];
    const env = step.withBuild ? { ...process.env, E2E_SITE_BUILT: SITE_BUILT } : process.env;
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', async (code, signal) => {
      if (step.withBuild && !(await buildPassed)) {
        console.log(`■ ${step.name} skipped: the build failed\n`);
        resolve(true);
        return;
      }
      const ok = code === 0;
      timings.push({ step: step.name, seconds: Number(seconds(from)), ok });
      const text = Buffer.concat(output).toString('utf8').trimEnd();
      const verdict = ok ? 'passed' : `FAILED (${signal ? `signal ${signal}` : `exit code ${code}`})`;
      console.log(`${text ? `${text}\n` : ''}■ ${step.name} ${verdict} in ${seconds(from)} s\n`);
      resolve(ok);
    });
    child.on('error', (error) => {
      console.log(`■ ${step.name} could not start: ${error.message}`);
      timings.push({ step: step.name, seconds: Number(seconds(from)), ok: false });
      resolve(false);
    });
  });
}

async function runLane(steps: Step[]) {
  for (const step of steps) {
    if (READS_BUILD.has(step.name) && !(await buildPassed)) {
      console.log(`■ ${step.name} skipped: the build failed\n`);
      continue;
    }
    const passed = await runStep(step);
    if (step.name === 'build') {
      // Written whole, then renamed: a reader never sees half of it.
      await writeFile(`${SITE_BUILT}.part`, passed ? 'passed' : 'failed');
      await rename(`${SITE_BUILT}.part`, SITE_BUILT);
      buildEnded(passed);
    }
    if (!passed) failed = true;
  }
}

await Promise.all(LANES.map(runLane));
await rm(SITE_BUILT, { force: true });
await runLane(AFTER);

await mkdir('reports', { recursive: true });
await writeFile(
  'reports/test-timings.json',
  `${JSON.stringify({ seconds: Number(seconds(started)), timings }, null, 2)}\n`,
);
console.log(
  `${failed ? 'FAILED' : 'Passed'}: every step in ${seconds(started)} s (${timings
    .map(({ step, seconds: s }) => `${step} ${s} s`)
    .join(', ')})`,
);
process.exit(failed ? 1 : 0);
