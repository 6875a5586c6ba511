/**
 * The staff console (issue 22) walked in the browser: credit signs in with the e-mailed code and
 * approves a submitted application on other terms (the customer then sees their credit manager and the
 * new statement to accept); finance requests a
 * disbursal, the same member is refused and a second one approves it (a loan number appears); an
 * admin disables a member, whose next action returns them to sign-in; every screen passes axe and
 * fits 320 px. Customers are made through the API.
 *
 * The tests run one after another in one worker: the development staff's codes arrive in one
 * mailbox per member, and two sign-ins of the same member at once could read each other's code.
 */
import type { Page } from '@playwright/test';
import { STAFF_SESSION_KEY } from '../../../src/islands/Staff/state/session.ts';
import { API } from '../../../src/lib/api/paths.ts';
import { STAFF_API } from '../../../src/lib/api/staffPaths.ts';
import { formatRupees } from '../../../src/lib/money.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import {
  BANK_ACCOUNT,
  callAs,
  staffByApi as devDecision,
  eventAs,
  openDashboard,
  signAgreementByApi,
} from '../dashboard/support.ts';
import { requestsInFlight } from '../dashboard/walk.ts';
import { expect, test } from '../test.ts';
import {
  asStaff,
  consoleReady,
  heading,
  newestMail,
  oneSignInAtATime,
  openConsole,
  STAFF_PASSWORD,
  staffByApi,
  staffCode,
  submittedApplication,
} from './support.ts';

test.describe.configure({ mode: 'default' });

