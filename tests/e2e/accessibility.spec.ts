/**
 * Zero WCAG 2.2 AA violations, and no sideways scrolling at 320 and 390 px, in the sign-in card's
 * states: step 1 with its errors and consent text open, the code step, and a wrong code's error, on one
 * load of /apply-now (the scan and the widths were a test and a load each). The contact form's errors and
 * server message are scanned in contact.spec.ts, home and a city page on a phone in widths.spec.ts, and
 * every route as it loads in everyRoute.spec.ts.
 */
import { axeScan, WCAG_22_AA } from '../support/axe.ts';
import { openCard, randomMobile, requestCode } from '../support/signIn.ts';
import { expectFits } from '../support/widths.ts';
import { expect, test } from './test.ts';

test('the sign-in card: step 1 with its errors and consent text open, step 2, and a wrong code have no violations and fit a phone', async ({
  page,
}) => {
  const c = await openCard(page);
  await c.getOtp.click();
  await expect(c.alert.first()).toBeVisible();
  await expectFits(page, '/apply-now with an error');
  await c.readMore.click();
  await expect(c.alert).toBeVisible();
  let results = await axeScan(page).include('#login-card').withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await requestCode(page, randomMobile());
  await expectFits(page, '/apply-now at the code step');
  await expect(c.status).not.toBeEmpty();
  await page.keyboard.type('12');
  await c.verify.click();
  await expect(c.alert).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    results = await axeScan(page).withTags(WCAG_22_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  }
});
