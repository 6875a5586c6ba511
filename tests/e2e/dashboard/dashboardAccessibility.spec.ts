/**
 * The dashboard's states that a screen walk does not reach, with zero WCAG 2.2 AA violations and no
 * sideways scrolling at 320 and 390 px on the same page loads: forms showing their errors, the
 * eligibility modal, the phone sidebar, the application's steps. Every screen as it opens is scanned
 * and measured in dashboardEveryScreen.spec.ts.
 */
import { expect, type Page, test } from '@playwright/test';
import { screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { axeViolations } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import { applyByApi, openDashboard, registerByApi, sidebar, signInByApi } from './support.ts';

/** The page's violations, once it has loaded; and whether it fits a phone (failures kept with expect.soft). */
async function violations(page: Page, label: string): Promise<string[]> {
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Loading your details…')).toHaveCount(0);
  const found = await axeViolations(page, label);
  await expectFits(page, label);
  return found;
}

test('the forms showing their errors, the eligibility modal and the open sidebar on a phone have no violations and fit a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await signInByApi(request);
  const failures: string[] = [];
  const forms: [string, string][] = [
    ['pan-details', 'Verify PAN'],
    ['captur-personal-information', 'Save and Continue'],
    ['captur-address', 'Save and Continue'],
    ['captur-income-details', 'Save and Continue'],
    ['upload-picture', 'Continue'],
  ];
  await openDashboard(page, customer);
  for (const [slug, button] of forms) {
    await page.goto(screenPath(slug));
    await page.getByRole('button', { name: button }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    if (slug === 'captur-personal-information') {
      await page.getByRole('combobox', { name: 'Marital Status' }).selectOption('2');
    }
    failures.push(...(await violations(page, `${slug} with errors`)));
  }

  // The check is offered once the profile is complete (issue 25): the five steps by the API first.
  await registerByApi(request, customer);
  await page.goto('/my-dashboard/profile-preview');
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  await expect(page.getByRole('dialog', { name: 'Eligibility Check' })).toBeVisible();
  failures.push(...(await violations(page, 'eligibility modal')));

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/my-dashboard/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(sidebar(page)).toBeVisible();
  failures.push(...(await violations(page, 'phone sidebar')));
  expect(failures).toEqual([]);
});

test('the document and bank screens with their lists and errors, and the end of the application, have no violations and fit a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  await openDashboard(page, await applyByApi(request, customer, 'employment_details'), '/my-dashboard/adhar-upload');
  const failures: string[] = [];
  const forms: [string, string][] = [
    ['adhar-upload', 'Continue'],
    ['pan-upload', 'Continue'],
    ['bank-upload', 'Continue'],
    ['bank-detail', 'Save and Continue'],
  ];
  for (const [slug, button] of forms) {
    await page.goto(screenPath(slug));
    await page.getByRole('button', { name: button }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    failures.push(...(await violations(page, `${slug} with errors`)));
  }
  await page.goto(screenPath('congratulations'));
  failures.push(...(await violations(page, 'congratulations')));
  expect(failures).toEqual([]);
});

test('the loan application: the hub part-way, the quote with its statement and errors, employment with errors: no violations, and each fits a phone', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const failures: string[] = [];
  const eligible = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  await openDashboard(page, eligible, screenPath('calculate-loan'));
  await page.getByRole('button', { name: 'View Key Fact Statement' }).click();
  await page.getByRole('button', { name: 'Accept Loan' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  failures.push(...(await violations(page, 'calculate-loan with the statement and errors')));

  const accepted = await applyByApi(
    request,
    await registerByApi(request, await signInByApi(request), { checkEligibility: true }),
    'loan_quotation_decision',
  );
  await openDashboard(page, accepted, screenPath('eligibility'));
  await expect(page.getByText('Application completed: 25%')).toBeVisible();
  failures.push(...(await violations(page, 'eligibility part-way')));
  await page.goto(screenPath('about-your-company'));
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  failures.push(...(await violations(page, 'about-your-company with errors')));
  expect(failures).toEqual([]);
});
