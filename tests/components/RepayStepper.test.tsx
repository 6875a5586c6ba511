/**
 * The repay stepper (src/islands/RepayStepper) drawn alone: what its PAN, OTP and amount fields take
 * while typing, the messages for incomplete input with nothing sent, a refused or failed request's
 * message with Retry, Please wait…, the resend countdown, an expired payment session and a PayU order
 * that cannot start. The API answers at the network's edge (serveApi) with envelopes shaped as the
 * server's routes send them. Paying through each provider, the payment result pages and the
 * accessibility scans stay in tests/e2e/repay.spec.ts, against the real server.
 */

import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import RepayStepper from '../../src/islands/RepayStepper/RepayStepper.tsx';
import { SITE_PROVIDERS } from '../../src/islands/shared/payment/siteProviders.ts';
import { API } from '../../src/lib/api/paths.ts';
import { type RepaymentAnswer, VerifyOtpAnswer, VerifyOtpBeside } from '../../src/lib/schemas/answers/repay.ts';
import { REPAY_OTP_SENT } from '../../src/lib/schemas/repay.ts';
import { type Api, type ApiReply, type ApiRequest, type Drawn, draw, held, serveApi } from './draw.tsx';

const PAN_MESSAGE = 'Please enter valid pan number!';
const OTP_MESSAGE = 'Please enter 4 digits OTP';
const WRONG = 'The OTP you entered is incorrect.';
const NETWORK = 'We could not reach our servers. Please check your internet connection and try again.';
const EXPIRED = 'This payment session has expired. Please enter your PAN again.';
const PAN = 'ABCPE1234F';

const ok = (Message: string, Data: object = {}, beside: object = {}): ApiReply => ({
  status: 200,
  body: { Status: 1, Message, Data, ...beside },
});
const refused = (status: number, Message: string, error: string, Status = 0): ApiReply => ({
  status,
  body: { Status, Message, error, Data: {} },
});

/**
 * verifyOtp's answer (src/server/repay/routes.ts): the repay token, the loan's figures in rupees and the
 * order, each part parsed by the route's answer schemas so that it cannot drift from the server's.
 */
const verified = (loan: Partial<v.InferInput<typeof RepaymentAnswer>> = {}) =>
  ok(
    'OTP verified successfully.',
    v.parse(VerifyOtpAnswer, {
      repay_token: 'x'.repeat(43),
      expires_in_seconds: 900,
      razorpay_key: 'rzp_test',
      razorpay_checkout_url: '/__sandbox/razorpay/checkout.js',
    }),
    v.parse(VerifyOtpBeside, {
      repayment_data: {
        loan_no: 'KCL123456',
        disbursal_date: '2026-01-05',
        repayment_date: '2026-03-06',
        repayment_amount: 26000,
        loan_recommended: 20000,
        real_interest: 1499.5,
        total_due_amount: 21499.5,
        principal_outstanding: 20000,
        interest_outstanding: 1499.5,
        charges_outstanding: 0,
        collected: 0,
        cooling_off_until: '2026-01-08',
        in_cooling_off: false,
        days_past_due: 0,
        full_name: 'Asha Verma',
        email: 'asha@example.in',
        mobile: '9876543210',
        lead_id: '7',
        ...loan,
      },
      order_id: 'order_test123456',
    }),
  );

/** The server's usual answers; a test replaces the one it is about. */
type Answers = Partial<Record<string, (request: ApiRequest) => ApiReply | Promise<ApiReply>>>;
const usual: Answers = {
  [API.repaySendOtp]: () => ok(REPAY_OTP_SENT),
  [API.repayVerifyOtp]: () => verified(),
};

const heading = () => page.getByRole('heading', { level: 2 });
const pan = () => page.getByRole('textbox', { name: 'PAN', exact: true });
const getOtp = () => page.getByRole('button', { name: 'Get OTP' });
const otp = () => page.getByRole('textbox', { name: 'OTP', exact: true });
const terms = () => page.getByRole('checkbox', { name: /terms and conditions/ });
const getAmount = () => page.getByRole('button', { name: 'Get Amount' });
const resend = () => page.getByRole('button', { name: /^Resend OTP/ });
const changePan = () => page.getByRole('button', { name: 'Change PAN' });
const amount = () => page.getByRole('textbox', { name: 'Amount to pay (₹)' });
const summary = () => page.getByTestId('amount-summary');
const proceed = () => page.getByRole('button', { name: 'Proceed to Pay' });
const dialog = () => page.getByRole('dialog', { name: 'Choose Payment Method' });
const alert = () => page.getByRole('alert');
const status = () => page.getByRole('status');
const retry = () => page.getByRole('button', { name: 'Retry' });
const busy = () => page.getByRole('button', { name: 'Please wait…' });
/** The value the amount card shows for a label. */
const fact = (label: string) =>
  [...document.querySelectorAll('dt')].find((term) => term.textContent?.trim() === label)?.nextElementSibling
    ?.textContent;

