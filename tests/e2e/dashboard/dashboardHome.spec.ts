/**
 * The dashboard as the loan's home (issue 14), in a real browser against the real server: an active
 * loan shown first with the server's figures (and the previews' banner to the repayment screen), a
 * screen whose code fails to load, and Loan History for a customer with no application (by its
 * address, in the test of a file that fails to load). Tests that only read a customer's screens share
 * the run's customers (./sharedCustomers.ts). Pay Now through the repayment screen for a part or the
 * whole due pays on its borrower: it is the first step of dashboardFirstPaint.spec.ts's "stale
 * figures", whose borrower pays a part anyway. The application's timeline and next step, and the
 * repaid loan's home, are checked with the loan home of each state (dashboardLoanHome.spec.ts);
 * getLeadList's PAN with the first paint of Loan History (dashboardFirstPaint.spec.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { API } from '../../../src/lib/api/paths.ts';
import { formatDate } from '../../../src/lib/format.ts';
import { formatPaise } from '../../../src/lib/money.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { expect, test } from '../test.ts';
import { type Customer, callAs, dashboardReady, heading, openDashboard, sidebar } from './support.ts';
import { moveTo } from './walk.ts';

const SCREEN_FAILED = 'This page could not be loaded. Please check your internet connection and try again.';
const NO_HISTORY = 'No loan history found.';

/** The active loan as the server answers it now (rupees). */
async function activeLoan(request: APIRequestContext, customer: Customer) {
  const profile = await callAs(request, customer, API.getProfile, { profile_id: customer.profileId });
  return profile.body.Data.active_loan_details as {
    loan_no: string;
    repayment_date: string;
    repayment_amount: number;
    total_due: number;
    days_to_due: number;
  };
}

const paise = (rupees: number) => Math.round(rupees * 100);
const loanHome = (page: Page, loanNo: string) => page.getByRole('region', { name: `Your loan ${loanNo}` });
const timeline = (page: Page) => page.getByRole('region', { name: 'Where your loan stands' });
const PHONE = { width: 390, height: 844 };
const payDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Payment Method' });

async function axeViolations(page: Page) {
  const result = await axeScan(page).withTags(WCAG_22_AA).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
}

test.describe('an active loan', () => {
  test('/my-dashboard shows the loan first: the server’s amount due, due date, days left and the amount to close today; Pay Now on a phone’s first screen', async ({
    page,
    request,
    sharedBorrower: borrower,
  }) => {
    // A PDF download, axe on a desktop and a phone and three widths: a long test.
    test.slow();
    const loan = await activeLoan(request, borrower);
    await openDashboard(page, borrower, '/my-dashboard/');
    // For the eligible, Dashboard is the eligibility page (product.md §2), replaced in history.
    await expect(page).toHaveURL(/\/my-dashboard\/eligibility$/);
    await expect(heading(page)).toHaveText('Your Loan');
    const home = loanHome(page, borrower.loanNo);
    await expect(home.getByTestId('amount-due')).toHaveText(formatPaise(paise(loan.repayment_amount)));
    await expect(home.getByTestId('amount-to-close')).toHaveText(formatPaise(paise(loan.total_due)));
    await expect(home).toContainText(`Amount due on ${formatDate(loan.repayment_date)}`);
    expect(loan.days_to_due).toBeGreaterThan(1);
    await expect(home).toContainText(`${loan.days_to_due} days left`);
    // Which to pay, said plainly.
    await expect(home).toContainText(
      `Pay ${formatPaise(paise(loan.repayment_amount))} by ${formatDate(loan.repayment_date)}, or ${formatPaise(paise(loan.total_due))} today to close your loan now.`,
    );
    // The loan comes before anything about applying.
    await expect(page.getByRole('link', { name: /Loan Application$/ })).toHaveCount(0);
    await expect(timeline(page)).toHaveCount(0);
    // The loan's details, its Key Fact Statement and its statement.
    await expect(home.getByRole('link', { name: 'Loan details and payments' })).toHaveAttribute(
      'href',
      `/my-dashboard/details?lead_id=${borrower.leadId}`,
    );
    await expect(home.getByRole('link', { name: 'Key Fact Statement' })).toHaveAttribute(
      'href',
      `/my-dashboard/lead-preview?lead_id=${borrower.leadId}#key-fact-statement`,
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download statement (PDF)' }).click();
    expect((await download).suggestedFilename()).toBe(`statement-${borrower.loanNo}.pdf`);
    expect(await axeViolations(page)).toEqual([]);
    await fitsWidth(page, 320);
    await fitsWidth(page, 390);
    // On a phone: Pay Now ends within the first screen, without scrolling, and axe finds nothing.
    await page.setViewportSize(PHONE);
    const pay = home.getByRole('link', { name: 'Pay Now' });
    await expect(pay).toBeVisible();
    const box = await pay.boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0), 'Pay Now ends within the first screen').toBeLessThanOrEqual(
      PHONE.height,
    );
    expect(await axeViolations(page)).toEqual([]);
    await home.getByRole('link', { name: 'Loan details and payments' }).click();
    await expect(heading(page)).toHaveText('Loan Details');

    await test.step('the profile and application previews: the banner’s Pay Now opens the repayment screen, whose Pay popup offers the two providers', async () => {
      await moveTo(page, '/my-dashboard/profile-preview');
      const banner = page.getByRole('region', { name: 'Outstanding amount' });
      await expect(banner).toContainText(`Outstanding amount on loan ${borrower.loanNo}: ₹`);
      await banner.getByRole('link', { name: 'Pay Now' }).click();
      await expect(heading(page)).toHaveText('Repayment');
      await expect(page.getByRole('textbox', { name: 'Amount to pay (₹)' })).toBeVisible();
      // The Pay popup offers the two providers (the payment itself: the next test, and dashboardLoans.spec.ts).
      await page.getByRole('button', { name: 'Proceed to Pay' }).click();
      await expect(payDialog(page).getByRole('button', { name: /Razorpay|PayU/ })).toHaveCount(2);
      await page.keyboard.press('Escape');
      await expect(payDialog(page)).toBeHidden();
    });
  });
});

