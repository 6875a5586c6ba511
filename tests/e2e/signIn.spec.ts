import { expect, type Page, type Route, test } from '@playwright/test';
import { tabTo } from '../support/keyboard.ts';
import {
  card,
  latestCode,
  openCard,
  REGISTRATION,
  randomMobile,
  requestCode,
  typeCode,
  wrongCode,
} from '../support/signIn.ts';

const WRONG = 'The OTP you entered is incorrect.';
const TOO_MANY = 'Too many wrong attempts. Please request a new OTP.';

const session = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)) as Record<string, string>);

/** The browser's timers stopped, so countdowns and 5-second messages move only when the test says. */
async function stopTheClock(page: Page) {
  await page.clock.install({ time: new Date('2030-01-01T10:00:00+05:30') });
  return async () => page.clock.pauseAt(new Date('2030-01-01T10:05:00+05:30'));
}

/** Answers one sign-in event from the test instead of the server; every other call goes through. */
async function answer(page: Page, event: string, reply: (route: Route) => Promise<void>) {
  await page.route(REGISTRATION, async (route) => {
    if (route.request().postDataJSON()?.event_name === event) return reply(route);
    return route.continue();
  });
}

const envelope = (status: number, body: object) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

test.describe('step 1: mobile number and consent', () => {
  // The checks before any request (the field's digits, the short, invalid and empty number, the consent,
  // Read more): tests/components/LoginCard.test.tsx. A refused request, one without a Message, a network
  // failure and Please wait…: tests/components/LoginCard.calls.test.tsx.

  test('the code request carries the UTM parameters of the address, empty strings for the missing ones', async ({
    page,
  }) => {
    const c = await openCard(page, '?utm_source=google&utm_medium=cpc&utm_campaign=diwali%20sale');
    const mobile = randomMobile();
    const sent = page.waitForRequest((request) => request.url().endsWith(REGISTRATION));
    await c.mobile.fill(mobile);
    await c.consent.check();
    await c.getOtp.click();
    expect((await sent).postDataJSON()).toEqual({
      event_name: 'login',
      mobile,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali sale',
      utm_term: '',
      utm_content: '',
    });
    expect((await sent).headers().auth).toBe('kosh-web');
    await expect(c.box(1)).toBeFocused();
  });

  test('without UTM parameters every one is sent as an empty string', async ({ page }) => {
    const c = await openCard(page);
    const sent = page.waitForRequest((request) => request.url().endsWith(REGISTRATION));
    await c.mobile.fill(randomMobile());
    await c.consent.check();
    await c.getOtp.click();
    expect((await sent).postDataJSON()).toMatchObject({
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
    });
  });
});

test.describe('step 2: the code', () => {
  // The masked number, the empty boxes, the sent message and the session's keys; fewer than 4 digits; a wrong
  // code; a network failure and Please wait… while verifying; Change number:
  // tests/components/LoginCard.calls.test.tsx. Typing, Backspace, the arrow keys, paste and autofill in the
  // boxes: tests/components/CodeBoxes.test.tsx.

  test('the right code signs in: the session keys are stored and a new customer goes to /my-dashboard', async ({
    page,
    request,
  }) => {
    await openCard(page);
    const mobile = randomMobile();
    await requestCode(page, mobile);
    const stored = await session(page);
    await typeCode(page, await latestCode(request, mobile));
    // Enter in the last box submits.
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-dashboard');
    await expect(page.locator('h1')).toHaveText('Profile Registration');
    // The dashboard adds its own keys (product.md §3) beside the ones sign-in stored.
    expect(await session(page)).toMatchObject({
      mobile,
      cust_profile_id: stored.cust_profile_id,
      next_step: expect.any(String),
      token: expect.stringMatching(/.{20,}/),
      eligibility: '0',
    });
  });

  test('an eligible customer (eligibility 1) goes to /my-dashboard/eligibility', async ({ page }) => {
    await answer(page, 'otp_verify', (route) =>
      route.fulfill(
        envelope(200, {
          Status: 1,
          Message: 'OTP verified successfully.',
          Data: {
            next_step: 'loan_application',
            app_login_token: 'a-test-token-of-some-length',
            eligibility_status: 1,
          },
        }),
      ),
    );
    // The token above is made up: the dashboard's own calls answer "nothing to show" instead of ending it.
    await page.route(/\/Api\/Website\/(getDashboardData|getProfile)$/, (route) =>
      route.fulfill(envelope(200, { Status: 0, Message: 'Not now', Data: {} })),
    );
    await openCard(page);
    await requestCode(page, randomMobile());
    await page.keyboard.type('1234');
    await card(page).verify.click();
    await page.waitForURL('**/my-dashboard/eligibility');
    await expect(page.locator('h1')).toHaveText('Your Loan');
    expect(await session(page)).toMatchObject({
      next_step: 'loan_application',
      token: 'a-test-token-of-some-length',
      eligibility: '1',
    });
  });

  test(`five wrong codes, then even the right one: "${TOO_MANY}"`, async ({ page, request }) => {
    await openCard(page);
    const mobile = randomMobile();
    const c = await requestCode(page, mobile);
    const code = await latestCode(request, mobile);
    const verify = async (digits: string) => {
      await typeCode(page, digits);
      const answered = page.waitForResponse((response) => response.url().endsWith(REGISTRATION));
      await page.keyboard.press('Enter');
      return (await answered).json();
    };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const reply = await verify(wrongCode(code));
      await expect(c.alert).toHaveText(attempt < 5 ? WRONG : TOO_MANY);
      expect(reply.Message).toBe(attempt < 5 ? WRONG : TOO_MANY);
    }
    const reply = await verify(code);
    expect(reply.Status).toBe(0);
    await expect(c.alert).toHaveText(TOO_MANY);
    await expect(page).toHaveURL(/\/apply-now$/);
  });
});

