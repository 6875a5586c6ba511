// Paying without guesswork on the repay page (issue 25, findings 3, 5 and 8): the quick amounts, the
// Pay popup's recommended provider and ways to pay, a provider whose checkout does not load, and the
// verified state kept across a reload. Runs in the 'repay' project (many codes for the demo PAN).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatPaise } from '../../src/lib/money.ts';
import { dueOnCard, openStepper, REPAY, requestRepayCode, stepper } from '../support/repay.ts';
import { latestCode } from '../support/signIn.ts';
import { borrowerByApi } from './dashboard/support.ts';

const SDK_FAILED = 'Razorpay SDK failed to load. Are you online?';
const EXPIRED = 'This payment session has expired. Please enter your PAN again.';
/** A borrower of its own (not the demo PAN, which other tests pay), at the amount card of /repayloan. */
async function openAmountCard(page: Page, request: APIRequestContext) {
  const borrower = await borrowerByApi(request);
  const s = await openStepper(page);
  await requestRepayCode(page, borrower.pan);
  await s.otp.fill(await latestCode(request, borrower.mobile));
  await s.getAmount.click();
  await expect(s.amount).toBeFocused();
  return Object.assign(s, { borrower });
}

const WAYS = 'UPI apps (Google Pay, PhonePe, Paytm, BHIM), debit and credit cards, net banking, wallets';

test('quick amounts: "Close today" is the server\'s total due and chosen; "Another amount" is the field', async ({
  page,
  request,
}) => {
  const s = await openAmountCard(page, request);
  const due = await dueOnCard(page);
  const closeToday = s.root.getByRole('radio', { name: `Close today ${formatPaise(due)}` });
  const another = s.root.getByRole('radio', { name: 'Another amount' });
  await expect(closeToday).toBeChecked();
  await expect(s.summary).toHaveText(`You will pay the whole due of ${formatPaise(due)}.`);
  await expect(s.root).not.toContainText('enter more than the total due');
  await another.check();
  await expect(s.amount).toBeFocused();
  await s.amount.fill('500');
  await expect(another).toBeChecked();
  await expect(s.summary).toHaveText(`A part payment of ₹500; ${formatPaise(due - 50_000)} stays due.`);
  await closeToday.check();
  await expect(s.amount).toHaveValue('');
  await expect(s.summary).toHaveText(`You will pay the whole due of ${formatPaise(due)}.`);
  // The order asks for the whole due (an empty amount: the server decides it).
  await s.proceed.click();
  const order = page.waitForRequest((r) => r.url().endsWith(REPAY.payuOrder));
  await s.payu.click();
  expect((await order).postDataJSON()).toMatchObject({ amount: '' });
});

test('the Pay popup: Razorpay recommended, first and focused; the ways each takes', async ({ page, request }) => {
  const s = await openAmountCard(page, request);
  await s.proceed.click();
  await expect(s.dialog).toBeVisible();
  await expect(s.razorpay).toBeFocused();
  await expect(s.razorpay).toContainText('Recommended');
  await expect(s.razorpay).toHaveAccessibleDescription(`Recommended. ${WAYS}`);
  await expect(s.payu).toHaveAccessibleDescription(WAYS);
  await expect(s.dialog.getByRole('button', { name: 'Razorpay', exact: true })).toBeVisible();
  const names = await s.dialog.locator('[data-provider]').evaluateAll((nodes) => nodes.map((n) => n.dataset.provider));
  expect(names).toEqual(['razorpay', 'payu']);
});

test(`Razorpay's checkout does not load: "${SDK_FAILED}", Razorpay unavailable and PayU offered at once`, async ({
  page,
  request,
}) => {
  let block = true;
  await page.route(`**${REPAY.razorpayCheckout}`, (route) =>
    block ? route.abort('internetdisconnected') : route.continue(),
  );
  const s = await openAmountCard(page, request);
  await s.amount.fill('100');
  await s.proceed.click();
  await s.razorpay.click();
  await expect(s.dialog.getByRole('alert')).toContainText(SDK_FAILED);
  await expect(s.dialog.getByRole('alert')).toContainText('You can pay with PayU instead.');
  await expect(s.razorpay).toBeDisabled();
  await expect(s.razorpay).toContainText('Unavailable just now');
  await expect(s.payu).toBeFocused();
  await expect(s.payu).toContainText('Recommended');
  // Tried again once the script loads: Razorpay's checkout opens.
  block = false;
  await s.dialog.getByRole('button', { name: 'Try again' }).click();
  const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
  await expect(checkout).toBeVisible();
  await checkout.getByRole('button', { name: 'Cancel' }).click();
  await s.proceed.click();
  await expect(s.razorpay).toBeEnabled();
  await expect(s.dialog.getByRole('alert')).toHaveCount(0);
});

test('a reload at the pay step stays at the pay step, with no new code', async ({ page, request }) => {
  const s = await openAmountCard(page, request);
  const due = await dueOnCard(page);
  let codes = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(REPAY.sendOtp)) codes += 1;
  });
  await page.reload();
  await expect(s.proceed).toBeVisible();
  await expect(s.fact('Loan number')).toHaveText(s.borrower.loanNo);
  expect(await dueOnCard(page)).toBe(due);
  // The kept session still pays: an order is made with it.
  await s.proceed.click();
  const order = page.waitForResponse((r) => r.url().endsWith(REPAY.razorpayOrder));
  await s.razorpay.click();
  expect((await (await order).json()).Status).toBe(1);
  await page.getByRole('dialog', { name: 'Razorpay (sandbox)' }).getByRole('button', { name: 'Cancel' }).click();
  expect(codes).toBe(0);
});

test('a reload after the repay session expired goes back to the PAN, with the message', async ({ page, request }) => {
  const { borrower } = await openAmountCard(page, request);
  await page.evaluate(() => {
    const saved = JSON.parse(sessionStorage.getItem('repay_state') ?? '{}');
    sessionStorage.setItem('repay_state', JSON.stringify({ ...saved, expiresAt: Date.now() - 1000 }));
  });
  await page.reload();
  const s = stepper(page);
  await expect(s.heading).toHaveText('Enter your PAN');
  await expect(s.root.getByText(EXPIRED).first()).toBeVisible();
  await expect(s.pan).toHaveValue(borrower.pan);
  await page.reload();
  await expect(s.heading).toHaveText('Enter your PAN');
  await expect(s.root.getByText(EXPIRED)).toHaveCount(0);
});
