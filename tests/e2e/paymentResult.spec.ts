/**
 * The payment's result and the repay page on a phone (issue 25, findings 4 and 11): a failed or
 * cancelled payment shows its transaction id without then saying "we found no payment of yours" with
 * that id, the failure's e-mail address reads as its own word, and the repay page's toasts ("OTP
 * verified") never lie over the step at 320 px or 390 px.
 */
import { expect, type Page, test } from '@playwright/test';
import { RECEIPT_PATH } from '../../src/lib/receipt.ts';
import { site } from '../../src/lib/site.ts';
import { openStepper, requestRepayCode } from '../support/repay.ts';
import { latestCode } from '../support/signIn.ts';
import { borrowerByApi, storeSession } from './dashboard/support.ts';

const NOT_YOURS = 'We found no payment of yours with this transaction ID.';

function result(page: Page) {
  const card = page.locator('[data-payment-result]');
  const value = (label: string) => card.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`);
  return {
    card,
    title: card.getByRole('heading', { level: 2 }),
    status: value('Status'),
    txnId: value('Transaction ID'),
  };
}

/** Counts the receipt look-ups the page makes. */
function receiptCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith(RECEIPT_PATH)) calls.push(request.url());
  });
  return calls;
}

for (const [status, words] of [
  ['FAILED', 'Failed'],
  ['CANCEL', 'Cancelled'],
] as const) {
  test(`/thanku after a ${words.toLowerCase()} payment, signed in: the id and Oops, never "no payment of yours"`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    // A borrower with a session that could read receipts: the page must still not look this one up.
    const borrower = await borrowerByApi(request);
    await storeSession(page, borrower);
    const calls = receiptCalls(page);
    const txnId = `pay_failed${Date.now()}`;
    await page.goto(`/thanku?txnStatus=${status}&txnId=${txnId}`);
    const r = result(page);
    await expect(r.title).toHaveText('Oops');
    await expect(r.status).toHaveText(words);
    await expect(r.txnId).toHaveText(txnId);
    await expect(r.card.getByRole('link', { name: 'Go to dashboard' })).toBeVisible();
    // Give a look-up time to happen and answer.
    await page.waitForLoadState('networkidle');
    await expect(page.getByText(NOT_YOURS)).toHaveCount(0);
    await expect(r.card.getByRole('link', { name: 'Sign in' })).toBeHidden();
    expect(calls).toEqual([]);
    if (status === 'CANCEL') await expect(r.card).toContainText('The payment was cancelled, so nothing was charged.');
  });
}

test('/fail: "write to us at" and the e-mail address are two words, the address a link', async ({ page }) => {
  await page.goto('/fail?txnStatus=FAILED&txnId=403993716');
  const r = result(page);
  await expect(r.title).toHaveText('Oops');
  await expect(r.txnId).toHaveText('403993716');
  const email = site.contact.supportEmail;
  await expect(r.card.getByText('Your payment did not go through.')).toHaveText(
    `Your payment did not go through. If money left your account anyway, write to us at ${email} with the transaction ID below.`,
  );
  await expect(r.card.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(NOT_YOURS)).toHaveCount(0);
});

/** Whether any visible part of the stepper's step (outside the toasts) lies under a toast. */
async function toastCovers(page: Page) {
  return page.evaluate(() => {
    const root = document.querySelector('#repay-stepper') as HTMLElement;
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-testid="toast"]')];
    const content = [...root.querySelectorAll<HTMLElement>('h2, p, label, input, button, dt, dd, li, a')].filter(
      (el) => !toasts.some((toast) => toast.contains(el)) && el.getClientRects().length > 0,
    );
    const covered: string[] = [];
    for (const toast of toasts) {
      const t = toast.getBoundingClientRect();
      for (const el of content) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom)
          covered.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return { toasts: toasts.length, covered };
  });
}

test('the repay page on a phone: "OTP sent" and "OTP verified" take their own place, over nothing, at 320 and 390 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const borrower = await borrowerByApi(request);
  await page.setViewportSize({ width: 320, height: 640 });
  const s = await openStepper(page);
  await requestRepayCode(page, borrower.pan);
  await expect(s.status.first()).toBeVisible();
  expect(await toastCovers(page)).toMatchObject({ toasts: 1, covered: [] });
  await s.otp.fill(await latestCode(request, borrower.mobile));
  await s.getAmount.click();
  await expect(s.amount).toBeFocused();
  await expect(s.status.filter({ hasText: 'OTP verified' })).toBeVisible();
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 740 });
    const { toasts, covered } = await toastCovers(page);
    expect(toasts, `toasts at ${width} px`).toBeGreaterThan(0);
    expect(covered, `covered at ${width} px`).toEqual([]);
    // Inside the card, above the step, and within the screen's width.
    const box = await s.status.filter({ hasText: 'OTP verified' }).boundingBox();
    const heading = await s.heading.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(heading?.y ?? 0);
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= width).toBe(true);
  }
});
