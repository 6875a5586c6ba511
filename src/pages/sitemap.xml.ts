import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';

// Every public page; the dashboard and the payment result pages are not for search engines.
const FIXED = ['/', '/about-us', '/services', '/contact', '/apply-now', '/repayloan', '/faq'];

export const GET: APIRoute = async ({ site }) => {
  const routed = await Promise.all(
    (['cities', 'loans', 'features', 'legal'] as const).map(async (name) =>
      (await getCollection(name)).map((entry) => entry.data.route),
    ),
  );
  const urls = [...FIXED, ...routed.flat()].map((path) => new URL(path, site).href);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `  <url><loc>${url}</loc></url>`)
    .join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml' } });
};
