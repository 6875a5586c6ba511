/**
 * Lighthouse benchmark: the `lighthouse` package driving the Chromium build the browser tests use
 * (the full browser, not its headless shell), with its default (mobile) configuration, on the public pages served by the project's own server, next to a
 * bare HTML page served by the same server in the same run (the floor). Median of the runs per page.
 * Writes docs/benchmarks-lighthouse.md.
 *
 *   npm run bench:lighthouse [-- --dist <built site>]    (default dist/; build it first)
 *   BENCH_RUNS=1 npm run bench:lighthouse                 a quick check (the figures want 3)
 *   BENCH_OUT_DIR=<folder>                                write the results there instead of docs/
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/support/chromium.ts';
import { machineNote, median } from './report.ts';
import { atStop, startBenchServer } from './server.ts';

const distIndex = process.argv.indexOf('--dist');
const DIST = resolve(distIndex > 0 ? (process.argv[distIndex + 1] ?? 'dist') : 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const OUT_DIR = process.env.BENCH_OUT_DIR ?? 'docs';
/** One Lighthouse run should take well under this; past it the benchmark stops rather than hang. */
const RUN_TIMEOUT_MS = 180_000;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const FLOOR_PATH = '/bench-floor.html';
const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Apply now', path: '/apply-now' },
  { name: 'Repay loan', path: '/repayloan' },
  { name: 'City (Ahmedabad)', path: '/personal-loan-in-ahmedabad' },
  { name: 'FAQ', path: '/faq' },
];
const LCP_LIMIT = 1.2;

/** The floor: the least a page can be. Valid, labelled and described, with nothing to load. */
const FLOOR_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kosh Credit: benchmark floor</title>
<meta name="description" content="A bare HTML page served by the same server, the floor the site's pages are measured against.">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main>
<h1>Personal loans for salaried people</h1>
<p>This page has no styles, no scripts and no images: what Lighthouse measures here is the server and the network alone.</p>
</main>
</body>
</html>
`;

interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
  /** Audits that cost points: "category: audit id". */
  lost: string[];
}

/** Chromium with its DevTools port open, as chrome-launcher would start it, with the tests' flags. */
async function launchChromium(): Promise<{ port: number; version: string; stop(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'kosh-lighthouse-profile-'));
  const child: ChildProcess = spawn(
    await chromiumPath({ fullBrowser: true }),
    [...CHROMIUM_ARGS, '--headless=new', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const exited = new Promise((done) => child.once('exit', done));
  const stop = async () => {
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(kill);
    await rm(profile, { recursive: true, force: true });
  };
  const forget = atStop(stop);
  const port = await new Promise<number>((done, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`Chromium did not open its DevTools port:\n${seen}`)), 30_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(seen);
      if (match) {
        clearTimeout(timer);
        done(Number(match[1]));
      }
    });
    child.once('exit', (code) => fail(new Error(`Chromium exited (${code}):\n${seen}`)));
  });
  const { Browser } = (await fetch(`http://127.0.0.1:${port}/json/version`).then((r) => r.json())) as {
    Browser: string;
  };
  return {
    port,
    version: Browser,
    async stop() {
      forget();
      await stop();
    },
  };
}

let lighthouseVersion = '?';

/** Lighthouse's own trace errors (NO_NAVSTART, NO_FCP...) that a second try usually does not meet. */
class RuntimeError extends Error {}

/** One Lighthouse run; a run that Lighthouse itself could not record is tried again, twice at most. */
async function audit(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, port);
    } catch (error) {
      if (!(error instanceof RuntimeError) || attempt === 3) throw error;
      console.log(`${(error as Error).message}: trying again`);
    }
  }
}

async function auditOnce(url: string, port: number): Promise<Run> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)),
      RUN_TIMEOUT_MS,
    );
  });
  const result = await Promise.race([
    lighthouse(url, {
      port,
      hostname: '127.0.0.1',
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    }),
    timeout,
  ]).finally(() => clearTimeout(timer));
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  lighthouseVersion = lhr.lighthouseVersion;
  if (lhr.runtimeError)
    throw new RuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const scores = {} as Record<Category, number>;
  const lost: string[] = [];
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score === null) throw new Error(`Lighthouse on ${url}: no ${id} score`);
    scores[id] = Math.round(category.score * 100);
    for (const ref of category.auditRefs) {
      const score = lhr.audits[ref.id]?.score;
      if (ref.weight > 0 && score !== null && score !== undefined && score < 1) lost.push(`${id}: ${ref.id}`);
    }
  }
  const lcpMs = lhr.audits['largest-contentful-paint']?.numericValue;
  if (lcpMs === undefined) throw new Error(`Lighthouse on ${url}: no LCP`);
  return { scores, lcpMs, lost };
}

