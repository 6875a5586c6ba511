/**
 * What you agreed to (issue 24): a customer who signed in on the sign-in card finds, from the
 * dashboard's menu, the terms and privacy consent they ticked, with when and the version of the words
 * the card showed (the SHA-256 the card sent); they ask for their data to be deleted and read what is
 * kept; support sees the consents and the request on the customer's page of the staff console, and
 * closes the request with its outcome in the queue, which the customer then reads. axe and 320 px.
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { CONSENT_PATHS } from '../../../src/lib/api/consentPaths.ts';
import { signInConsent, signInConsentText } from '../../../src/lib/consents/signIn.ts';
import { formatDate } from '../../../src/lib/format.ts';
import { site } from '../../../src/lib/site.ts';
import { axeViolations } from '../../support/axe.ts';
import { countSaid, mostSaid } from '../../support/saidOnce.ts';
import { card, latestCode, openCard, requestCode, typeCode } from '../../support/signIn.ts';
import { expectFits } from '../../support/widths.ts';
import { openConsole, staffByApi } from '../staff/support.ts';
import { expect, test } from '../test.ts';
import {
  callAs,
  dashboardReady,
  heading,
  openDashboard,
  randomMobile,
  registerByApi,
  sidebar,
  signInByApi,
} from './support.ts';

const SCREEN = '/my-dashboard/what-you-agreed-to';
const SIGN_IN_TEXT = signInConsentText(signInConsent(site.brand, site.legalName));
const VERSION = createHash('sha256').update(SIGN_IN_TEXT, 'utf8').digest('hex');

const consentCard = (page: Page, name: string) => page.getByRole('article', { name });

/** Signs in on the card as a visitor does: the consent ticked, the code typed; the dashboard opens. */
async function signInOnTheCard(page: Page, mobile: string) {
  await openCard(page);
  await requestCode(page, mobile);
  const verify = page.waitForRequest((request) => request.postDataJSON()?.event_name === 'otp_verify');
  await typeCode(page, await latestCode(page.request, mobile));
  await card(page).verify.click();
  // The card sends the version of the words it showed.
  expect((await verify).postDataJSON().consent_version).toBe(VERSION);
  // The card's page has a heading too: wait for the dashboard itself, or the next goto cuts its load short.
  await page.waitForURL(/\/my-dashboard/);
  await dashboardReady(page);
}

