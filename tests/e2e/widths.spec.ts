/**
 * No sideways scrolling on a phone (issue 14): the states a visitor reaches on the interactive pages
 * (the menu open, the repay page's amount card, payment-method dialog, sandbox checkout and receipt)
 * fit 320 and 390 px: the page is never wider than the window; and what a phone shows of home and a
 * city page (above the fold, the menu, axe), on the same loads. The sign-in card's states are measured
 * on the loads of accessibility.spec.ts, the contact form's errors on contact.spec.ts's. Every route as
 * it loads is checked in everyRoute.spec.ts.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from '../support/axe.ts';
import { stepper } from '../support/repay.ts';
import { latestCode } from '../support/signIn.ts';
import { expectFits } from '../support/widths.ts';
import { borrowerByApi } from './dashboard/support.ts';
import { expect, test } from './test.ts';

const island = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('repay: the amount card, the payment methods, the sandbox checkout and the receipt fit', async ({
  page,
  request,
}) => {
  test.slow();
  const borrower = await borrowerByApi(request);
  await page.goto('/repayloan');
  await island(page);
  const s = stepper(page);
  await s.getOtp.click();
  await expect(s.alert).toBeVisible();
  await expectFits(page, '/repayloan with an error');
  await s.pan.fill(borrower.pan);
  await s.getOtp.click();
  await expect(s.otp).toBeFocused();
  await expectFits(page, '/repayloan at the code step');
  await s.otp.fill(await latestCode(request, borrower.mobile));
  await s.terms.check();
  await s.getAmount.click();
  await expect(s.amount).toBeFocused();
  await expectFits(page, '/repayloan amount card');
  await s.amount.fill('100');
  await s.proceed.click();
  await expect(s.dialog).toBeVisible();
  await expectFits(page, '/repayloan payment-method dialog');
  await s.razorpay.click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
  await expect(checkout).toBeVisible();
  await expectFits(page, '/repayloan Razorpay sandbox checkout');
  await checkout.getByRole('button', { name: 'Pay successfully' }).click();
  await page.waitForURL(/\/thanku\?/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFits(page, '/thanku after a part payment');
});

test('on a phone: home has its headline, loan range and Apply Now above the fold, its menu opens and closes, home and a city page have no axe violations, and the menu open fits 320 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await test.step('home on a 390 × 844 phone: the headline, the loan range and Apply Now are above the fold', async () => {
    const main = page.locator('main');
    for (const [what, element] of [
      ['headline', main.getByRole('heading', { level: 1 })],
      ['loan range', main.getByTestId('loan-range')],
      ['Apply Now', main.getByRole('link', { name: 'Apply Now' }).first()],
    ] as const) {
      await expect(element, what).toBeVisible();
      const box = await element.boundingBox();
      expect(box, what).not.toBeNull();
      expect((box?.y ?? 0) + (box?.height ?? 0), `${what} ends within the first 844 px`).toBeLessThanOrEqual(844);
    }
    await expect(main.getByTestId('loan-range')).toHaveText(/^Borrow ₹[\d,]+ to ₹[\d,]+/);
  });

  await test.step('home on a phone has no axe violations', async () => {
    expect(await axeViolations(page, '/ on a phone')).toEqual([]);
  });

  await test.step('the burger opens and closes the menu', async () => {
    const burger = page.getByRole('button', { name: 'Menu' });
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    await expect(about).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(about).toBeVisible();
    await burger.click();
    await expect(about).toBeHidden();
  });

  await test.step('a city page on a phone has no axe violations', async () => {
    await page.goto('/personal-loan-in-Gurgaon');
    expect(await axeViolations(page, '/personal-loan-in-Gurgaon on a phone')).toEqual([]);
  });

  await test.step('the phone menu open fits', async () => {
    await page.setViewportSize({ width: 320, height: 844 });
    await page.goto('/about-us');
    await page.locator('[data-burger]').click();
    await expect(page.locator('[data-burger]')).toHaveAttribute('aria-expanded', 'true');
    await expectFits(page, '/about-us with the menu open');
  });
});
