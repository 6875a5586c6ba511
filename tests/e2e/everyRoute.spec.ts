/**
 * Every public route, read from the built sitemap, with the pages a visitor reaches outside it (the
 * old /home, a missing page, the payment result pages): zero WCAG 2.2 AA violations as it loads, and,
 * with every footer group and FAQ answer open (the longest it gets), no sideways scrolling at 320 and
 * 390 px (issue 14). One load per route for both checks; the routes are split into parts that run in
 * parallel.
 */
import { expect, type Page, test } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { sitemapRoutes } from '../support/routes.ts';
import { expectFits } from '../support/widths.ts';

const PARTS = 3;

/** Opens every footer group and FAQ answer: the longest the page gets. */
async function openEverything(page: Page) {
  await page.locator('details:not([open]) > summary').evaluateAll((summaries) => {
    for (const summary of summaries) (summary.parentElement as HTMLDetailsElement).open = true;
  });
}

for (let part = 0; part < PARTS; part += 1) {
  test(`every public route, part ${part + 1} of ${PARTS}: no axe violations, and it fits 320 and 390 px with its details open`, async ({
    page,
    request,
  }) => {
    test.slow();
    const routes = [...(await sitemapRoutes(request)), '/home', '/no-such-page', '/thanku', '/fail'];
    expect(routes.length).toBeGreaterThan(20);
    const violations: string[] = [];
    for (const route of routes.filter((_, index) => index % PARTS === part)) {
      await page.goto(route);
      violations.push(...(await axeViolations(page, route)));
      await openEverything(page);
      await expectFits(page, route);
    }
    expect(violations).toEqual([]);
  });
}
