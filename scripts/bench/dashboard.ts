/**
 * The dashboard benchmark (issue 25): Lighthouse's mobile preset on the signed-in dashboard (the demo
 * borrower, signed in through the API, the session put in the tab's storage as the sign-in card puts
 * it), on the loan home, the repayment screen and the loan history, next to the bare floor page in the
 * same run. The target: LCP at most 1.3 times the floor's and a performance score of 95 or more.
 * Each screen is measured twice (docs/decisions.md, "A dashboard as fast as the site"): the first
 * visit after sign-in (the tab knows no figures) and the return visit (the tab opened the screen once,
 * and the island kept its figures as it does for any borrower; then the next load is measured).
 * Writes docs/benchmarks-dashboard.md.
 *
 *   npm run bench:dashboard [-- --dist <built site>]    (default dist/; build it first)
 *   BENCH_RUNS=1 npm run bench:dashboard                 a quick check (the figures want 3)
 *   BENCH_OUT_DIR=<folder>                               write the results there instead of docs/
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { SESSION_KEYS } from '../../src/lib/session.ts';
import { type SignedIn, signInDemoBorrower } from './demoBorrower.ts';
import {
  audit,
  benchOptions,
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
/** Each screen, and the part of the tab's last known figures it draws (state/lastFigures.ts). */
const SCREENS = [
  { name: 'Loan home', path: '/my-dashboard/eligibility', figures: 'loan' },
  { name: 'Repayment', path: '/my-dashboard/repayment', figures: 'loan' },
  { name: 'Loan history', path: '/my-dashboard/leads', figures: 'leads' },
] as const;
type Visit = { name: string; path: string; known?: 'loan' | 'leads' };
const VISITS: Visit[] = SCREENS.flatMap((screen) => [
  { name: `${screen.name}, first visit after sign-in`, path: screen.path },
  { name: `${screen.name}, return visit (figures known)`, path: screen.path, known: screen.figures },
]);
const LCP_LIMIT = 1.3;
const PERFORMANCE_FLOOR = 95;

/**
 * One run in a new tab holding the borrower's session, as a tab does after sign-in; the browser's
 * cache emptied first, so every page loads cold, as Lighthouse's own storage reset would leave it.
 * A return visit first opens the page in that tab and waits until the island has kept the figures
 * (as the product does: nothing is written here but the sign-in's keys), then empties the cache.
 */
async function signedInRun(browser: Browser, port: number, origin: string, visit: Visit, who: SignedIn) {
  const { path } = visit;
  const page = await browser.newPage();
  try {
    await page.goto(`${origin}/robots.txt`);
    const session = {
      [SESSION_KEYS.mobile]: who.mobile,
      [SESSION_KEYS.profileId]: who.profileId,
      [SESSION_KEYS.token]: who.token,
      [SESSION_KEYS.nextStep]: who.nextStep,
      [SESSION_KEYS.eligibility]: who.eligibility,
      [SESSION_KEYS.leadId]: String(who.leadId),
    };
    await page.evaluate((values) => {
      for (const [key, value] of Object.entries(values)) sessionStorage.setItem(key, value);
    }, session);
    if (visit.known) {
      await page.goto(`${origin}${path}`);
      await page.waitForFunction(
        (key, part) => {
          const kept = sessionStorage.getItem(key);
          return kept !== null && (JSON.parse(kept) as Record<string, unknown>)[part] !== undefined;
        },
        { timeout: 30_000 },
        SESSION_KEYS.lastFigures,
        visit.known,
      );
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    return await audit(`${origin}${path}`, port, page);
  } finally {
    await page.close();
  }
}

const site = await siteWithFloor(DIST);
const started = Date.now();
const note = machineNote();
const server = await startBenchServer('embedded', 0, undefined, { siteDir: site.dir });
const chromium = await launchChromium();
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromium.port}`, defaultViewport: null });
const targets: Visit[] = [{ name: 'Bare HTML page (floor)', path: FLOOR_PATH }, ...VISITS];
let runs = new Map<string, Run[]>();
try {
  const borrower = await signInDemoBorrower(server.url);
  runs = await rounds(targets, RUNS, (_, visit) => signedInRun(browser, chromium.port, server.url, visit, borrower));
} finally {
  await browser.disconnect();
  await chromium.stop();
  await server.stop();
  await site.remove();
}

const rows = medians(targets, runs);
const table = resultsTable(
  rows,
  (row, floorLcp) => row.scores.performance >= PERFORMANCE_FLOOR && row.lcpMs <= LCP_LIMIT * floorLcp,
);
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
const doc = `# Dashboard benchmark

Measured by \`npm run bench:dashboard\` (scripts/bench/dashboard.ts) on ${new Date().toISOString().slice(0, 10)},
${RUNS >= 3 ? `the median of ${RUNS} runs` : `**${RUNS} run(s) only: a quick check, not the figures**`} per page, in ${minutes} minutes.

- Signed in as the demo borrower (an active loan), through the API; each run opens a new tab holding the
  session as the sign-in card leaves it, with the browser's cache emptied, so every page loads cold.
- Each screen twice: the **first visit after sign-in** (the tab knows no figures: the page asks for them
  and draws the answer) and the **return visit** (the tab opened the screen once and the dashboard kept its
  last known figures, as it does for every borrower; the cache is emptied, then the next load is measured:
  the figures are drawn at once and the answer replaces them). The target applies to the return visit
  (docs/decisions.md, "A dashboard as fast as the site"); the first visit is reported beside it.
- Lighthouse ${lighthouseVersion}, its default configuration: the mobile preset (a mid-range phone's screen, simulated
  slow 4G and 4× CPU slowdown), categories performance, accessibility, best practices and SEO.
- Browser: ${chromium.version}, the full browser of the Chromium build the browser tests drive (tests/support/chromium.ts), headless.
- Server: the project's own server serving a copy of the built site, on loopback; the floor is the same bare
  HTML page the public pages' benchmark uses (docs/benchmarks-lighthouse.md), in the same run.
- Machine: ${note}; ${loadavg()[0]?.toFixed(2)} at the end (1 min): figures taken under load are not final.
- Target (issue 25): LCP at most ${LCP_LIMIT} times the floor's, and performance ${PERFORMANCE_FLOOR} or more.

${table}
`;
await mkdir(OUT_DIR, { recursive: true });
await writeFile(join(OUT_DIR, 'benchmarks-dashboard.md'), doc);
console.log(`\n${table}\n\nWritten to ${join(OUT_DIR, 'benchmarks-dashboard.md')}`);
