/**
 * What the site serves that needs no browser: the sitemap's routes, robots.txt, the structured data in the
 * built pages and the headers. Every route's head, links, footer, the /home canonical address and the
 * 404 page are checked on the loads of tests/e2e/everyRoute.spec.ts, with its scans, and its console's
 * errors there are where a page breaking its own Content-Security-Policy shows (each was a load of its own).
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { sitemapRoutes } from '../support/routes.ts';
import { expect, test } from './test.ts';

/** The JSON-LD blocks of a page as built (no script runs to write them). */
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] as string),
  );

const EXPECTED = [
  '/',
  '/about-us',
  '/services',
  '/contact',
  '/apply-now',
  '/repayloan',
  '/faq',
  '/rateandterms',
  '/privacypolicy',
  '/termsandconditions',
  '/instant-loan',
  '/short-term-loan',
  '/debt-consolidation-loan',
  '/flexibility',
  '/minimalcommitment',
  '/costeffective',
  '/instant-personal-loan-online-in-hyderabad',
  '/loan-agency-in-mumbai',
  '/advance-loans-Online-in-Bangalore',
  '/Instant-Personal-Loan-for-Salaried-in-Delhi',
  '/personal-loan-in-Gurgaon',
  '/Personal-loan-in-Noida',
  '/personal-loan-in-faridabad',
  '/Instant-Personal-Loan-in-Ghaziabad',
  '/personal-loan-in-ahmedabad',
  '/personal-loan-in-greater-noida',
];

test('the sitemap lists every public route of the specification and no dashboard route', async ({ request }) => {
  const routes = await sitemapRoutes(request);
  expect([...routes].sort()).toEqual([...EXPECTED].sort());
});

test('robots.txt keeps crawlers out of the dashboard and names the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('Disallow: /my-dashboard/');
  expect(text).toContain('Sitemap: https://www.koshcredit.example/sitemap.xml');
});

test('structured data: FinancialService on home, FAQPage with all ten answers on /faq', async ({ request }) => {
  const home = jsonLd(await (await request.get('/')).text());
  expect(home.find((d) => d['@type'] === 'FinancialService')).toMatchObject({ name: 'Kosh Credit', areaServed: 'IN' });
  const faq = jsonLd(await (await request.get('/faq')).text());
  const faqPage = faq.find((d) => d['@type'] === 'FAQPage');
  expect(faqPage.mainEntity).toHaveLength(10);
  for (const item of faqPage.mainEntity) expect(item.acceptedAnswer.text).not.toMatch(/\{\{|\]\(/);
});

test('security headers, and long caching of every hashed asset of the build, are served', async ({ request }) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('https://checkout.razorpay.com');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  // Every file under /_astro/ (each page loads some of them; the islands load more as they need them).
  const assets = readdirSync(join(process.env.E2E_SITE_DIR ?? 'dist', '_astro'), {
    recursive: true,
    withFileTypes: true,
  })
    .filter((entry) => entry.isFile())
    .map((entry) => `/${relative(process.env.E2E_SITE_DIR ?? 'dist', join(entry.parentPath, entry.name))}`);
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) {
    const answer = await request.get(asset);
    expect(answer.status(), asset).toBe(200);
    expect(answer.headers()['cache-control'] ?? '', asset).toContain('immutable');
  }
});
