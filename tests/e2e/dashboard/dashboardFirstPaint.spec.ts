/**
 * The dashboard's first paint (issue 25, "A dashboard as fast as the site"; docs/decisions.md): the
 * page's inline script asks for the profile before React arrives and draws the loan home's dues and
 * Pay Now; the island then draws the same screen where it stands. In a real browser against the real
 * server, the island's code held back (its requests wait) so that the first paint can be read alone:
 * its figures are the island's, in the same place, never twice, not in a live region; a failed or a
 * dead-session answer draws no figure and the island goes where it always went. On a return visit the
 * tab's last known figures are drawn before the answer comes, and the fresh answer wins. Tests whose
 * page loads can follow one another share one tab (each was a test with a context of its own): an
 * answer late, failed or dead; the repayment screen's first paint and its CSS; the loan home's first
 * paint, its return visits and Loan History's. The borrower whose figures go stale pays a part through
 * Pay Now and the repayment screen first, with that screen's checks (dashboardHome.spec.ts's test of
 * it built a borrower for that alone).
 */
import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { API } from '../../../src/lib/api/paths.ts';
import { formatPaise } from '../../../src/lib/money.ts';
import { SESSION_KEYS } from '../../../src/lib/session.ts';
import { axeViolations } from '../../support/axe.ts';
import { expect, test } from '../test.ts';
import { closedLoanHome } from './loanHomeChecks.ts';
import type { Borrower } from './sharedCustomers.ts';
import {
  type Customer,
  callAs,
  customerInState,
  dashboardReady,
  heading,
  repayInFullByApi,
  sessionOf,
  sidebar,
  storeSession,
} from './support.ts';

const PHONE = { width: 390, height: 844 };

/** The active loan as the server answers it now (rupees). */
async function activeLoan(request: APIRequestContext, customer: Customer) {
  const profile = await callAs(request, customer, API.getProfile, { profile_id: customer.profileId });
  return profile.body.Data.active_loan_details as { total_due: number };
}
const paise = (rupees: number) => Math.round(rupees * 100);
const loanHome = (page: Page, loanNo: string) => page.getByRole('region', { name: `Your loan ${loanNo}` });
const payDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Payment Method' });
test.use({ viewport: PHONE });

/** Holds the requests `pattern` matches until `release` is called; counts them. */
async function hold(page: Page, pattern: string) {
  let release = () => {};
  const released = new Promise<void>((done) => {
    release = done;
  });
  let held = 0;
  await page.route(pattern, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}

/**
 * A borrower with an active loan (the worker's shared one unless the test changes the loan or the
 * session), their session in this tab as sign-in leaves it; the island's code (every /_astro/ script,
 * not the page's own HTML) held until `island.release()` unless `holdIsland` is false; and the first
 * paint's requests (getProfile, getLeadList) the page makes, by their API path.
 */
async function borrowerOnPage(page: Page, borrower: Borrower, { holdIsland = true } = {}) {
  await storeSession(page, borrower);
  const island = holdIsland ? await hold(page, '**/_astro/*.js*') : undefined;
  const calls: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path === API.getProfile || path === API.leadList) calls.push(path);
  });
  const called = (path: string) => calls.filter((call) => call === path).length;
  return { borrower, island: island ?? { release: () => {}, held: () => 0 }, calls, called };
}

/** Opens the address once and waits until the dashboard has kept the screen's figures for the next load. */
async function visitOnce(page: Page, path: string, part: 'loan' | 'leads') {
  await page.goto(path);
  await dashboardReady(page);
  await figuresKept(page, part);
}

/** Waits until the tab keeps figures of `part` for the next load. */
async function figuresKept(page: Page, part: 'loan' | 'leads') {
  await page.waitForFunction(
    ([key, name]) => {
      const kept = sessionStorage.getItem(key as string);
      return kept !== null && (JSON.parse(kept) as Record<string, unknown>)[name as string] !== undefined;
    },
    [SESSION_KEYS.lastFigures, part],
  );
}

/**
 * What every first paint owes before the island: its figures page content, not an announcement (in no
 * live region, the status line empty), no WCAG 2.2 AA violation, and the page within 320 px.
 */
