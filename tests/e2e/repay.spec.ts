// The repay stepper, the providers' sandboxes and the payment result pages. These tests run on a
// server of their own (the 'repay' project of playwright.config.ts): codes for the demo PAN may be
// asked for without the 30-second spacing, and the demo loan is paid here and nowhere else.
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, daysBetween, indiaDate } from '../../src/lib/dates.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { REPAY_OTP_SENT } from '../../src/lib/schemas/repay.ts';
import { axeScan, WCAG_22_AA } from '../support/axe.ts';
import { tabTo } from '../support/keyboard.ts';
import { DEMO, dueOnCard, openAmountCard, openStepper, paiseOf, REPAY, requestRepayCode } from '../support/repay.ts';
import { latestCode, wrongCode } from '../support/signIn.ts';
import { expect, test } from './test.ts';

const WRONG = 'The OTP you entered is incorrect.';
const CANCELLED = 'Payment cancelled. You can try again.';
const NOTHING_DUE_ORDER = 'This loan has no amount due.';

/** When the newest SMS to the demo borrower was written to the development outbox ('' before any). */
async function newestSentAt(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/__dev/outbox?to=${DEMO.mobile}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { created_at: string }[])[0]?.created_at ?? '';
}

/**
 * The demo loan's total due now, in paise, as the repay API gives it to a new payment session (the
 * figure the amount card shows as "To close the loan today"): a code asked for and checked through the
 * API, with no page loaded.
 */
async function dueByApi(request: APIRequestContext): Promise<number> {
  const newest = () => newestSentAt(request);
  const before = await newest();
  const sent = await request.post(REPAY.sendOtp, { headers: { Auth: 'kosh-web' }, data: { pancard: DEMO.pan } });
  expect(sent.ok(), await sent.text()).toBe(true);
  // The code's SMS is queued, then written to the outbox: read this request's code, not the one before.
  await expect.poll(newest).not.toBe(before);
  const verified = await request.post(REPAY.verifyOtp, {
    headers: { Auth: 'kosh-web' },
    data: { panNumber: DEMO.pan, otp: await latestCode(request, DEMO.mobile) },
  });
  expect(verified.ok(), await verified.text()).toBe(true);
  return Math.round((await verified.json()).repayment_data.total_due_amount * 100);
}

