/**
 * A payment's receipt and who may see it (issues 14 and 23): one borrower pays ₹300 through the API,
 * and the same /thanku address is opened with no session (the status and how to sign in), with another
 * customer's (refused with the server's words, no figures and no receipt), then with the payer's own
 * (the figures and the receipt PDF); the PDF downloads from the loan's details screen too, and
 * collections see the receipt's messages in the console. One test on one tab (issue 21: each borrower
 * costs the server most of a second to build, and each test a fresh browser context). Never the demo loan.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDate } from '../../src/lib/format.ts';
import { RECEIPT_PATH } from '../../src/lib/receipt.ts';
import { razorpayCheckoutResult } from '../api/support/providers.ts';
import { resultCard as receipt } from '../support/paymentResult.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { REPAY } from '../support/repay.ts';
import { latestCode } from '../support/signIn.ts';
import { borrowerByApi, openDashboard, signInByApi, storeSession } from './dashboard/support.ts';
import { consoleReady, openConsole, staffByApi } from './staff/support.ts';
import { expect, test } from './test.ts';

const CLIENT_KEY = { Auth: 'kosh-web' };
const RECEIPT_BUTTON = 'Download receipt (PDF)';
const NOT_YOURS = 'We found no payment of yours with this transaction ID.';

/** A repay session and a ₹300 Razorpay sandbox payment through the API: its payment id. */
async function pay(request: APIRequestContext, borrower: { pan: string; mobile: string }) {
  const sent = await request.post(REPAY.sendOtp, { headers: CLIENT_KEY, data: { pancard: borrower.pan } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post(REPAY.verifyOtp, {
    headers: CLIENT_KEY,
    data: { panNumber: borrower.pan, otp: await latestCode(request, borrower.mobile) },
  });
  const body = await verified.json();
  expect(body.Status, body.Message).toBe(1);
  const token = body.Data.repay_token as string;
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

test('a payment’s figures and receipt are the payer’s only: signed out asked to sign in, another customer refused, the payer downloads the receipt from /thanku and the loan’s screen; collections see its messages', async ({
  page,
  request,
}) => {
  test.slow(); // three sessions on one payment, two PDFs read back, and the console
  const borrower = await borrowerByApi(request);
  const paymentId = await pay(request, borrower);
  const address = `/thanku?txnStatus=SUCCESS&txnId=${paymentId}`;
  const r = receipt(page);

  await test.step('no session: the status from the address, and how to see more', async () => {
    await page.goto(address);
    await expect(r.title).toHaveText('Thank You');
    await expect(r.txnId).toHaveText(paymentId);
    await expect(r.signIn).toHaveAttribute('href', '/apply-now');
    await expect(r.amount).toBeHidden();
    await expect(r.balance).toBeHidden();
  });

  await test.step('another customer signed in: refused with the server’s words, no figures, no receipt', async () => {
    await storeSession(page, await signInByApi(request));
    const refused = page.waitForResponse((response) => response.url().endsWith(RECEIPT_PATH));
    await page.goto(address);
    expect((await refused).status()).toBe(404);
    await expect(r.note).toHaveText(NOT_YOURS);
    await expect(page.getByRole('status')).toHaveText(NOT_YOURS);
    await expect(r.amount).toBeHidden();
    await expect(r.loan).toBeHidden();
    await expect(r.title).toHaveText('Thank You');
    await expect(page.getByRole('button', { name: RECEIPT_BUTTON })).toBeHidden();
  });

  await test.step('the payer’s own session: the figures, and the receipt downloads from /thanku', async () => {
    await storeSession(page, borrower);
    await page.goto(address);
    await expect(r.amount).toHaveText('₹300');
    await expect(r.loan).toHaveText(borrower.loanNo);
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
    await expect(r.note).toHaveText(`Saved receipt-${paymentId}.pdf.`);
    await fits320(page);
  });

  await test.step('the receipt downloads from the loan’s details screen', async () => {
    await openDashboard(page, borrower, `/my-dashboard/details?lead_id=${borrower.leadId}`);
    const fromLoan = await downloadBy(page, `Receipt of ₹300 paid on ${formatDate(new Date())} (PDF)`);
    expect(fromLoan.filename).toBe(`receipt-${paymentId}.pdf`);
    expect(fromLoan.text).toContain('Amount received: ₹300.00');
    await fits320(page);
  });

  await test.step('collections see the payment’s receipt among the loan’s automatic messages in the console', async () => {
    const collections = await staffByApi(request, 'collections@kosh.test');
    await openConsole(page, collections, `/staff/loan/?loan_no=${borrower.loanNo}`);
    await consoleReady(page);
    const messages = page.getByRole('region', { name: /^Automatic messages/ });
    await expect(messages).toContainText('Payment receipt by SMS');
    await expect(messages).toContainText('Payment receipt by e-mail');
    await fits320(page);
  });
});
