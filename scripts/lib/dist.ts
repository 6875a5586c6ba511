/** Reading the built site in dist/: its pages and the route each one is served at. */
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

export const DIST = 'dist';

export interface BuiltPage {
  route: string;
  file: string;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)])),
  );
  return nested.flat();
}

export async function builtFiles(dist = DIST): Promise<string[]> {
  return walk(dist);
}

/** Every HTML page: dist/about-us/index.html is /about-us, dist/404.html is /404. */
export async function builtPages(dist = DIST): Promise<BuiltPage[]> {
  const files = (await walk(dist)).filter((file) => file.endsWith('.html'));
  return files
    .map((file) => {
      const path = relative(dist, file).split(sep).join('/');
      const route = `/${path.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '')}`;
      return { route, file };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}
