/**
 * Eligibility first (issue 24), in a real browser against the real server: a customer earning ₹18,000
 * a month, paid in cash, hears both reasons at the income step, each on its field and in one notice
 * with what to do, and corrects one; refused at the end, the home says so honestly and the summary
 * opens the step with the mistaken answer, whose correction re-checks. The PAN step's own notice (the
 * income given with the PAN refused at once) is checked on the registration walk's customer
 * (dashboardRegistration.spec.ts), which gives the PAN by hand anyway.
 */
import type { Page } from '@playwright/test';
import { axeViolations } from '../../support/axe.ts';
import { expect, test } from '../test.ts';
import { eventAs, heading, openDashboard, registerByApi, signInByApi, TINY_PNG, yesterday } from './support.ts';

const TOO_LITTLE = 'Our loans need a monthly income of at least ₹25,000.';
const CASH =
  'We need your salary to be paid into a bank account or by cheque; we cannot lend on a salary paid in cash.';

const notice = (page: Page) => page.getByTestId('eligibility-notice');

/** Nothing sideways at 320 px. */
async function fits320(page: Page) {
  const size = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize(size);
}

test('₹18,000 in cash: both reasons at the income step, one corrected; refused, the summary opens the step to correct', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // PAN (with the income), personal details and address given through the API, as a customer would have.
  const customer = await registerByApi(request, await signInByApi(request), { income: 18_000, steps: 3 });
  await openDashboard(page, customer, '/my-dashboard/captur-income-details');
  await expect(heading(page)).toHaveText('Income Details');
  // The income given with the PAN already stops a loan: said before the income step is even sent.
  await expect(notice(page)).toContainText(TOO_LITTLE);

  await page.getByRole('radio', { name: 'Salaried' }).check();
  await expect(page.getByRole('textbox', { name: 'Monthly Income' })).toHaveValue('18000');
  await page.getByLabel('Last Salary Date').fill(yesterday());
  await page.getByRole('radio', { name: 'Cash' }).check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  // Both reasons at once, at the step that gave them: the customer stays to hear them.
  await expect(notice(page).getByRole('listitem')).toHaveCount(2);
  await expect(heading(page)).toHaveText('Income Details');
  await expect(notice(page)).toContainText(TOO_LITTLE);
  await expect(notice(page)).toContainText(CASH);
  await expect(notice(page)).toContainText(
    'If your salary is paid into a bank account or by cheque, correct the mode of salary.',
  );
  await expect(notice(page)).toContainText('otherwise you can apply once you earn ₹25,000 a month');
  // Each on its field, the first one focused.
  const income = page.getByRole('textbox', { name: 'Monthly Income' });
  await expect(income).toHaveAttribute('aria-invalid', 'true');
  await expect(income).toBeFocused();
  await expect(page.getByRole('group', { name: 'Mode of Salary' })).toContainText(CASH);
  // The profile may still be finished: the next step stays open.
  await expect(notice(page).getByRole('link', { name: 'continue to Upload Picture' })).toBeVisible();
  expect(await axeViolations(page, 'income step with two reasons')).toEqual([]);
  await fits320(page);

  // The salary was paid into the bank after all: corrected, the step re-checks and one reason is left.
  await page.getByRole('radio', { name: 'Bank transfer' }).check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(notice(page).getByRole('listitem')).toHaveCount(1);
  await expect(notice(page)).toContainText(TOO_LITTLE);
  await expect(notice(page)).not.toContainText(CASH);
  await expect(page.getByRole('group', { name: 'Mode of Salary' })).not.toContainText(CASH);

  // The selfie, and the check: register_now still decides, and refuses.
  expect(
    (await eventAs(request, customer, 'selfie_upload', { file: TINY_PNG.toString('base64'), file_ext: 'PNG' })).body
      .Status,
  ).toBe(1);
  await page.goto('/my-dashboard/');
  await expect(heading(page)).toHaveText('Profile Registration');
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility Check' });
  await expect(dialog).toContainText(TOO_LITTLE);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.reload();

  // An honest end: no "Your profile is complete", the reason, and what to do with a way to correct it.
  await expect(page.getByRole('heading', { level: 2, name: 'Not eligible for a loan yet' })).toBeVisible();
  await expect(page.getByText('Your profile is complete')).toHaveCount(0);
  await expect(page.getByTestId('eligibility-refusal')).toHaveText(`Not eligible yet: ${TOO_LITTLE}`);
  await expect(notice(page).getByRole('link', { name: 'Correct your monthly income' })).toHaveAttribute(
    'href',
    '/my-dashboard/captur-income-details',
  );
  expect(await axeViolations(page, 'refused home')).toEqual([]);
  await fits320(page);

  // The summary opens the step with the mistaken answer.
  await page.goto('/my-dashboard/profile-summary');
  const card = page.getByRole('link', { name: /Income Details.*Open to correct/ });
  await expect(card).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /Open to correct/ })).toHaveCount(1);
  await card.click();
  await expect(heading(page)).toHaveText('Income Details');
  await income.fill('28000');
  await page.getByRole('button', { name: 'Save and Continue' }).click();

  // Corrected: nothing stops a loan now, the refusal is gone, and the check is offered again.
  await expect(heading(page)).toHaveText('Profile Preview');
  await expect(page.getByText('Your profile is complete. Check whether you are eligible for a loan.')).toBeVisible();
  await expect(notice(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Check Eligibility' })).toBeEnabled();
});