async function firstPaintHolds(page: Page, drawn: Locator, label: string) {
  expect(await drawn.evaluate((node) => node.closest('[aria-live], [role="status"], [role="alert"]'))).toBeNull();
  await expect(page.getByRole('status')).toHaveText('');
  expect(await axeViolations(page, label)).toEqual([]);
  await page.setViewportSize({ width: 320, height: PHONE.height });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'at 320 px').toBeLessThanOrEqual(320);
  await page.setViewportSize(PHONE);
}

/** What the loan's summary shows: the figures' words, the sentence, Pay Now's address, and where the sentence stands. */
async function summaryOf(page: Page, loanNo: string) {
  const region = page.getByRole('region', { name: `Your loan ${loanNo}` });
  await expect(region).toBeVisible();
  const which = region.getByText(/^Pay ₹|^Your repayment is overdue/);
  return {
    figures: await region.locator('dl > div').evaluateAll((rows) => rows.map((row) => row.textContent?.trim())),
    amountDue: await region.getByTestId('amount-due').textContent(),
    amountToClose: await region.getByTestId('amount-to-close').textContent(),
    which: await which.textContent(),
    pay: await region.getByRole('link', { name: 'Pay Now' }).getAttribute('href'),
    box: await which.boundingBox(),
  };
}

