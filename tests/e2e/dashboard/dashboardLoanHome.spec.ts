/**
 * The loan home for every state (issue 25, finding 2 and "A loan home for every state"), in a real
 * browser against the real server, customers made through the API: what each state needs, its one
 * action on the first screen of a 390 × 844 phone, no sideways scroll at 390 and 320 px, axe clean.
 * With each state, where the application's timeline stands. The active loan's home is checked with its
 * figures in dashboardHome.spec.ts ("an active loan"); the closed loan's (closedLoanHome in
 * ./loanHomeChecks.ts) on the loan repaid in dashboardFirstPaint.spec.ts ("stale figures: …"); the
 * overdue state needs the server's clock moved: tests/e2e/clock/dashboardOverdue.spec.ts. Tests that only read a customer's screens share the
 * worker's customers (./sharedCustomers.ts). The eligible customer with no application is the one the
 * first test finds eligible: its home is checked there, without a customer of its own; one applicant's
 * application is under review, refused, and a new one approved (two customers before).
 */
import type { Page } from '@playwright/test';
import site from '../../../content/site.json' with { type: 'json' };
import { formatPercent } from '../../../src/lib/format.ts';
import { axeViolations } from '../../support/axe.ts';
import { expect, test } from '../test.ts';
import { fitsAndAccessible, onFirstScreen, PHONE, timeline } from './loanHomeChecks.ts';
import {
  applyByApi,
  customerInState,
  dashboardReady,
  heading,
  openDashboard,
  registerByApi,
  signInByApi,
  staffByApi,
  storeSession,
} from './support.ts';

test.use({ viewport: PHONE });

const STAGES = ['Applied', 'Documents', 'Under review', 'Approved', 'Disbursed'];

/** The timeline shows the five stages in order, with `current` the one current stage. */
async function expectStage(page: Page, current: string) {
  const items = timeline(page).getByRole('list').getByRole('listitem');
  await expect(items).toHaveCount(STAGES.length);
  for (const [index, stage] of STAGES.entries()) await expect(items.nth(index)).toContainText(stage);
  await expect(timeline(page).locator('[aria-current="step"]')).toHaveCount(1);
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText(current);
}

test('registered, not yet checked: Check Eligibility comes first, above the five step cards; found eligible, the modal stays until Process, which opens the loan home at Applied; with no application yet, that home says so and puts Start Loan Application first', async ({
  page,
  request,
}) => {
  const customer = await registerByApi(request, await signInByApi(request));
  await openDashboard(page, customer, '/my-dashboard/');
  await expect(heading(page)).toHaveText('Profile Registration');
  await onFirstScreen(page.getByRole('button', { name: 'Check Eligibility' }));
  await expect(page.getByTestId('eligibility-refusal')).toHaveCount(0);
  await fitsAndAccessible(page, 'registered');
  // The result gives the amount and the rate: ₹60,000 a month is the 0.5% tier (content/site.json).
  await page.getByRole('checkbox', { name: /get my credit report from a credit bureau/ }).check();
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility Check' });
  const rate = site.loan.rateTiers.find((tier) => 60_000 >= tier.minMonthlyIncomeRupees)?.dailyRatePercent ?? 0;
  await expect(dialog.getByTestId('eligibility-offer')).toHaveText(
    new RegExp(`^You can borrow up to ₹[\\d,]+ at ${formatPercent(rate).replace('.', '\\.')} a day\\.$`),
  );
  expect(await axeViolations(page, 'eligibility result')).toEqual([]);
  await expect(dialog.getByRole('button', { name: 'Process' })).toBeVisible();
  await expect(page).toHaveURL(/\/my-dashboard\/$/);
  await dialog.getByRole('button', { name: 'Process' }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/eligibility$/);
  await expect(heading(page)).toHaveText('Your Loan');
  await expectStage(page, 'Applied');

  // The customer is now eligible with no application: the state's home, opened again by its address.
  await test.step('no application: "You are eligible for a loan", Applied current, and Start Loan Application first', async () => {
    await page.goto('/my-dashboard/');
    await dashboardReady(page);
    // For the eligible, Dashboard is the eligibility page (product.md §2).
    await expect(page).toHaveURL(/\/my-dashboard\/eligibility$/);
    await expect(heading(page)).toHaveText('Your Loan');
    await expectStage(page, 'Applied');
    await expect(page.getByRole('heading', { level: 2, name: 'You are eligible for a loan' })).toBeVisible();
    const start = page.getByRole('link', { name: 'Start Loan Application' });
    await expect(start).toHaveAttribute('href', '/my-dashboard/calculate-loan');
    await onFirstScreen(start);
    await fitsAndAccessible(page, 'no application');
  });
});

