/**
 * `npm start`: builds the site when any of its sources is newer than the build, then serves the
 * build (and the API) on one port. Its output is for a person: the build's own log is kept in a file
 * and shown only when the build fails; the slow first-time steps (the build, a new embedded
 * database) say what they are doing and for how long; the server logs plain lines, not JSON.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
const siteDir = process.env.SITE_DIR || 'dist';
const buildMark = join(siteDir, 'index.html');
const buildLog = join('node_modules', '.cache', 'kosh-build.log');

// The JSON log is for production's collectors; here a person reads it.
if (process.env.NODE_ENV !== 'production') process.env.KOSH_LOG_FORMAT ??= 'text';

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

const seconds = (since: number) => `${Math.round((performance.now() - since) / 1000)} s`;

/**
 * A line that says what is going on and for how long: rewritten in place every second on a
 * terminal; elsewhere (a CI log, a pipe) each new stage is printed once.
 */
function progress(title: string) {
  const started = performance.now();
  const live = process.stdout.isTTY === true;
  let stage = '';
  const draw = () => process.stdout.write(`\r\x1b[K${title}${stage ? `: ${stage}` : ''}… ${seconds(started)}`);
  // The first drawing waits a second, so lines printed at once (warnings) are not joined to it.
  const timer = live ? setInterval(draw, 1000) : undefined;
  if (!live) console.log(`${title}…`);
  return {
    stage(next: string) {
      if (next === stage) return;
      stage = next;
      if (live) draw();
      else console.log(`  ${next}`);
    },
    done(summary: string) {
      clearInterval(timer);
      process.stdout.write(live ? `\r\x1b[K${summary} (${seconds(started)})\n` : `${summary} (${seconds(started)})\n`);
    },
    fail() {
      clearInterval(timer);
      if (live) process.stdout.write('\n');
    },
  };
}

/** Astro's build lines that mark a stage, and what the stage is called here. */
const BUILD_STAGES: [RegExp, string][] = [
  [/\[content\]|\[types\]/, 'reading the content'],
  [/Collecting build info|Building static entrypoints/, 'bundling pages and islands'],
  [/generating static routes/, 'writing the pages'],
  [/generating optimized images|Rearranging/, 'finishing'],
];

async function buildSite(firstBuild: boolean): Promise<void> {
  const shown = progress(
    firstBuild
      ? 'Building the site (first start, about 15 s)'
      : 'Sources changed since the last build: building the site',
  );
  const child = spawn(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build', '--outDir', siteDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  let output = '';
  let pages = '';
  const read = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    for (const [pattern, stage] of BUILD_STAGES) if (pattern.test(text)) shown.stage(stage);
    pages = /(\d+) page\(s\) built/.exec(text)?.[1] ?? pages;
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await mkdir(join('node_modules', '.cache'), { recursive: true });
  await writeFile(buildLog, output);
  if (code !== 0) {
    shown.fail();
    // The whole log on failure: that is when its details matter.
    process.stderr.write(output);
    console.error(`\nThe site did not build; the messages are above (also in ${buildLog}).`);
    process.exit(code ?? 1);
  }
  shown.done(`Site built${pages ? `: ${pages} pages` : ''} in ${siteDir}/ (the build's log: ${buildLog})`);
}

const built = (await stat(buildMark).catch(() => undefined))?.mtimeMs ?? 0;
const changed = Math.max(...(await Promise.all(SOURCES.map(newestChange))));
if (changed > built || process.argv.includes('--build')) await buildSite(built === 0);

// A new embedded database is created and migrated on the first start (about 12 s); later starts open it.
const dataDir = process.env.DATA_DIR || 'data';
const newDatabase =
  !process.env.DATABASE_URL && !dataDir.startsWith('memory://') && !existsSync(join(dataDir, 'PG_VERSION'));
const opening = newDatabase
  ? progress(`Creating the embedded database in ${dataDir}/ (first start, about 12 s)`)
  : null;
try {
  await import('../src/server/app/main.ts');
} finally {
  opening?.done('Database ready');
}