test('a screen whose code fails to load: the message and Retry in place of it, the frame still works; Retry loads it', async ({
  page,
  sharedNewCustomer: customer,
}) => {
  await openDashboard(page, customer, '/my-dashboard/');
  let fail = true;
  const fetched: string[] = [];
  // The chunk, at its own address or at a retry's (`?retry=N`).
  await page.route(/\/_astro\/Leads\.[\w-]+\.js(\?.*)?$/, (route) => {
    // The scripts the page imports (GET), not its checks whether the chunk answers (HEAD).
    if (route.request().method() === 'GET') fetched.push(new URL(route.request().url()).search);
    return fail ? route.abort('internetdisconnected') : route.continue();
  });
  await sidebar(page).getByRole('link', { name: 'Loan History' }).click();
  await expect(page.getByRole('alert')).toHaveText(SCREEN_FAILED);
  await expect(heading(page)).toHaveText('Loan History');
  expect(await axeViolations(page)).toEqual([]);
  // The sidebar still moves between screens, and back.
  await sidebar(page).getByRole('link', { name: 'My Account' }).click();
  await expect(heading(page)).toHaveText('Profile Preview');
  await page.goBack();
  await expect(page.getByRole('alert')).toHaveText(SCREEN_FAILED);
  // Still offline: Retry asks again, at a new address, and the message stays (no reload).
  const retried = page.waitForRequest(/\/_astro\/Leads\.[\w-]+\.js\?retry=\d+$/);
  await page.getByRole('button', { name: 'Retry' }).click();
  await retried;
  await expect(page.getByRole('alert')).toHaveText(SCREEN_FAILED);
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText(NO_HISTORY, { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Browsers that keep a failed import of an address get each retry at an address of its own.
  const retries = fetched.filter((search) => search !== '');
  expect(retries).toEqual([...new Set(retries)]);
  expect(retries.length).toBeGreaterThanOrEqual(2);
});

test('a file the screen’s code imports fails to load: Retry loads the screen (by a reload of the page where the browser keeps the failure)', async ({
  page,
  sharedNewCustomer: customer,
}) => {
  await openDashboard(page, customer, '/my-dashboard/');
  let fail = true;
  // loans.*.js: imported by the Loan History chunk, not by the registration home the customer opened.
  await page.route(/\/_astro\/loans\.[\w-]+\.js(\?.*)?$/, (route) =>
    fail ? route.abort('internetdisconnected') : route.continue(),
  );
  await sidebar(page).getByRole('link', { name: 'Loan History' }).click();
  await expect(page.getByRole('alert')).toHaveText(SCREEN_FAILED);
  fail = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/leads$/);
  await expect(heading(page)).toHaveText('Loan History');
  await expect(page.getByText(NO_HISTORY, { exact: true })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await test.step(`Loan History by its address: a new customer (not yet eligible) sees "${NO_HISTORY}", not a bounce to the registration home`, async () => {
    await page.unrouteAll({ behavior: 'wait' });
    await page.goto('/my-dashboard/leads');
    await dashboardReady(page);
    await expect(page).toHaveURL(/\/my-dashboard\/leads$/);
    await expect(heading(page)).toHaveText('Loan History');
    await expect(page.getByText(NO_HISTORY, { exact: true })).toBeVisible();
  });
});
