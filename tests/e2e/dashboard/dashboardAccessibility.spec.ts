/**
 * The dashboard's states that a screen walk does not reach, with zero WCAG 2.2 AA violations and no
 * sideways scrolling at 320 and 390 px on the same page: registration's forms showing their errors,
 * the eligibility modal, the phone sidebar. Every screen as it opens is scanned and measured in
 * dashboardEveryScreen.spec.ts, which also scans, on its walks' customers, the loan application's
 * states: the quote with its statement and errors, the hub part-way, employment, document and bank
 * forms with their errors and the end of the application.
 */
import { screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { expect, test } from '../test.ts';
import { openDashboard, registerByApi, sidebar, signInByApi } from './support.ts';
import { moveTo, violationsAndFits } from './walk.ts';

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
    await moveTo(page, screenPath(slug));
    await page.getByRole('button', { name: button }).click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    if (slug === 'captur-personal-information') {
      await page.getByRole('combobox', { name: 'Marital Status' }).selectOption('2');
    }
    failures.push(...(await violationsAndFits(page, `${slug} with errors`)));
  }

  // The check is offered once the profile is complete (issue 25): the five steps by the API first,
  // so a page load, for the island to read the profile anew.
  await registerByApi(request, customer);
  await page.goto('/my-dashboard/profile-preview');
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  await expect(page.getByRole('dialog', { name: 'Eligibility Check' })).toBeVisible();
  failures.push(...(await violationsAndFits(page, 'eligibility modal')));

  await page.setViewportSize({ width: 390, height: 844 });
  await moveTo(page, '/my-dashboard/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(sidebar(page)).toBeVisible();
  failures.push(...(await violationsAndFits(page, 'phone sidebar')));
  expect(failures).toEqual([]);
});
