/**
 * The credit bureau consent at the eligibility check (issue 24), in a real browser against the real server:
 * unticked, the check asks no bureau and the modal says why; ticked by keyboard, the check reads the report
 * and finds the customer eligible; the step fits 320 px and axe finds nothing. Staff then read the report
 * on the application.
 */
import { NO_BUREAU_CONSENT } from '../../../src/lib/consents/bureauCheck.ts';
import { axeViolations } from '../../support/axe.ts';
import { openConsole, staffByApi, submittedApplication } from '../staff/support.ts';
import { expect, test } from '../test.ts';
import { heading, openDashboard, registerByApi, signInByApi } from './support.ts';

const CONSENT = /get my credit report from a credit bureau to decide on my loan/;

test('the consent beside Check Eligibility: none, no bureau and the reason; ticked by keyboard, the decision', async ({
  page,
  request,
}) => {
  const customer = await registerByApi(request, await signInByApi(request));
  await page.setViewportSize({ width: 320, height: 800 });
  await openDashboard(page, customer, '/my-dashboard/');
  await expect(heading(page)).toHaveText('Profile Registration');
  const consent = page.getByRole('checkbox', { name: CONSENT });
  await expect(consent).not.toBeChecked();
  // What the consent covers is read with it.
  await expect(consent).toHaveAccessibleDescription(/TransUnion CIBIL, Experian, Equifax or CRIF High Mark/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(await axeViolations(page, 'the bureau consent')).toEqual([]);

  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility Check' });
  await expect(dialog).toContainText(NO_BUREAU_CONSENT);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(dialog).toBeHidden();

  await consent.focus();
  await page.keyboard.press('Space');
  await expect(consent).toBeChecked();
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  await expect(dialog.getByTestId('eligibility-offer')).toHaveText(/^You can borrow up to ₹60,000 at /);
  await dialog.getByRole('button', { name: 'Process' }).click();
  await expect(heading(page)).toHaveText('Your Loan');
});

test('credit reads the report the decision stood on, on the application', async ({ page, request }) => {
  // A whole application made through the API first, then the console and axe: slow on a shared machine.
  test.slow();
  const customer = await submittedApplication(request);
  const credit = await staffByApi(request, 'credit@kosh.test');
  await openConsole(page, credit, `/staff/application/?lead_id=${customer.leadId}`);
  const report = page.getByRole('region', { name: 'Credit report' });
  await expect(report).toContainText('SANDBOX report SBX-');
  await expect(report.getByRole('definition').first()).toHaveText(/^(7[6-9]\d|8[01]\d)$/);
  await expect(report).toContainText('The full amount the income allows.');
  expect(await axeViolations(page, 'the credit report on the application')).toEqual([]);
});
