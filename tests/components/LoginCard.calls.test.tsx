/**
 * The sign-in card (src/islands/LoginCard) drawn alone, with the API answering at the network's edge
 * (serveApi) as src/server/signIn/events.ts does: a refused or failed code request, Please wait…, the
 * code step's incomplete, wrong and unchecked codes, Change number, the resend countdown and a refused
 * resend, and the messages' 5 seconds. The checks before any request are in LoginCard.test.tsx; the
 * sign-in to the dashboard with a real code stays in tests/e2e/signIn.spec.ts, against the real server.
 */

import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import LoginCard from '../../src/islands/LoginCard/LoginCard.tsx';
import { API } from '../../src/lib/api/paths.ts';
import { LoginAnswer } from '../../src/lib/schemas/answers/signIn.ts';
import { type Api, type ApiReply, type ApiRequest, type Drawn, draw, held, serveApi } from './draw.tsx';

const MOBILE_TOO_SHORT = 'The Mobile field must be at least 10 characters in length.';
const OTP_DIGITS = 'Please enter 4 digits OTP';
const OTP_SENT = 'OTP sent successfully to your mobile number.';
const WRONG = 'The OTP you entered is incorrect.';
const NETWORK = 'We could not reach our servers. Please check your internet connection and try again.';
const MOBILE = '9876543210';
const PROFILE_ID = '3f2a6c1e-8b4d-4e5f-9a7b-1c2d3e4f5a6b';

const refused = (status: number, Message: string, error: string, Data: object = {}): ApiReply => ({
  status,
  body: { Status: 0, Message, error, Data },
});
/** The server's answers by event_name; a test replaces the one it is about. */
type Answers = Partial<Record<string, (request: ApiRequest) => ApiReply | Promise<ApiReply>>>;
/** login's and resend_otp's answer, its Data parsed by the route's answer schema. */
const codeSent = (): ApiReply => ({
  status: 200,
  body: { Status: 1, Message: OTP_SENT, Data: v.parse(LoginAnswer, { cust_profile_id: PROFILE_ID }) },
});
const usual: Answers = {
  login: codeSent,
  resend_otp: codeSent,
  // A code this test never types right: a right one would take the test page to the dashboard.
  otp_verify: () => refused(401, WRONG, 'otp_invalid', { attempts_left: 4 }),
};

const mobile = () => page.getByRole('textbox', { name: 'Mobile number' });
const consent = () => page.getByRole('checkbox');
const getOtp = () => page.getByRole('button', { name: 'Get OTP' });
const verifyButton = () => page.getByRole('button', { name: 'Verify OTP' });
const resend = () => page.getByRole('button', { name: /^Resend OTP/ });
const changeNumber = () => page.getByRole('button', { name: 'Change number' });
const box = (n: number) => page.getByRole('textbox', { name: `Digit ${n} of 4` });
const boxes = [1, 2, 3, 4].map(box);
const alert = () => page.getByRole('alert');
const status = () => page.getByRole('status');
const busy = () => page.getByRole('button', { name: 'Please wait…' });
const events = () => api.requests.map((request) => request.body.event_name);

let drawn: Drawn;
let api: Api;
let answers: Answers;
beforeEach(() => {
  sessionStorage.clear();
  answers = { ...usual };
  api = serveApi(async (request) => {
    const reply = answers[String(request.body.event_name)];
    if (request.path !== API.registration || !reply) throw new Error(`no answer for ${request.path}`);
    return reply(request);
  });
  drawn = draw(<LoginCard brand="Kosh Credit" lender="Kosh Finvest Private Limited" />);
});
afterEach(() => {
  drawn.remove();
  api.restore();
  vi.useRealTimers();
  sessionStorage.clear();
});

async function askForCode() {
  await userEvent.fill(mobile(), MOBILE);
  await consent().click();
  await getOtp().click();
}

async function toCodeStep() {
  await askForCode();
  await expect.element(box(1)).toHaveFocus();
}

describe('step 1: the code request', () => {
  it('a refused request shows the server message and clears the entry', async () => {
    answers.login = () => refused(429, 'Too many OTP requests. Please try again after an hour.', 'otp_limit');
    await askForCode();
    await expect.element(alert()).toHaveTextContent('Too many OTP requests. Please try again after an hour.');
    await expect.element(mobile()).toHaveValue('');
    await expect.element(mobile()).toHaveFocus();
    await expect.element(getOtp()).toBeEnabled();
  });

  it('without a Message the error field is shown, without either "An error occurred"', async () => {
    // A back-end that speaks only the specification may leave Message empty; this server never does.
    answers.login = () => refused(429, '', 'otp_limit');
    await askForCode();
    await expect.element(alert()).toHaveTextContent('otp_limit');
    answers.login = () => refused(429, '', '');
    await userEvent.fill(mobile(), MOBILE);
    await getOtp().click();
    await expect.element(alert()).toHaveTextContent('An error occurred');
    expect(events()).toEqual(['login', 'login']);
  });

  it('a network failure shows a plain message and clears the entry', async () => {
    answers.login = () => 'offline';
    await askForCode();
    await expect.element(alert()).toHaveTextContent(NETWORK);
    await expect.element(mobile()).toHaveValue('');
  });

  it('while the request runs the button is disabled and says Please wait…', async () => {
    const later = held<ApiReply>();
    answers.login = () => later.promise;
    await askForCode();
    await expect.element(busy()).toBeDisabled();
    await expect.element(busy()).toHaveAttribute('aria-busy', 'true');
    later.release(codeSent());
    await expect.element(box(1)).toHaveFocus();
    await expect.element(verifyButton()).toBeEnabled();
  });
});

