/**
 * What the dashboard says before and around a decision (issue 25, findings 6 and 11): no "NA"
 * placeholders for a loan that does not exist yet, what comes next and when in their place, the
 * application number and the decision time on Congratulations, and the small things of the phone walk:
 * no "?" in the greeting before the name is known, no Apply Now on /apply-now that leads to itself, no
 * focus ring on a heading the router focuses, no failure banner left after a successful retry.
 */
import { expect, type Page, test } from '@playwright/test';
import site from '../../../content/site.json' with { type: 'json' };
import { API } from '../../../src/lib/api/paths.ts';
import { tinyPdf } from '../../api/support/files.ts';
import { REGISTRATION } from '../../support/signIn.ts';
import {
  alert,
  applyByApi,
  type Customer,
  customerInState,
  heading,
  openDashboard,
  registerByApi,
  sidebar,
  signAgreementByApi,
  signInByApi,
  staffByApi,
  storeSession,
} from './support.ts';

test.describe.configure({ timeout: 120_000 });

const DECISION = `within ${site.loan.decisionHours} hours`;

/** An eligible customer whose application is complete and with our team (submitted). */
async function submitted(request: Parameters<typeof signInByApi>[0]) {
  const eligible = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  return applyByApi(request, eligible, 'banking_details');
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const rowHeaders = (page: Page, name: string) => region(page, name).getByRole('rowheader');
const row = (page: Page, panel: string, label: string) =>
  region(page, panel)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

test('lead-preview while applying: no NA rows, what is left to do, the statement not yet a loan', async ({
  page,
  request,
}) => {
  const customer = await customerInState(request, 'documents pending');
  await openDashboard(page, customer, '/my-dashboard/lead-preview');
  await expect(row(page, 'Application Details', 'Application number')).toContainText(String(customer.leadId));
  await expect(region(page, 'Application Status')).toContainText('Applied');
  await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);
  await expect(rowHeaders(page, 'Application Status')).toHaveText(['Status', 'Application progress']);
  await expect(region(page, 'Credit Manager').getByRole('table')).toHaveCount(0);
  await expect(region(page, 'Credit Manager')).toContainText(
    'Your Credit Manager is named here once you send your application to our team.',
  );
  await expect(region(page, 'Application Status')).toContainText('Your application is not finished yet');
  const statements = region(page, 'Your Key Fact Statements');
  await expect(statements).toContainText(
    /Key Fact Statement KFS-\d+, accepted by you, holds the terms of your application/,
  );
  await expect(statements).not.toContainText('Your loan is made on');
});

test('lead-preview under review: the decision time, no loan rows; once paid out, the loan number and the day', async ({
  page,
  request,
}) => {
  const customer = await submitted(request);
  await openDashboard(page, customer, '/my-dashboard/lead-preview');
  await expect(region(page, 'Application Status')).toContainText('Under review');
  await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);
  // Nothing of a loan that does not exist; the Credit Manager assigned on submission.
  await expect(rowHeaders(page, 'Application Status')).toHaveText(['Status', 'Application progress']);
  await expect(rowHeaders(page, 'Credit Manager')).toHaveText(['Name', 'Mobile', 'E-mail']);
  // What comes next, with the decision time the home page promises (content/site.json).
  await expect(region(page, 'Application Status')).toContainText(`Most applications get a decision ${DECISION}`);
  // No message is sent for every decision (a refusal sends none): the screen says where it shows.
  await expect(region(page, 'Application Status')).toContainText(`${DECISION}, and it shows here.`);
  await expect(region(page, 'Application Status')).not.toContainText('SMS');
  await expect(region(page, 'Your Key Fact Statements')).not.toContainText('Your loan is made on');

  // Approved and paid out: the loan's facts appear, and the statement the loan is made on.
  await staffByApi(request, customer.leadId, 'approve');
  await signAgreementByApi(request, customer);
  const { loan_no } = await staffByApi(request, customer.leadId, 'disburse');
  await page.reload();
  await expect(row(page, 'Application Status', 'Loan number')).toContainText(loan_no as string);
  await expect(row(page, 'Application Status', 'Disbursed on')).toContainText(/\d{2}-\d{2}-\d{4}/);
  await expect(region(page, 'Your Key Fact Statements')).toContainText('Your loan is made on Key Fact Statement');
  await expect(region(page, 'Application Status')).not.toContainText('Most applications get a decision');
});

test('Congratulations names the application number and when to expect the decision', async ({ page, request }) => {
  const customer = await submitted(request);
  await openDashboard(page, customer, '/my-dashboard/congratulations');
  await expect(heading(page)).toHaveText('Congratulations');
  await expect(page.getByRole('main')).toContainText(`Your application number is ${customer.leadId}.`);
  await expect(page.getByRole('main')).toContainText(`Most applications get a decision ${DECISION}`);
  await expect(page.getByRole('main')).toContainText(`${DECISION}, and it shows on your loan home.`);
  await expect(page.getByRole('main')).not.toContainText('SMS');
});

test('the greeting says "Hi" while the name loads, never "Hi ?", then "Hi, <name>"', async ({ page, request }) => {
  const customer = await customerInState(request, 'eligible');
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${API.dashboardData}`, async (route) => {
    await held;
    await route.continue();
  });
  await storeSession(page, customer);
  await page.goto('/my-dashboard/');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const greeting = page.getByRole('banner').getByRole('link', { name: /^Hi/ });
  await expect(greeting).toBeVisible();
  // The whole link's text, the avatar's letter included: nothing but "Hi" until the name is known.
  await expect(greeting).toHaveText('Hi');
  release();
  await expect(greeting).toHaveText(/Hi, \S+/);
});

test('/apply-now has no banner Apply Now leading to itself; another page keeps it', async ({ page }) => {
  await page.goto('/apply-now');
  await expect(page.locator('.banner').getByRole('link', { name: 'Apply Now' })).toHaveCount(0);
  await expect(page.locator('#login-card')).toBeVisible();
  await page.goto('/about-us');
  await expect(page.locator('.banner').getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/apply-now');
});

test("a screen's heading focused by the router shows no focus ring, even after a key press", async ({
  page,
  request,
}) => {
  const customer: Customer = await customerInState(request, 'eligible');
  await openDashboard(page, customer, '/my-dashboard/lead-preview');
  const home = sidebar(page).getByRole('link', { name: 'Dashboard', exact: true });
  await home.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-dashboard\/eligibility$/);
  await expect(heading(page)).toBeFocused();
  const outline = await heading(page).evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, visible: el.matches(':focus-visible') };
  });
  expect(outline.style).toBe('none');
});

test('documents: the failure banner goes once the retry succeeds', async ({ page, request }) => {
  const customer = await customerInState(request, 'documents pending');
  await openDashboard(page, customer, '/my-dashboard/adhar-upload');
  await expect(heading(page)).toHaveText('Complete Your KYC');
  const tile = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Salary slip', exact: true }) });
  await page.route(`**${REGISTRATION}`, (route) => route.abort('internetdisconnected'));
  await tile.locator('input[type="file"]:not([capture])').setInputFiles({
    name: 'slip.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf(),
  });
  await expect(alert(page)).toHaveText('An error occurred while uploading documents. Please try again.');
  await page.unroute(`**${REGISTRATION}`);
  await tile.getByRole('button', { name: 'Try again to upload Salary slip' }).click();
  await expect(tile.getByRole('status')).toHaveText(/^Uploaded: slip\.pdf/);
  await expect(alert(page)).toHaveCount(0);
});
