/**
 * The sign-in card on /apply-now against the real server: a customer signs in by keyboard alone, is sent
 * on from /apply-now while signed in, logs out and is told so once; five wrong codes lock the code; an
 * eligible customer lands on the eligibility screen; the islands hydrate on a page that never goes idle.
 * One customer's path is one test on one tab, each part a step (issue 21: a fresh context and sign-in
 * per check cost more than the checks). The card's checks before any request, its refusals and timers:
 * tests/components/LoginCard*.test.tsx; the UTM parameters it sends: LoginCard.utm.test.tsx.
 */
import type { Page, Route } from '@playwright/test';
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
import { expect, test } from './test.ts';

const WRONG = 'The OTP you entered is incorrect.';
const TOO_MANY = 'Too many wrong attempts. Please request a new OTP.';

const session = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)) as Record<string, string>);

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

test('keyboard only from the top of /apply-now to a signed-in dashboard; sent on from /apply-now while signed in; after Logout "You have been signed out." once; five wrong codes lock the code; an eligible customer goes to /my-dashboard/eligibility', async ({
  page,
  request,
}) => {
  test.slow(); // three sign-ins and four dashboard loads on one tab
  const c = await openCard(page);

  await test.step('keyboard only: the right code signs in, the session keys are stored and a new customer goes to /my-dashboard', async () => {
    const mobile = randomMobile();
    await tabTo(page, c.mobile);
    await page.keyboard.type(mobile);
    await tabTo(page, c.consent);
    await page.keyboard.press('Space');
    await expect(c.consent).toBeChecked();
    await tabTo(page, c.getOtp);
    await page.keyboard.press('Enter');
    await expect(c.box(1)).toBeFocused();
    const stored = await session(page);
    await page.keyboard.type(await latestCode(request, mobile));
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

  await test.step('a visitor who already holds a session token is sent from /apply-now to /my-dashboard/', async () => {
    await page.goto('/apply-now');
    await page.waitForURL('**/my-dashboard/');
    await expect(page.locator('h1')).toHaveText('Profile Registration');
  });

  await test.step('after Logout, /apply-now says "You have been signed out." once, in a status region', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(/\/apply-now$/);
    await expect(card(page).status).toHaveText('You have been signed out.');
    // Said once: a reload, or a visitor who was never signed in, hears nothing.
    await page.reload();
    await expect(card(page).status).toHaveText('');
  });

  await test.step(`five wrong codes, then even the right one: "${TOO_MANY}"`, async () => {
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const mobile = randomMobile();
    await requestCode(page, mobile);
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

  await test.step('an eligible customer (eligibility 1) goes to /my-dashboard/eligibility', async () => {
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
    // The same card, another number.
    await c.changeNumber.click();
    await expect(c.mobile).toBeFocused();
    await requestCode(page, randomMobile());
    await page.keyboard.type('1234');
    await c.verify.click();
    await page.waitForURL('**/my-dashboard/eligibility');
    await expect(page.locator('h1')).toHaveText('Your Loan');
    expect(await session(page)).toMatchObject({
      next_step: 'loan_application',
      token: 'a-test-token-of-some-length',
      eligibility: '1',
    });
  });
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

test('the dashboard pages exist, stay out of search results and out of the sitemap', async ({ request }) => {
  // Read as served: in a browser, the dashboard sends a visitor without a session on to /apply-now.
  for (const route of ['/my-dashboard', '/my-dashboard/', '/my-dashboard/eligibility']) {
    const response = await request.get(route);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<meta name="robots" content="noindex">');
  }
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('my-dashboard');
});
