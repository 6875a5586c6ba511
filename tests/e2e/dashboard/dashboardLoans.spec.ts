/**
 * The screens after the application and Pay Now, in a real browser against the real server: loan
 * history, loan details with the payments received, the application preview, the Pay popup and
 * part payments through the Razorpay and PayU sandboxes ending on /thanku. Borrowers get their loan
 * through the real API and the development-only staff route (the ops command line's functions).
 *
 * One test per customer, its states and screens as steps (issue 21): each screen's check was a test of its
 * own, and each test a fresh browser context and page loads (about 1.6 s of CPU however little it
 * checked). The steps load the same pages as before, in the same tab.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import site from '../../../content/site.json' with { type: 'json' };
import { API } from '../../../src/lib/api/paths.ts';
import { formatDate, maskPan } from '../../../src/lib/format.ts';
import { formatPaise } from '../../../src/lib/money.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { expect, test } from '../test.ts';
import { shared } from './sharedCustomers.ts';
import {
  applyByApi,
  borrowerByApi,
  type Customer,
  callAs,
  heading,
  openDashboard,
  registerByApi,
  signAgreementByApi,
  signInByApi,
  staffByApi,
} from './support.ts';
import { moveTo } from './walk.ts';

/** product.md §8, word for word. */
const NO_HISTORY = 'No loan history found.';
const NO_DETAILS = 'No loan details available.';
const NETWORK = 'We could not reach our servers. Please check your internet connection and try again.';
const CANCELLED = 'Payment cancelled. You can try again.';
const TOO_SMALL = 'The amount must be at least ₹1.';
const DECISION = `within ${site.loan.decisionHours} hours`;

const eligibleCustomer = async (request: APIRequestContext) =>
  registerByApi(request, await signInByApi(request), { checkEligibility: true });

// The tests run in order on one worker and share two customers (a loan built through the API costs
// about a second of server CPU): no test changes what a later one reads. The eligible customer applies
// after its readers (the loan details first), and the borrower's part payments come last.
// A test walks several screens and builds its customers through the API: more than the default minute.
test.describe.configure({ mode: 'default', timeout: 180_000 });

/** Eligible, no application. */
const eligible = shared(eligibleCustomer);
/** The eligible customer, then with one application, every step given: under review. */
const applied = shared(async (request) => applyByApi(request, { ...(await eligible(request)) }, 'banking_details'));
/** A disbursed loan, nothing paid until the part payments at the end of the file. */
const disbursed = shared(borrowerByApi);

const row = (scope: Locator, label: string) =>
  scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name: label, exact: true }) });
const cell = (scope: Locator, label: string) => row(scope, label).getByRole('cell');
const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const payDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Payment Method' });
const banner = (page: Page) => page.getByRole('region', { name: 'Outstanding amount' });

/** The total due the server reports now, in paise. */
async function dueOf(request: APIRequestContext, customer: Customer): Promise<number> {
  const profile = await callAs(request, customer, API.getProfile, { profile_id: customer.profileId });
  return Math.round(profile.body.Data.active_loan_details.total_due * 100);
}

