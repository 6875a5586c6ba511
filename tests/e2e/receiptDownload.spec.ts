/**
 * The receipt PDF of a payment (issue 23): downloaded from /thanku after paying, and from the loan's
 * details screen on the dashboard, with what it paid and what was left; another customer on the same
 * /thanku address is offered none. Each test pays a borrower of its own, never the demo loan.
 */
import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { formatDate } from '../../src/lib/format.ts';
import { razorpayCheckoutResult } from '../api/support/providers.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { REPAY } from '../support/repay.ts';
import { latestCode } from '../support/signIn.ts';
import { borrowerByApi, openDashboard, signInByApi, storeSession } from './dashboard/support.ts';
import { consoleReady, openConsole, staffByApi } from './staff/support.ts';

const CLIENT_KEY = { Auth: 'kosh-web' };
const RECEIPT_BUTTON = 'Download receipt (PDF)';

/** A repay session and a ₹300 Razorpay sandbox payment through the API: its payment id. */
async function pay(request: APIRequestContext, borrower: { pan: string; mobile: string }) {
  await request.post(REPAY.sendOtp, { headers: CLIENT_KEY, data: { pancard: borrower.pan } });
  const verified = await request.post(REPAY.verifyOtp, {
    headers: CLIENT_KEY,
    data: { panNumber: borrower.pan, otp: await latestCode(request, borrower.mobile) },
  });
  const token = (await verified.json()).Data.repay_token as string;
  const order = await request.post(REPAY.razorpayOrder, { headers: { Authtoken: token }, data: { rzp_amount: '300' } });
  const orderId = (await order.json()).Data.order_id as string;
  const paymentId = `pay_h2${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`;
  const paid = await request.post(REPAY.razorpayVerify, {
    headers: CLIENT_KEY,
    data: razorpayCheckoutResult(orderId, paymentId),
  });
  expect((await paid.json()).status).toBe('SUCCESS');
  return paymentId;
}

/** No sideways scrolling on a 320 px phone. */
async function fits320(page: Page) {
  await page.setViewportSize({ width: 320, height: 740 });
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll).toBeLessThanOrEqual(sizes.inner);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Clicks the button and reads the downloaded PDF back. */
async function downloadBy(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const bytes = await readFile(await download.path());
  return { filename: download.suggestedFilename(), text: flat((await pdfText(new Uint8Array(bytes))).text) };
}

test('the receipt downloads from /thanku and from the loan’s screen, with what the payment paid', async ({
  page,
  request,
}) => {
  const borrower = await borrowerByApi(request);
  const paymentId = await pay(request, borrower);

  await storeSession(page, borrower);
  await page.goto(`/thanku?txnStatus=SUCCESS&txnId=${paymentId}`);
  const card = page.locator('[data-payment-result]');
  await expect(card.locator('xpath=.//dt[normalize-space(.)="Amount paid"]/following-sibling::dd[1]')).toHaveText(
    '₹300',
  );
  const fromThanku = await downloadBy(page, RECEIPT_BUTTON);
  expect(fromThanku.filename).toBe(`receipt-${paymentId}.pdf`);
  for (const words of [
    'Payment receipt',
    borrower.loanNo,
    `Reference ${paymentId}`,
    'Amount received: ₹300.00',
    'Left to pay',
  ]) {
    expect(fromThanku.text).toContain(words);
  }
  await expect(card.getByRole('status')).toHaveText(`Saved receipt-${paymentId}.pdf.`);
  await fits320(page);

  await openDashboard(page, borrower, `/my-dashboard/details?lead_id=${borrower.leadId}`);
  const fromLoan = await downloadBy(page, `Receipt of ₹300 paid on ${formatDate(new Date())} (PDF)`);
  expect(fromLoan.filename).toBe(`receipt-${paymentId}.pdf`);
  expect(fromLoan.text).toContain('Amount received: ₹300.00');
  await fits320(page);
});

test('another customer on the same /thanku address is offered no receipt', async ({ page, request }) => {
  const borrower = await borrowerByApi(request);
  const paymentId = await pay(request, borrower);
  await storeSession(page, await signInByApi(request));
  await page.goto(`/thanku?txnStatus=SUCCESS&txnId=${paymentId}`);
  await expect(page.getByRole('status')).toHaveText('We found no payment of yours with this transaction ID.');
  await expect(page.getByRole('button', { name: RECEIPT_BUTTON })).toBeHidden();
});

test('collections see the payment’s receipt among the loan’s automatic messages in the console', async ({
  page,
  request,
}) => {
  const borrower = await borrowerByApi(request);
  await pay(request, borrower);
  const collections = await staffByApi(request, 'collections@kosh.test');
  await openConsole(page, collections, `/staff/loan/?loan_no=${borrower.loanNo}`);
  await consoleReady(page);
  const messages = page.getByRole('region', { name: /^Automatic messages/ });
  await expect(messages).toContainText('Payment receipt by SMS');
  await expect(messages).toContainText('Payment receipt by e-mail');
  await fits320(page);
});
