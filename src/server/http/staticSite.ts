/**
 * Serves the built site the way a CDN would: /about-us from about-us/index.html, the headers of
 * dist/_headers, and dist/404.html with status 404 for anything else; text compressed (brotli or
 * gzip, as the client takes), each file once, not on every request.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, posix, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { type HeaderRule, headersForPath, parseHeadersFile } from '../security/headers.ts';
import { chosenEncoding, compressed, type Encoding } from './encoding.ts';

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

/** Types worth compressing (fonts and images are compressed already). */
const TEXT = /^(text\/|application\/(json|xml)|image\/svg)/;
/** Below this a compressed answer saves nothing worth a header (Hono's compress middleware's threshold). */
const COMPRESS_FROM_BYTES = 1024;
/** The compressed copies kept, at most: the whole built site's text is about 3 MB. */
const CACHE_LIMIT_BYTES = 32 * 1024 * 1024;

/**
 * Each file's compressed copies, made on its first request and kept while the file is unchanged (its
 * size and modification time). Compressing on every request cost each page load tens of milliseconds
 * of the server's CPU for the same bytes.
 */
function compressedFiles() {
  const kept = new Map<string, { version: string; bytes: number; copies: Map<Encoding, Promise<Buffer>> }>();
  let keptBytes = 0;
  return (path: string, version: string, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> => {
    let entry = kept.get(path);
    if (!entry || entry.version !== version) {
      if (entry) keptBytes -= entry.bytes;
      // A simple bound: past the limit, start again (a built site never comes near it).
      if (keptBytes > CACHE_LIMIT_BYTES) {
        kept.clear();
        keptBytes = 0;
      }
      entry = { version, bytes: 0, copies: new Map() };
      kept.set(path, entry);
    }
    const current = entry;
    let copy = current.copies.get(encoding);
    if (!copy) {
      copy = readFile(path).then((body) => compressed(body, encoding));
      current.copies.set(encoding, copy);
      copy.then(
        (body) => {
          current.bytes += body.length;
          keptBytes += body.length;
        },
        // A failure is not kept: the next request tries again.
        () => current.copies.delete(encoding),
      );
    }
    return copy;
  };
}

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

  const compressedCopy = compressedFiles();

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
      const headers = new Headers(headersForPath(await loadRules(), pathname));
      const type = TYPES[extname(path)] ?? 'application/octet-stream';
      headers.set('Content-Type', type);
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'public, max-age=0, must-revalidate');
      const head = c.req.method === 'HEAD';
      if (TEXT.test(type) && info.size >= COMPRESS_FROM_BYTES) {
        headers.set('Vary', 'Accept-Encoding');
        const encoding = chosenEncoding(c.req.header('accept-encoding') ?? '');
        if (encoding !== 'identity') {
          const body = await compressedCopy(path, `${info.size}:${info.mtimeMs}`, encoding);
          headers.set('Content-Encoding', encoding);
          headers.set('Content-Length', String(body.length));
          return new Response(head ? null : new Uint8Array(body), { status: 200, headers });
        }
      }
      headers.set('Content-Length', String(info.size));
      const body = head ? null : (Readable.toWeb(createReadStream(path)) as ReadableStream);
      return new Response(body, { status: 200, headers });
    }
    return next();
  };
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
