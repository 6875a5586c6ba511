import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { sitemapRoutes } from '../support/routes.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test('every built route has zero WCAG 2.2 AA violations', async ({ page, request }) => {
  test.setTimeout(180_000);
  const routes = [...(await sitemapRoutes(request)), '/home', '/no-such-page'];
  const failures: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    for (const violation of results.violations) {
      failures.push(`${route}: ${violation.id} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`);
    }
  }
  expect(failures).toEqual([]);
});

test('on a phone-sized screen, home and a city page have no violations either', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of ['/', '/personal-loan-in-Gurgaon']) {
    await page.goto(route);
    const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  }
});
