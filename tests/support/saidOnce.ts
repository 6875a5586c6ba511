/**
 * A message said once at every moment (issue 24's deletion queue, issue 25's complaints queue): counts,
 * at every change of the page, the status and alert regions holding a text, and keeps the most seen at
 * once, so a message shown twice for a moment (a form's own status while its list reloads) is caught.
 */
import type { Page } from '@playwright/test';

/** Starts counting the regions (role status or alert) that hold `text`; read the result with mostSaid. */
export async function countSaid(page: Page, text: string): Promise<void> {
  await page.evaluate((wanted) => {
    const count = () =>
      [...document.querySelectorAll('[role="status"], [role="alert"]')].filter((element) =>
        element.textContent?.includes(wanted),
      ).length;
    const seen = window as unknown as { mostSaid: number };
    seen.mostSaid = count();
    new MutationObserver(() => {
      seen.mostSaid = Math.max(seen.mostSaid, count());
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, text);
}

/** The most regions that held the text at once since countSaid. */
export const mostSaid = (page: Page): Promise<number> =>
  page.evaluate(() => (window as unknown as { mostSaid: number }).mostSaid);