async function axeViolations(page: Page, include?: string) {
  const builder = axeScan(page).withTags(WCAG_22_AA);
  if (include) builder.include(include);
  return (await builder.analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

test(`an eligible customer's Loan Details and History before any application ("${NO_DETAILS}", "${NO_HISTORY}"); the application under review: its card opens its details, a failed fetch has Try again, the preview names the credit manager and the decision time, then the loan once paid out`, async ({
  page,
  request,
}) => {
  await test.step(`loan details of a lead that is not the customer's, or none at all: "${NO_DETAILS}"`, async () => {
    // Another customer's lead: the borrower's.
    const other = await disbursed(request);
    const customer = await eligible(request);
    await openDashboard(page, customer, `/my-dashboard/details?lead_id=${other.leadId}`);
    await expect(page.getByText(NO_DETAILS, { exact: true })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await page.goto('/my-dashboard/details');
    await expect(page.getByText(NO_DETAILS, { exact: true })).toBeVisible();
  });

  await test.step(`loan history with no application yet: "${NO_HISTORY}"`, async () => {
    await moveTo(page, '/my-dashboard/leads');
    await expect(heading(page)).toHaveText('Loan History');
    await expect(page.getByText(NO_HISTORY, { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your loans' })).toHaveCount(0);
  });

  const customer = await applied(request);
  await test.step('a card per application; a card opens its details with the lead id in the address, kept on reload', async () => {
    await openDashboard(page, customer, '/my-dashboard/leads');
    const cards = page.getByRole('list', { name: 'Your loans' }).getByRole('link');
    await expect(cards).toHaveCount(1);
    const card = cards.first();
    await expect(card.getByRole('heading')).toHaveText(`Loan application ${customer.leadId}`);
    // The quote's least amount, ₹5,000, with Indian grouping; today's date as DD-MM-YYYY.
    await expect(card).toContainText('Loan amount₹5,000');
    // Every step given: the application is submitted, with our team.
    await expect(card).toContainText('StatusUnder review');
    await expect(card).toContainText(`Applied on${formatDate(new Date())}`);
    await card.click();
    await expect(page).toHaveURL(`/my-dashboard/details?lead_id=${customer.leadId}`);
    await expect(heading(page)).toHaveText('Loan Details');
    await expect(heading(page)).toBeFocused();
    expect(await page.evaluate(() => history.state)).toEqual({ lead_id: customer.leadId });
    // Before a loan is made, no row of what does not exist yet (dashboardPhoneFixes.spec.ts says what shows instead).
    const facts = region(page, `Loan application ${customer.leadId}`);
    await expect(cell(facts, 'Status')).toHaveText('Under review');
    await expect(row(facts, 'Loan number')).toHaveCount(0);
    await expect(row(facts, 'Disbursed on')).toHaveCount(0);
    await page.reload();
    await expect(cell(region(page, `Loan application ${customer.leadId}`), 'Status')).toHaveText('Under review');
    await expect(page.getByText('No payments received yet.')).toBeVisible();
  });

  await test.step('a failed fetch of the loan history shows a plain message and Try again, which loads the list', async () => {
    let fail = true;
    await page.route(`**${API.leadList}`, (route) => (fail ? route.abort('internetdisconnected') : route.continue()));
    await page.goto('/my-dashboard/leads');
    await expect(page.getByRole('alert')).toHaveText(NETWORK);
    fail = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('list', { name: 'Your loans' }).getByRole('link')).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.unroute(`**${API.leadList}`);
  });

  await test.step('the application preview: Application Details, Credit Manager and Application Status; the credit manager assigned at submission', async () => {
    await moveTo(page, '/my-dashboard/lead-preview');
    const application = region(page, 'Application Details');
    await expect(cell(application, 'Application number')).toHaveText(customer.leadId);
    await expect(cell(application, 'Loan amount')).toHaveText('₹5,000');
    await expect(cell(application, 'Employer')).toHaveText('Acme Technologies Pvt Ltd');
    await expect(cell(application, 'Work mode')).toHaveText('Office');
    // Assigned in turn among the credit staff as the application was submitted (issue 22).
    await expect(cell(region(page, 'Credit Manager'), 'Name')).not.toHaveText('NA');
    await expect(cell(region(page, 'Credit Manager'), 'E-mail')).toHaveText(/@kosh\.test$/);
    await expect(cell(region(page, 'Application Status'), 'Status')).toHaveText('Under review');
    await expect(cell(region(page, 'Application Status'), 'Application progress')).toHaveText('100%');
    await expect(banner(page)).toHaveCount(0);
    expect(await axeViolations(page, 'main')).toEqual([]);
  });

  // From dashboardPromises.spec.ts, which built a submitted application of its own for them. The loan made
  // here ends this customer's readers (no later test reads the eligible or the applied customer).
  await test.step('the preview under review: the decision time, no loan rows; once paid out, the loan number and the day', async () => {
    const status = region(page, 'Application Status');
    await expect(status).toContainText('Under review');
    await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);
    // Nothing of a loan that does not exist; the Credit Manager assigned on submission.
    await expect(status.getByRole('rowheader')).toHaveText(['Status', 'Application progress']);
    await expect(region(page, 'Credit Manager').getByRole('rowheader')).toHaveText(['Name', 'Mobile', 'E-mail']);
    // What comes next, with the decision time the home page promises (content/site.json).
    await expect(status).toContainText(`Most applications get a decision ${DECISION}`);
    // No message is sent for every decision (a refusal sends none): the screen says where it shows.
    await expect(status).toContainText(`${DECISION}, and it shows here.`);
    await expect(status).not.toContainText('SMS');
    await expect(region(page, 'Your Key Fact Statements')).not.toContainText('Your loan is made on');

    // Approved and paid out: the loan's facts appear, and the statement the loan is made on.
    await staffByApi(request, customer.leadId, 'approve');
    await signAgreementByApi(request, customer);
    const { loan_no } = await staffByApi(request, customer.leadId, 'disburse');
    await page.reload();
    await expect(row(status, 'Loan number')).toContainText(loan_no as string);
    await expect(row(status, 'Disbursed on')).toContainText(/\d{2}-\d{2}-\d{4}/);
    await expect(region(page, 'Your Key Fact Statements')).toContainText('Your loan is made on Key Fact Statement');
    await expect(status).not.toContainText('Most applications get a decision');
  });
});

test('a disbursed loan: every field of its details, the preview with Pay Now, the Pay popup by keyboard, a cancelled checkout, an amount under ₹1, a refused order, then part payments by Razorpay and PayU', async ({
  page,
  request,
}) => {
  const borrower = await disbursed(request);
  await test.step('loan details: every field of the loan detail, the PAN masked, dates DD-MM-YYYY', async () => {
    await openDashboard(page, borrower, `/my-dashboard/details?lead_id=${borrower.leadId}`);
    const facts = region(page, `Loan ${borrower.loanNo}`);
    // The borrower's own details are folded under the loan's figures (issue 25).
    await facts.locator('summary', { hasText: 'Your details on this application' }).click();
    const today = formatDate(new Date());
    for (const [label, value] of [
      ['Loan number', borrower.loanNo],
      ['Application number', borrower.leadId],
      ['Name', expect.any(String)],
      ['Monthly salary', '₹60,000'],
      ['Loan amount', '₹5,000'],
      ['Tenure', '60 days'],
      ['Purpose', 'Medical'],
      ['Status', 'Disbursed'],
      ['Mobile', borrower.mobile],
      ['E-mail', `asha.${borrower.mobile}@example.in`],
      ['PAN', maskPan(borrower.pan)],
      ['Gender', 'Male'],
      ['Marital status', 'Single'],
      ['City', expect.any(String)],
      ['State', expect.any(String)],
      ['Disbursed on', today],
    ] as const) {
      if (typeof value === 'string') await expect(cell(facts, label), label).toHaveText(value);
      else await expect(cell(facts, label), label).not.toHaveText('NA');
    }
    await expect(cell(facts, 'PAN')).not.toContainText(borrower.pan.slice(2, 9));
    await expect(page.getByText('No payments received yet.')).toBeVisible();
    // The account today, as the repay page shows it: nothing repaid yet, one day's interest.
    await expect(cell(facts, 'Principal outstanding')).toHaveText('₹5,000');
    await expect(cell(facts, 'Total due today')).toHaveText(formatPaise(await dueOf(request, borrower)));
    // On a phone the long e-mail address wraps: nothing scrolls sideways.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 320, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (desktop) await page.setViewportSize(desktop);
  });

  await test.step('the application preview after disbursal: the Credit Manager, the loan number and the outstanding amount with Pay Now', async () => {
    await moveTo(page, '/my-dashboard/lead-preview');
    // A credit member of the development staff (issue 22), assigned at submission.
    await expect(cell(region(page, 'Credit Manager'), 'E-mail')).toHaveText(/@kosh\.test$/);
    await expect(cell(region(page, 'Application Status'), 'Status')).toHaveText('Disbursed');
    await expect(cell(region(page, 'Application Status'), 'Loan number')).toHaveText(borrower.loanNo);
    const due = await dueOf(request, borrower);
    await expect(banner(page)).toContainText(`Outstanding amount on loan ${borrower.loanNo}: ${formatPaise(due)}`);
    await expect(banner(page).getByRole('link', { name: 'Pay Now' })).toHaveAttribute(
      'href',
      '/my-dashboard/repayment',
    );
  });

  await test.step('the Pay popup by keyboard: Razorpay first, focus kept inside, Escape and Cancel close it; no checkout loads', async () => {
    const checkouts: string[] = [];
    const record = (r: { url(): string }) => {
      if (r.url().includes('checkout') || r.url().includes('payu')) checkouts.push(r.url());
    };
    page.on('request', record);
    await moveTo(page, '/my-dashboard/profile-preview');
    // The banner's Pay Now opens the repayment screen (product.md §2: its target).
    await banner(page).getByRole('link', { name: 'Pay Now' }).click();
    await expect(heading(page)).toHaveText('Repayment');
    const payNow = page.getByRole('button', { name: 'Proceed to Pay' });
    await payNow.focus();
    await page.keyboard.press('Enter');
    const dialog = payDialog(page);
    await expect(dialog).toBeVisible();
    const due = await dueOf(request, borrower);
    await expect(dialog).toContainText(`You will pay the whole due of ${formatPaise(due)}.`);
    await expect(dialog.getByRole('button', { name: 'Razorpay' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'PayU' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(payNow).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(payNow).toBeFocused();
    page.off('request', record);
    expect(checkouts).toEqual([]);
    expect(await page.evaluate(() => 'Razorpay' in window)).toBe(false);
  });

  await test.step('the whole due by Razorpay, cancelled: the order names the total due, says so and nothing is paid', async () => {
    const due = await dueOf(request, borrower);
    await moveTo(page, '/my-dashboard/lead-preview');
    await banner(page).getByRole('link', { name: 'Pay Now' }).click();
    const payNow = page.getByRole('button', { name: 'Proceed to Pay' });
    await payNow.click();
    const order = page.waitForRequest((r) => r.url().endsWith(API.razorpayOrder));
    // A second press while the order is asked for is ignored.
    await payDialog(page).getByRole('button', { name: 'Razorpay' }).dblclick();
    const sent = await order;
    // product.md §4: rzp_amount is the total_due (issue 16).
    expect(sent.postDataJSON()).toMatchObject({ lead_id: borrower.leadId, rzp_amount: (due / 100).toFixed(2) });
    expect(sent.headers().authtoken).toBe(borrower.token);
    const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
    await expect(checkout).toContainText(`Amount: ${formatPaise(due)}`);
    await expect(payDialog(page)).toBeHidden();
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: CANCELLED })).toBeVisible();
    await expect(payNow).toBeFocused();
    await expect(payNow).toBeEnabled();
    expect(await dueOf(request, borrower)).toBe(due);
  });

  await test.step(`the repayment screen: under ₹1 is refused with "${TOO_SMALL}" and no popup`, async () => {
    await page.goto('/my-dashboard/repayment');
    const amount = page.getByRole('textbox', { name: 'Amount to pay (₹)' });
    await amount.fill('0.5');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await expect(page.getByText(TOO_SMALL, { exact: true })).toBeVisible();
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toBeFocused();
    await expect(payDialog(page)).toBeHidden();
    // What cannot grow into an amount is not taken.
    await amount.fill('05');
    await expect(amount).toHaveValue('0.5');
  });

  await test.step('a refused order shows the server message with a Retry that asks again', async () => {
    let refuse = true;
    await page.route(`**${API.razorpayOrder}`, (route) =>
      refuse
        ? route.fulfill({
            status: 502,
            contentType: 'application/json',
            body: JSON.stringify({
              Status: 0,
              Message: 'The payment service is not answering just now. Please try again in a minute.',
              error: 'provider_unavailable',
              Data: {},
            }),
          })
        : route.continue(),
    );
    await page.goto('/my-dashboard/repayment');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await payDialog(page).getByRole('button', { name: 'Razorpay' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'The payment service is not answering just now. Please try again in a minute.',
    );
    await expect(payDialog(page)).toBeHidden();
    await expect(page.getByRole('button', { name: 'Proceed to Pay' })).toBeFocused();
    refuse = false;
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('dialog', { name: 'Razorpay (sandbox)' })).toBeVisible();
  });

  await page.unroute(`**${API.razorpayOrder}`);
  await test.step('a Razorpay part payment from the repayment screen: /thanku Thank You, and the details list the payment', async () => {
    const due = await dueOf(request, borrower);
    await openDashboard(page, borrower, '/my-dashboard/repayment');
    await expect(cell(region(page, `Loan ${borrower.loanNo}`), 'Total due today')).toHaveText(formatPaise(due));
    await page.getByRole('textbox', { name: 'Amount to pay (₹)' }).fill('500');
    await expect(page.getByTestId('amount-summary')).toHaveText(
      `A part payment of ₹500; ${formatPaise(due - 50_000)} stays due.`,
    );
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await payDialog(page).getByRole('button', { name: 'Razorpay' }).click();
    const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
    await expect(checkout).toContainText('Amount: ₹500.00');
    await expect(checkout).toContainText(`Loan repayment ${borrower.loanNo}`);
    await checkout.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=pay_\w+$/);
    const txnId = new URL(page.url()).searchParams.get('txnId') as string;
    const result = page.locator('[data-payment-result]');
    await expect(result.getByRole('heading', { name: 'Thank You' })).toBeVisible();
    await expect(result.locator('[data-txn-id]')).toHaveText(txnId);
    await result.getByRole('link', { name: 'Go to dashboard' }).click();
    await page.waitForURL(/\/my-dashboard/);
    expect(await dueOf(request, borrower)).toBe(due - 50_000);

    await page.goto('/my-dashboard/leads');
    await page.getByRole('link', { name: new RegExp(`Loan application ${borrower.leadId}`) }).click();
    const payments = region(page, 'Payments');
    const paid = payments.getByRole('row').filter({ hasText: txnId });
    // Interest to date first, then principal: the allocation the server stored, under the amount.
    await expect(paid.getByRole('cell')).toHaveText([
      formatDate(new Date()),
      /^₹500Applied to interest ₹[\d,.]+, principal ₹[\d,.]+$/,
      'Razorpay',
      txnId,
    ]);
  });

  await test.step('a PayU part payment from the repayment screen: the hosted page, /thanku Thank You, the due lower', async () => {
    const due = await dueOf(request, borrower);
    await page.goto('/my-dashboard/repayment');
    await page.getByRole('textbox', { name: 'Amount to pay (₹)' }).fill('250.50');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const order = page.waitForRequest((r) => r.url().endsWith(API.payuOrder));
    await payDialog(page).getByRole('button', { name: 'PayU' }).click();
    expect((await order).postDataJSON()).toMatchObject({
      amount: '250.50',
      productinfo: `Loan repayment ${borrower.loanNo}`,
      mobile: borrower.mobile,
      udf5: borrower.leadId,
    });
    await expect(page.getByRole('heading', { name: 'PayU (sandbox)' })).toBeVisible();
    await expect(page.locator('body')).toContainText('₹250.50');
    await page.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=\w+$/);
    await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
    expect(await dueOf(request, borrower)).toBe(due - 25_050);
    await page.goto(`/my-dashboard/details?lead_id=${borrower.leadId}`);
    await expect(region(page, 'Payments').getByRole('row').filter({ hasText: 'PayU' })).toContainText('₹250.50');
  });
});
