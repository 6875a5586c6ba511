/**
 * Raise a complaint in the dashboard (issue 22): the customer raises one and sees its number and
 * status, axe and 320 px; and support answers it in the staff console, in a browser of their own,
 * after which the customer reads the answer and the new status.
 *
 * The form's own messages for empty fields are a component test (tests/components/Complaints.test.tsx):
 * they need no server. Raising from the sidebar, the screen's scans and widths, and support's answer read
 * by the customer are one test on one customer (issue 21): each was a test with its own customer and
 * browser context, and the scans were taken at the states the raising passes through anyway (empty, with
 * errors, complaints listed).
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatDate } from '../../../src/lib/format.ts';
import { site } from '../../../src/lib/site.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { countSaid, mostSaid } from '../../support/saidOnce.ts';
import { expectFits } from '../../support/widths.ts';
import { openConsole, staffByApi as staffSignedIn } from '../staff/support.ts';
import { expect, test } from '../test.ts';
import { heading, openDashboard, registerByApi, sidebar, signInByApi } from './support.ts';

const SCREEN = '/my-dashboard/complaints';
const NUMBER = /^Your complaint number is (KC-\d{6})\. We will answer within 30 days\.$/;

/** A customer with a name and an e-mail on file (the acknowledgement's addressee): two steps of registration. */
const customerByApi = async (request: Parameters<typeof signInByApi>[0]) =>
  registerByApi(request, await signInByApi(request), { steps: 2 });

const confirmation = (page: Page) => page.getByRole('status').filter({ hasText: 'Your complaint number is' });
const complaintCard = (page: Page, number: string) => page.getByRole('article', { name: `Complaint ${number}` });
const listed = (page: Page) =>
  page
    .getByRole('list')
    .filter({ has: page.getByRole('article') })
    .getByRole('article');

/** Raises a complaint through the screen's form; answers its number. */
async function raiseInDashboard(page: Page, subject: string, message: string): Promise<string> {
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill(message);
  await page.getByRole('button', { name: 'Raise complaint' }).click();
  await expect(confirmation(page)).toHaveText(NUMBER);
  return ((await confirmation(page).textContent()) ?? '').match(NUMBER)?.[1] as string;
}

