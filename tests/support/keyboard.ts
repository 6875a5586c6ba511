import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves the focus with the Tab key alone until `target` has it, as a keyboard user would; fails if
 * it is not reached within `presses` (unreachable by keyboard, or out of the tab order).
 */
export async function tabTo(page: Page, target: Locator, presses = 80): Promise<void> {
  for (let press = 0; press < presses; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `not reached with ${presses} presses of Tab`).toBeFocused({ timeout: 1 });
}
