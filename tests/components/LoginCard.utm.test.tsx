/**
 * The sign-in card's code requests carry the campaign (UTM) parameters of the page's address
 * (src/islands/LoginCard, src/lib/tracking.ts): the first request and Resend, empty strings for the
 * missing ones. What the card sends is read at the network's edge (serveApi), so each case is a
 * component drawn under an address of the test's (history.replaceState) instead of a page load of
 * /apply-now against the real server (issue 21). The sign-in with a real code stays in
 * tests/e2e/signIn.spec.ts; a resend without UTM parameters in tests/e2e/clock/signInClock.spec.ts.
 */

import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import LoginCard from '../../src/islands/LoginCard/LoginCard.tsx';
import { API } from '../../src/lib/api/paths.ts';
import { LoginAnswer } from '../../src/lib/schemas/answers/signIn.ts';
import { type Api, type ApiReply, type Drawn, draw, serveApi } from './draw.tsx';

const OTP_SENT = 'OTP sent successfully to your mobile number.';
const MOBILE = '9876543210';
const PROFILE_ID = '3f2a6c1e-8b4d-4e5f-9a7b-1c2d3e4f5a6b';
const CAMPAIGN = '?utm_source=google&utm_medium=cpc&utm_campaign=diwali%20sale';

/** login's and resend_otp's answer, its Data parsed by the route's answer schema. */
const codeSent = (): ApiReply => ({
  status: 200,
  body: { Status: 1, Message: OTP_SENT, Data: v.parse(LoginAnswer, { cust_profile_id: PROFILE_ID }) },
});

const box = (n: number) => page.getByRole('textbox', { name: `Digit ${n} of 4` });
const resend = () => page.getByRole('button', { name: /^Resend OTP/ });

const testPage = window.location.href;
let drawn: Drawn | undefined;
let api: Api | undefined;

/** The card drawn as if the page's address ended in `query`, the server answering every code request. */
function drawAt(query: string) {
  window.history.replaceState(null, '', `${window.location.pathname}${query}`);
  sessionStorage.clear();
  api = serveApi((request) => {
    if (request.path !== API.registration) throw new Error(`no answer for ${request.path}`);
    return codeSent();
  });
  drawn = draw(<LoginCard brand="Kosh Credit" lender="Kosh Finvest Private Limited" />);
}

afterEach(() => {
  drawn?.remove();
  api?.restore();
  vi.useRealTimers();
  sessionStorage.clear();
  window.history.replaceState(null, '', testPage);
});

async function askForCode() {
  await userEvent.fill(page.getByRole('textbox', { name: 'Mobile number' }), MOBILE);
  await page.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Get OTP' }).click();
  await expect.element(box(1)).toHaveFocus();
}

describe('the UTM parameters of the address', () => {
  it('the code request carries them, empty strings for the missing ones, with the client key', async () => {
    drawAt(CAMPAIGN);
    await askForCode();
    const [sent] = api?.requests ?? [];
    expect(sent?.body).toEqual({
      event_name: 'login',
      mobile: MOBILE,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali sale',
      utm_term: '',
      utm_content: '',
    });
    expect(sent?.headers.get('auth')).toBe('kosh-web');
  });

  it('without UTM parameters every one is sent as an empty string', async () => {
    drawAt('');
    await askForCode();
    expect(api?.requests[0]?.body).toMatchObject({
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
    });
  });

  it('Resend is the same call as the first request: profile_id in place of mobile, with the UTM parameters', async () => {
    // Only the countdown's clock is the test's: React and the assertions keep the browser's timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    drawAt(CAMPAIGN);
    await askForCode();
    expect(sessionStorage.getItem('cust_profile_id')).toBe(PROFILE_ID);
    vi.advanceTimersByTime(30_000);
    await expect.element(resend()).toBeEnabled();
    await resend().click();
    await expect.poll(() => api?.requests.length).toBe(2);
    expect(api?.requests[1]?.body).toEqual({
      event_name: 'resend_otp',
      profile_id: PROFILE_ID,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali sale',
      utm_term: '',
      utm_content: '',
    });
  });
});
