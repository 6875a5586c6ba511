/**
 * Every dashboard screen a customer may open, once per customer state (registration in progress,
 * eligible before the quote, documents pending, loan active, loan closed): no sideways scrolling at
 * 320 and 390 px (issue 14), and the Key Fact Statement open on an active loan (the forms' errors, the
 * eligibility modal and the phone sidebar are measured where they are scanned, in
 * dashboardAccessibility.spec.ts); and, on the same page loads,
 * zero WCAG 2.2 AA violations on a phone for the registration screens (part-way) and the loan's
 * screens (eligible), with the frame checked on a desktop too. One customer per state, made through
 * the API; each state is a test of its own, so they run in parallel.
 */
import { expect, type Page, test } from '@playwright/test';
import { screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { axeViolations } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import {
  type Customer,
  type CustomerState,
  customerInState,
  heading,
  screenAddress,
  screensOpenTo,
  storeSession,
} from './support.ts';

// Each test builds its customer through the API, then opens every screen, checking it at two widths.
test.describe.configure({ timeout: 180_000 });

/**
 * Counts the page's requests in flight, so that a walk can wait for a screen's calls to finish after
 * a move inside the island too (Playwright's networkidle only follows page loads).
 */
function requestsInFlight(page: Page) {
  let inFlight = 0;
  let changed = Date.now();
  const started = () => {
    inFlight += 1;
    changed = Date.now();
  };
  const ended = () => {
    inFlight -= 1;
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  /** No request in flight for half a second, as networkidle means. */
  return () =>
    expect.poll(() => inFlight <= 0 && Date.now() - changed >= 500, { intervals: [100], timeout: 15_000 }).toBe(true);
}

/** Waits until the screen shows its content, not a loading line. */
async function settled(page: Page, quiet: () => Promise<void>) {
  await expect(heading(page)).toBeVisible();
  // A screen's loading line may only appear after a moment: first let its calls finish.
  await quiet();
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * Opens a dashboard address inside the running island, as its links and the browser's Back do (the
 * router follows history), and waits for the new screen's heading: the screen is drawn anew for each
 * address, so the heading left behind is marked, and the walk waits for one that is not.
 */
async function moveTo(page: Page, address: string) {
  await page.evaluate((to) => {
    // Already there (the screen would not be drawn anew): nothing to do.
    if (`${location.pathname}${location.search}` === to) return;
    document.querySelector('h1')?.setAttribute('data-walked-from', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, address);
  await expect(page.locator('h1:not([data-walked-from])')).toBeVisible();
}

/** Which screens a walk also scans with axe: none, the registration screens, or the loan's (eligibility-gated) ones. */
type Scan = 'none' | 'registration' | 'gated';

/**
 * Opens every screen the customer may open (with the lead, when there is one) and checks it fits;
 * the screens `scan` names are also scanned on a 390 px phone, and then the frame (the sidebar shown)
 * on a desktop, failing with every violation listed. Gives the wait for the page's calls to finish.
 */
async function everyScreen(page: Page, state: CustomerState, customer: Customer, scan: Scan = 'none') {
  await storeSession(page, customer);
  await page.setViewportSize({ width: 390, height: 844 });
  const quiet = requestsInFlight(page);
  const violations: string[] = [];
  // The first screen by a page load; the others inside the island, as a customer moves between them
  // (a page load of each address is tested in dashboardRoutes.spec.ts): a fifth of the browser's work.
  let loaded = false;
  for (const screen of screensOpenTo(customer)) {
    if (loaded) await moveTo(page, screenAddress(customer, screen.slug));
    else await page.goto(screenAddress(customer, screen.slug));
    loaded = true;
    await settled(page, quiet);
    const shown = new URL(page.url()).pathname;
    const where = `${state}: ${screen.slug || 'my-dashboard'}${shown === screenPath(screen.slug) ? '' : ` (shown ${shown})`}`;
    await expectFits(page, where);
    if (scan !== 'none' && (screen.access === 'eligible') === (scan === 'gated')) {
      violations.push(...(await axeViolations(page, `${where} at 390 px`)));
    }
  }
  if (scan !== 'none') {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(screenPath(''));
    await settled(page, quiet);
    violations.push(...(await axeViolations(page, `${state}: the frame on a desktop`)));
  }
  expect(violations).toEqual([]);
  return quiet;
}

test('registration in progress: every screen fits and passes axe', async ({ page, request }) => {
  const state = 'registration in progress';
  await everyScreen(page, state, await customerInState(request, state), 'registration');
});

test('eligible, before the quote: every screen fits and passes axe', async ({ page, request }) => {
  const state = 'eligible';
  await everyScreen(page, state, await customerInState(request, state), 'gated');
});

test('documents pending: every screen fits', async ({ page, request }) => {
  const state = 'documents pending';
  await everyScreen(page, state, await customerInState(request, state));
});

test('loan active: every screen, and the Key Fact Statement open', async ({ page, request }) => {
  const state = 'loan active';
  const borrower = await customerInState(request, state);
  const quiet = await everyScreen(page, state, borrower);
  await moveTo(page, `${screenPath('lead-preview')}?lead_id=${borrower.leadId}`);
  await settled(page, quiet);
  await page
    .getByRole('button', { name: /^View Key Fact Statement KFS-\d+$/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /^Key Fact Statement KFS-\d+$/ })).toBeVisible();
  await expectFits(page, `${state}: lead-preview with the Key Fact Statement open`);
});

test('loan closed: every screen', async ({ page, request }) => {
  const state = 'loan closed';
  await everyScreen(page, state, await customerInState(request, state));
});
