/**
 * The receipt after paying (issue 14): /thanku shows the server's figures for this payment (amount,
 * loan number, date, transaction id, balance left), keeps them on reload, waits with progress while a
 * payment is being confirmed, and offers Go to dashboard or Home. One borrower of its own (made through
 * the API and staff's development route) pays each way, never the demo loan. That only the payer sees
 * the figures is checked in receiptDownload.spec.ts, on the payment whose receipt is downloaded there;
 * /fail with the other result pages in paymentResult.spec.ts (issue 21: fewer borrowers and contexts).
 */
import type { Page } from '@playwright/test';
import { formatDate } from '../../src/lib/format.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { REPAY_TOKEN_KEY } from '../../src/lib/receipt.ts';
import { payuResponse } from '../api/support/providers.ts';
import { axeScan, WCAG_22_AA } from '../support/axe.ts';
import { resultCard as receipt } from '../support/paymentResult.ts';
import { dueOnCard, openStepper, REPAY, requestRepayCode } from '../support/repay.ts';
import { latestCode } from '../support/signIn.ts';
import { borrowerByApi, openDashboard, payInRazorpaySandbox } from './dashboard/support.ts';
import { expect, test } from './test.ts';

const METHODS = /UPI apps \(Google Pay, PhonePe, Paytm, BHIM\), debit and credit cards, net banking, wallets/;

const payDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Payment Method' });

async function axeViolations(page: Page) {
  const results = await axeScan(page).withTags(WCAG_22_AA).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function fitsWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 740 });
  const sizes = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(sizes.scroll, `scrollWidth at ${width} px`).toBeLessThanOrEqual(sizes.inner);
}

