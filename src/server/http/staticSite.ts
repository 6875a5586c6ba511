/**
 * Serves the built site the way a CDN would: /about-us from about-us/index.html, the headers of
 * dist/_headers, and dist/404.html with status 404 for anything else.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, posix, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { type HeaderRule, headersForPath, parseHeadersFile } from '../security/headers.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

async function fileAt(path: string) {
  try {
    const info = await stat(path);
    return info.isFile() ? info : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The site path an address names, normalised (no dot segments, one slash between names), or
 * undefined for one the site never links to: an encoded dot, slash or backslash
 * (`/_astro/%2e%2e%2fmy-dashboard/` would otherwise reach a page under the hashed assets' one-year
 * caching), a backslash, a control character, or a dot segment left after decoding.
 */
function sitePath(rawPathname: string): string | undefined {
  if (/%2e|%2f|%5c|\\|%00/i.test(rawPathname)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return undefined;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  const names = decoded.split('/');
  if (names.some((name) => name === '.' || name === '..')) return undefined;
  const path = posix.normalize(`/${decoded}`);
  // Never leave the site folder, whatever the address says.
  return normalize(path).split(sep).includes('..') ? undefined : path;
}

export function staticSite(root: string): MiddlewareHandler {
  let rules: HeaderRule[] | undefined;
  const loadRules = async () => {
    rules ??= parseHeadersFile(await readFile(join(root, '_headers'), 'utf8').catch(() => ''));
    return rules;
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    // The address as the client sent it: the URL parser would already have resolved `.%2e` segments.
    const target = (c.env as { incoming?: { url?: string } } | undefined)?.incoming?.url;
    const pathname = sitePath(target?.split('?')[0] ?? new URL(c.req.url).pathname);
    if (pathname === undefined) return next();
    const relative = pathname.slice(1);
    if (relative.startsWith('_headers')) return next();
    const candidates = extname(relative) ? [relative] : [join(relative, 'index.html'), `${relative}.html`];
    for (const candidate of candidates) {
      const path = join(root, candidate);
      const info = await fileAt(path);
      if (!info) continue;
      // The headers of the path the file was found at, never of the address as given.
      return send(path, info.size, pathname, 200, await loadRules(), c.req.method === 'HEAD');
    }
    return next();
  };

  function send(path: string, size: number, urlPath: string, status: number, headerRules: HeaderRule[], head: boolean) {
    const headers = new Headers(headersForPath(headerRules, urlPath));
    headers.set('Content-Type', TYPES[extname(path)] ?? 'application/octet-stream');
    headers.set('Content-Length', String(size));
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
    const body = head ? null : (Readable.toWeb(createReadStream(path)) as ReadableStream);
    return new Response(body, { status, headers });
  }
}

/** The site's own 404 page with status 404, for addresses nothing else answered. */
export function notFoundPage(root: string) {
  return async (path: string) => {
    const rules = parseHeadersFile(await readFile(join(root, '_headers'), 'utf8').catch(() => ''));
    const html = await readFile(join(root, '404.html')).catch(() => Buffer.from('<h1>Not found</h1>'));
    const headers = new Headers(headersForPath(rules, path));
    headers.set('Content-Type', TYPES['.html'] as string);
    // Not a file: never the one-year caching a rule gives the files of a folder (/_astro/*).
    headers.set('Cache-Control', 'no-store');
    return new Response(html, { status: 404, headers });
  };
}
