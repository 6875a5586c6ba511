/**
 * The staff console's collections and support work (issue 22) walked in the browser: collections
 * opens the loans queue by days past due, opens a loan, records an offline receipt (the outstanding
 * falls by its amount) and adds a contact note with a promise to pay; support answers a complaint a
 * customer raised (it leaves the queue) and looks the customer up with the PAN masked; an admin
 * reassigns an application's credit manager and sees its PDFs framed in the page. Every new screen
 * passes axe and fits 320 px. Customers, loans and complaints are made through the API.
 *
 * One after another in one worker, as staffConsole.spec.ts: a member's codes share one mailbox.
 */
import type { Page } from '@playwright/test';
import { STAFF_API } from '../../../src/lib/api/staffPaths.ts';
import { COMPLAINT_PATHS } from '../../../src/server/complaints/routes.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import { borrowerByApi, callAs, signInByApi } from '../dashboard/support.ts';
import { expect, test } from '../test.ts';
import { asStaff, consoleReady, heading, openConsole, staffByApi, submittedApplication } from './support.ts';

test.describe.configure({ mode: 'default' });

/** axe's WCAG 2.2 AA violations and the 320/390 px fit of the screen shown, as failure lines. */
async function screenProblems(page: Page, label: string): Promise<string[]> {
  await consoleReady(page);
  const results = await axeScan(page).withTags(WCAG_22_AA).analyze();
  await expectFits(page, label, () => consoleReady(page));
  return results.violations.map(
    (violation) => `${label}: ${violation.id} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** The rupees in a figure as shown: "₹21,400.50" -> 21400.5. */
const rupeesOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('collections records an offline receipt and a promise to pay on a loan from the queue', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const borrower = await borrowerByApi(request);
  const collections = await staffByApi(request, 'collections@kosh.test');
  await openConsole(page, collections, '/staff/');
  await expect(page.getByRole('link', { name: /Loans overdue \d+/ })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Loans' }).click();
  await expect(heading(page)).toHaveText('Loans');
  await consoleReady(page);
  const problems = await screenProblems(page, 'loans');

  // A new loan is in the current class (0 days past due): that class's count and rows.
  const current = page.getByRole('button', { name: /^0 days \d+$/ });
  const counted = Number((await current.textContent())?.match(/(\d+)$/)?.[1]);
  expect(counted).toBeGreaterThan(0);
  await current.click();
  await expect(current).toHaveAttribute('aria-pressed', 'true');
  // The list says how many it holds now. Other tests on this server make loans and close them meanwhile,
  // so the figure may have moved either way since the count was read; this borrower's new loan is among
  // them (opened from the list below).
  const listed = page.getByRole('status').filter({ hasText: '0 days past due' });
  await expect(listed).toHaveText(/^[\d,]+ loans? 0 days past due\.$/);
  expect(Number((await listed.textContent())?.match(/^([\d,]+) /)?.[1]?.replaceAll(',', ''))).toBeGreaterThan(0);
  await page.getByRole('combobox', { name: 'Order' }).selectOption('newest');
  await page.getByRole('link', { name: `Open loan ${borrower.loanNo}`, exact: true }).click();
  await expect(heading(page)).toHaveText(`Loan ${borrower.loanNo}`);
  await consoleReady(page);
  problems.push(...(await screenProblems(page, 'loan')));

  const outstanding = page
    .locator('dl > div')
    .filter({ has: page.getByText('Outstanding today', { exact: true }) })
    .locator('dd');
  const before = rupeesOf(await outstanding.textContent());
  expect(before).toBeGreaterThan(500);

  // An offline receipt: a wrong amount is refused at the form, a right one lowers the outstanding.
  const receipt = page.getByRole('form', { name: 'Record an offline receipt' });
  await receipt.getByRole('textbox', { name: 'Amount received (₹)' }).fill('five hundred');
  await receipt.getByRole('button', { name: 'Record receipt' }).click();
  await expect(receipt.getByRole('alert')).toHaveText('Enter the amount in rupees, e.g. 1500 or 1500.50.');
  const reference = `NEFT-${Date.now()}`;
  await receipt.getByRole('textbox', { name: 'Amount received (₹)' }).fill('500');
  await receipt.getByRole('textbox', { name: 'Bank reference' }).fill(reference);
  await receipt.getByRole('button', { name: 'Record receipt' }).click();
  await expect(receipt.getByRole('status')).toHaveText('Receipt recorded.');
  await expect.poll(async () => rupeesOf(await outstanding.textContent())).toBe(before - 500);
  await expect(page.getByText(`₹500 (offline, ${reference})`)).toBeVisible();
  // The same reference again: the server's 409, with Reload.
  await receipt.getByRole('textbox', { name: 'Amount received (₹)' }).fill('100');
  await receipt.getByRole('textbox', { name: 'Bank reference' }).fill(reference);
  await receipt.getByRole('button', { name: 'Record receipt' }).click();
  await expect(receipt.getByRole('alert')).toHaveText(`A receipt with reference ${reference} is already recorded.`);

  // A contact note with a promise to pay: half a promise is refused, a whole one is in the history.
  const note = page.getByRole('form', { name: 'Add a contact note' });
  await note.getByRole('textbox', { name: 'What was said' }).fill('Called; will pay the rest next week.');
  await note.getByRole('textbox', { name: 'Promised amount (₹)' }).fill('1000');
  await note.getByRole('button', { name: 'Add note' }).click();
  await expect(note.getByRole('alert')).toHaveText('A promise to pay needs both its date and its amount.');
  await note.getByLabel('Promised on').fill('2030-01-15');
  await note.getByRole('button', { name: 'Add note' }).click();
  await expect(note.getByRole('status')).toHaveText('Noted.');
  const history = page.getByRole('region', { name: 'Contact history' });
  await expect(history.getByText('Called; will pay the rest next week.')).toBeVisible();
  await expect(history.getByText('Promised ₹1,000 by 15-01-2030.')).toBeVisible();
  await expect(history).toContainText('Imran Khan');

  const loan = await asStaff(request, collections, STAFF_API.loan, { loan_no: borrower.loanNo });
  expect(loan.body.Data).toMatchObject({ to_close_today: before - 500 });
  expect(loan.body.Data.notes[0]).toMatchObject({ promised_on: '2030-01-15', promised_amount: 1000 });
  expect(problems).toEqual([]);
});

test('support answers a complaint the customer raised, which leaves the queue; the customer view masks the PAN', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await signInByApi(request);
  const raised = await callAs(request, customer, COMPLAINT_PATHS.raise, {
    subject: 'Charged twice',
    // A long unbroken reference, as customers paste them: the card wraps it at 320 px.
    message: `My payment was taken twice on one day. Reference ${'7'.repeat(120)}`,
  });
  expect(raised.body.Status, raised.body.Message).toBe(1);
  const number = raised.body.Data.complaint_no as string;

  const support = await staffByApi(request, 'support@kosh.test');
  await openConsole(page, support, '/staff/');
  await page.getByRole('link', { name: /Complaints to answer \d+/ }).click();
  await expect(heading(page)).toHaveText('Complaints');
  await consoleReady(page);
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${number}: Charged twice` }) });
  await expect(card).toContainText(/0 days open: answer due by \d\d-\d\d-\d{4}/);
  await expect(card).toContainText('My payment was taken twice on one day.');
  const problems = await screenProblems(page, 'complaints');

  await card.getByRole('button', { name: `Send the answer to ${number}` }).click();
  await expect(card.getByRole('alert')).toHaveText('Write the answer the customer reads.');
  await card.getByRole('textbox', { name: 'Answer the customer reads' }).fill('We have refunded the second payment.');
  await card.getByRole('radio', { name: 'Resolved' }).check();
  await card.getByRole('button', { name: `Send the answer to ${number}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `${number}: Answered and resolved.` })).toBeVisible();
  await expect(page.getByRole('heading', { name: `${number}: Charged twice` })).toHaveCount(0);
  await expect(heading(page)).toBeFocused();

  const theirs = await callAs(request, customer, COMPLAINT_PATHS.list, {});
  expect(theirs.body.Data.complaints[0]).toMatchObject({
    complaint_no: number,
    status: 'resolved',
    answer: 'We have refunded the second payment.',
  });

  // A borrower looked up by mobile: read-only, the PAN masked, the loan one click away.
  const borrower = await borrowerByApi(request);
  await page.getByRole('navigation').getByRole('link', { name: 'Customer' }).click();
  await expect(heading(page)).toHaveText('Customer');
  await page.getByRole('textbox', { name: 'Mobile number' }).fill(borrower.mobile);
  await page.getByRole('button', { name: 'Find' }).click();
  const found = page.getByRole('region').filter({ has: page.getByRole('heading', { name: 'Loans' }) });
  await expect(found).toContainText(`${borrower.pan.slice(0, 2)}*******${borrower.pan.slice(-1)}`);
  await expect(found).not.toContainText(borrower.pan);
  problems.push(...(await screenProblems(page, 'customer')));
  await found.getByRole('link', { name: `Loan ${borrower.loanNo}` }).click();
  await expect(heading(page)).toHaveText(`Loan ${borrower.loanNo}`);
  await consoleReady(page);
  // Support reads the account; only collections records receipts and notes.
  await expect(page.getByRole('heading', { name: 'Account today' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Record an offline receipt' })).toHaveCount(0);
  expect(problems).toEqual([]);
});

test('an admin reassigns the credit manager on the application, whose PDFs are framed in the page', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const customer = await submittedApplication(request);
  const admin = await staffByApi(request, 'admin@kosh.test');
  const failures: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) failures.push(message.text());
  });
  await openConsole(page, admin, `/staff/application/?lead_id=${customer.leadId}`);
  await expect(heading(page)).toHaveText(`Application ${customer.leadId}`);
  // An admin reads the application but does not decide it.
  await expect(page.getByRole('heading', { name: 'Decision' })).toHaveCount(0);
  const manager = page.getByRole('region', { name: 'Credit manager' });
  await expect(manager).toContainText('Neha Rao is the credit manager.');

  // The salary slip (a PDF) in the browser's viewer in the page, and a link to open it in a tab.
  await expect(page.locator('iframe[title="Salary slip (PDF)"]')).toHaveAttribute('src', /^blob:http/);
  await expect(page.getByRole('link', { name: /Open Salary slip \(PDF\)/ })).toHaveAttribute('href', /^blob:http/);
  failures.push(...(await screenProblems(page, 'application (admin)')));

  // The seeded credit member is the only one: reassigning to them again goes through the same route.
  await manager.getByRole('combobox', { name: 'New credit manager' }).selectOption({ label: 'Neha Rao (now)' });
  await manager.getByRole('button', { name: 'Reassign' }).click();
  await expect(manager.getByRole('status')).toHaveText('Neha Rao is now the credit manager.');
  const shown = await asStaff(request, admin, STAFF_API.application, { lead_id: Number(customer.leadId) });
  expect(shown.body.Data.manager).toMatchObject({ name: 'Neha Rao' });
  expect(shown.body.Data.history.at(-1)).toMatchObject({ action: 'lead.assigned', actor_name: 'Rohan Das' });
  expect(failures).toEqual([]);
});