async function axeViolations(page: Page, include?: string) {
  const builder = axeScan(page).withTags(WCAG_22_AA);
  if (include) builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

// What the PAN, OTP and amount fields take, the messages for incomplete input with nothing sent, a refused
// or failed request with Retry, Please wait…, the resend countdown and Change PAN, and the amount card's
// formats: tests/components/RepayStepper.test.tsx, with the API's answers at the network's edge.

// The result pages /thanku and /fail for every status, with and without JavaScript: paymentResult.spec.ts
// (static pages; one tab checks them all on the main server).

// These tests share the demo borrower's loan, so they run one after the other; each one reads the
// due from the card and checks differences, never an absolute figure that an earlier payment moved.
test.describe('paying the demo loan', () => {
  test.describe.configure({ mode: 'serial' });

  // The repay route's own answer to a wrong code (the field's handling of it: tests/components/RepayStepper.test.tsx),
  // then, on the same page, the right code, the amount card and the method popup.
  test(`a wrong code: "${WRONG}", the field emptied and focused; the right code opens the amount card: every field, DD-MM-YYYY dates and rupees with Indian grouping; Proceed to Pay opens "Choose Payment Method", Cancel and Escape close it, no checkout is loaded; then Razorpay Cancel: the page stays, "Payment cancelled" and the buttons work again; nothing is paid`, async ({
    page,
    request,
  }) => {
    test.slow(); // three accessibility scans
    const checkouts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('checkout') || r.url().includes('payu')) checkouts.push(r.url());
    });
    await openStepper(page);
    const before = await newestSentAt(request);
    const s = await requestRepayCode(page, DEMO.pan);
    await expect.poll(() => newestSentAt(request)).not.toBe(before);
    const code = await latestCode(request, DEMO.mobile);
    await s.otp.fill(wrongCode(code));
    await s.getAmount.click();
    await expect(s.alert).toHaveText(WRONG);
    await expect(s.otp).toHaveValue('');
    await expect(s.otp).toBeFocused();
    await s.otp.fill(code);
    await s.getAmount.click();
    await expect(s.amount).toBeFocused();
    await expect(s.heading).toHaveText('Your loan');
    await expect(s.root.getByText('Demo Borrower')).toBeVisible();
    await expect(s.fact('Loan number')).toHaveText(DEMO.loanNo);
    // The demo loan was disbursed 20 days before the server's first start (India's date); a run that
    // crosses midnight in India sees it one day older, and its interest one day more.
    const [day, month, year] = ((await s.fact('Disbursal date').textContent()) ?? '').split('-');
    const disbursed = `${year}-${month}-${day}`;
    const elapsed = daysBetween(disbursed, indiaDate(new Date()));
    expect([20, 21]).toContain(elapsed);
    const [ry, rm, rd] = addDays(disbursed, 60).split('-');
    await expect(s.fact('Repayment date')).toHaveText(`${rd}-${rm}-${ry}`);
    // ₹20,000 at 0.5% a day (₹100): 60 days' interest on the due date, the days so far to date.
    await expect(s.fact('Loan Amount')).toHaveText('₹20,000');
    await expect(s.fact('Due on the repayment date')).toHaveText('₹26,000');
    await expect(s.fact('Interest to date')).toHaveText(formatPaise(elapsed * 10_000));
    const due = await dueOnCard(page);
    expect(due).toBeGreaterThan(0);
    expect(due).toBeLessThanOrEqual(2_200_000);
    await expect(s.fact('To close the loan today')).toHaveText(formatPaise(due));
    // Which figure to pay, in plain words: the one that closes the loan today, and the scheduled one.
    await expect(s.root.getByTestId('which-to-pay')).toHaveText(
      `Pay ${formatPaise(due)} today to close your loan now, or ₹26,000 on ${rd}-${rm}-${ry} as scheduled. You can also pay a part.`,
    );
    // The account behind it: what is left of the principal and of the interest make up the total due.
    const principal = paiseOf((await s.fact('Principal outstanding').textContent()) ?? '');
    const interest = paiseOf((await s.fact('Interest outstanding').textContent()) ?? '');
    expect(principal + interest).toBe(due);
    await expect(
      s.root.getByText(
        'Paying the total due closes the loan today: interest only up to today, and no prepayment charge.',
      ),
    ).toBeVisible();
    await expect(s.amount).toHaveAttribute('placeholder', 'Enter payment amount');
    await expect(s.amount).toHaveAttribute('inputmode', 'decimal');
    await expect(s.summary).toHaveText(`You will pay the whole due of ${formatPaise(due)}.`);
    // The phone width first, so that the popup is opened at the desktop's.
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await axeViolations(page)).toEqual([]);
    }

    // What the amount field takes, and under ₹1 refused: tests/components/RepayStepper.test.tsx.
    await s.amount.fill('100');
    await s.proceed.click();
    await expect(s.dialog).toBeVisible();
    await expect(s.razorpay).toBeVisible();
    await expect(s.payu).toBeVisible();
    await expect(s.razorpay).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await s.cancel.click();
    await expect(s.dialog).toBeHidden();
    await expect(s.proceed).toBeFocused();
    await s.proceed.click();
    await expect(s.dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(s.dialog).toBeHidden();
    expect(checkouts).toEqual([]);
    expect(await page.evaluate(() => 'Razorpay' in window)).toBe(false);

    await test.step('Razorpay Cancel: the page stays, "Payment cancelled" and the buttons work again; nothing is paid', async () => {
      await s.amount.fill('300');
      const orders: unknown[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith(REPAY.razorpayOrder)) orders.push(r.postDataJSON());
      });
      await s.proceed.click();
      // A second press while the first request runs is ignored.
      await s.razorpay.dblclick();
      const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
      await expect(checkout).toBeVisible();
      await expect(checkout).toContainText('Amount: ₹300.00');
      await expect(checkout).toContainText(`Loan repayment ${DEMO.loanNo} (PAN ${DEMO.pan})`);
      await expect(s.dialog).toBeHidden();
      // The demo loan has its application: the order names its lead (product.md §7: lead_id, rzp_amount).
      expect(orders).toEqual([{ lead_id: expect.stringMatching(/^\d+$/), rzp_amount: '300' }]);
      await checkout.getByRole('button', { name: 'Cancel' }).click();
      await expect(s.status.filter({ hasText: CANCELLED })).toBeVisible();
      await expect(page).toHaveURL(/\/repayloan$/);
      await expect(s.proceed).toBeEnabled();
      await s.proceed.click();
      await expect(s.razorpay).toBeEnabled();
      await s.cancel.click();
      // A new payment session finds the same amount due.
      expect(await dueByApi(request)).toBe(due);
    });
  });

  // Part payments through each provider, by mouse and by keyboard, one tab (issue 21: a context per payment
  // cost more than its page).
  test('Razorpay, PayU and keyboard-only part payments: /thanku says Thank You and the due is lower by each amount', async ({
    page,
    request,
  }) => {
    test.slow(); // three payments on one tab
    await test.step('Razorpay part payment: /thanku says Thank You and the due is lower by the amount', async () => {
      const s = await openAmountCard(page, request);
      const due = await dueOnCard(page);
      await s.amount.fill('500');
      await s.proceed.click();
      const tokenHeader = page.waitForRequest((r) => r.url().endsWith(REPAY.razorpayOrder));
      await s.razorpay.click();
      expect((await tokenHeader).headers().authtoken).toMatch(/^[\w-]{43}$/);
      const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
      await expect(checkout).toContainText('Amount: ₹500.00');
      const verified = page.waitForResponse((r) => r.url().endsWith(REPAY.razorpayVerify));
      await checkout.getByRole('button', { name: 'Pay successfully' }).click();
      expect((await verified).status()).toBe(200);
      await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=pay_\w+$/);
      const txnId = new URL(page.url()).searchParams.get('txnId');
      await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
      await expect(page.locator('[data-txn-id]')).toHaveText(txnId as string);
      expect(await dueByApi(request)).toBe(due - 50_000);
    });
    // The same tab: the repay page again, a new code and amount card.
    await test.step('PayU part payment: the hosted page, then /thanku Thank You; the due is lower by the amount', async () => {
      const s = await openAmountCard(page, request);
      const due = await dueOnCard(page);
      await s.amount.fill('250.50');
      await s.proceed.click();
      const order = page.waitForRequest((r) => r.url().endsWith(REPAY.payuOrder));
      await s.payu.click();
      expect((await order).postDataJSON()).toEqual({
        amount: '250.50',
        productinfo: `Loan repayment ${DEMO.loanNo}`,
        firstname: 'Demo',
        email: expect.stringContaining('@'),
        mobile: DEMO.mobile,
        udf5: expect.any(String),
      });
      await expect(page.getByRole('heading', { name: 'PayU (sandbox)' })).toBeVisible();
      await expect(page.locator('main')).toContainText('₹250.50');
      await page.getByRole('button', { name: 'Pay successfully' }).click();
      await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=\w+$/);
      await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
      expect(await dueByApi(request)).toBe(due - 25_050);
    });
    // The same tab: the repay page again, from its top.
    await test.step('keyboard only: PAN, code, a part payment through Razorpay, and Thank You', async () => {
      const s = await openStepper(page);
      await tabTo(page, s.pan);
      await page.keyboard.type(DEMO.pan);
      await tabTo(page, s.getOtp);
      await page.keyboard.press('Enter');
      await expect(s.otp).toBeFocused();
      await page.keyboard.type(await latestCode(request, DEMO.mobile));
      await tabTo(page, s.getAmount);
      await page.keyboard.press('Enter');
      await expect(s.amount).toBeFocused();
      const due = await dueOnCard(page);
      await page.keyboard.type('100');
      await tabTo(page, s.proceed);
      await page.keyboard.press('Enter');
      await expect(s.razorpay).toBeFocused();
      await page.keyboard.press('Enter');
      const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
      await tabTo(page, checkout.getByRole('button', { name: 'Pay successfully' }));
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=pay_\w+$/);
      await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();
      expect(await dueByApi(request)).toBe(due - 10_000);
    });
  });

  // Nothing paid, or not yet checked, through either provider, one tab.
  test('Razorpay "Fail the payment" and PayU Cancel: /thanku says Oops with the id (and CANCEL); nothing is paid. The payment check failing on the network: nothing is paid again until it is checked, then /thanku', async ({
    page,
    request,
  }) => {
    test.slow(); // three payments on one tab
    await test.step('Razorpay "Fail the payment": /thanku says Oops with the payment id; nothing is paid', async () => {
      const s = await openAmountCard(page, request);
      const due = await dueOnCard(page);
      await s.amount.fill('200');
      await s.proceed.click();
      await s.razorpay.click();
      await page
        .getByRole('dialog', { name: 'Razorpay (sandbox)' })
        .getByRole('button', { name: 'Fail the payment' })
        .click();
      await page.waitForURL(/\/thanku\?txnStatus=FAILED&txnId=pay_\w+$/);
      await expect(page.getByRole('heading', { name: 'Oops' })).toBeVisible();
      expect(await dueByApi(request)).toBe(due);
    });
    // The same tab: the repay page again, a new code and amount card.
    await test.step('PayU Cancel: /thanku says Oops with CANCEL; nothing is paid', async () => {
      const s = await openAmountCard(page, request);
      const due = await dueOnCard(page);
      await s.amount.fill('150');
      await s.proceed.click();
      await s.payu.click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\/thanku\?txnStatus=CANCEL&txnId=\w+$/);
      await expect(page.getByRole('heading', { name: 'Oops' })).toBeVisible();
      await expect(page.locator('[data-txn-status]')).toHaveText('Cancelled');
      expect(await dueByApi(request)).toBe(due);
    });
    // The checkout script not loading (SDK_FAILED in the popup, PayU offered, Try again opening it, then
    // "Payment cancelled"): payChoice.spec.ts, on a borrower of its own.
    await test.step('the payment check fails on the network: nothing is paid again until it is checked, then /thanku', async () => {
      let fail = true;
      await page.route(`**${REPAY.razorpayVerify}`, (route) =>
        fail ? route.abort('internetdisconnected') : route.continue(),
      );
      const s = await openAmountCard(page, request);
      const due = await dueOnCard(page);
      await s.amount.fill('100');
      await s.proceed.click();
      await s.razorpay.click();
      const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
      await checkout.getByRole('button', { name: 'Pay successfully' }).click();
      await expect(s.alert).toContainText('We could not confirm your payment yet.');
      await expect(s.proceed).toBeDisabled();
      fail = false;
      await s.root.getByRole('button', { name: 'Check my payment again' }).click();
      await page.waitForURL(/\/thanku\?txnStatus=SUCCESS/);
      expect(await dueByApi(request)).toBe(due - 10_000);
    });
  });

  // An expired payment session (Status 4) and a PayU order that cannot start (a bad reply, the network):
  // tests/components/RepayStepper.test.tsx.

  // Last: a full payment closes the demo loan.
  test('the whole due through Razorpay closes the loan: nothing more to pay, no more codes for the PAN', async ({
    page,
    request,
  }) => {
    const s = await openStepper(page);
    await requestRepayCode(page, DEMO.pan);
    await s.otp.fill(await latestCode(request, DEMO.mobile));
    const verified = page.waitForResponse((r) => r.url().endsWith(REPAY.verifyOtp));
    await s.getAmount.click();
    const token: string = (await (await verified).json()).Data.repay_token;
    const due = await dueOnCard(page);
    await expect(s.summary).toHaveText(`You will pay the whole due of ${formatPaise(due)}.`);
    await s.proceed.click();
    const order = page.waitForRequest((r) => r.url().endsWith(REPAY.razorpayOrder));
    await s.razorpay.click();
    expect((await order).postDataJSON()).toEqual({ lead_id: expect.stringMatching(/^\d+$/), rzp_amount: '' });
    const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
    await expect(checkout).toContainText(`Amount: ${formatPaise(due).replace(/^(₹[\d,]+)$/, '$1.00')}`);
    await checkout.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/thanku\?txnStatus=SUCCESS/);
    await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();

    // The same payment session has nothing left to pay.
    const again = await request.post(REPAY.razorpayOrder, { headers: { Authtoken: token }, data: { rzp_amount: '' } });
    expect(again.status()).toBe(409);
    expect((await again.json()).Message).toBe(NOTHING_DUE_ORDER);
    // A new PAN flow gets the usual answer, but no code reaches the borrower: no loan is active.
    const newest = async () => (await (await request.get(`/__dev/outbox?to=${DEMO.mobile}`)).json())[0];
    const before = await newest();
    const next = await openStepper(page);
    await requestRepayCode(page, DEMO.pan);
    await expect(next.status).toHaveText(REPAY_OTP_SENT);
    expect(await newest()).toEqual(before);
  });
});