if (!(await stat(join(DIST, 'index.html')).catch(() => undefined))) {
  console.error(`No built site in ${DIST}: run \`npm run build\` first (or pass --dist <folder>).`);
  process.exit(1);
}

// The floor goes into a copy of the build, never into the site itself.
const site = await mkdtemp(join(tmpdir(), 'kosh-lighthouse-site-'));
const forgetSite = atStop(() => rm(site, { recursive: true, force: true }));
await cp(DIST, site, { recursive: true });
await writeFile(join(site, FLOOR_PATH), FLOOR_HTML);

const started = Date.now();
const note = machineNote();
const server = await startBenchServer('embedded', 0, undefined, { siteDir: site });
const chromium = await launchChromium();
const targets = [{ name: 'Bare HTML page (floor)', path: FLOOR_PATH }, ...PAGES];
const runs = new Map<string, Run[]>(targets.map((t) => [t.path, []]));
try {
  // A first run in a new browser pays for starting up; it is not counted.
  await audit(`${server.url}${FLOOR_PATH}`, chromium.port);
  // Round by round, every page once per round, so a slower moment of the machine falls on all alike.
  for (let round = 1; round <= RUNS; round += 1) {
    for (const target of targets) {
      const run = await audit(`${server.url}${target.path}`, chromium.port);
      runs.get(target.path)?.push(run);
      console.log(
        `run ${round}/${RUNS} ${target.path}: ${CATEGORIES.map((c) => run.scores[c]).join(' / ')}, LCP ${Math.round(run.lcpMs)} ms`,
      );
    }
  }
} finally {
  await chromium.stop();
  await server.stop();
  forgetSite();
  await rm(site, { recursive: true, force: true });
}

interface Row {
  name: string;
  path: string;
  scores: Record<Category, number>;
  lcpMs: number;
  lost: string[];
}
const rows: Row[] = targets.map((target) => {
  const list = runs.get(target.path) ?? [];
  const scores = {} as Record<Category, number>;
  for (const id of CATEGORIES) scores[id] = median(list.map((r) => r.scores[id]));
  return {
    ...target,
    scores,
    lcpMs: median(list.map((r) => r.lcpMs)),
    lost: [...new Set(list.flatMap((r) => r.lost))].sort(),
  };
});
const floorLcp = rows[0]?.lcpMs ?? Number.NaN;
const meets = (row: Row) => CATEGORIES.every((id) => row.scores[id] === 100) && row.lcpMs <= LCP_LIMIT * floorLcp;

const table = [
  '| Page | Performance | Accessibility | Best practices | SEO | LCP (ms) | LCP ÷ floor | Target met | Audits that cost points (any run) |',
  '|---|---:|---:|---:|---:|---:|---:|---|---|',
  ...rows.map(
    (r, index) =>
      `| ${r.name} \`${r.path}\` | ${CATEGORIES.map((id) => r.scores[id]).join(' | ')} | ${Math.round(r.lcpMs)} | ${index === 0 ? '1.00 (floor)' : (r.lcpMs / floorLcp).toFixed(2)} | ${meets(r) ? 'yes' : 'no'} | ${r.lost.join(', ') || 'none'} |`,
  ),
].join('\n');
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const doc = `# Lighthouse benchmark

Measured by \`npm run bench:lighthouse\` (scripts/bench/lighthouse.ts) on ${new Date().toISOString().slice(0, 10)},
${RUNS === 3 ? 'the median of 3 runs' : `**${RUNS} run(s) only: a quick check, not the figures**`} per page, in ${minutes} minutes.

- Lighthouse ${lighthouseVersion}, its default configuration: the mobile preset (a mid-range phone's screen, simulated
  slow 4G and 4× CPU slowdown), categories performance, accessibility, best practices and SEO.
- Browser: ${chromium.version}, the full browser of the Chromium build the browser tests drive (tests/support/chromium.ts), headless.
- Server: the project's own server (src/server/app/main.ts) serving a copy of the built site, as \`npm start\`
  serves dist/, on loopback. The floor is a bare HTML page (no styles, scripts or images) added to that copy
  only, served by the same server in the same run; every page is measured once per round, rounds repeated.
- Machine: ${note}.
- Target: 100 in all four categories on every page, and LCP at most ${LCP_LIMIT} times the floor's.

${table}
`;
await mkdir(OUT_DIR, { recursive: true });
await writeFile(join(OUT_DIR, 'benchmarks-lighthouse.md'), doc);
console.log(`\n${table}\n\nWritten to ${join(OUT_DIR, 'benchmarks-lighthouse.md')}`);