async function violations(page: Page, label: string): Promise<string[]> {
  await consoleReady(page);
  const results = await axeScan(page).withTags(WCAG_22_AA).analyze();
  return results.violations.map(
    (violation) => `${label}: ${violation.id} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** Signs a member in through the console: e-mail and password, then the code from the mailbox. */
async function signInInPage(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByLabel('Password').fill(STAFF_PASSWORD);
  await oneSignInAtATime(email, async () => {
    const before = await newestMail(page.request, email);
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = page.getByRole('textbox', { name: 'Sign-in code' });
    await expect(code).toBeFocused();
    await code.fill(await staffCode(page.request, email, before));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(heading(page)).toHaveText('Staff console');
  });
}

test('credit signs in with the e-mailed code, opens a submitted application and approves it on other terms; the customer sees Neha Rao and the new statement', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await submittedApplication(request);
  // A customer signed in on the same browser keeps their own token: the console never touches it.
  await page.goto('/robots.txt');
  await page.evaluate(() => sessionStorage.setItem('token', 'customer-token'));
  await page.goto('/staff/');
  await expect(page).toHaveURL(/\/staff\/sign-in\/$/);
  await expect(heading(page)).toHaveText('Staff sign-in');
  await signInInPage(page, 'credit@kosh.test');
  const stored = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}'), STAFF_SESSION_KEY);
  expect(stored).toMatchObject({ name: 'Neha Rao', roles: ['credit'] });
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBe('customer-token');

  // Home: credit's queue with its count; the queue; the application.
  const queueLink = page.getByRole('link', { name: /Applications to decide \d+/ });
  await expect(queueLink).toBeVisible();
  await queueLink.click();
  await expect(heading(page)).toHaveText('Applications to decide');
  await expect(heading(page)).toBeFocused();
  await expect(page.getByText(/\d+ applications? waiting\./)).toBeVisible();
  await page.getByRole('combobox', { name: 'Order' }).selectOption('newest');
  await page.getByRole('link', { name: `Open application ${customer.leadId}`, exact: true }).click();
  await expect(heading(page)).toHaveText(`Application ${customer.leadId}`);
  await expect(heading(page)).toBeFocused();
  await consoleReady(page);

  // Everything as submitted, with every document in the page: pictures inline, PDFs by a link.
  for (const section of ['Applicant', 'Quote and terms asked', 'Employment', 'Bank account', 'History']) {
    await expect(page.getByRole('heading', { name: section, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Documents (6)' })).toBeVisible();
  await expect(page.getByText('Acme Technologies Pvt Ltd')).toBeVisible();
  await expect(page.getByText('HDFC0001234', { exact: true })).toBeVisible();
  // The account's penny-drop (issue 24): verified, against the PAN's name.
  await expect(page.getByRole('listitem').filter({ hasText: 'account ending 9012 at HDFC0001234' })).toContainText(
    'Verified',
  );
  const pan = page.getByRole('img', { name: 'PAN card' });
  await expect(pan).toBeVisible();
  await expect.poll(() => pan.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const [full] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: /Open PAN card full size/ }).click(),
  ]);
  await expect.poll(() => full.url()).toMatch(/^blob:http/);
  await full.close();
  // A PDF opens from memory in the browser's viewer (headless Chromium has none to show it in).
  const pdf = page.getByRole('link', { name: /Open Salary slip \(PDF\)/ });
  await expect(pdf).toHaveAttribute('href', /^blob:http/);

  // Above the income tier: the server's refusal, shown at the form.
  const rate = page.getByRole('textbox', { name: 'Daily rate (%)' });
  const asked = await rate.inputValue();
  await expect(page.getByRole('textbox', { name: 'Amount (₹)' })).not.toHaveValue('');
  await rate.fill('1');
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'income tier gives' })).toBeVisible();
  await rate.fill(asked);
  // ₹1,000 more than asked (within the quote): terms other than the statement the customer accepted, so a
  // new one is issued.
  const amount = page.getByRole('textbox', { name: 'Amount (₹)' });
  const approvedRupees = Number((await amount.inputValue()).replace(/\D/g, '')) + 1000;
  await amount.fill(String(approvedRupees));
  await page.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Approved/ })
      .first(),
  ).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Decision' })).toHaveCount(0);

  const profile = await callAs(request, customer, API.getProfile, { profile_id: customer.profileId });
  expect(profile.body.Data.excutive_details).toMatchObject({ name: 'Neha Rao', email: 'credit@kosh.test' });

  // The customer, in a browser of their own, sees their credit manager and the new statement to accept.
  const theirs = await (await browser.newContext()).newPage();
  await openDashboard(theirs, customer, '/my-dashboard/lead-preview');
  await expect(theirs.getByRole('region', { name: 'Credit Manager' })).toContainText('Neha Rao');
  // The list's own notice (each statement in it has a status of its own, for "Saved …").
  const notice = theirs
    .getByRole('region', { name: 'Your Key Fact Statements' })
    .getByRole('status')
    .filter({ hasText: 'Our team approved your loan' });
  await expect(notice).toContainText(
    `Our team approved your loan on terms other than those you accepted: ${formatRupees(approvedRupees)}`,
  );
  await expect(theirs.getByRole('button', { name: 'Accept Key Fact Statement' })).toBeVisible();
  await theirs.context().close();

  // Sign out: back to sign-in, the staff session gone from the tab.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(heading(page)).toHaveText('Staff sign-in');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), STAFF_SESSION_KEY)).toBeNull();
});

test('a decision on an application that changed since it was read is refused, and Reload reads it again', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await submittedApplication(request);
  const credit = await staffByApi(request, 'credit@kosh.test');
  await openConsole(page, credit, `/staff/application/?lead_id=${customer.leadId}`);
  await expect(page.getByRole('heading', { name: 'Decision' })).toBeVisible();
  const read = page.getByText(/You decide on version \d+/);
  const before = await read.textContent();

  // Meanwhile it is sent back (another credit member) and the customer submits it again.
  const shown = await asStaff(request, credit, STAFF_API.application, { lead_id: Number(customer.leadId) });
  const sent = await asStaff(request, credit, STAFF_API.sendBack, {
    lead_id: Number(customer.leadId),
    version: shown.body.Data.version,
    reason: 'Please check the bank account.',
    step: 'banking_details',
  });
  expect(sent.body.Status, sent.body.Message).toBe(1);
  const again = await eventAs(request, customer, 'banking_details', BANK_ACCOUNT);
  expect(again.body.Status, again.body.Message).toBe(1);

  await page.getByRole('textbox', { name: 'Reason for rejecting' }).fill('Income not proven.');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'changed since you read it' });
  await expect(refusal).toBeVisible();
  await refusal.getByRole('button', { name: 'Reload the application' }).click();
  await expect(read).not.toHaveText(before ?? '');
  // Read again, the same decision goes through on the new version.
  await page.getByRole('textbox', { name: 'Reason for rejecting' }).fill('Income not proven.');
  await page.getByRole('button', { name: 'Reject', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Rejected.' }).first()).toBeVisible();
  await expect(heading(page)).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Decision' })).toHaveCount(0);
});

test('finance requests a disbursal, the same member is refused, a second finance member approves it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await submittedApplication(request);
  await devDecision(request, customer.leadId, 'approve');
  await signAgreementByApi(request, customer);
  const finance = await staffByApi(request, 'finance@kosh.test');
  await openConsole(page, finance, '/staff/disbursals/');
  await expect(heading(page)).toHaveText('Disbursals');
  const toRequest = page.getByRole('listitem').filter({ hasText: new RegExp(`^Application ${customer.leadId}:`) });
  await toRequest.getByRole('textbox', { name: 'Payout reference' }).fill(`NEFT-E2E-${customer.leadId}`);
  await toRequest.getByRole('button', { name: 'Request disbursal' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `Requested the disbursal of application ${customer.leadId}` }),
  ).toBeVisible();

  const toApprove = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: `Approve disbursal of application ${customer.leadId}` }) });
  await expect(toApprove.getByText('yours — another finance member must approve')).toBeVisible();
  await toApprove.getByRole('button').click();
  await expect(toApprove.getByRole('alert')).toHaveText(
    'You requested this disbursal: another finance member must approve it.',
  );

  const finance2 = await staffByApi(request, 'finance2@kosh.test');
  await openConsole(page, finance2, '/staff/disbursals/');
  const theirs = page.getByRole('listitem').filter({
    has: page.getByRole('button', { name: `Approve disbursal of application ${customer.leadId}` }),
  });
  await expect(theirs.getByText('yours — another finance member must approve')).toHaveCount(0);
  await theirs.getByRole('button').click();
  const made = page.getByRole('region', { name: 'Loans made now' });
  await expect(made).toContainText(new RegExp(`Application ${customer.leadId}: loan \\S+`));
  await expect(
    page.getByRole('status').filter({ hasText: `Disbursed application ${customer.leadId} as loan` }),
  ).toBeVisible();
});

test('an admin adds a member, then disables them: their next action returns them to sign-in', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  const admin = await staffByApi(request, 'admin@kosh.test');
  await openConsole(page, admin, '/staff/');
  await page
    .getByRole('link', { name: /Staff members/ })
    .first()
    .click();
  await expect(heading(page)).toHaveText('Staff members');
  // Finance, not credit: a new credit member would be given the next submitted applications in turn,
  // and other browser tests on this server expect theirs to go to the seeded credit manager.
  const email = `finance.${Date.now()}@kosh.test`;
  await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
  await page.getByRole('textbox', { name: 'Name' }).fill('Ravi Test');
  await page.getByRole('textbox', { name: 'Mobile' }).fill('9810000099');
  await page.getByRole('group', { name: 'Roles', exact: true }).getByRole('checkbox', { name: 'finance' }).check();
  await page.getByLabel('First password').fill('a-first-password-1');
  await page.getByRole('button', { name: 'Add staff member' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ravi Test can now sign in.' })).toBeVisible();

  // The new member at work in a tab of their own.
  const member = await staffByApi(request, email, 'a-first-password-1');
  const theirs = await context.newPage();
  await openConsole(theirs, member, '/staff/');
  await expect(theirs.getByRole('link', { name: /Disbursals to request \d+/ })).toBeVisible();

  // A screen their roles do not allow says so.
  await theirs.goto('/staff/staff-members/');
  await consoleReady(theirs);
  await expect(theirs.getByRole('alert').filter({ hasText: 'Your role does not allow this.' })).toBeVisible();
  const quiet = requestsInFlight(theirs);
  await theirs.getByRole('link', { name: "Back to the console's home" }).click();
  await expect(heading(theirs)).toHaveText('Staff console');
  // The home's calls answered before the member is disabled: one still on its way would find their
  // session ended and send them to sign-in before their next action (seen on a busy machine).
  await consoleReady(theirs);
  await quiet();

  await page.getByRole('button', { name: 'Disable Ravi Test' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'their sessions have ended' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ravi Test (disabled)' })).toBeVisible();

  await theirs.getByRole('navigation').getByRole('link', { name: 'Disbursals' }).click();
  await expect(heading(theirs)).toHaveText('Staff sign-in');
  await expect(
    theirs.getByRole('alert').filter({ hasText: 'Your staff session has ended. Please sign in again.' }),
  ).toBeVisible();
  await theirs.close();

  // Enabled again, and a role changed.
  await page.getByRole('button', { name: 'Enable Ravi Test' }).click();
  await expect(page.getByRole('heading', { name: 'Ravi Test', exact: true })).toBeVisible();
  const group = page.getByRole('group', { name: 'Roles of Ravi Test' });
  await group.getByRole('checkbox', { name: 'support' }).check();
  await page.getByRole('button', { name: 'Save roles of Ravi Test' }).click();
  await expect(page.getByText('Roles: finance, support.')).toBeVisible();
  const list = await asStaff(request, admin, STAFF_API.staffList);
  expect(list.body.Data.staff.find((row: { email: string }) => row.email === email)).toMatchObject({
    roles: ['finance', 'support'],
    disabled: false,
  });
});

test('every console screen has no WCAG 2.2 AA violations, keeps to its CSP and fits 320 px', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const customer = await submittedApplication(request);
  const credit = await staffByApi(request, 'credit@kosh.test');
  const finance = await staffByApi(request, 'finance@kosh.test');
  const admin = await staffByApi(request, 'admin@kosh.test');
  const failures: string[] = [];
  // Nothing the console loads or shows (its chunks, the documents from memory) breaks the page's CSP.
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) failures.push(message.text());
  });
  const check = async (label: string) => {
    failures.push(...(await violations(page, label)));
    await expectFits(page, label, () => consoleReady(page));
  };

  await page.goto('/staff/sign-in/');
  await consoleReady(page);
  await check('sign-in');
  await page.getByRole('textbox', { name: 'E-mail' }).fill('support@kosh.test');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The e-mail or the password is not correct.' })).toBeVisible();
  await check('sign-in refused');

  for (const [member, path] of [
    [credit, '/staff/'],
    [credit, '/staff/applications/'],
    [credit, `/staff/application/?lead_id=${customer.leadId}`],
    [finance, '/staff/'],
    [finance, '/staff/disbursals/'],
    [admin, '/staff/staff-members/'],
  ] as const) {
    await openConsole(page, member, path);
    if (path.includes('lead_id')) await expect(page.getByRole('img', { name: 'PAN card' })).toBeVisible();
    await check(`${member.roles.join()} ${path}`);
  }
  expect(failures).toEqual([]);
});
