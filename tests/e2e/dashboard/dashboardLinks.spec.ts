/**
 * Links that land (issue 25): every link the product sends opens its screen, after a sign-in when the
 * tab has no session, and a tab of the same browser that holds one hands it to the new tab.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { card, latestCode, typeCode } from '../../support/signIn.ts';
import { expect, test } from '../test.ts';
import { type Customer, customerInState, heading, openDashboard, sessionOf } from './support.ts';

/** The links the product sends about a loan (src/server/kfs/service.ts, src/server/reminders/receiptMessages.ts). */
const sentLinks = (customer: Customer) => [
  {
    name: 'the Key Fact Statement',
    address: `/my-dashboard/lead-preview?lead_id=${customer.leadId}#key-fact-statement`,
    landed: (page: Page) => expect(page.getByRole('region', { name: /^Key Fact Statement KFS-\d{6}$/ })).toBeVisible(),
  },
  {
    name: 'the receipt’s loan details',
    address: `/my-dashboard/details?lead_id=${customer.leadId}`,
    // The loan's own figures, which only the signed-in island draws (the page's frame has the heading).
    landed: async (page: Page) => {
      await expect(heading(page)).toHaveText('Loan Details');
      await expect(page.getByRole('region', { name: /^Loan KCL\d+$/ })).toBeVisible();
    },
  },
];

/** Signs in on the card /apply-now shows, once it has hydrated, with the code the server sent. */
async function signInOnCard(page: Page, request: APIRequestContext, mobile: string) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const c = card(page);
  await c.mobile.fill(mobile);
  await c.consent.check();
  await c.getOtp.click();
  await expect(c.box(1)).toBeFocused();
  await typeCode(page, await latestCode(request, mobile));
  await page.keyboard.press('Enter');
}

test('each link opened signed out asks for sign-in, then opens its own screen', async ({ browser, request }) => {
  test.slow();
  const customer = await customerInState(request, 'loan active');
  for (const link of sentLinks(customer)) {
    // A new browser: nothing of the session anywhere.
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link.address);
    await page.waitForURL((url) => url.pathname === '/apply-now');
    expect(new URL(page.url()).searchParams.get('next'), link.name).toBe(link.address);
    await signInOnCard(page, request, customer.mobile);
    await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === link.address);
    await link.landed(page);
    await context.close();
  }
});

test('a link opened in a new tab of a signed-in browser opens its screen at once, signed in', async ({
  page,
  request,
}) => {
  const customer = await customerInState(request, 'loan active');
  await openDashboard(page, customer);
  for (const link of sentLinks(customer)) {
    const tab = await page.context().newPage();
    await tab.goto(link.address);
    await link.landed(tab);
    expect(new URL(tab.url()).pathname).not.toBe('/apply-now');
    // The new tab holds the session in its own storage now, the same token. (Loan Details' pre-drawn frame
    // shows its heading before the hand-over has finished: the storage is read once it has.)
    await expect
      .poll(() => sessionOf(tab), { message: link.name })
      .toMatchObject({ token: customer.token, cust_profile_id: customer.profileId });
    await tab.close();
  }
});

test('a sign-in link naming an address outside the dashboard goes to the dashboard instead', async ({
  page,
  request,
}) => {
  const customer = await customerInState(request, 'registration in progress');
  await page.goto(`/apply-now?next=${encodeURIComponent('https://evil.example/my-dashboard/')}`);
  await signInOnCard(page, request, customer.mobile);
  await page.waitForURL(/\/my-dashboard\/?$/);
});
