/**
 * Refunds paid under four eyes in the staff console (issues 22 and 23): a borrower pays the same
 * order twice (the second payment is held for refund, made through the API); finance requests its
 * refund with the bank transfer's reference, is refused approving their own request, and a second
 * finance member approves it, which takes it off the queue; the borrower's loan details then show
 * the refund with its reference. The screen passes axe and fits 320 px.
 *
 * One test after another, like the other console tests: the development staff's codes arrive in one
 * mailbox per member.
 */
import type { APIRequestContext } from '@playwright/test';
import { formatRupees } from '../../../src/lib/money.ts';
import { razorpayCheckoutResult } from '../../api/support/providers.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { REPAY } from '../../support/repay.ts';
import { latestCode } from '../../support/signIn.ts';
import { expectFits } from '../../support/widths.ts';
import { borrowerByApi, openDashboard } from '../dashboard/support.ts';
import { expect, test } from '../test.ts';
import { consoleReady, heading, openConsole, staffByApi } from './support.ts';

test.describe.configure({ mode: 'default' });

const CLIENT_KEY = { Auth: 'kosh-web' };
const paymentId = () => `pay_${Date.now()}${Math.floor(Math.random() * 1e6)}`;

/** Pays the borrower's whole due on /repayloan's order, then pays the same order again: held for refund. */
async function paidTwice(request: APIRequestContext, borrower: { pan: string; mobile: string }) {
  const sent = await request.post(REPAY.sendOtp, { headers: CLIENT_KEY, data: { pancard: borrower.pan } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post(REPAY.verifyOtp, {
    headers: CLIENT_KEY,
    data: { panNumber: borrower.pan, otp: await latestCode(request, borrower.mobile) },
  });
  const orderId = (await verified.json()).order_id as string;
  expect(orderId).toMatch(/^order_/);
  const statuses: string[] = [];
  for (const id of [paymentId(), paymentId()]) {
    const paid = await request.post(REPAY.razorpayVerify, {
      headers: CLIENT_KEY,
      data: razorpayCheckoutResult(orderId, id),
    });
    statuses.push((await paid.json()).status);
  }
  // Both pages say the payment went through; the second is held for refund (the queue says so).
  expect(statuses).toEqual(['SUCCESS', 'SUCCESS']);
}

/** Pays the whole due in the Razorpay sandbox's checkout, then the same order again: held for refund. */
async function paidTwiceInSandbox(request: APIRequestContext, borrower: { pan: string; mobile: string }) {
  await request.post(REPAY.sendOtp, { headers: CLIENT_KEY, data: { pancard: borrower.pan } });
  const verified = await request.post(REPAY.verifyOtp, {
    headers: CLIENT_KEY,
    data: { panNumber: borrower.pan, otp: await latestCode(request, borrower.mobile) },
  });
  const orderId = (await verified.json()).order_id as string;
  const pay = async () =>
    (await request.post('/__sandbox/razorpay/pay', { data: { order_id: orderId, outcome: 'success' } })).json();
  const first = await pay();
  const credited = await request.post(REPAY.razorpayVerify, { headers: CLIENT_KEY, data: first });
  expect((await credited.json()).status).toBe('SUCCESS');
  await pay();
}

test('a second Razorpay payment is refunded through Razorpay under four eyes; the borrower sees its refund id', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await borrowerByApi(request);
  await paidTwiceInSandbox(request, borrower);
  const finance = await staffByApi(request, 'finance@kosh.test');
  await openConsole(page, finance, '/staff/refunds/');
  // The second payment's webhook holds it for refund a moment after it is paid.
  const toPay = page.getByRole('listitem').filter({ hasText: `Loan ${borrower.loanNo}:` });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(toPay).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const shown = formatRupees(Number(await toPay.getByRole('textbox', { name: 'Amount to refund (₹)' }).inputValue()));
  await expect(toPay.getByRole('radio', { name: /^Through Razorpay/ })).toBeChecked();
  await expect(toPay.getByRole('textbox', { name: 'Bank transfer reference (UTR)' })).toHaveCount(0);
  await toPay.getByRole('button', { name: 'Request refund' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Requested the refund on loan ${borrower.loanNo}` }),
  ).toBeVisible();

  const finance2 = await staffByApi(request, 'finance2@kosh.test');
  await openConsole(page, finance2, '/staff/refunds/');
  const toApprove = page.getByRole('listitem').filter({ hasText: `Loan ${borrower.loanNo}:` });
  await expect(toApprove).toContainText('Through Razorpay for the payment');
  await toApprove.getByRole('button', { name: `Approve refund on loan ${borrower.loanNo}` }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Refund of ${shown} on loan ${borrower.loanNo} recorded as paid.` })
      .first(),
  ).toBeVisible();

  await openDashboard(page, borrower, `/my-dashboard/details?lead_id=${borrower.leadId}`);
  await expect(page.getByRole('table', { name: 'Payments received' })).toContainText(
    new RegExp(`Refunded ${shown.replace(/[.₹]/g, '\\$&')} on \\d{2}-\\d{2}-\\d{4}, Razorpay ref\\. rfnd_\\w+`),
  );
});

