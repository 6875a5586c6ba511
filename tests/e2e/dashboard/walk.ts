/**
 * Moving between dashboard screens inside the running island, as its links and Back do, for the
 * screen walks, the scans and the guard's test: a page load per screen costs the browser the
 * dashboard's whole code again, which a move does not (a page load of every address is tested in
 * dashboardRoutes.spec.ts).
 */
import { expect, type Page } from '@playwright/test';
import { axeViolations } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import { heading } from './support.ts';

/**
 * Counts the page's requests in flight, so that a walk can wait for a screen's calls to finish after
 * a move inside the island too (Playwright's networkidle only follows page loads).
 */
export function requestsInFlight(page: Page) {
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
export async function settled(page: Page, quiet: () => Promise<void>) {
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
export async function moveTo(page: Page, address: string) {
  // The island follows history once it has drawn its own frame over the page's (main[data-frame]) and
  // run its effects: a move before that is missed.
  await expect(page.locator('main[data-frame]')).toHaveCount(0);
  await page.evaluate(async (to) => {
    // Already there (the screen would not be drawn anew): nothing to do.
    if (`${location.pathname}${location.search}` === to) return;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    document.querySelector('h1')?.setAttribute('data-walked-from', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, address);
  await expect(page.locator('h1:not([data-walked-from])')).toBeVisible();
}

/** The page's violations, once it has loaded; and whether it fits a phone (failures kept with expect.soft). */
export async function violationsAndFits(page: Page, label: string): Promise<string[]> {
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Loading your details…')).toHaveCount(0);
  const found = await axeViolations(page, label);
  await expectFits(page, label);
  return found;
}

/**
 * Moves to a form, presses its button with nothing filled in, and gives the violations of the form
 * showing its errors (and checks it fits a phone).
 */
export async function formWithErrors(page: Page, address: string, button: string, label: string) {
  await moveTo(page, address);
  await page.getByRole('button', { name: button }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  return violationsAndFits(page, label);
}
