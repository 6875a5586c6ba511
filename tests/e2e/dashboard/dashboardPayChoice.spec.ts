/**
 * The dashboard's repayment screen pays without guesswork (issue 25, findings 3 and 8): quick amounts
 * from the server's figures ("Close today", "Pay the due" when it differs, "Another amount"), and
 * the Pay popup's recommended provider, with PayU offered at once when Razorpay's checkout does not load.
 * One borrower and one test, its three cases as steps (issue 21): each was a test of its own with its own
 * borrower (about a second of server CPU) and browser context; no step pays, so each reads the same loan.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { API } from '../../../src/lib/api/paths.ts';
import { formatPaise } from '../../../src/lib/money.ts';
import { expect, test } from '../test.ts';
import { borrowerByApi, type Customer, callAs, heading, openDashboard } from './support.ts';

const SDK_FAILED = 'Razorpay SDK failed to load. Are you online?';
const payDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Payment Method' });

async function loanOf(request: APIRequestContext, customer: Customer) {
  const profile = await callAs(request, customer, API.getProfile, { profile_id: customer.profileId });
  return profile.body.Data.active_loan_details as { total_due: number; repayment_amount: number };
}

test('the repayment screen\'s amounts and providers: "Close today", "Pay the due" when it differs, "Another amount"; PayU when Razorpay\'s checkout does not load', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const borrower = await borrowerByApi(request);
  const loan = await loanOf(request, borrower);
  const due = Math.round(loan.total_due * 100);

  await test.step('"Close today" is the total due and chosen; "Pay the due" only when it differs; "Another amount" is the field', async () => {
    await openDashboard(page, borrower, '/my-dashboard/repayment');
    await expect(heading(page)).toHaveText('Repayment');
    const closeToday = page.getByRole('radio', { name: `Close today ${formatPaise(due)}` });
    await expect(closeToday).toBeChecked();
    // Before the repayment date the scheduled due is more than what closes the loan today: no second figure.
    expect(loan.repayment_amount).toBeGreaterThan(loan.total_due);
    await expect(page.getByRole('radio', { name: /^Pay the due/ })).toHaveCount(0);
    await expect(page.getByText('enter more than the total due')).toHaveCount(0);
    const field = page.getByRole('textbox', { name: 'Amount to pay (₹)' });
    await page.getByRole('radio', { name: 'Another amount' }).check();
    await expect(field).toBeFocused();
    await field.fill('750.25');
    await expect(page.getByTestId('amount-summary')).toHaveText(
      `A part payment of ₹750.25; ${formatPaise(due - 75_025)} stays due.`,
    );
    await closeToday.check();
    await expect(field).toHaveValue('');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const order = page.waitForRequest((r) => r.url().endsWith(API.razorpayOrder));
    await payDialog(page).getByRole('button', { name: 'Razorpay' }).click();
    expect((await order).postDataJSON()).toMatchObject({ rzp_amount: (due / 100).toFixed(2) });
    await page.getByRole('dialog', { name: 'Razorpay (sandbox)' }).getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('"Pay the due ₹Y" when the server\'s due is less than the close-today figure: the order asks for it', async () => {
    // The server's answer as it reads once the repayment date has passed with charges: the due is less.
    const scheduled = due - 100_050;
    await page.route(`**${API.getProfile}`, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body.Data?.active_loan_details) body.Data.active_loan_details.repayment_amount = scheduled / 100;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/my-dashboard/repayment');
    const payDue = page.getByRole('radio', { name: `Pay the due ${formatPaise(scheduled)}` });
    await payDue.check();
    await expect(page.getByTestId('amount-summary')).toHaveText(
      `A part payment of ${formatPaise(scheduled)}; ₹1,000.50 stays due.`,
    );
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const order = page.waitForRequest((r) => r.url().endsWith(API.razorpayOrder));
    await payDialog(page).getByRole('button', { name: 'Razorpay' }).click();
    expect((await order).postDataJSON()).toMatchObject({ rzp_amount: (scheduled / 100).toFixed(2) });
    await page.unroute(`**${API.getProfile}`);
  });

  await test.step(`Razorpay's checkout does not load: "${SDK_FAILED}" in the popup, PayU offered at once and it pays`, async () => {
    await page.route('**/__sandbox/razorpay/checkout.js', (route) => route.abort('internetdisconnected'));
    await page.goto('/my-dashboard/repayment');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const dialog = payDialog(page);
    await expect(dialog.getByRole('button', { name: 'Razorpay' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Razorpay' }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText(SDK_FAILED);
    await expect(dialog.getByRole('button', { name: 'Razorpay' })).toBeDisabled();
    const payu = dialog.getByRole('button', { name: 'PayU' });
    await expect(payu).toBeFocused();
    await payu.click();
    await expect(page.getByRole('heading', { name: 'PayU (sandbox)' })).toBeVisible();
  });
});
