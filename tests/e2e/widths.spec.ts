/**
 * No sideways scrolling on a phone (issue 14): the states a visitor reaches on the interactive pages
 * (the menu open, the sign-in code step, the contact form's errors, the repay page's amount card,
 * payment-method dialog, sandbox checkout and receipt) fit 320 and 390 px: the page is never wider
 * than the window. Every route as it loads is checked in everyRoute.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { stepper } from '../support/repay.ts';
import { card, latestCode, randomMobile } from '../support/signIn.ts';
import { expectFits } from '../support/widths.ts';
import { borrowerByApi } from './dashboard/support.ts';

const island = (page: Page) => expect(page.locator('astro-island[ssr]')).toHaveCount(0);

test('the phone menu open fits', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 844 });
  await page.goto('/about-us');
  await page.locator('[data-burger]').click();
  await expect(page.locator('[data-burger]')).toHaveAttribute('aria-expanded', 'true');
  await expectFits(page, '/about-us with the menu open');
});

test('sign-in: the code step and an error fit', async ({ page }) => {
  await page.goto('/apply-now');
  await island(page);
  const c = card(page);
  await c.getOtp.click();
  await expect(c.alert.first()).toBeVisible();
  await expectFits(page, '/apply-now with an error');
  await c.mobile.fill(randomMobile());
  await c.consent.check();
  await c.readMore.click();
  await c.getOtp.click();
  await expect(c.box(1)).toBeFocused();
  await expectFits(page, '/apply-now at the code step');
});

test("contact: the form's errors fit", async ({ page }) => {
  await page.goto('/contact');
  const form = page.locator('#contact-form');
  // The form hydrates when it is scrolled into view.
  await form.scrollIntoViewIfNeeded();
  await island(page);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectFits(page, '/contact with errors');
});

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

test('home on a 390 × 844 phone: the headline, the loan range and Apply Now are above the fold', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
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
