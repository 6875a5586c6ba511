/**
 * JavaScript budgets over dist/, per route: framework JavaScript (island components, the React
 * renderer and everything they import) and inline scripts, gzip-compressed.
 *
 *   npm run budgets            builds the site (timed), measures, writes docs/budgets.md
 *   npm run budgets -- --check measures the existing dist/ and fails on any budget exceeded
 */
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtPages, DIST } from './lib/dist.ts';

const KB = 1024;
/** Total JavaScript allowed on island pages (issue budgets); every other page gets none. */
const ISLAND_PAGE_BUDGETS: Record<string, number> = {
  '/': 80 * KB,
  '/home': 80 * KB,
  '/apply-now': 80 * KB,
  '/contact': 80 * KB,
  // The repay stepper; the payment providers' checkouts load only when the payer picks one.
  '/repayloan': 85 * KB,
};
const INLINE_BUDGET = 2 * KB;
const BUILD_TIME_BUDGET_MS = 20_000;

const gzipSize = (text: string | Buffer) => gzipSync(text, { level: 9 }).length;

/** A bundle and every module it imports, statically or dynamically, as a set of /_astro paths. */
async function moduleGraph(entry: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const code = await readFile(join(DIST, entry), 'utf8');
  const base = entry.slice(0, entry.lastIndexOf('/') + 1);
  const imports = [...code.matchAll(/(?:import|from)\s*\(?\s*["'](\.{1,2}\/[^"']+\.js)["']/g)];
  for (const [, specifier] of imports) {
    await moduleGraph(new URL(specifier as string, `http://x${base}`).pathname, seen);
  }
  return seen;
}

interface Measure {
  route: string;
  frameworkBytes: number;
  inlineBytes: number;
  budget: number;
  problems: string[];
}

async function measure(): Promise<Measure[]> {
  const results: Measure[] = [];
  for (const page of await builtPages()) {
    const html = await readFile(page.file, 'utf8');
    const external = new Set<string>();
    for (const [, url] of html.matchAll(/(?:component-url|renderer-url|before-hydration-url)="([^"]+)"/g)) {
      if (url) external.add(url);
    }
    for (const [, src] of html.matchAll(/<script[^>]*\ssrc="(\/_astro\/[^"]+)"/g)) if (src) external.add(src);
    const modules = new Set<string>();
    for (const entry of external) for (const path of await moduleGraph(entry)) modules.add(path);
    let frameworkBytes = 0;
    for (const path of modules) frameworkBytes += gzipSize(await readFile(join(DIST, path)));
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
      .map(([, body]) => body ?? '')
      .join('\n');
    const inlineBytes = inline ? gzipSize(inline) : 0;
    const budget = ISLAND_PAGE_BUDGETS[page.route] ?? 0;
    const problems: string[] = [];
    if (budget) {
      // Island pages: one budget for all their JavaScript, inline scripts included.
      const total = frameworkBytes + inlineBytes;
      if (total > budget) problems.push(`JavaScript ${kb(total)} over ${kb(budget)}`);
    } else {
      if (frameworkBytes > 0) problems.push('framework JavaScript on a content page');
      if (inlineBytes > INLINE_BUDGET) problems.push(`inline scripts ${kb(inlineBytes)} over ${kb(INLINE_BUDGET)}`);
    }
    results.push({ route: page.route, frameworkBytes, inlineBytes, budget, problems });
  }
  return results;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function table(results: Measure[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.route} | ${kb(r.frameworkBytes)} | ${kb(r.inlineBytes)} | ${kb(r.frameworkBytes + r.inlineBytes)} | ${r.budget ? `${kb(r.budget)} in all` : 'no framework JS, inline ≤ 2 KB'} | ${r.problems.length ? `over: ${r.problems.join('; ')}` : 'ok'} |`,
  );
  return [
    '| Route | Framework JS (gzip) | Inline scripts (gzip) | All JS (gzip) | Budget | Result |',
    '|---|---:|---:|---:|---|---|',
    ...rows,
  ].join('\n');
}

const check = process.argv.includes('--check');
let buildMs: number | undefined;
if (!check) {
  const started = performance.now();
  const build = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  buildMs = performance.now() - started;
}

const results = await measure();
const report = table(results);
console.log(report);
const failures = results.filter((r) => r.problems.length > 0);

if (!check) {
  const pages = results.length;
  const doc = `# Budgets

Measured by \`npm run budgets\` (scripts/budgets.ts) on ${new Date().toISOString().slice(0, 10)}, on the
project's 2-core development machine. \`npm test\` runs the same measurement with \`--check\`, which fails
when a page is over its budget.

- Site build: **${((buildMs ?? 0) / 1000).toFixed(1)} s** for ${pages} pages (budget ${BUILD_TIME_BUDGET_MS / 1000} s).
- Content pages: no framework JavaScript, inline scripts at most 2 KB gzip.
- Home (\`/\`, \`/home\`) with the calculator island, \`/apply-now\` with the sign-in card and \`/contact\`
  with the contact form: at most 80 KB gzip of JavaScript in all.
- \`/repayloan\` with the repay stepper: at most 85 KB gzip in all; the Razorpay and PayU checkouts
  are loaded only when the payer chooses one, so they are not part of the page.

${report}
`;
  await writeFile('docs/budgets.md', doc);
  console.log(`\nBuild ${((buildMs ?? 0) / 1000).toFixed(1)} s, ${pages} pages; written to docs/budgets.md`);
  if ((buildMs ?? 0) > BUILD_TIME_BUDGET_MS)
    console.warn(`The build took longer than ${BUILD_TIME_BUDGET_MS / 1000} s.`);
}

if (failures.length) {
  console.error(
    `\n${failures.length} page(s) over budget:\n${failures.map((f) => `  ${f.route}: ${f.problems.join('; ')}`).join('\n')}`,
  );
  process.exit(1);
}
