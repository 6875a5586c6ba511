/**
 * The bank account verified (issue 24; issue 25 finding 11): the IFSC names the bank and fills the
 * branch in, an account held in another name is refused with a message naming the PAN's name on the
 * field, and the corrected account completes the application. Against the real server and its
 * penny-drop sandbox (accounts ending 888 belong to someone else). The form's own checks (required
 * fields, the IFSC's refusal, pasting, the numbers compared) are tests/components/BankDetail.test.tsx's.
 */
import type { Page } from '@playwright/test';
import { API } from '../../../src/lib/api/paths.ts';
import { expect, test } from '../test.ts';
import { alert, applyByApi, callAs, heading, openDashboard, registerByApi, signInByApi } from './support.ts';

// Every test makes its customer through a dozen API calls first.
test.describe.configure({ timeout: 90_000 });

const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });

test('the IFSC fills the branch; an account in another name is refused, and the corrected one goes through', async ({
  page,
  request,
}) => {
  const customer = await applyByApi(
    request,
    await registerByApi(request, await signInByApi(request), { checkEligibility: true }),
    'documents',
  );
  const profile = await callAs(request, customer, API.getProfile, { profile_id: customer.profileId });
  const panName: string = profile.body.Data.full_name;
  await page.setViewportSize({ width: 320, height: 740 });
  await openDashboard(page, customer, '/my-dashboard/bank-detail');
  await expect(heading(page)).toHaveText('Banking Details');

  await field(page, 'Account holder name').fill(panName);
  await field(page, 'IFSC').fill('hdfc0000001');
  await expect(field(page, 'IFSC')).toHaveAccessibleDescription(/Bank: HDFC Bank, branch SANDOZ HOUSE, WORLI/);
  await expect(field(page, 'Branch')).toHaveValue('SANDOZ HOUSE, WORLI');

  await field(page, 'Account number').fill('123456789888');
  await field(page, 'Confirm account number').pressSequentially('123456789888');
  await page.getByLabel('I agree that you may verify this bank account with my bank.').check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  const mismatch = `This account is not in the name on your PAN (${panName}). Please give a savings account held in your own name, or check the account number.`;
  await expect(alert(page).filter({ hasText: mismatch })).toBeVisible();
  await expect(field(page, 'Account number')).toHaveAccessibleDescription(
    new RegExp(mismatch.replace(/[().]/g, '\\$&')),
  );
  await expect(heading(page)).toHaveText('Banking Details');
  // The message fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  await field(page, 'Account number').fill('123456789012');
  await field(page, 'Confirm account number').fill('');
  await field(page, 'Confirm account number').pressSequentially('123456789012');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(heading(page)).toHaveText('Congratulations');
  // The application names the account the loan is paid into, verified with the bank.
  await page.getByRole('link', { name: 'View your application' }).click();
  await expect(page.getByRole('row', { name: /Paid into/ })).toContainText(
    /HDFC Bank account ending 9012, verified with your bank on \d{2}-\d{2}-\d{4}/,
  );
});