test('the loan home: the first paint draws the island’s own dues and Pay Now, where the island draws them; a return visit: the tab’s last known figures are painted before the answer comes, then the island takes the fresh answer; on a dead session (401) they go and the island goes to sign-in; loan history’s first paint', async ({
  page,
  sharedBorrower,
}) => {
  // Three tests' loads in one tab (a first visit, its return visits, then loan history's first paint):
  // the return visit's first visit is the loan home's first paint.
  test.slow();
  const { borrower, island, called } = await borrowerOnPage(page, sharedBorrower);
  await test.step('the loan home: the first paint draws the island’s own dues and Pay Now, where the island draws them', async () => {
    await page.goto('/my-dashboard/eligibility');

    // Before any of the island's code: the frame, the title, and the figures from getProfile.
    await expect(heading(page)).toHaveText('Your Loan');
    const first = await summaryOf(page, borrower.loanNo);
    await expect
      .poll(() => island.held(), 'the island’s code is held while the first paint is read')
      .toBeGreaterThan(0);
    expect(first.amountDue).toMatch(/^₹[\d,]+(\.\d\d)?$/);
    expect(first.pay).toBe('/my-dashboard/repayment');
    // Once, and not in a live region: a screen reader reads it as page content, not as an announcement.
    await expect(page.getByTestId('amount-due')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await firstPaintHolds(page, page.getByTestId('amount-due'), 'first paint');

    // The island arrives and draws the same screen: the same words, in the same place, still once.
    island.release();
    await dashboardReady(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    const after = await summaryOf(page, borrower.loanNo);
    expect({ ...after, box: undefined }).toEqual({ ...first, box: undefined });
    expect(Math.abs((after.box?.y ?? 0) - (first.box?.y ?? 0)), 'the sentence did not move').toBeLessThanOrEqual(1);
    await expect(page.getByTestId('amount-due')).toHaveCount(1);
    // One getProfile: the island took the first paint's answer.
    expect(called(API.getProfile)).toBe(1);
  });

  await test.step('a return visit: the tab’s last known figures are painted before the answer comes, then the island takes the fresh answer; on a dead session (401) they go and the island goes to sign-in', async () => {
    // The first visit is the one above: the dashboard keeps its figures for the next load.
    await figuresKept(page, 'loan');
    const first = await summaryOf(page, borrower.loanNo);
    // Only what the first paint draws is kept: no PAN, mobile, e-mail or date of birth.
    const kept = (await sessionOf(page))[SESSION_KEYS.lastFigures] ?? '';
    expect(kept).toContain(borrower.loanNo);
    for (const personal of [borrower.pan, borrower.mobile, '@']) expect(kept).not.toContain(personal);

    // The next load, the answer and the island's code held: the known figures stand, before any answer.
    const answer = await hold(page, `**${API.getProfile}`);
    const code = await hold(page, '**/_astro/*.js*');
    await page.reload();
    await expect.poll(() => answer.held(), 'getProfile was asked').toBe(1);
    const known = await summaryOf(page, borrower.loanNo);
    expect({ ...known, box: undefined }).toEqual({ ...first, box: undefined });
    await expect(page.getByTestId('amount-due')).toHaveCount(1);
    await expect(page.getByRole('status')).toHaveText('');
    expect(await page.evaluate(() => performance.getEntriesByType('paint').length), 'painted').toBeGreaterThan(0);
    expect(await axeViolations(page, 'known figures')).toEqual([]);

    // The same fresh answer leaves them as they are; the island then draws the same, once.
    const drawnNode = await page.getByTestId('amount-due').elementHandle();
    const came = page.waitForResponse((response) => response.url().endsWith(API.getProfile));
    answer.release();
    await came;
    // The fresh request left once the known figures were painted, never competing with that paint.
    const order = () =>
      page.evaluate((path) => {
        const asked = performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(path));
        const painted = performance.getEntriesByName('first-contentful-paint')[0];
        return asked && painted ? asked.startTime - painted.startTime : null;
      }, API.getProfile);
    await expect.poll(order).not.toBeNull();
    expect(await order()).toBeGreaterThanOrEqual(0);
    // The island's code is asked for once the script has dealt with the answer: the same nodes still stand.
    await expect.poll(() => code.held()).toBeGreaterThan(0);
    expect(await drawnNode?.evaluate((node) => node.isConnected)).toBe(true);
    code.release();
    await dashboardReady(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    expect({ ...(await summaryOf(page, borrower.loanNo)), box: undefined }).toEqual({ ...first, box: undefined });
    await expect(page.getByTestId('amount-due')).toHaveCount(1);
    expect(await drawnNode?.evaluate((node) => node.isConnected)).toBe(false);
    expect(called(API.getProfile), 'one request on each load').toBe(2);

    // The next return visit finds the session dead: the known figures go when the answer says so.
    await figuresKept(page, 'loan');
    let answerDead = () => {};
    const answeredDead = new Promise<void>((done) => {
      answerDead = done;
    });
    await page.route(`**${API.getProfile}`, async (route) => {
      await answeredDead;
      await route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ Status: 4, Message: 'Session expired', Data: {} }),
      });
    });
    const codeAgain = await hold(page, '**/_astro/*.js*');
    await page.reload();
    await expect(page.getByTestId('amount-due')).toHaveCount(1);
    const cameDead = page.waitForResponse((response) => response.url().endsWith(API.getProfile));
    answerDead();
    await cameDead;
    await expect(page.getByTestId('amount-due')).toHaveCount(0);
    await expect(page.getByRole('status')).toHaveText('Loading your dashboard…');
    codeAgain.release();
    await page.waitForURL(/\/apply-now/);
    expect(await sessionOf(page)).not.toHaveProperty(SESSION_KEYS.lastFigures);
  });
  await page.unrouteAll({ behavior: 'wait' });

  await test.step('loan history: the first paint asks for getLeadList (after the profile, for its PAN) and draws the island’s own cards; the island takes that answer', async () => {
    const { borrower, island, calls, called } = await borrowerOnPage(page, sharedBorrower);
    // As after a sign-in in another tab: no PAN stored, so the island would have asked for the profile first.
    await page.addInitScript(() => sessionStorage.removeItem('pancard'));
    const leadList = page.waitForRequest((sent) => sent.url().endsWith(API.leadList));
    await page.goto('/my-dashboard/leads');
    // getLeadList names the customer's PAN (dashboard.md), the profile's.
    expect((await leadList).postDataJSON()).toEqual({ profile_id: borrower.profileId, pancard: borrower.pan });

    await expect(heading(page)).toHaveText('Loan History');
    const cards = page.getByRole('list', { name: 'Your loans' });
    const card = cards.getByRole('link', { name: new RegExp(`Loan application ${borrower.leadId}`) });
    await expect(card).toBeVisible();
    // Drawn before the island (held back: its frame's Menu button is not there yet).
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    const first = await cards.textContent();
    expect(first).toMatch(/Status\s*Disbursed/);
    expect(first).toMatch(/Applied on\s*\d\d-\d\d-\d{4}/);
    expect(await card.getAttribute('href')).toBe(`/my-dashboard/details?lead_id=${borrower.leadId}`);
    await expect(cards.getByRole('link'), 'one card: the one application').toHaveCount(1);
    expect(calls, 'the profile, then the cards’ request, each once').toEqual([API.getProfile, API.leadList]);
    await firstPaintHolds(page, cards, 'loan history first paint');

    // The island draws the same cards, once, from the same answer.
    island.release();
    await dashboardReady(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your loans' })).toHaveCount(1);
    expect(await page.getByRole('list', { name: 'Your loans' }).textContent()).toBe(first);
    expect(called(API.leadList)).toBe(1);
    expect(called(API.getProfile)).toBe(1);
  });
});

