/**
 * Moves to a dashboard address inside the running island, as its links and the browser's Back do (the
 * router follows history): no page load, so the browser does not parse and run React and the island
 * again (a page load of every address is tested in dashboardRoutes.spec.ts). The screen is drawn anew
 * for each address, so the heading left behind is marked and the move waits for one that is not.
 * The same move as dashboardEveryScreen.spec.ts's walk.
 */
import { expect, type Page } from '@playwright/test';

export async function moveTo(page: Page, address: string) {
  await page.evaluate((to) => {
    if (`${location.pathname}${location.search}` === to) return;
    document.querySelector('h1')?.setAttribute('data-walked-from', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, address);
  await expect(page.locator('h1:not([data-walked-from])')).toBeVisible();
}
