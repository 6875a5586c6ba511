import type { APIRequestContext } from '@playwright/test';

/** Every public route, read from the built sitemap (so a new city file is tested without a code change). */
export async function sitemapRoutes(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get('/sitemap.xml')).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] as string).pathname);
}
