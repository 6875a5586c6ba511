/**
 * Every internal link, image and script reference in dist/ resolves to a built file, and every
 * #fragment to an element id on its page. `npm test` runs it after the build.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { builtPages, DIST } from './lib/dist.ts';

const pages = await builtPages();
const ids = new Map<string, Set<string>>();
const html = new Map<string, string>();
for (const page of pages) {
  const text = await readFile(page.file, 'utf8');
  html.set(page.route, text);
  ids.set(page.route, new Set([...text.matchAll(/\sid="([^"]+)"/g)].map(([, id]) => id as string)));
}

function resolves(path: string): boolean {
  const clean = decodeURIComponent(path).replace(/\/$/, '') || '/';
  if (clean === '/') return existsSync(join(DIST, 'index.html'));
  return [clean, join(clean, 'index.html'), `${clean}.html`].some((candidate) => existsSync(join(DIST, candidate)));
}

const broken: string[] = [];
let checked = 0;
for (const [route, text] of html) {
  const references = [
    ...[...text.matchAll(/\s(?:href|src|component-url|renderer-url)="([^"]+)"/g)].map(([, url]) => url as string),
    ...[...text.matchAll(/\ssrcset="([^"]+)"/g)].flatMap(([, set]) =>
      (set as string).split(',').map((candidate) => candidate.trim().split(/\s+/)[0] as string),
    ),
  ];
  for (const reference of references) {
    if (/^(?:[a-z]+:|\/\/)/i.test(reference)) continue; // https:, mailto:, tel:, data: are not ours
    checked += 1;
    const url = new URL(reference, `http://site${route === '/' ? '/' : `${route}/`}`);
    const target = url.pathname.replace(/\/$/, '') || '/';
    if (!resolves(url.pathname)) {
      broken.push(`${route}: ${reference} does not exist`);
      continue;
    }
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && !ids.get(target)?.has(fragment)) broken.push(`${route}: ${reference} has no element #${fragment}`);
  }
}

if (broken.length) {
  console.error(`${broken.length} broken reference(s):\n${broken.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log(`Links: ${checked} internal references on ${pages.length} pages, all resolve.`);