test('finance requests a refund with the reference, the same member is refused, a second approves; the borrower sees it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await borrowerByApi(request);
  await paidTwice(request, borrower);
  const utr = `UTR${Date.now()}`;

  const finance = await staffByApi(request, 'finance@kosh.test');
  await openConsole(page, finance, '/staff/refunds/');
  await expect(heading(page)).toHaveText('Refunds');
  await expect(page.getByRole('heading', { level: 2, name: /^To pay \(\d+\)$/ })).toBeVisible();
  const toPay = page.getByRole('listitem').filter({ hasText: `Loan ${borrower.loanNo}:` });
  await expect(toPay).toContainText('a second payment on a paid order');
  const amount = await toPay.getByRole('textbox', { name: 'Amount to refund (₹)' }).inputValue();
  expect(Number(amount)).toBeGreaterThan(0);
  const shown = formatRupees(Number(amount));

  // The queue with a row to pay passes axe and fits a phone.
  const axe = await axeScan(page).withTags(WCAG_22_AA).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await expectFits(page, 'refunds queue');

  // A Razorpay payment goes back through Razorpay unless finance chooses a bank transfer.
  await expect(toPay.getByRole('radio', { name: /^Through Razorpay/ })).toBeChecked();
  await toPay.getByRole('radio', { name: 'By bank transfer' }).check();
  // A reference that is not one is refused at the form with the reason.
  await toPay.getByRole('textbox', { name: 'Bank transfer reference (UTR)' }).fill('12');
  await toPay.getByRole('button', { name: 'Request refund' }).click();
  await expect(toPay.getByRole('alert')).toHaveText(
    "The transfer's reference (UTR) is 6 to 40 letters, digits or dashes.",
  );
  await toPay.getByRole('textbox', { name: 'Bank transfer reference (UTR)' }).fill(utr);
  await toPay.getByRole('button', { name: 'Request refund' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Requested the refund on loan ${borrower.loanNo}` }),
  ).toBeVisible();
  await expect(heading(page)).toBeFocused();

  const toApprove = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Approve refund on loan ${borrower.loanNo}` }) });
  await expect(toApprove).toContainText(`Bank transfer ref. ${utr}`);
  await expect(toApprove.getByText('yours — another finance member must approve')).toBeVisible();
  await toApprove.getByRole('button', { name: `Approve refund on loan ${borrower.loanNo}` }).click();
  await expect(toApprove.getByRole('alert')).toHaveText(
    'You requested this refund: another finance member must approve it.',
  );

  // The borrower sees the refund being processed, by the day the queue shows it due.
  const dueBy = (await toApprove.textContent())?.match(/due by (\d{2}-\d{2}-\d{4})/i)?.[1];
  expect(dueBy).toMatch(/^\d{2}-\d{2}-\d{4}$/);
  const customerPage = await page.context().newPage();
  await openDashboard(customerPage, borrower, `/my-dashboard/details?lead_id=${borrower.leadId}`);
  const payments = customerPage.getByRole('table', { name: 'Payments received' });
  await expect(payments).toContainText(`Refund of ${shown} by ${dueBy}`);

  const finance2 = await staffByApi(request, 'finance2@kosh.test');
  await openConsole(page, finance2, '/staff/');
  const queueLink = page.getByRole('link', { name: /^Refunds to approve/ });
  await expect(queueLink).not.toContainText('…');
  await queueLink.click();
  await consoleReady(page);
  await expect(heading(page)).toHaveText('Refunds');
  const theirs = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Approve refund on loan ${borrower.loanNo}` }) });
  await expect(theirs.getByText('yours — another finance member must approve')).toHaveCount(0);
  await theirs.getByRole('button', { name: `Approve refund on loan ${borrower.loanNo}` }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Refund of ${shown} on loan ${borrower.loanNo} recorded as paid.` })
      .first(),
  ).toBeVisible();
  await expect(theirs).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: `Loan ${borrower.loanNo}:` })).toHaveCount(0);

  // The borrower's payments now say it was refunded, by bank transfer, with the reference.
  await customerPage.reload();
  await expect(customerPage.getByRole('table', { name: 'Payments received' })).toContainText(
    new RegExp(`Refunded ${shown.replace(/[.₹]/g, '\\$&')} on \\d{2}-\\d{2}-\\d{4}, Bank transfer ref\\. ${utr}`),
  );
});