// One borrower for the three ways a receipt is reached (issue 21: a borrower costs the server most of a
// second to build, and each test a fresh browser context); each way on a tab cleared of the one before.
test('one borrower pays from /repayloan, from the dashboard, and by PayU while it is being confirmed: the receipt each time, kept on reload, with Home or Go to dashboard; progress until the webhook is in', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const borrower = await borrowerByApi(request);
  let repaySession = '';

  await test.step('paid from /repayloan: the dialog names the ways to pay; /thanku shows the receipt, keeps it on reload, offers Home', async () => {
    const s = await openStepper(page);
    await requestRepayCode(page, borrower.pan);
    await s.otp.fill(await latestCode(request, borrower.mobile));
    await s.getAmount.click();
    await expect(s.amount).toBeFocused();
    const due = await dueOnCard(page);
    await s.amount.fill('500');
    await s.proceed.click();

    // Under each provider, what payers recognise; its button's name stays the provider's.
    await expect(s.dialog).toBeVisible();
    for (const button of [s.razorpay, s.payu]) {
      await expect(button).toContainText(METHODS);
      await expect(button).toHaveAccessibleDescription(METHODS);
    }
    await expect(s.dialog.getByRole('button', { name: 'Razorpay', exact: true })).toBeVisible();
    await fitsWidth(page, 320);
    const box = await s.dialog.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 320).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await s.razorpay.click();
    const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
    await checkout.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=pay_\w+$/);
    const txnId = new URL(page.url()).searchParams.get('txnId') as string;

    const r = receipt(page);
    const expectReceipt = async () => {
      await expect(r.title).toHaveText('Thank You');
      await expect(r.amount).toHaveText('₹500');
      await expect(r.loan).toHaveText(borrower.loanNo);
      await expect(r.date).toHaveText(formatDate(new Date()));
      await expect(r.txnId).toHaveText(txnId);
      await expect(r.balance).toHaveText(formatPaise(due - 50_000));
      await expect(r.status).toHaveText('Successful');
    };
    await expectReceipt();
    // No dashboard session in this tab: Home, and no Apply Now for someone who has just repaid.
    await expect(r.home).toHaveAttribute('href', '/');
    await expect(r.dashboard).toHaveCount(0);
    await expect(page.locator('.banner').getByRole('link', { name: 'Apply Now' })).toHaveCount(0);
    await page.reload();
    await expectReceipt();

    for (const width of [320, 390]) await fitsWidth(page, width);
    expect(await axeViolations(page)).toEqual([]);
    // The repay session the page kept for the receipt: paid with again below (a new code for this PAN
    // would wait out the server's 30 seconds between codes).
    repaySession = (await page.evaluate((key) => sessionStorage.getItem(key), REPAY_TOKEN_KEY)) ?? '';
    expect(repaySession).toMatch(/^[\w-]{43}$/);
  });

  await test.step("paid from the dashboard's repayment screen: the receipt with Go to dashboard", async () => {
    // The tab as the dashboard's own: nothing of the repay page's session left in it.
    await page.goto('/robots.txt');
    await page.evaluate(() => sessionStorage.clear());
    await openDashboard(page, borrower, '/my-dashboard/repayment');
    await page.getByRole('textbox', { name: 'Amount to pay (₹)' }).fill('750.25');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    await expect(payDialog(page).getByRole('button', { name: 'PayU' })).toHaveAccessibleDescription(METHODS);
    await payInRazorpaySandbox(page);
    const r = receipt(page);
    await expect(r.amount).toHaveText('₹750.25');
    await expect(r.loan).toHaveText(borrower.loanNo);
    await expect(r.balance).toHaveText(/^₹[\d,]+(\.\d{2})?$/);
    await expect(r.dashboard).toHaveAttribute('href', '/my-dashboard');
    await expect(r.home).toHaveCount(0);
    await page.reload();
    await expect(r.amount).toHaveText('₹750.25');
  });

  await test.step('a payment being confirmed: progress while the page asks again, then the receipt once the webhook is in', async () => {
    const token = repaySession;
    const payuOrder = async (amount: string) => {
      const order = await request.post(REPAY.payuOrder, { headers: { Authtoken: token }, data: { amount, udf5: '' } });
      return (await order.json()).data.parameters as Record<string, string>;
    };
    const parameters = await payuOrder('420');

    // The payer's tab kept its repay session, as the repay page does, and holds nothing else.
    await page.goto('/robots.txt');
    await page.evaluate(
      ([key, value]) => {
        sessionStorage.clear();
        sessionStorage.setItem(key as string, value as string);
      },
      [REPAY_TOKEN_KEY, token],
    );
    await page.goto(`/thanku?txnStatus=SUCCESS&txnId=${parameters.txnid}`);
    const r = receipt(page);
    await expect(r.title).toHaveText('Being confirmed');
    await expect(r.status).toHaveText('Being confirmed');
    // Not "paid" until it is confirmed.
    await expect(r.amount).toBeHidden();
    await expect(r.value('Amount')).toHaveText('₹420');
    await expect(r.note).toContainText(/check \d of 7/);
    await expect(r.card.getByRole('progressbar', { name: 'Confirming your payment' })).toBeVisible();
    await expect(r.card.getByRole('link', { name: 'Try again' })).toBeHidden();

    const success = payuResponse(parameters, 'success');
    const webhook = await request.post('/Api/webhooks/payu', { form: success });
    expect(webhook.ok()).toBe(true);
    await expect(r.title).toHaveText('Thank You', { timeout: 30_000 });
    await expect(r.status).toHaveText('Successful');
    await expect(r.txnId).toHaveText(success.mihpayid);
    await expect(r.balance).toHaveText(/^₹[\d,]+(\.\d{2})?$/);
    await expect(r.card.getByRole('progressbar')).toBeHidden();

    // Another order that stays unconfirmed: the waiting card has no WCAG 2.2 AA violations and fits a phone.
    await page.goto(`/thanku?txnStatus=SUCCESS&txnId=${(await payuOrder('50')).txnid}`);
    await expect(r.title).toHaveText('Being confirmed');
    await fitsWidth(page, 320);
    expect(await axeViolations(page)).toEqual([]);
  });
});

// Nobody else sees the figures (no session, another customer's, the payer's own): receiptDownload.spec.ts,
// on the payment whose receipt is downloaded there.
