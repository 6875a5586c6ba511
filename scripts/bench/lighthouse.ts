/**
 * Lighthouse benchmark: the `lighthouse` package driving the Chromium build the browser tests use
 * (the full browser, not its headless shell), with its default (mobile) configuration, on the public pages served by the project's own server, next to a
 * bare HTML page served by the same server in the same run (the floor). Median of the runs per page.
 * Writes docs/benchmarks-lighthouse.md. The signed-in dashboard has its own: dashboard.ts.
 *
 *   npm run bench:lighthouse [-- --dist <built site>]    (default dist/; build it first)
 *   BENCH_RUNS=1 npm run bench:lighthouse                 a quick check (the figures want 3)
 *   BENCH_OUT_DIR=<folder>                                write the results there instead of docs/
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  audit,
  benchOptions,
  CATEGORIES,
  FLOOR_PATH,
  launchChromium,
  lighthouseVersion,
  medians,
  type Run,
  resultsTable,
  rounds,
  siteWithFloor,
} from './lighthouseRunner.ts';
import { machineNote } from './report.ts';
import { startBenchServer } from './server.ts';

const { dist: DIST, runs: RUNS, outDir: OUT_DIR } = benchOptions();
const PAGES = [
  { name: 'Home', path: '/' },
  { name: 'Apply now', path: '/apply-now' },
  { name: 'Repay loan', path: '/repayloan' },
  { name: 'City (Ahmedabad)', path: '/personal-loan-in-ahmedabad' },
  { name: 'FAQ', path: '/faq' },
];
const LCP_LIMIT = 1.2;

const site = await siteWithFloor(DIST);

const started = Date.now();
const note = machineNote();
const server = await startBenchServer('embedded', 0, undefined, { siteDir: site.dir });
const chromium = await launchChromium();
const targets = [{ name: 'Bare HTML page (floor)', path: FLOOR_PATH }, ...PAGES];
let runs = new Map<string, Run[]>();
try {
  runs = await rounds(targets, RUNS, (path) => audit(`${server.url}${path}`, chromium.port));
} finally {
  await chromium.stop();
  await server.stop();
  await site.remove();
}

const rows = medians(targets, runs);
const table = resultsTable(
  rows,
  (row, floorLcp) => CATEGORIES.every((id) => row.scores[id] === 100) && row.lcpMs <= LCP_LIMIT * floorLcp,
);
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