test('the consent ticked at sign-in is in What you agreed to, with its date, the version of its words and the words', async ({
  page,
}) => {
  await signInOnTheCard(page, randomMobile());
  // From the menu, and from the profile (the greeting's link).
  await sidebar(page).getByRole('link', { name: 'What you agreed to' }).click();
  await expect(page).toHaveURL(SCREEN);
  await page.getByRole('banner').getByRole('link', { name: /^Hi/ }).click();
  await page
    .getByRole('main')
    .getByRole('link', { name: /^What you agreed to/ })
    .click();
  await expect(page).toHaveURL(SCREEN);
  await expect(heading(page)).toHaveText('What you agreed to');

  for (const name of [
    'Terms and conditions, and being contacted about your loan (at sign-in)',
    'Privacy policy (at sign-in)',
  ]) {
    const card = consentCard(page, name);
    await expect(card).toContainText(formatDate(new Date()));
    // The version as a borrower can read it out (issue 25); the whole SHA-256 under the words, to check them.
    await expect(
      card.getByRole('definition').filter({ hasText: new RegExp(`^${VERSION.slice(0, 8)}$`) }),
    ).toBeVisible();
    await expect(card.getByText(VERSION)).toBeHidden();
    await expect(card.getByRole('definition').filter({ hasText: /^Given$/ })).toBeVisible();
    // Neither is withdrawn here: they end with a deletion request.
    await expect(card.getByRole('button', { name: 'Withdraw this consent' })).toHaveCount(0);
  }
  const terms = consentCard(page, 'Terms and conditions, and being contacted about your loan (at sign-in)');
  const words = terms.getByText(signInConsent(site.brand, site.legalName).label, { exact: false });
  await expect(words).toBeHidden();
  await terms.getByText('Read the words you agreed to').click();
  await expect(words).toBeVisible();
  await expect(terms).toContainText('National Do Not Call Registry');
  await expect(terms.getByText(VERSION)).toBeVisible();

  expect(await axeViolations(page, SCREEN)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectFits(page, `${SCREEN} at 320 px`);
});

test('asking for one’s data to be deleted: what is kept is said first, the request is acknowledged with its number, and support sees it', async ({
  page,
  browser,
  request,
}) => {
  const mobile = randomMobile();
  await signInOnTheCard(page, mobile);
  await page.goto(SCREEN);
  await expect(heading(page)).toHaveText('What you agreed to');

  const section = page.getByRole('region', { name: 'Ask for your data to be deleted' });
  await expect(section).toContainText('five years after your loan is closed');
  await expect(section).toContainText('Credit Information Companies (Regulation) Act, 2005');
  const ask = section.getByRole('button', { name: 'Ask for my data to be deleted' });

  // Not confirmed: the reason, on the checkbox, and nothing asked.
  await ask.click();
  const box = section.getByRole('checkbox', { name: 'I have read what you must keep.' });
  await expect(box).toHaveAccessibleDescription('Please confirm that you have read what we must keep.');
  await expect(page.getByRole('region', { name: 'Your requests' })).toHaveCount(0);

  await box.check();
  await section.getByLabel('Anything you want to tell us (optional)').fill('Please delete my documents.');
  await ask.click();
  const said = page.getByRole('status').filter({ hasText: 'We have received your request' });
  await expect(said).toHaveText(
    /^We have received your request PR-\d{6}\. We will delete what the law does not require us to keep and tell you what was deleted and what was kept\.$/,
  );
  const number = ((await said.textContent()) ?? '').match(/PR-\d{6}/)?.[0] as string;
  const requests = page.getByRole('region', { name: 'Your requests' });
  await expect(requests).toContainText(`${number}: Data deletion asked on ${formatDate(new Date())}`);
  await expect(requests).toContainText('Received: our team is acting on it');
  // One open request at a time: the form gives way to what happens next.
  await expect(ask).toHaveCount(0);
  await expect(section).toContainText(`(request ${number}). We will tell you what was deleted and what was kept.`);
  // The consents are all still there: nothing is deleted silently.
  await page.reload();
  await expect(consentCard(page, 'Privacy policy (at sign-in)')).toBeVisible();
  expect(await axeViolations(page, `${SCREEN} after a request`)).toEqual([]);

  // Support finds the customer in the console: the consent with its address, and the request.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await openConsole(staff, await staffByApi(request, 'support@kosh.test'), '/staff/customer');
  await staff.getByLabel('Mobile number').fill(mobile);
  await staff.getByRole('button', { name: 'Find' }).click();
  const agreed = staff.getByRole('region', { name: 'What the customer agreed to' });
  await expect(agreed.getByRole('heading', { name: 'Privacy policy (at sign-in)' })).toBeVisible();
  await expect(agreed).toContainText(VERSION);
  await expect(agreed).toContainText(`${number}: Data deletion asked`);
  await expect(agreed).toContainText('Please delete my documents.');
  // And in support's queue, reached from the console's home.
  await staff.goto('/staff/');
  await staff.getByRole('link', { name: /^Data deletion requests \d+/ }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Data deletion requests');
  const queued = staff
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name: new RegExp(`^${number}:`) }) });
  await expect(queued).toContainText(`Mobile ${mobile}`);
  await expect(queued).toContainText('Please delete my documents.');
  expect(await axeViolations(staff, '/staff/privacy-requests')).toEqual([]);
  await staffContext.close();
});

