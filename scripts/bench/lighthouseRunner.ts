/**
 * What the Lighthouse benchmarks share (the public pages: lighthouse.ts; the signed-in dashboard:
 * dashboard.ts): the Chromium they drive, one audited run, the floor page every page is measured
 * against, and the table of medians.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import lighthouse, { type Flags } from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/support/chromium.ts';
import { median } from './report.ts';
import { atStop } from './server.ts';

/** The command line and environment both Lighthouse benchmarks read: the build, the rounds, where to write. */
export function benchOptions() {
  const distIndex = process.argv.indexOf('--dist');
  return {
    dist: resolve(distIndex > 0 ? (process.argv[distIndex + 1] ?? 'dist') : 'dist'),
    runs: Number(process.env.BENCH_RUNS ?? 3),
    outDir: process.env.BENCH_OUT_DIR ?? 'docs',
  };
}

/** One Lighthouse run should take well under this; past it the benchmark stops rather than hang. */
const RUN_TIMEOUT_MS = 180_000;
export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export const FLOOR_PATH = '/bench-floor.html';

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

export interface Run {
  scores: Record<Category, number>;
  lcpMs: number;
  /** Audits that cost points: "category: audit id". */
  lost: string[];
}

/**
 * A copy of the built site with the floor page added (never the site itself); removed by `remove`, or
 * when the benchmark is stopped.
 */
export async function siteWithFloor(dist: string): Promise<{ dir: string; remove(): Promise<void> }> {
  if (!(await stat(join(dist, 'index.html')).catch(() => undefined))) {
    console.error(`No built site in ${dist}: run \`npm run build\` first (or pass --dist <folder>).`);
    process.exit(1);
  }
  const dir = await mkdtemp(join(tmpdir(), 'kosh-lighthouse-site-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const forget = atStop(remove);
  await cp(dist, dir, { recursive: true });
  await writeFile(join(dir, FLOOR_PATH), FLOOR_HTML);
  return {
    dir,
    async remove() {
      forget();
      await remove();
    },
  };
}

/** Chromium with its DevTools port open, as chrome-launcher would start it, with the tests' flags. */
export async function launchChromium(): Promise<{ port: number; version: string; stop(): Promise<void> }> {
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

/** The version of Lighthouse that made the last run. */
export let lighthouseVersion = '?';

/** Lighthouse's own trace errors (NO_NAVSTART, NO_FCP...) that a second try usually does not meet. */
class RuntimeError extends Error {}

/**
 * One Lighthouse run (the mobile preset) of `url` in the browser at `port`, or in `page` (a tab the
 * benchmark prepared: a signed-in session in its storage, which the run then keeps); a run that
 * Lighthouse itself could not record is tried again, twice at most.
 */
export async function audit(url: string, port: number, page?: Page): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, port, page);
    } catch (error) {
      if (!(error instanceof RuntimeError) || attempt === 3) throw error;
      console.log(`${(error as Error).message}: trying again`);
    }
  }
}

async function auditOnce(url: string, port: number, page?: Page): Promise<Run> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, fail) => {
    timer = setTimeout(
      () => fail(new Error(`Lighthouse took over ${RUN_TIMEOUT_MS / 1000} s on ${url}`)),
      RUN_TIMEOUT_MS,
    );
  });
  const flags: Flags = {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    // A prepared tab keeps what the benchmark stored in it (the signed-in session).
    ...(page && { disableStorageReset: true }),
  };
  // Lighthouse's types name its own copy of puppeteer-core's Page: the same package and version.
  const result = await Promise.race([lighthouse(url, flags, undefined, page as never), timeout]).finally(() =>
    clearTimeout(timer),
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
  lighthouseVersion = lhr.lighthouseVersion;
  // BENCH_REPORTS_DIR=<folder>: each run's whole Lighthouse result, to see what its LCP was made of.
  if (process.env.BENCH_REPORTS_DIR) {
    await mkdir(process.env.BENCH_REPORTS_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '-')}-${Date.now()}.json`;
    await writeFile(join(process.env.BENCH_REPORTS_DIR, name), JSON.stringify(lhr));
  }
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

export interface Target {
  /** Unique among the targets: the runs are kept by name (a path may be measured in two states). */
  name: string;
  path: string;
}

export interface Row extends Target {
  scores: Record<Category, number>;
  lcpMs: number;
  lost: string[];
}

/**
 * Every target `runs` times, round by round (every page once per round, so a slower moment of the
 * machine falls on all alike), after one uncounted run of the first (a new browser pays for starting up).
 */
export async function rounds<T extends Target>(
  targets: T[],
  runs: number,
  runOne: (path: string, target: T) => Promise<Run>,
) {
  const results = new Map<string, Run[]>(targets.map((t) => [t.name, []]));
  if (targets[0]) await runOne(targets[0].path, targets[0]);
  for (let round = 1; round <= runs; round += 1) {
    for (const target of targets) {
      const run = await runOne(target.path, target);
      results.get(target.name)?.push(run);
      console.log(
        `run ${round}/${runs} ${target.name} ${target.path}: ${CATEGORIES.map((c) => run.scores[c]).join(' / ')}, LCP ${Math.round(run.lcpMs)} ms`,
      );
    }
  }
  return results;
}

/** The median of each target's runs; the first target is the floor. */
export function medians(targets: Target[], runs: Map<string, Run[]>): Row[] {
  return targets.map((target) => {
    const list = runs.get(target.name) ?? [];
    const scores = {} as Record<Category, number>;
    for (const id of CATEGORIES) scores[id] = median(list.map((r) => r.scores[id]));
    return {
      ...target,
      scores,
      lcpMs: median(list.map((r) => r.lcpMs)),
      lost: [...new Set(list.flatMap((r) => r.lost))].sort(),
    };
  });
}

/** The results table: each row's scores, LCP and LCP ÷ the floor's (the first row), and whether it meets `meets`. */
export function resultsTable(rows: Row[], meets: (row: Row, floorLcp: number) => boolean): string {
  const floorLcp = rows[0]?.lcpMs ?? Number.NaN;
  return [
    '| Page | Performance | Accessibility | Best practices | SEO | LCP (ms) | LCP ÷ floor | Target met | Audits that cost points (any run) |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows.map(
      (r, index) =>
        `| ${r.name} \`${r.path}\` | ${CATEGORIES.map((id) => r.scores[id]).join(' | ')} | ${Math.round(r.lcpMs)} | ${index === 0 ? '1.00 (floor)' : (r.lcpMs / floorLcp).toFixed(2)} | ${meets(r, floorLcp) ? 'yes' : 'no'} | ${r.lost.join(', ') || 'none'} |`,
    ),
  ].join('\n');
}
