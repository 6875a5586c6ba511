/**
 * Every public route, read from the built sitemap, with the pages a visitor reaches outside it (the
 * old /home, a missing page, the payment result pages), each loaded once for everything checked of
 * every page: its head, links, breadcrumb and footer; zero WCAG 2.2 AA violations as it loads; no
 * error in the console once it has settled (a broken Content-Security-Policy says so there); and, with
 * every footer group and FAQ answer open (the longest it gets), no sideways scrolling at 320 and 390 px
 * (issue 14). /home's canonical address and the missing page's 404 are read on the same loads. The
 * routes are split into parts that run in parallel (a context and a load per route and per check was
 * 27 contexts for the heads alone, and each route loaded again for the scans).
 */
import type { Page, Response } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { sitemapRoutes } from '../support/routes.ts';
import { expectFits } from '../support/widths.ts';
import { expect, test } from './test.ts';

const PARTS = 3;

/** Opens every footer group and FAQ answer: the longest the page gets. */
async function openEverything(page: Page) {
  await page.locator('details:not([open]) > summary').evaluateAll((summaries) => {
    for (const summary of summaries) (summary.parentElement as HTMLDetailsElement).open = true;
  });
}

/** What every public route has: its title, description, Apply Now link, breadcrumb and footer. */
async function expectHead(page: Page, route: string, response: Response | null) {
  // Soft: one run names every route that misses something.
  expect.soft(response?.status(), route).toBe(200);
  await expect.soft(page, route).toHaveTitle(/Kosh Credit/);
  await expect.soft(page.locator('meta[name="description"]'), route).toHaveAttribute('content', /.{50,}/);
  await expect.soft(page.locator('link[rel="canonical"]'), route).toHaveAttribute('href', /^https:\/\//);
  await expect.soft(page.locator('meta[property="og:title"]'), route).toHaveAttribute('content', /.+/);
  await expect.soft(page.locator('h1'), route).toHaveCount(1);
  // /apply-now is the page the link goes to: it no longer links to itself (issue 25).
  if (route !== '/apply-now') await expect.soft(page.locator('main a[href="/apply-now"]').first(), route).toBeVisible();
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
  await expect.soft(footer.getByRole('link', { name: 'Apply for Loan' }), route).toHaveAttribute('href', '/apply-now');
  await expect.soft(footer.getByText('5k - 1Lakh'), route).toHaveCount(1);
  await expect.soft(footer.getByText(/© \d{4} Kosh Finvest Private Limited/), route).toBeVisible();
}

/** The pages with something of their own to check on the same load. */
const OWN: Record<string, (page: Page, response: Response | null) => Promise<void>> = {
  '/home': async (page) => {
    // /home and / are the same page, with / as the canonical address.
    await expect.soft(page.locator('link[rel="canonical"]')).toHaveAttribute('href', 'https://www.koshcredit.example/');
  },
  '/no-such-page': async (page, response) => {
    // An unknown address gets the 404 page with status 404 and links home, to apply and to repay, each once.
    expect.soft(response?.status()).toBe(404);
    await expect.soft(page.locator('h1')).toContainText(/not found/i);
    await expect.soft(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // The sentence is said once (issue 14: it was said twice, in the copy and again under it).
    const main = page.locator('main');
    await expect.soft(main.getByText(/does not exist or has moved/)).toHaveCount(1);
    await expect.soft(main.getByRole('link', { name: 'home page', exact: true })).toHaveAttribute('href', '/');
    await expect
      .soft(main.getByRole('link', { name: 'apply for a loan', exact: true }))
      .toHaveAttribute('href', '/apply-now');
    await expect
      .soft(main.getByRole('link', { name: 'repayment page', exact: true }))
      .toHaveAttribute('href', '/repayloan');
  },
};

for (let part = 0; part < PARTS; part += 1) {
  test(`every public route, part ${part + 1} of ${PARTS}: its head, links and footer, no axe violations, no console errors, and it fits 320 and 390 px with its details open`, async ({
    page,
    request,
  }) => {
    test.slow();
    const sitemap = await sitemapRoutes(request);
    const routes = [...sitemap, '/home', '/no-such-page', '/thanku', '/fail'];
    expect(routes.length).toBeGreaterThan(20);
    const violations: string[] = [];
    const consoleErrors: string[] = [];
    let current = '';
    page.on('console', (message) => {
      if (current && message.type() === 'error') consoleErrors.push(`${current}: ${message.text()}`);
    });
    for (const route of routes.filter((_, index) => index % PARTS === part)) {
      await test.step(route, async () => {
        // The missing page's own 404 and the result pages' calls without a payment are errors on purpose.
        const public_ = sitemap.includes(route) || route === '/home';
        current = public_ ? route : '';
        const response = await page.goto(route);
        if (public_) await expectHead(page, route, response);
        await OWN[route]?.(page, response);
        violations.push(...(await axeViolations(page, route)));
        // Whatever the page loads late (islands, lazy images) has loaded, and said so if its CSP refused it.
        await page.waitForLoadState('networkidle');
        current = '';
        await openEverything(page);
        await expectFits(page, route);
      });
    }
    expect(violations).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}
