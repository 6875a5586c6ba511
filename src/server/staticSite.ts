/**
 * Serves the built site the way a CDN would: /about-us from about-us/index.html, the headers of
 * dist/_headers, and dist/404.html with status 404 for anything else.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { MiddlewareHandler } from 'hono';
import { type HeaderRule, headersForPath, parseHeadersFile } from './securityHeaders.ts';

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

export function staticSite(root: string): MiddlewareHandler {
  let rules: HeaderRule[] | undefined;
  const loadRules = async () => {
    rules ??= parseHeadersFile(await readFile(join(root, '_headers'), 'utf8').catch(() => ''));
    return rules;
  };

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      return next();
    }
    // Never leave the site folder, whatever the address says.
    const relative = normalize(pathname).replace(/^([/\\])+/, '');
    if (relative.split(sep).includes('..') || relative.startsWith('_headers')) return next();
    const candidates = extname(relative) ? [relative] : [join(relative, 'index.html'), `${relative}.html`];
    for (const candidate of candidates) {
      const path = join(root, candidate);
      const info = await fileAt(path);
      if (!info) continue;
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
    return new Response(html, { status: 404, headers });
  };
}
