/**
 * `npm start`: builds the site when any of its sources is newer than the build, then serves the
 * build (and the API) on one port.
 */
import { spawnSync } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const SOURCES = ['src', 'content', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json'];
const BUILD_MARK = 'dist/index.html';

async function newestChange(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestChange(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}

const built = (await stat(BUILD_MARK).catch(() => undefined))?.mtimeMs ?? 0;
const changed = Math.max(...(await Promise.all(SOURCES.map(newestChange))));
if (changed > built || process.argv.includes('--build')) {
  console.log(built ? 'Sources changed since the last build: building the site…' : 'Building the site…');
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('The site did not build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await import('../src/server/main.ts');