test('the first paint’s answer late, failed or dead: a slow getProfile is drawn once, by the island, after the hold; a failed one draws no figure and the island shows the failure and Try again; a dead session (401) draws no figure and the island goes to sign-in', async ({
  page,
  sharedBorrower,
}) => {
  // Three page loads of one tab, each with its own answer (they were three tests, each a context of its
  // own); the dead session last, as it clears the tab's session.
  await test.step('a slow getProfile: the island loads after the hold, and the late answer is drawn once, by the island', async () => {
    const { borrower } = await borrowerOnPage(page, sharedBorrower, { holdIsland: false });
    await page.route(`**${API.getProfile}`, async (route) => {
      await new Promise((done) => setTimeout(done, 3000));
      await route.continue();
    });
    await page.goto('/my-dashboard/eligibility');
    // The island is there before the answer (it waits 1 s at most): its frame, its status line.
    await dashboardReady(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    const home = page.getByRole('region', { name: `Your loan ${borrower.loanNo}` });
    await expect(home.getByTestId('amount-due')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('amount-due')).toHaveCount(1);
    await expect(page.getByRole('region', { name: /^Your loan / })).toHaveCount(1);
  });
  await page.unrouteAll({ behavior: 'wait' });
  // A first visit again: no figures kept from the load before (a return visit draws them: tested below).
  await page.evaluate(() => sessionStorage.clear());

  await test.step('a failed getProfile: no figure is drawn, and the island shows the failure and Try again', async () => {
    const { borrower, island } = await borrowerOnPage(page, sharedBorrower);
    let failing = true;
    await page.route(`**${API.getProfile}`, (route) => (failing ? route.abort('failed') : route.continue()));
    const failed = page.waitForEvent('requestfailed', (sent) => sent.url().endsWith(API.getProfile));
    await page.goto('/my-dashboard/eligibility');
    // The first paint has had its answer (a failure) and drew nothing.
    await failed;
    await expect(page.getByRole('status')).toHaveText('Loading your dashboard…');
    await expect(page.getByTestId('amount-due')).toHaveCount(0);

    island.release();
    await dashboardReady(page);
    await expect(page.getByRole('alert')).toHaveText(/could not reach our servers/);
    await expect(page.getByTestId('amount-due')).toHaveCount(0);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(
      page.getByRole('region', { name: `Your loan ${borrower.loanNo}` }).getByTestId('amount-due'),
    ).toBeVisible();
  });
  await page.unrouteAll({ behavior: 'wait' });
  await page.evaluate(() => sessionStorage.clear());

  await test.step('a dead session (401): no figure is drawn, and the island goes to sign-in', async () => {
    const { island } = await borrowerOnPage(page, sharedBorrower);
    await page.route(`**${API.getProfile}`, (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ Status: 4, Message: 'Session expired', Data: {} }),
      }),
    );
    await page.goto('/my-dashboard/eligibility');
    await expect(page.getByRole('status')).toHaveText('Loading your dashboard…');
    await expect(page.getByTestId('amount-due')).toHaveCount(0);
    island.release();
    await page.waitForURL(/\/apply-now/);
    await expect(page.getByTestId('amount-due')).toHaveCount(0);
  });
});