test.describe('timers (the browser clock is stopped and moved by the test)', () => {
  // The resend countdown, a refused resend and the messages' 5 seconds: tests/components/LoginCard.calls.test.tsx.

  test('Resend is the same call as the first request: profile_id in place of mobile, with the UTM parameters', async ({
    page,
  }) => {
    const pause = await stopTheClock(page);
    await openCard(page, '?utm_source=google&utm_medium=cpc&utm_campaign=diwali%20sale');
    await pause();
    const c = await requestCode(page, randomMobile());
    const stored = await session(page);
    await page.clock.runFor(30_000);
    const sent = page.waitForRequest((request) => request.url().endsWith(REGISTRATION));
    await c.resend.click();
    expect((await sent).postDataJSON()).toEqual({
      event_name: 'resend_otp',
      profile_id: stored.cust_profile_id,
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali sale',
      utm_term: '',
      utm_content: '',
    });
  });
});

test('keyboard only: from the top of /apply-now to a signed-in dashboard', async ({ page, request }) => {
  const c = await openCard(page);
  const mobile = randomMobile();
  await tabTo(page, c.mobile);
  await page.keyboard.type(mobile);
  await tabTo(page, c.consent);
  await page.keyboard.press('Space');
  await expect(c.consent).toBeChecked();
  await tabTo(page, c.getOtp);
  await page.keyboard.press('Enter');
  await expect(c.box(1)).toBeFocused();
  await page.keyboard.type(await latestCode(request, mobile));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/my-dashboard\/?$/);
  await expect(page.locator('h1')).toHaveText('Profile Registration');
  expect(await session(page)).toMatchObject({ mobile, token: expect.stringMatching(/.{20,}/) });
});

test('on a page that never goes idle, the login card and the repay stepper still hydrate', async ({ page }) => {
  // Back-to-back 30 ms tasks leave the browser no idle period: only the islands' 1 s time limit hydrates them.
  await page.addInitScript(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      const end = performance.now() + 30;
      while (performance.now() < end);
      channel.port2.postMessage(0);
    };
    channel.port2.postMessage(0);
  });
  for (const path of ['/apply-now', '/repayloan']) {
    await page.goto(path);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  }
});

test('after Logout, /apply-now says "You have been signed out." once, in a status region', async ({
  page,
  request,
}) => {
  await openCard(page);
  const mobile = randomMobile();
  await requestCode(page, mobile);
  await typeCode(page, await latestCode(request, mobile));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/my-dashboard\/?$/);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(/\/apply-now$/);
  const c = card(page);
  await expect(c.status).toHaveText('You have been signed out.');
  // Said once: a reload, or a visitor who was never signed in, hears nothing.
  await page.reload();
  await expect(card(page).status).toHaveText('');
});

test('a visitor who already holds a session token is sent from /apply-now to /my-dashboard/', async ({ page }) => {
  // The token is made up: the dashboard's calls answer "nothing to show" instead of ending the session.
  await page.route(/\/Api\/Website\/(getDashboardData|getProfile)$/, (route) =>
    route.fulfill(envelope(200, { Status: 0, Message: 'Not now', Data: {} })),
  );
  await page.goto('/');
  await page.evaluate(() => sessionStorage.setItem('token', 'an-existing-session-token'));
  await page.goto('/apply-now');
  await page.waitForURL('**/my-dashboard/');
  await expect(page.locator('h1')).toHaveText('Profile Registration');
});

test('the dashboard pages exist, stay out of search results and out of the sitemap', async ({ request }) => {
  // Read as served: in a browser, the dashboard sends a visitor without a session on to /apply-now.
  for (const route of ['/my-dashboard', '/my-dashboard/', '/my-dashboard/eligibility']) {
    const response = await request.get(route);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<meta name="robots" content="noindex">');
  }
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('my-dashboard');
});