async function violations(page: Page, label: string): Promise<string[]> {
  const results = await axeScan(page).withTags(WCAG_22_AA).analyze();
  return results.violations.map(
    (violation) => `${label}: ${violation.id} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

test('a signed-in customer raises complaints from the sidebar and sees each number, Open, where to escalate, newest first; the screen passes axe and fits 320 px empty, with errors and with complaints listed; support answers one in the console and the customer reads it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const customer = await customerByApi(request);
  const failures: string[] = [];
  await openDashboard(page, customer);
  await sidebar(page).getByRole('link', { name: 'Raise a complaint' }).click();
  await expect(heading(page)).toHaveText('Complaints');
  await expect(page).toHaveURL(SCREEN);
  await expect(page.getByText('Loading your details…')).toHaveCount(0);
  await expect(page.getByText('You have not raised any complaints.')).toBeVisible();

  await test.step('empty, and with errors: axe and the phone widths', async () => {
    failures.push(...(await violations(page, 'empty')));
    await expectFits(page, 'complaints, none yet');

    await page.getByRole('button', { name: 'Raise complaint' }).click();
    await expect(page.getByText('Subject is required!')).toBeVisible();
    failures.push(...(await violations(page, 'with errors')));
    await expectFits(page, 'complaints, with errors');
  });

  let first = '';
  await test.step('the first complaint: its number, Open, and where to escalate', async () => {
    first = await raiseInDashboard(
      page,
      'Wrong amount charged',
      'My processing fee was charged twice.\nPlease refund the second one.',
    );
    // The form is ready for the next one; the number stays on screen.
    await expect(page.getByLabel('Subject')).toHaveValue('');
    await expect(page.getByLabel('Message')).toHaveValue('');
    await expect(page.getByText('You have not raised any complaints.')).toHaveCount(0);

    const card = complaintCard(page, first);
    await expect(card).toContainText('Wrong amount charged');
    await expect(card).toContainText('My processing fee was charged twice.');
    await expect(card.getByRole('definition').filter({ hasText: /^Open$/ })).toBeVisible();
    await expect(card.getByRole('definition').filter({ hasText: formatDate(new Date()) })).toBeVisible();
    await expect(card).toContainText('Answer due by');
    await expect(card).not.toContainText('Our answer');
    // The escalation levels of content/site.json, and the RBI's portal, as links.
    await expect(card).toContainText(site.grievanceOfficer.name);
    await expect(card).toContainText(site.nodalOfficer.name);
    await expect(card.getByRole('link', { name: site.grievanceOfficer.email })).toHaveAttribute(
      'href',
      `mailto:${site.grievanceOfficer.email}`,
    );
    await expect(card.getByRole('link', { name: site.regulatorLinks.complaints })).toHaveAttribute(
      'href',
      site.regulatorLinks.complaints,
    );
    // Not yet 30 days: the portal is named as the last step, not offered now.
    await expect(card).not.toContainText('you may now take it to the Reserve Bank of India');
  });

  await test.step('a second, long and unbroken: the newest first, both after a reload; it wraps, axe and the widths', async () => {
    // A long unbroken subject and message must wrap, not widen the page.
    const second = await raiseInDashboard(page, 'A'.repeat(150), `${'B'.repeat(300)}\nsecond line`);
    await page.reload();
    // The server's list, not the page's memory.
    await expect(listed(page)).toHaveCount(2);
    await expect(listed(page).first()).toHaveAccessibleName(`Complaint ${second}`);
    await expect(listed(page).nth(1)).toHaveAccessibleName(`Complaint ${first}`);
    await expect(sidebar(page).getByRole('link', { name: 'Raise a complaint' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    failures.push(...(await violations(page, 'complaints listed')));
    await expectFits(page, 'complaints, listed');

    await page.setViewportSize({ width: 320, height: 844 });
    await page.reload();
    await expect(listed(page)).toHaveCount(2);
    failures.push(...(await violations(page, '320 px')));
  });
  expect(failures).toEqual([]);

  await test.step('support answers in the console a complaint the customer raised in the dashboard; the customer reads the answer and the status', async () => {
    await supportAnswers(page, browser, request);
  });
});

/**
 * Support answers in the console a complaint the customer raises in the dashboard (the Complaints screen
 * open in `page`); the customer reads the answer and the status.
 */
async function supportAnswers(page: Page, browser: Browser, request: APIRequestContext) {
  const number = await raiseInDashboard(page, 'EMI debited twice', 'Two debits on the same day. Please check.');

  // Support works in a browser of their own (the staff session lives in its tab, as the customer's in theirs).
  const supportBrowser = await browser.newContext();
  const desk = await supportBrowser.newPage();
  await openConsole(desk, await staffSignedIn(request, 'support@kosh.test'), '/staff/complaints/');
  const item = desk
    .getByRole('listitem')
    .filter({ has: desk.getByRole('heading', { name: `${number}: EMI debited twice` }) });
  await expect(item).toContainText('Two debits on the same day. Please check.');
  await expect(item).toContainText('(dashboard)');

  // A first answer leaves the complaint open: the customer reads it, and the clock still runs.
  await item
    .getByRole('textbox', { name: 'Answer the customer reads' })
    .fill('We are checking with the bank and will write again within 3 working days.');
  await item.getByRole('radio', { name: /Answered, still open/ }).check();
  // Said once, by the screen, at every moment: not also by the complaint's own form, which stays.
  await countSaid(desk, 'Answered.');
  await item.getByRole('button', { name: `Send the answer to ${number}` }).click();
  const answered = desk.getByRole('status').filter({ hasText: `${number}: Answered.` });
  await expect(answered).toBeVisible();
  await expect(item.getByRole('button', { name: `Send the answer to ${number}` })).toBeEnabled();
  await expect(desk.getByRole('status').filter({ hasText: 'Answered.' })).toHaveCount(1);
  expect(await mostSaid(desk)).toBe(1);
  await page.reload();
  let card = complaintCard(page, number);
  await expect(card.getByRole('definition').filter({ hasText: /^Answered$/ })).toBeVisible();
  await expect(card).toContainText('We are checking with the bank and will write again within 3 working days.');
  await expect(card).toContainText(`Answered on ${formatDate(new Date())}`);
  await expect(card).toContainText('Answer due by');

  await item
    .getByRole('textbox', { name: 'Answer the customer reads' })
    .fill('The second debit was refunded to your account today.');
  await item.getByRole('radio', { name: 'Resolved' }).check();
  await countSaid(desk, 'Answered and resolved.');
  await item.getByRole('button', { name: `Send the answer to ${number}` }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${number}: Answered and resolved.` })).toBeVisible();
  await expect(desk.getByRole('heading', { name: `${number}: EMI debited twice` })).toHaveCount(0);
  expect(await mostSaid(desk)).toBe(1);
  await supportBrowser.close();
  await page.reload();
  card = complaintCard(page, number);
  await expect(card.getByRole('definition').filter({ hasText: /^Resolved$/ })).toBeVisible();
  await expect(card).toContainText('The second debit was refunded to your account today.');
  await expect(card).not.toContainText('Answer due by');
  // Still the way on, if the customer is not satisfied with the answer.
  await expect(card.getByRole('link', { name: site.regulatorLinks.complaints })).toBeVisible();
}