test('repayment: the first paint draws what is owed and which figure to pay, the island’s own figures, with nothing to type into; the page carries only the first paint’s CSS, within the first round trip; the island draws once the screens’ CSS is there, taking the page’s early getProfile (one request)', async ({
  page,
  request,
  sharedBorrower,
}) => {
  // Two loads of the repayment screen in one tab (they were two tests, a context each).
  await test.step('repayment: the first paint draws what is owed and which figure to pay, the island’s own figures, with nothing to type into', async () => {
    const { borrower, island, called } = await borrowerOnPage(page, sharedBorrower);
    await page.goto('/my-dashboard/repayment');

    // Before any of the island's code: the loan's figures and the sentence, from getProfile.
    await expect(heading(page)).toHaveText('Repayment');
    const dues = page.getByRole('region', { name: `Loan ${borrower.loanNo}` });
    await expect(dues).toBeVisible();
    await expect
      .poll(() => island.held(), 'the island’s code is held while the first paint is read')
      .toBeGreaterThan(0);
    const amountDue = (await dues.getByTestId('amount-due').textContent()) ?? '';
    const toClose = (await dues.getByTestId('amount-to-close').textContent()) ?? '';
    const sentence = (await dues.getByText(/^Pay ₹|^Your repayment is overdue/).textContent()) ?? '';
    expect(amountDue).toMatch(/^₹[\d,]+(\.\d\d)?$/);
    expect(sentence).toContain(toClose);
    // Nothing to type into or press before React: what is typed is never lost.
    await expect(page.locator('main').locator('input, select, textarea, button')).toHaveCount(0);
    await firstPaintHolds(page, dues.getByTestId('amount-due'), 'repayment first paint');

    // The island's screen shows the same figures and sentence, once, and its form takes typing.
    island.release();
    await dashboardReady(page);
    await expect(page.getByRole('button', { name: 'Proceed to Pay' })).toBeVisible();
    const table = page.getByRole('table', { name: "Your loan's dues" });
    await expect(table.getByRole('row', { name: /Amount due on the repayment date/ })).toContainText(amountDue);
    await expect(table.getByRole('row', { name: /Total due today/ })).toContainText(toClose);
    await expect(page.getByText(sentence, { exact: true })).toHaveCount(1);
    await expect(page.getByTestId('amount-due')).toHaveCount(0);
    const field = page.getByLabel('Amount to pay (₹)');
    await field.fill('100');
    await expect(field).toHaveValue('100');
    expect(called(API.getProfile)).toBe(1);
  });
  await page.unrouteAll({ behavior: 'wait' });
  // A first visit again: no figures kept from the load before.
  await page.evaluate(() => sessionStorage.clear());

  await test.step('the page carries only the first paint’s CSS, within the first round trip; the island draws once the screens’ CSS is there, taking the page’s early getProfile (one request)', async () => {
    // The whole page, compressed as the server sends it, fits in what a new connection carries in its
    // first round trip (10 segments of 1,460 bytes), so the frame and the profile's request are not a
    // round trip late.
    const html = await (await request.get('/my-dashboard/eligibility')).text();
    expect(gzipSync(html).length).toBeLessThan(14_600 - 1_000);
    const css = /data-css="([^"]+)"/.exec(html)?.[1];
    expect(css, 'the screens’ CSS is named on the first paint’s script').toMatch(/^\/_astro\/.+\.css$/);
    // The screens' rules are in that file, not in the page.
    const screens = await (await request.get(css as string)).text();
    const screenClass = /\.(_[A-Za-z][\w-]*_[a-z0-9]{5}_\d+)\{/.exec(screens)?.[1];
    expect(screenClass).toBeTruthy();
    expect(html).not.toContain(screenClass);

    // Repayment, the island not held: the page asks for the profile early, and the island takes that answer.
    const { called } = await borrowerOnPage(page, sharedBorrower, { holdIsland: false });
    // When the island's frame (its Menu button) first appears, is the screens' stylesheet there?
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('header button')) return;
        seen.disconnect();
        const sheet = [...document.styleSheets].find((s) => s.href?.includes('/_astro/dashboard-screens.'));
        (window as unknown as { cssAtFirstDraw: number }).cssAtFirstDraw = sheet ? sheet.cssRules.length : -1;
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/my-dashboard/repayment');
    await dashboardReady(page);
    await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cssAtFirstDraw: number }).cssAtFirstDraw)).toBeGreaterThan(
      0,
    );
    // And the screen is drawn in its styles: the amount field's hint is the form's small muted text.
    const hint = page.getByText(/^For another amount/);
    await expect(hint).toBeVisible();
    const fontSize = await hint.evaluate((node) => Number.parseFloat(getComputedStyle(node).fontSize));
    expect(fontSize).toBeLessThan(16);
    await expect(page.getByRole('button', { name: 'Proceed to Pay' })).toBeVisible();
    expect(called(API.getProfile)).toBe(1);
  });
});

