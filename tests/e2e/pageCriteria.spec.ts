/**
 * Every built public page, as the server sends it, states only the criteria the eligibility policy
 * applies and makes no claim the product does not keep (issue 24; the rules: tests/support/pageClaims.ts,
 * the content files: tests/unit/pageCriteria.test.ts). Read from the sitemap, so a new page is covered.
 */
import { expect, test } from '@playwright/test';
import { formatRupees } from '../../src/lib/money.ts';
import { DEFAULT_POLICY as policy } from '../../src/server/eligibility/policy.ts';
import { ageFigures, forbiddenIn, incomeFloors, visibleText } from '../support/pageClaims.ts';
import { sitemapRoutes } from '../support/routes.ts';

const floor = formatRupees(policy.minMonthlyIncomeRupees);

test('every public page states the policy’s ages and income floor, and no claim the product does not keep', async ({
  request,
}) => {
  const routes = await sitemapRoutes(request);
  // The sign-in page carries the sign-in consent: it must not authorise what nothing does.
  if (!routes.includes('/apply-now')) routes.push('/apply-now');
  expect(routes.length).toBeGreaterThan(20);
  for (const route of routes) {
    const response = await request.get(route);
    expect(response.status(), route).toBe(200);
    const text = visibleText(await response.text());
    expect(forbiddenIn(text), route).toEqual([]);
    for (const { statement, min, max } of ageFigures(text)) {
      expect(min, `${route}: ${statement}`).toBe(policy.minAge);
      if (max !== undefined) expect(max, `${route}: ${statement}`).toBe(policy.maxAge);
    }
    for (const { statement, qualifier, amount } of incomeFloors(text)) {
      expect(amount, `${route}: ${statement}`).toBe(floor);
      expect(['at least', 'minimum', 'minimum of'], `${route}: ${statement}`).toContain(qualifier);
    }
  }
  // The city and FAQ pages state the floor, inclusive, as the policy applies it.
  const faq = visibleText(await (await request.get('/faq')).text());
  expect(faq).toContain(`at least ${floor}`);
  expect(faq).toContain(`aged ${policy.minAge} to ${policy.maxAge}`);
});
