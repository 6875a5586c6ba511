/**
 * Every built public page, as the server sends it, states only the criteria the eligibility policy
 * applies, makes the claims the product keeps as it keeps them and none it does not keep, and every
 * description of how to apply gives the product's steps in its order (issue 24; the rules:
 * tests/support/pageClaims.ts, the content files: tests/unit/pageCriteria.test.ts). Read from the
 * sitemap, so a new page is covered.
 */
import { readdirSync } from 'node:fs';
import { formatRupees } from '../../src/lib/money.ts';
import { DEFAULT_POLICY as policy } from '../../src/server/eligibility/policy.ts';
import { ageFigures, forbiddenIn, incomeFloors, processProblems, visibleText } from '../support/pageClaims.ts';
import { sitemapRoutes } from '../support/routes.ts';
import { expect, test } from './test.ts';

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

/** The HTML from an element's opening (found by a marker) to the end the part ends at. */
function part(html: string, marker: string, end: RegExp): string | undefined {
  const start = html.indexOf(marker);
  if (start < 0) return undefined;
  const rest = html.slice(start + marker.length);
  const stop = rest.search(end);
  return stop < 0 ? rest : rest.slice(0, stop);
}

test('every description of how to apply, as built, gives the steps the product takes, in its order', async ({
  request,
}) => {
  const routes = await sitemapRoutes(request);
  const descriptions: [string, string][] = [];
  for (const route of routes) {
    const html = await (await request.get(route)).text();
    // A city page's "Apply online in …" list (src/components/CityPage.astro).
    const steps = part(html, 'id="apply-steps"', /<\/ol>/);
    if (steps) descriptions.push([`${route} apply steps`, steps]);
  }
  const cities = readdirSync(new URL('../../content/cities/', import.meta.url)).filter((f) => f.endsWith('.md'));
  expect(descriptions.length, 'every city page has its apply steps').toBe(cities.length);
  for (const [route, marker, end] of [
    ['/instant-loan', 'id="how-it-works"', /<h2[\s>]/],
    ['/short-term-loan', 'id="simple-to-apply"', /<h2[\s>]/],
    ['/termsandconditions', 'id="applying-for-a-loan"', /<h2[\s>]/],
    ['/faq', 'How fast will I get the money?</summary>', /<\/details>/],
  ] as const) {
    const found = part(await (await request.get(route)).text(), marker, end);
    expect(found, `${route}: ${marker}`).toBeDefined();
    descriptions.push([route, found ?? '']);
  }
  for (const [where, html] of descriptions) expect(processProblems(visibleText(html)), where).toEqual([]);
});