test('refused at the eligibility check: the home says why, as the server said it, and offers the check again', async ({
  page,
  request,
}) => {
  // Below the policy's income floor: the server refuses and keeps its reason.
  const customer = await registerByApi(request, await signInByApi(request), { income: 12_000 });
  await openDashboard(page, customer, '/my-dashboard/');
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  const dialog = page.getByRole('dialog', { name: 'Eligibility Check' });
  await expect(dialog).toContainText('Our loans need a monthly income of at least');
  const reason = (await dialog.getByRole('paragraph').textContent()) ?? '';
  await dialog.getByRole('button', { name: 'OK' }).click();
  await page.reload();
  await expect(page.getByTestId('eligibility-refusal')).toHaveText(`Not eligible yet: ${reason}`);
  await onFirstScreen(page.getByRole('button', { name: 'Check Eligibility' }));
  await fitsAndAccessible(page, 'refused eligibility');
});

test('applying, at the documents: Documents current, the next step, the application number, Continue Loan Application first, leading to the documents', async ({
  page,
  sharedApplicant: customer,
}) => {
  await openDashboard(page, customer, '/my-dashboard/');
  await expectStage(page, 'Documents');
  await expect(page.getByRole('heading', { level: 2, name: 'Next: Upload Your Documents' })).toBeVisible();
  await expect(page.getByTestId('application-number')).toHaveText(String(customer.leadId));
  await onFirstScreen(page.getByRole('link', { name: 'Continue Loan Application' }));
  await fitsAndAccessible(page, 'applying');
  // And on a desktop, the sidebar shown.
  await page.setViewportSize({ width: 1280, height: 720 });
  expect(await axeViolations(page, 'applying on a desktop')).toEqual([]);
  await page.getByRole('link', { name: 'Continue Loan Application' }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/adhar-upload$/);
});

test('under review: Under review current, the application number and the decision time; refused application: says so, with its number, and Apply again first; applied again and approved: Approved current, the credit manager', async ({
  page,
  request,
}) => {
  // One customer through three states (two customers before): an application under review, refused,
  // then a new application approved.
  test.slow();
  const customer = await applyByApi(request, await customerInState(request, 'eligible'), 'banking_details');
  await test.step('under review: Under review current, the application number and the decision time', async () => {
    await openDashboard(page, customer, '/my-dashboard/eligibility');
    const review = page.getByRole('heading', { level: 2, name: 'Your loan application is complete' });
    await expect(review).toBeVisible();
    await expectStage(page, 'Under review');
    await expect(page.getByTestId('application-number')).toHaveText(customer.leadId);
    await expect(page.getByText(`decision within ${site.loan.decisionHours} hours`)).toBeVisible();
    // Where the decision shows; no SMS is promised, since not every decision sends one.
    await expect(
      page.getByText(`decision within ${site.loan.decisionHours} hours, and it shows here on your loan home.`),
    ).toBeVisible();
    await onFirstScreen(page.getByRole('link', { name: 'View Your Application' }));
    await fitsAndAccessible(page, 'under review');
  });

  await test.step('refused application: says so, with its number, and Apply again first; no step to do on the old one', async () => {
    await staffByApi(request, customer.leadId, 'reject');
    await page.reload();
    await expect(
      page.getByRole('heading', { level: 2, name: 'We could not approve your last application' }),
    ).toBeVisible();
    await expect(page.getByTestId('application-number')).toHaveText(customer.leadId);
    await expect(page.getByText('You are still eligible and may apply again now')).toBeVisible();
    const applyAgain = page.getByRole('link', { name: 'Apply again' });
    await expect(applyAgain).toHaveAttribute('href', '/my-dashboard/calculate-loan');
    // What a new application would get today leads Apply again, as on the eligible home.
    await expect(page.getByTestId('loan-offer')).toHaveText(
      /^You can borrow up to ₹[\d,]+ for \d+ to \d+ days, at [\d.]+% a day\.$/,
    );
    await onFirstScreen(applyAgain);
    await fitsAndAccessible(page, 'refused application');
  });

  await test.step('applied again and approved: Approved current, the credit manager', async () => {
    const refusedLead = customer.leadId;
    const again = await applyByApi(request, customer, 'banking_details');
    expect(again.leadId).not.toBe(refusedLead);
    await staffByApi(request, again.leadId, 'approve');
    await storeSession(page, again);
    await page.goto('/my-dashboard/eligibility');
    await dashboardReady(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Your loan is approved' })).toBeVisible();
    await expectStage(page, 'Approved');
    // The development route's approval names Neha Rao, as staff name the credit manager.
    await expect(page.getByTestId('credit-manager')).toContainText('Neha Rao');
    await expect(page.getByTestId('application-number')).toHaveText(again.leadId);
    await onFirstScreen(page.getByRole('link', { name: 'View Your Application' }));
    await fitsAndAccessible(page, 'approved');
  });
});