let drawn: Drawn;
let api: Api;
let answers: Answers;
beforeEach(() => {
  answers = { ...usual };
  api = serveApi(async (request) => {
    const reply = answers[request.path];
    if (!reply) throw new Error(`no answer for ${request.path}`);
    return reply(request);
  });
  drawn = draw(<RepayStepper brand="Kosh Credit" providers={SITE_PROVIDERS} />);
});
afterEach(() => {
  drawn.remove();
  api.restore();
  vi.useRealTimers();
  sessionStorage.clear();
});

async function toOtpStep() {
  await userEvent.fill(pan(), PAN);
  await getOtp().click();
  await expect.element(otp()).toHaveFocus();
}

async function toAmountCard() {
  await toOtpStep();
  await userEvent.fill(otp(), '1234');
  await getAmount().click();
  await expect.element(amount()).toHaveFocus();
}

describe('step 1: the PAN', () => {
  it('upper-cased as typed, only a prefix of 5 letters, 4 digits, 1 letter, at most 10', async () => {
    await expect.element(heading()).toHaveTextContent('Enter your PAN');
    await expect.element(pan()).toHaveAttribute('maxlength', '10');
    await pan().click();
    await userEvent.keyboard('1');
    await expect.element(pan()).toHaveValue('');
    await userEvent.keyboard('abcde');
    await expect.element(pan()).toHaveValue('ABCDE');
    await userEvent.keyboard('F');
    await expect.element(pan()).toHaveValue('ABCDE');
    await userEvent.keyboard('12x34');
    await expect.element(pan()).toHaveValue('ABCDE1234');
    await userEvent.keyboard('5');
    await expect.element(pan()).toHaveValue('ABCDE1234');
    await userEvent.keyboard('fG');
    await expect.element(pan()).toHaveValue('ABCDE1234F');
    // A paste that does not fit is refused whole; one that fits is taken, upper-cased.
    await userEvent.fill(pan(), 'AB 12');
    await expect.element(pan()).toHaveValue('ABCDE1234F');
    await userEvent.fill(pan(), 'pqrst6789z');
    await expect.element(pan()).toHaveValue('PQRST6789Z');
  });

  it(`an incomplete PAN: "${PAN_MESSAGE}" under the field, and nothing is sent`, async () => {
    await userEvent.fill(pan(), 'ABCDE12');
    await getOtp().click();
    await expect.element(alert()).toHaveTextContent(PAN_MESSAGE);
    await expect.element(pan()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(pan()).toHaveFocus();
    const copy = page.getByText(PAN_MESSAGE, { exact: true }).elements()[0];
    expect(pan().element().getAttribute('aria-describedby')?.split(' ')).toContain(copy?.id);
    expect(api.requests).toEqual([]);
  });

  it('Get OTP sends the PAN, shows the server message and moves to the OTP step', async () => {
    await userEvent.fill(pan(), PAN);
    await getOtp().click();
    await expect.element(status()).toHaveTextContent(REPAY_OTP_SENT);
    await expect.element(heading()).toHaveTextContent('Enter your OTP');
    await expect.element(otp()).toHaveFocus();
    const [sent] = api.sent(API.repaySendOtp);
    expect(sent?.body).toEqual({ pancard: PAN });
    expect(sent?.headers.get('auth')).toBe('kosh-web');
    await expect.element(page.getByRole('listitem').filter({ hasText: 'OTP' })).toHaveAttribute('aria-current', 'step');
  });

  it('a refused request shows the server message with a Retry that asks again', async () => {
    answers[API.repaySendOtp] = () =>
      refused(429, 'Please wait 12 seconds before requesting another OTP.', 'otp_too_soon');
    await userEvent.fill(pan(), PAN);
    await getOtp().click();
    await expect.element(alert()).toHaveTextContent('Please wait 12 seconds before requesting another OTP.');
    await expect.element(heading()).toHaveTextContent('Enter your PAN');
    await expect.element(getOtp()).toBeEnabled();
    answers[API.repaySendOtp] = usual[API.repaySendOtp];
    await retry().click();
    await expect.element(otp()).toHaveFocus();
    expect(api.sent(API.repaySendOtp)).toHaveLength(2);
  });

  it('a network failure shows a plain message and a Retry; while waiting the button says Please wait…', async () => {
    const later = held<ApiReply>();
    answers[API.repaySendOtp] = () => 'offline';
    await userEvent.fill(pan(), PAN);
    await getOtp().click();
    await expect.element(alert()).toHaveTextContent(NETWORK);
    answers[API.repaySendOtp] = () => later.promise;
    await retry().click();
    await expect.element(busy()).toBeDisabled();
    await expect.element(busy()).toHaveAttribute('aria-busy', 'true');
    later.release(ok(REPAY_OTP_SENT));
    await expect.element(otp()).toHaveFocus();
  });
});

describe('step 2: the OTP', () => {
  it('digits only, at most 4; the terms checkbox is shown and not required', async () => {
    await toOtpStep();
    await expect.element(otp()).toHaveAttribute('inputmode', 'numeric');
    await expect.element(otp()).toHaveAttribute('autocomplete', 'one-time-code');
    await expect.element(otp()).toHaveAttribute('maxlength', '4');
    await userEvent.keyboard('1a2-b3c45');
    await expect.element(otp()).toHaveValue('1234');
    await expect.element(terms()).toBeVisible();
    await expect.element(terms()).not.toBeChecked();
    await expect
      .element(page.getByRole('link', { name: 'terms and conditions' }))
      .toHaveAttribute('href', '/termsandconditions');
    // Unticked, the code is still checked by the server.
    answers[API.repayVerifyOtp] = () => refused(401, WRONG, 'otp_invalid');
    await getAmount().click();
    await expect.element(alert()).toBeVisible();
    expect(api.sent(API.repayVerifyOtp).map((request) => request.body)).toEqual([{ panNumber: PAN, otp: '1234' }]);
  });

  it(`fewer than 4 digits: "${OTP_MESSAGE}", nothing sent`, async () => {
    await toOtpStep();
    await userEvent.fill(otp(), '12');
    await getAmount().click();
    await expect.element(alert()).toHaveTextContent(OTP_MESSAGE);
    await expect.element(otp()).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent(API.repayVerifyOtp)).toEqual([]);
  });

  it('Change PAN goes back with the PAN kept; Resend counts down 30 s, then sends again', async () => {
    // Only the countdown's clock is the test's: React and the assertions keep the browser's timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await toOtpStep();
    await expect.element(resend()).toHaveTextContent('Resend OTP in 30s');
    await expect.element(resend()).toBeDisabled();
    vi.advanceTimersByTime(1_000);
    await expect.element(resend()).toHaveTextContent('Resend OTP in 29s');
    vi.advanceTimersByTime(29_000);
    await expect.element(resend()).toHaveTextContent(/^Resend OTP$/);
    await resend().click();
    await expect.element(resend()).toHaveTextContent('Resend OTP in 30s');
    expect(api.sent(API.repaySendOtp).map((request) => request.body)).toEqual([{ pancard: PAN }, { pancard: PAN }]);
    await changePan().click();
    await expect.element(pan()).toHaveFocus();
    await expect.element(pan()).toHaveValue(PAN);
  });

  it('a network failure while checking the code keeps it and offers Retry', async () => {
    answers[API.repayVerifyOtp] = () => 'offline';
    await toOtpStep();
    await userEvent.fill(otp(), '4321');
    await getAmount().click();
    await expect.element(alert()).toHaveTextContent(NETWORK);
    await expect.element(otp()).toHaveValue('4321');
    answers[API.repayVerifyOtp] = usual[API.repayVerifyOtp];
    await retry().click();
    await expect.element(amount()).toHaveFocus();
    expect(api.sent(API.repayVerifyOtp).map((request) => request.body.otp)).toEqual(['4321', '4321']);
  });

  it(`a wrong code: "${WRONG}", the field emptied and focused`, async () => {
    answers[API.repayVerifyOtp] = () => ({
      status: 401,
      body: { Status: 0, Message: WRONG, error: 'otp_invalid', Data: { attempts_left: 4 } },
    });
    await toOtpStep();
    await userEvent.fill(otp(), '9999');
    await getAmount().click();
    await expect.element(alert()).toHaveTextContent(WRONG);
    await expect.element(otp()).toHaveValue('');
    await expect.element(otp()).toHaveFocus();
    await expect.element(otp()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(heading()).toHaveTextContent('Enter your OTP');
  });
});

describe('the amount card', () => {
  it('lakh grouping, paise and DD-MM-YYYY dates', async () => {
    answers[API.repayVerifyOtp] = () =>
      verified({
        repayment_amount: 195000,
        loan_recommended: 150000,
        real_interest: 1234.5,
        total_due_amount: 151234.5,
        principal_outstanding: 150000,
        interest_outstanding: 1234.5,
      });
    await toAmountCard();
    await expect.element(heading()).toHaveTextContent('Your loan');
    for (const [label, value] of [
      ['Loan number', 'KCL123456'],
      ['Disbursal date', '05-01-2026'],
      ['Repayment date', '06-03-2026'],
      ['Due on the repayment date', '₹1,95,000'],
      ['Loan Amount', '₹1,50,000'],
      ['Interest to date', '₹1,234.50'],
      ['To close the loan today', '₹1,51,234.50'],
    ] as const) {
      await expect.poll(() => fact(label)).toBe(value);
    }
    await expect.element(summary()).toHaveTextContent('You will pay the whole due of ₹1,51,234.50.');
    await userEvent.fill(amount(), '1234.5');
    await expect.element(summary()).toHaveTextContent('A part payment of ₹1,234.50; ₹1,50,000 stays due.');
  });

  it('the amount: no leading zero, no bare ".", at most 2 decimals; under ₹1 is refused', async () => {
    // The due to close the loan today: ₹21,499.50.
    await toAmountCard();
    // A zero may start a fraction, typed key by key, but no other digit follows it.
    await userEvent.keyboard('05');
    await expect.element(amount()).toHaveValue('0');
    await userEvent.fill(amount(), '');
    await userEvent.keyboard('0.50');
    await expect.element(amount()).toHaveValue('0.50');
    await proceed().click();
    await expect.element(alert()).toHaveTextContent('The amount must be at least ₹1.');
    await userEvent.fill(amount(), '');
    await amount().click();
    await userEvent.keyboard('.5');
    await expect.element(amount()).toHaveValue('5');
    await userEvent.fill(amount(), '.5');
    await expect.element(amount()).toHaveValue('5');
    await userEvent.fill(amount(), '0.5');
    await expect.element(amount()).toHaveValue('0.5');
    await userEvent.fill(amount(), '');
    await userEvent.keyboard('12.345');
    await expect.element(amount()).toHaveValue('12.34');
    await userEvent.keyboard('x,');
    await expect.element(amount()).toHaveValue('12.34');
    await expect.element(summary()).toHaveTextContent('A part payment of ₹12.34; ₹21,487.16 stays due.');
    await userEvent.fill(amount(), '21500');
    await expect.element(summary()).toHaveTextContent('You will pay the whole due of ₹21,499.50.');
    await userEvent.fill(amount(), '0.5');
    await proceed().click();
    await expect.element(alert()).toHaveTextContent('The amount must be at least ₹1.');
    await expect.element(amount()).toHaveAttribute('aria-invalid', 'true');
    await expect.element(dialog()).not.toBeInTheDocument();
    expect(api.sent(API.razorpayOrder)).toEqual([]);
  });

  it(`an expired payment session (Status 4): back to the PAN step with "${EXPIRED}"`, async () => {
    answers[API.razorpayOrder] = () => refused(401, EXPIRED, 'session_expired', 4);
    await toAmountCard();
    await proceed().click();
    await dialog().getByRole('button', { name: 'Razorpay' }).click();
    await expect.element(alert()).toHaveTextContent(EXPIRED);
    await expect.element(heading()).toHaveTextContent('Enter your PAN');
    await expect.element(pan()).toHaveValue(PAN);
    await expect.element(pan()).toHaveFocus();
    expect(page.getByText(EXPIRED, { exact: true }).elements()).toHaveLength(2);
    expect(api.sent(API.razorpayOrder)[0]?.headers.get('authtoken')).toBe('x'.repeat(43));
  });

  it('PayU: a bad order reply or a network failure gets a plain message and a Retry that asks again', async () => {
    answers[API.payuOrder] = () => ok('Success', {}, { data: {} });
    await toAmountCard();
    await userEvent.fill(amount(), '100');
    await proceed().click();
    await dialog().getByRole('button', { name: 'PayU' }).click();
    await expect.element(alert()).toHaveTextContent('We could not start the PayU payment. Please try again.');
    answers[API.payuOrder] = () => 'offline';
    await retry().click();
    await expect.element(alert()).toHaveTextContent(NETWORK);
    // The third try is held: answered, the browser would leave for PayU's page (tests/e2e/repay.spec.ts).
    answers[API.payuOrder] = () => held<ApiReply>().promise;
    await retry().click();
    await expect.element(busy()).toBeDisabled();
    const orders = api.sent(API.payuOrder);
    expect(orders).toHaveLength(3);
    expect(orders[2]?.body).toEqual(orders[0]?.body);
    expect(orders[0]?.body).toMatchObject({ amount: '100', productinfo: 'Loan repayment KCL123456', udf5: '7' });
  });
});