test('Pay Now and the repayment screen’s whole and part amounts, a part paid; stale figures: after a part payment, the loan home draws the known figures, then the fresh answer’s in their place; a loan repaid elsewhere leaves no dues on screen once the fresh answer comes, and the home shows the closed loan', async ({
  page,
  request,
}) => {
  // A borrower built, a payment, a repayment and the closed loan's home: a long test.
  test.slow();
  // The loan is paid on: a borrower of this test's own.
  const borrower = (await customerInState(request, 'loan active')) as Borrower;
  await borrowerOnPage(page, borrower, { holdIsland: false });
  // The borrower pays a part on the repayment screen (Razorpay's sandbox) and lands on the receipt page
  // (dashboardHome.spec.ts's test of Pay Now, whose borrower was built for it alone, now this one).
  await test.step('Pay Now → the repayment screen: an empty amount is the whole due (rzp_amount the server’s total due); a part amount: the order is for that amount, the checkout charges it, /thanku', async () => {
    const loan = await activeLoan(request, borrower);
    const due = paise(loan.total_due);
    await page.goto('/my-dashboard/eligibility');
    await dashboardReady(page);
    await loanHome(page, borrower.loanNo).getByRole('link', { name: 'Pay Now' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/repayment$/);
    await expect(heading(page)).toHaveText('Repayment');
    // The figures from before the payment, kept for the next load (the stale figures below).
    await figuresKept(page, 'loan');
    // Nothing typed: the whole due, as the server gave it; the checkout cancelled.
    await expect(page.getByTestId('amount-summary')).toHaveText(
      `You will pay the whole due of ${formatPaise(paise(loan.total_due))}.`,
    );
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const whole = page.waitForRequest((r) => r.url().endsWith(API.razorpayOrder));
    await payDialog(page).getByRole('button', { name: 'Razorpay' }).click();
    expect((await whole).postDataJSON().rzp_amount).toBe(loan.total_due.toFixed(2));
    const checkout = page.getByRole('dialog', { name: 'Razorpay (sandbox)' });
    await expect(checkout).toContainText(`Amount: ${formatPaise(paise(loan.total_due))}`);
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled. You can try again.' })).toBeVisible();

    // A part amount, paid.
    await page.getByRole('textbox', { name: 'Amount to pay (₹)' }).fill('750.25');
    await expect(page.getByTestId('amount-summary')).toHaveText(
      `A part payment of ₹750.25; ${formatPaise(due - 75_025)} stays due.`,
    );
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const order = page.waitForRequest((r) => r.url().endsWith(API.razorpayOrder));
    await payDialog(page).getByRole('button', { name: 'Razorpay' }).click();
    expect((await order).postDataJSON()).toEqual({
      profile_id: borrower.profileId,
      lead_id: borrower.leadId,
      rzp_amount: '750.25',
    });
    const answer = await (await (await order).response())?.json();
    expect(answer.Data.amount).toBe(750.25);
    await expect(checkout).toContainText('Amount: ₹750.25');
    await checkout.getByRole('button', { name: 'Pay successfully' }).click();
    await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=pay_\w+$/);
    expect(paise((await activeLoan(request, borrower)).total_due)).toBe(due - 75_025);
  });

  // Back to the loan home: the tab still knows the figures from before the payment, drawn at once.
  const answer = await hold(page, `**${API.getProfile}`);
  const code = await hold(page, '**/_astro/*.js*');
  await page.goto('/my-dashboard/eligibility');
  const stale = await summaryOf(page, borrower.loanNo);
  const came = page.waitForResponse((response) => response.url().endsWith(API.getProfile));
  answer.release();
  await came;
  // The fresh answer's figures replace them where they stand, once.
  const region = page.getByRole('region', { name: `Your loan ${borrower.loanNo}` });
  await expect(region.getByTestId('amount-to-close')).not.toHaveText(stale.amountToClose ?? '');
  const fresh = await summaryOf(page, borrower.loanNo);
  expect(fresh.which).not.toBe(stale.which);
  expect(Math.abs((fresh.box?.y ?? 0) - (stale.box?.y ?? 0)), 'the sentence did not move').toBeLessThanOrEqual(1);
  await expect(page.getByTestId('amount-to-close')).toHaveCount(1);
  // And the island, from the same answer, says the same.
  code.release();
  await dashboardReady(page);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  expect({ ...(await summaryOf(page, borrower.loanNo)), box: undefined }).toEqual({ ...fresh, box: undefined });
  await figuresKept(page, 'loan');

  // Paid in full elsewhere (the repay page, another tab): the tab's figures are now stale.
  await repayInFullByApi(request, borrower);

  const answerAgain = await hold(page, `**${API.getProfile}`);
  const codeAgain = await hold(page, '**/_astro/*.js*');
  const answered = page.waitForResponse((response) => response.url().endsWith(API.getProfile));
  await page.reload();
  // Before the answer: the last known figures.
  await expect(
    page.getByRole('region', { name: `Your loan ${borrower.loanNo}` }).getByTestId('amount-due'),
  ).toBeVisible();
  // The answer has no active loan: the stale figures go, and the frame says it is loading again.
  answerAgain.release();
  await answered;
  await expect(page.getByTestId('amount-due')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pay Now' })).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Loading your dashboard…');
  codeAgain.release();
  await dashboardReady(page);
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(page.getByTestId('amount-due')).toHaveCount(0);
  // And the island kept no loan to draw on the next load.
  await expect
    .poll(async () => JSON.parse((await sessionOf(page))[SESSION_KEYS.lastFigures] ?? '{}').loan)
    .toBeUndefined();
  // The loan home in its closed state (dashboardLoanHome.spec.ts's states, on this repaid loan).
  await closedLoanHome(page, borrower.loanNo);
});

