import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { latestCode } from './signIn.ts';

/** The borrower every fresh embedded database holds (src/server/dev/seed.ts). */
export const DEMO = { pan: 'DEMOP1234D', mobile: '9876500001', loanNo: 'KCL100001' } as const;

export const REPAY = {
  sendOtp: '/Api/CustomerDetails/Sendotp',
  verifyOtp: '/Api/CustomerDetails/verifyOtp',
  razorpayOrder: '/Api/RepayLoanApi/generateRazorpayorderId',
  razorpayVerify: '/Api/CustomerDetails/verifyRazorPayCheckPaymentStatus',
  payuOrder: '/Api/RepayLoanApi/payuOrders',
  razorpayCheckout: '/__sandbox/razorpay/checkout.js',
} as const;

export function stepper(page: Page) {
  const root = page.locator('#repay-stepper');
  const dialog = page.getByRole('dialog', { name: 'Choose Payment Method' });
  return {
    root,
    heading: root.getByRole('heading', { level: 2 }),
    pan: root.getByRole('textbox', { name: 'PAN', exact: true }),
    getOtp: root.getByRole('button', { name: 'Get OTP' }),
    otp: root.getByRole('textbox', { name: 'OTP', exact: true }),
    terms: root.getByRole('checkbox', { name: /terms and conditions/ }),
    getAmount: root.getByRole('button', { name: 'Get Amount' }),
    resend: root.getByRole('button', { name: /^Resend OTP/ }),
    changePan: root.getByRole('button', { name: 'Change PAN' }),
    amount: root.getByRole('textbox', { name: 'Amount to pay (₹)' }),
    summary: root.getByTestId('amount-summary'),
    proceed: root.getByRole('button', { name: 'Proceed to Pay' }),
    dialog,
    razorpay: dialog.getByRole('button', { name: 'Razorpay' }),
    payu: dialog.getByRole('button', { name: 'PayU' }),
    cancel: dialog.getByRole('button', { name: 'Cancel' }),
    /** Error toasts (role alert). */
    alert: root.getByRole('alert'),
    /** Success and information toasts (role status). */
    status: root.getByRole('status'),
    retry: root.getByRole('button', { name: 'Retry' }),
    /** The value shown for a label of the amount card. */
    fact: (label: string) => root.locator(`xpath=.//dt[normalize-space(.)="${label}"]/following-sibling::dd[1]`),
  };
}

/** Opens the repay page and waits until the stepper answers (before hydration a click does nothing). */
export async function openStepper(page: Page) {
  await page.goto('/repayloan');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  return stepper(page);
}

/** PAN step done with a real code request: the stepper is on the OTP step. */
export async function requestRepayCode(page: Page, pan: string) {
  const s = stepper(page);
  await s.pan.fill(pan);
  await s.getOtp.click();
  await expect(s.otp).toBeFocused();
  return s;
}

/** When the newest SMS to a mobile was written to the development outbox ('' before any). */
async function newestSentAt(request: APIRequestContext, mobile: string): Promise<string> {
  const response = await request.get(`/__dev/outbox?to=${mobile}`);
  expect(response.ok()).toBe(true);
  const [newest] = (await response.json()) as { created_at: string }[];
  return newest?.created_at ?? '';
}

/** PAN and OTP done for the demo borrower: the amount card is on screen. */
export async function openAmountCard(page: Page, request: APIRequestContext) {
  const s = await openStepper(page);
  const before = await newestSentAt(request, DEMO.mobile);
  await requestRepayCode(page, DEMO.pan);
  // The code's SMS is queued, then written to the outbox: read this request's code, not the one before.
  await expect.poll(() => newestSentAt(request, DEMO.mobile)).not.toBe(before);
  await s.otp.fill(await latestCode(request, DEMO.mobile));
  await s.getAmount.click();
  await expect(s.amount).toBeFocused();
  return s;
}

/** '₹21,499.50' -> 2149950 (paise). */
export function paiseOf(text: string): number {
  const match = /^₹([\d,]+)(?:\.(\d{2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount in rupees: ${text}`);
  return Number((match[1] as string).replaceAll(',', '')) * 100 + Number(match[2] ?? 0);
}

/** The total due on the card now, in paise. */
export async function dueOnCard(page: Page): Promise<number> {
  return paiseOf((await stepper(page).fact('To close the loan today').textContent()) ?? '');
}
