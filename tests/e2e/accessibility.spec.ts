/**
 * Zero WCAG 2.2 AA violations in the public pages' interactive states: the sign-in card's steps and
 * errors, the contact form's errors and server message, and home and a city page on a phone. Every
 * route as it loads is scanned in everyRoute.spec.ts.
 */
import { expect, test } from '@playwright/test';
import { axeScan, WCAG_22_AA } from '../support/axe.ts';
import { openCard, randomMobile, requestCode } from '../support/signIn.ts';

test('on a phone-sized screen, home and a city page have no violations either', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const route of ['/', '/personal-loan-in-Gurgaon']) {
    await page.goto(route);
    const results = await axeScan(page).withTags(WCAG_22_AA).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  }
});

test('the sign-in card: step 1 with its errors and consent text open, and step 2, have no violations', async ({
  page,
}) => {
  const c = await openCard(page);
  await c.readMore.click();
  await c.getOtp.click();
  await expect(c.alert).toBeVisible();
  let results = await axeScan(page).include('#login-card').withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await requestCode(page, randomMobile());
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

test('the contact form showing its errors, and its server message, has no violations', async ({ page }) => {
  await page.goto('/contact');
  const form = page.locator('#contact-form');
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.locator('[aria-invalid="true"]')).toHaveCount(4);
  let results = await axeScan(page).withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.route('/Api/Website/contactUs', (route) =>
    route.fulfill({ status: 429, json: { Status: 0, Message: 'Please try again in an hour.', error: 'x', Data: {} } }),
  );
  await form.getByRole('textbox', { name: 'Name' }).fill('Asha');
  await form.getByRole('textbox', { name: 'Email' }).fill('asha@example.in');
  await form.getByRole('textbox', { name: 'Phone' }).fill('9876543210');
  await form.getByRole('textbox', { name: 'Message' }).fill('Hello');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('alert')).toHaveText('Please try again in an hour.');
  results = await axeScan(page).withTags(WCAG_22_AA).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});
