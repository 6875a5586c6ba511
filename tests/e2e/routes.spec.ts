import { expect, test } from '@playwright/test';
import { sitemapRoutes } from '../support/routes.ts';

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

/** Every route with its head, links and footer checked on one page per part (a page each was 27 browser contexts). */
const PARTS = 3;
const CHECKED = [...EXPECTED, '/home'];
for (let part = 0; part < PARTS; part += 1) {
  test(`every route has its title, description, Apply Now link, breadcrumb and footer, part ${part + 1} of ${PARTS}`, async ({
    page,
  }) => {
    // Soft: one run names every route that misses something.
    for (const route of CHECKED.filter((_, index) => index % PARTS === part)) {
      await test.step(route, async () => {
        const response = await page.goto(route);
        expect.soft(response?.status(), route).toBe(200);
        await expect.soft(page, route).toHaveTitle(/Kosh Credit/);
        await expect.soft(page.locator('meta[name="description"]'), route).toHaveAttribute('content', /.{50,}/);
        await expect.soft(page.locator('link[rel="canonical"]'), route).toHaveAttribute('href', /^https:\/\//);
        await expect.soft(page.locator('meta[property="og:title"]'), route).toHaveAttribute('content', /.+/);
        await expect.soft(page.locator('h1'), route).toHaveCount(1);
        // /apply-now is the page the link goes to: it no longer links to itself (issue 25).
        if (route !== '/apply-now')
          await expect.soft(page.locator('main a[href="/apply-now"]').first(), route).toBeVisible();
        if (route !== '/' && route !== '/home') {
          const crumb = page.getByRole('navigation', { name: 'Breadcrumb' });
          await expect.soft(crumb.getByRole('link', { name: 'Home' }), route).toHaveAttribute('href', '/');
          const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
          expect
            .soft(
              jsonLd.map((text) => JSON.parse(text)['@type']),
              route,
            )
            .toContain('BreadcrumbList');
        }
        const footer = page.locator('footer');
        await expect
          .soft(footer.getByRole('link', { name: 'Apply for Loan' }), route)
          .toHaveAttribute('href', '/apply-now');
        await expect.soft(footer.getByText('5k - 1Lakh'), route).toHaveCount(1);
        await expect.soft(footer.getByText(/© \d{4} Kosh Finvest Private Limited/), route).toBeVisible();
      });
    }
  });
}

test('/home and / are the same page, with / as the canonical address', async ({ page }) => {
  await page.goto('/home');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.koshcredit.example/');
});

test('an unknown address gets the 404 page with status 404 and links home, to apply and to repay, each once', async ({
  page,
}) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.locator('h1')).toContainText(/not found/i);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  // The sentence is said once (issue 14: it was said twice, in the copy and again under it).
  const main = page.locator('main');
  await expect(main.getByText(/does not exist or has moved/)).toHaveCount(1);
  await expect(main.getByRole('link', { name: 'home page', exact: true })).toHaveAttribute('href', '/');
  await expect(main.getByRole('link', { name: 'apply for a loan', exact: true })).toHaveAttribute('href', '/apply-now');
  await expect(main.getByRole('link', { name: 'repayment page', exact: true })).toHaveAttribute('href', '/repayloan');
});

test('robots.txt keeps crawlers out of the dashboard and names the sitemap', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text();
  expect(text).toContain('Disallow: /my-dashboard/');
  expect(text).toContain('Sitemap: https://www.koshcredit.example/sitemap.xml');
});

test('structured data: FinancialService on home, FAQPage with all ten answers on /faq', async ({ page }) => {
  await page.goto('/');
  const home = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  expect(home.find((d) => d['@type'] === 'FinancialService')).toMatchObject({ name: 'Kosh Credit', areaServed: 'IN' });
  await page.goto('/faq');
  const faq = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t));
  const faqPage = faq.find((d) => d['@type'] === 'FAQPage');
  expect(faqPage.mainEntity).toHaveLength(10);
  for (const item of faqPage.mainEntity) expect(item.acceptedAnswer.text).not.toMatch(/\{\{|\]\(/);
});

test('security headers and long caching of hashed assets are served', async ({ page, request }) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain('https://checkout.razorpay.com');
  expect(response.headers()['x-content-type-options']).toBe('nosniff');
  const assets: string[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/_astro/')) assets.push(r.headers()['cache-control'] ?? '');
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  expect(assets.length).toBeGreaterThan(0);
  for (const cacheControl of assets) expect(cacheControl).toContain('immutable');
});

test('no page breaks its own Content-Security-Policy', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') violations.push(message.text());
  });
  for (const route of ['/', '/about-us', '/repayloan', '/faq', '/apply-now', '/contact']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});
