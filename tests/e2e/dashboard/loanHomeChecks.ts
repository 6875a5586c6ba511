/**
 * What the loan home owes in each state on a phone (dashboardLoanHome.spec.ts), kept here so that a
 * state another test reaches anyway is checked there without a customer of its own: the closed loan's
 * home is checked on the loan repaid in dashboardFirstPaint.spec.ts ("stale figures: …").
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { axeViolations } from '../../support/axe.ts';
import { heading } from './support.ts';

export const PHONE = { width: 390, height: 844 };

export const timeline = (page: Page) => page.getByRole('region', { name: 'Where your loan stands' });

/** The state's one action is on the first screen of the phone, without scrolling. */
export async function onFirstScreen(action: Locator) {
  await expect(action).toBeVisible();
  const box = await action.boundingBox();
  expect(box, 'the action has a box').not.toBeNull();
  expect((box?.y ?? Infinity) + (box?.height ?? 0), 'the action ends within the first screen').toBeLessThanOrEqual(
    PHONE.height,
  );
}

/** No sideways scroll at 390 and 320 px, and nothing axe finds, in this state. */
export async function fitsAndAccessible(page: Page, state: string) {
  expect(await axeViolations(page, state)).toEqual([]);
  for (const width of [390, 320]) {
    // Already at 390 px on a phone: measured as it stands, without a resize.
    if (page.viewportSize()?.width !== width) await page.setViewportSize({ width, height: PHONE.height });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${state} at ${width} px`,
    ).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize(PHONE);
}

/**
 * The home of a loan repaid in full, on a phone: the closed loan's card with its no-dues certificate
 * (downloaded) and statement, then Apply again with what may be borrowed; no application shown as
 * begun. Ends on Calculate Your Loan, through Apply again.
 */
export async function closedLoanHome(page: Page, loanNo: string) {
  await expect(heading(page)).toHaveText('Your Loan');
  const card = page.getByRole('region', { name: `Your loan ${loanNo} is closed` });
  await expect(card).toContainText('Your loan is fully repaid and nothing is due on it.');
  await expect(card.getByTestId('closed-loan-figures')).toHaveText(
    /^₹[\d,]+ borrowed, paid out on \d\d-\d\d-\d{4}; ₹[\d,.]+ repaid\.$/,
  );
  // No new application shown as begun: no timeline at "Applied", no Start Loan Application.
  await expect(timeline(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start Loan Application' })).toHaveCount(0);
  const statements = page.getByRole('region', { name: 'Statements' });
  const certificate = statements.getByRole('button', { name: 'Download no-dues certificate (PDF)' });
  await onFirstScreen(certificate);
  const download = page.waitForEvent('download');
  await certificate.click();
  expect((await download).suggestedFilename()).toBe(`no-dues-${loanNo}.pdf`);
  await expect(statements.getByRole('button', { name: 'Download statement (PDF)' })).toBeVisible();
  const again = page.getByRole('link', { name: 'Apply again' });
  await expect(again).toHaveAttribute('href', '/my-dashboard/calculate-loan');
  // What a new application would get today leads Apply again, as on the eligible home.
  await expect(page.getByTestId('loan-offer')).toHaveText(
    /^You can borrow up to ₹[\d,]+ for \d+ to \d+ days, at [\d.]+% a day\.$/,
  );
  await fitsAndAccessible(page, 'closed');
  await again.click();
  await expect(heading(page)).toHaveText('Calculate Your Loan');
}