test('nothing is drawn from storage under another token, nor after logout', async ({
  page,
  request,
  sharedNewCustomer,
}) => {
  // Logout ends the token on the server: a borrower of this test's own.
  const borrower = (await customerInState(request, 'loan active')) as Borrower;
  await borrowerOnPage(page, borrower, { holdIsland: false });
  await visitOnce(page, '/my-dashboard/eligibility', 'loan');

  // Another customer signs in in this tab (a new token, the borrower's figures still in storage): not drawn.
  const other = sharedNewCustomer;
  await page.evaluate(
    ([key, token]) => sessionStorage.setItem(key as string, token as string),
    [SESSION_KEYS.token, other.token],
  );
  expect((await sessionOf(page))[SESSION_KEYS.lastFigures]).toContain(borrower.loanNo);
  const answer = await hold(page, `**${API.getProfile}`);
  const code = await hold(page, '**/_astro/*.js*');
  await page.reload();
  await expect.poll(() => answer.held(), 'getProfile was asked').toBe(1);
  await expect(page.getByRole('status')).toHaveText('Loading your dashboard…');
  await expect(page.getByTestId('amount-due')).toHaveCount(0);
  await expect(page.getByText(borrower.loanNo)).toHaveCount(0);
  answer.release();
  code.release();
  await dashboardReady(page);

  // Logout: the figures go with the session's keys; the same token put back draws nothing before its answer.
  await storeSession(page, borrower);
  await visitOnce(page, '/my-dashboard/eligibility', 'loan');
  await page.setViewportSize({ width: 1280, height: 800 });
  await sidebar(page).getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/apply-now');
  expect(await sessionOf(page)).not.toHaveProperty(SESSION_KEYS.lastFigures);
  await storeSession(page, borrower);
  const next = await hold(page, `**${API.getProfile}`);
  await page.goto('/my-dashboard/eligibility');
  await expect.poll(() => next.held(), 'getProfile was asked').toBe(1);
  await expect(page.getByRole('status')).toHaveText('Loading your dashboard…');
  await expect(page.getByTestId('amount-due')).toHaveCount(0);
  next.release();
  await page.waitForURL(/\/apply-now/);
});