test('the bureau consent given at Check Eligibility is withdrawn after a confirmation, and stays on record as withdrawn', async ({
  page,
  request,
}) => {
  const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  await openDashboard(page, customer, SCREEN);
  const bureau = consentCard(page, 'Checking your credit report with a credit bureau');
  await expect(bureau.getByRole('definition').filter({ hasText: /^Given$/ })).toBeVisible();

  // Withdrawing says what it does first; Keep it changes nothing.
  await bureau.getByRole('button', { name: 'Withdraw this consent' }).click();
  await expect(bureau).toContainText('We will not ask a credit bureau for your credit report again');
  const confirm = bureau.getByRole('button', { name: 'Yes, withdraw it' });
  await expect(confirm).toBeFocused();
  await bureau.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toHaveCount(0);

  // By keyboard: the confirmation has the focus, Enter withdraws.
  await bureau.getByRole('button', { name: 'Withdraw this consent' }).click();
  await expect(confirm).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Your consent is withdrawn' })).toHaveText(
    /^Your consent is withdrawn \(request PR-\d{6}\)\. We will not check your credit report again unless you consent again\.$/,
  );
  await expect(bureau.getByRole('definition').filter({ hasText: /^Withdrawn on / })).toBeVisible();
  await expect(bureau.getByRole('button', { name: 'Withdraw this consent' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Your requests' })).toContainText('Consent withdrawn');
  await expect(page.getByRole('region', { name: 'Your requests' })).toContainText('Done');
  await page.setViewportSize({ width: 320, height: 800 });
  await expectFits(page, `${SCREEN} with a withdrawn consent at 320 px`);
});

test('support closes a deletion request as kept with the reason in the console; it leaves the queue and the customer reads the outcome', async ({
  page,
  browser,
  request,
}) => {
  const customer = await signInByApi(request);
  const asked = await callAs(request, customer, CONSENT_PATHS.deleteData, { confirmed: true });
  expect(asked.body.Status, asked.body.Message).toBe(1);
  const number = asked.body.Data.request_no as string;
  const reason = 'You have a loan open with us: we keep your records until five years after it is closed.';

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await openConsole(staff, await staffByApi(request, 'support@kosh.test'), '/staff/privacy-requests');
  const queued = staff
    .getByRole('listitem')
    .filter({ has: staff.getByRole('heading', { name: new RegExp(`^${number}:`) }) });
  await expect(queued).toContainText(`Mobile ${customer.mobile}`);
  const form = queued.getByRole('form', { name: `Close ${number}` });
  const close = form.getByRole('button', { name: `Close ${number}` });

  // Without a note: the reason, and the request stays.
  await form.getByRole('radio', { name: /^Kept/ }).check();
  await close.click();
  await expect(form.getByRole('alert')).toHaveText(
    'Write what was done, for the customer: what was erased, or why we keep the records.',
  );
  await form.getByLabel('Reason the customer reads').fill(reason);
  expect(await axeViolations(staff, '/staff/privacy-requests with a close form')).toEqual([]);
  // Said once at every moment: on the screen, not also in the request's own form while the queue reloads.
  // Every change of the page is counted, from the press to the reloaded queue.
  const closedMessage = `${number}: Closed as kept.`;
  await countSaid(staff, closedMessage);
  await close.click();
  const said = staff.getByRole('status').filter({ hasText: closedMessage });
  await expect(said).toHaveCount(1);
  await expect(staff.getByRole('heading', { name: new RegExp(`^${number}:`) })).toHaveCount(0);
  await expect(said).toHaveCount(1);
  await expect(said).toBeVisible();
  expect(await mostSaid(staff)).toBe(1);
  await staffContext.close();

  await openDashboard(page, customer, SCREEN);
  const requests = page.getByRole('region', { name: 'Your requests' });
  await expect(requests).toContainText(`${number}: Data deletion asked on ${formatDate(new Date())}`);
  await expect(requests).toContainText('Closed: we must keep your records for now');
  await expect(requests).toContainText(`Why: ${reason}`);
  // Closed, the customer may ask again.
  await expect(
    page.getByRole('region', { name: 'Ask for your data to be deleted' }).getByRole('button', {
      name: 'Ask for my data to be deleted',
    }),
  ).toBeVisible();
  expect(await axeViolations(page, `${SCREEN} with a closed request`)).toEqual([]);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectFits(page, `${SCREEN} with a closed request at 320 px`);
});