describe('step 2: the code', () => {
  it('shows the masked number, four empty boxes and the sent message; keeps the number and profile', async () => {
    await toCodeStep();
    await expect.element(page.getByTestId('masked-mobile')).toHaveTextContent('XXXXXX3210');
    await expect.element(status()).toHaveTextContent(OTP_SENT);
    await expect.element(alert()).not.toBeInTheDocument();
    for (const b of boxes) await expect.element(b).toHaveValue('');
    expect({ ...sessionStorage }).toMatchObject({ mobile: MOBILE, cust_profile_id: PROFILE_ID });
  });

  it(`fewer than 4 digits: "${OTP_DIGITS}", tied to the boxes, and nothing is sent`, async () => {
    await toCodeStep();
    await userEvent.keyboard('12');
    await verifyButton().click();
    await expect.element(alert()).toHaveTextContent(OTP_DIGITS);
    await expect.element(box(3)).toHaveFocus();
    const errorId = alert().element().id;
    for (const b of boxes) {
      await expect.element(b).toHaveAttribute('aria-invalid', 'true');
      await expect.element(b).toHaveAttribute('aria-describedby', errorId);
    }
    await userEvent.keyboard('{Enter}');
    await expect.element(alert()).toHaveTextContent(OTP_DIGITS);
    expect(events()).toEqual(['login']);
  });

  it(`a wrong code: "${WRONG}", the boxes cleared and the first focused`, async () => {
    await toCodeStep();
    await userEvent.keyboard('1234');
    await verifyButton().click();
    await expect.element(alert()).toHaveTextContent(WRONG);
    for (const b of boxes) await expect.element(b).toHaveValue('');
    await expect.element(box(1)).toHaveFocus();
    await expect.element(box(1)).toHaveAttribute('aria-invalid', 'true');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(api.requests[1]?.body).toMatchObject({ event_name: 'otp_verify', profile_id: PROFILE_ID, otp: '1234' });
  });

  it('a network failure while verifying: "Error verifying OTP", the code kept for another try', async () => {
    answers.otp_verify = () => 'offline';
    await toCodeStep();
    await userEvent.keyboard('1234');
    await verifyButton().click();
    await expect.element(alert()).toHaveTextContent('Error verifying OTP');
    await expect.element(box(4)).toHaveValue('4');
    await expect.element(verifyButton()).toBeEnabled();
  });

  it('while verifying, the buttons are disabled and Verify says Please wait…', async () => {
    const later = held<ApiReply>();
    answers.otp_verify = () => later.promise;
    await toCodeStep();
    await userEvent.keyboard('0000');
    await verifyButton().click();
    await expect.element(busy()).toBeDisabled();
    await expect.element(busy()).toHaveAttribute('aria-busy', 'true');
    await expect.element(changeNumber()).toBeDisabled();
    await expect.element(resend()).toBeDisabled();
    later.release(refused(401, WRONG, 'otp_invalid', { attempts_left: 4 }));
    await expect.element(alert()).toHaveTextContent(WRONG);
    await expect.element(verifyButton()).toBeEnabled();
  });

  it('Change number goes back to step 1 with the number kept for editing', async () => {
    await toCodeStep();
    await changeNumber().click();
    await expect.element(mobile()).toHaveFocus();
    await expect.element(mobile()).toHaveValue(MOBILE);
    await expect.element(getOtp()).toBeVisible();
  });
});

describe('timers (the test moves the clock)', () => {
  it('Resend counts down from 30 s, disabled, and is offered at 0', async () => {
    // Only the countdown's clock is the test's: React and the assertions keep the browser's timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await toCodeStep();
    await expect.element(resend()).toHaveTextContent('Resend OTP in 30s');
    await expect.element(resend()).toBeDisabled();
    vi.advanceTimersByTime(1_000);
    await expect.element(resend()).toHaveTextContent('Resend OTP in 29s');
    vi.advanceTimersByTime(27_000);
    await expect.element(resend()).toHaveTextContent('Resend OTP in 2s');
    vi.advanceTimersByTime(1_000);
    await expect.element(resend()).toHaveTextContent('Resend OTP in 1s');
    await expect.element(resend()).toBeDisabled();
    vi.advanceTimersByTime(1_000);
    await expect.element(resend()).toHaveTextContent(/^Resend OTP$/);
    await expect.element(resend()).toBeEnabled();
  });

  it('a refused resend shows the server message and returns to step 1 with the entry cleared', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // The server counts its own 30 seconds and says so.
    answers.resend_otp = () => refused(429, 'Please wait 4 seconds before requesting another OTP.', 'otp_too_soon');
    await toCodeStep();
    vi.advanceTimersByTime(30_000);
    await resend().click();
    await expect.element(alert()).toHaveTextContent('Please wait 4 seconds before requesting another OTP.');
    await expect.element(mobile()).toHaveValue('');
    await expect.element(mobile()).toHaveFocus();
    expect(api.requests[1]?.body).toMatchObject({ event_name: 'resend_otp', profile_id: PROFILE_ID });
  });

  it('error and success messages clear themselves after 5 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await getOtp().click();
    await expect.element(alert()).toHaveTextContent(MOBILE_TOO_SHORT);
    vi.advanceTimersByTime(4_900);
    await expect.element(alert()).toHaveTextContent(MOBILE_TOO_SHORT);
    vi.advanceTimersByTime(200);
    await expect.element(alert()).not.toBeInTheDocument();
    await expect.element(mobile()).not.toHaveAttribute('aria-invalid');

    await toCodeStep();
    await expect.element(status()).toHaveTextContent(OTP_SENT);
    vi.advanceTimersByTime(4_900);
    await expect.element(status()).toHaveTextContent(OTP_SENT);
    vi.advanceTimersByTime(200);
    await expect.element(status()).toHaveTextContent(/^$/);
  });
});
