/**
 * The Key Fact Statement after acceptance, in a real browser against the real server: the stored
 * statement with the Annex A items on the application screen, a statement staff issued on approving
 * other terms that the customer must accept before disbursal, and the statement opened again from
 * the loan's screens once the loan is paid out; at 320 px its summary first, a 24 px acceptance box and
 * Save a Copy as a PDF (issue 25, finding 10).
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { fact } from '../../../src/lib/facts.ts';
import { formatPaise } from '../../../src/lib/money.ts';
import { KFS_REQUIRED } from '../../../src/lib/schemas/application.ts';
import { axeScan } from '../../support/axe.ts';
import { expect, test } from '../test.ts';
import { applyByApi, openDashboard, registerByApi, signAgreementByApi, signInByApi, staffByApi } from './support.ts';
import { moveTo } from './walk.ts';

// The statement's test builds its customer through the API first: sign-in, five steps, a completed application.
test.describe.configure({ timeout: 60_000 });

const completedApplication = async (request: APIRequestContext) =>
  applyByApi(
    request,
    await registerByApi(request, await signInByApi(request), { checkEligibility: true }),
    'banking_details',
  );
const panel = (page: Page) => page.getByRole('region', { name: 'Your Key Fact Statements' });
const statement = (page: Page, kfsNo: string) => page.getByRole('region', { name: `Key Fact Statement ${kfsNo}` });
const row = (scope: Locator, label: string) =>
  scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name: label, exact: true }) });

/** Staff approve other terms through the development staff route: the new statement's number. */
async function approveOtherTerms(request: APIRequestContext, leadId: string, amount: number, tenure: number) {
  const response = await request.post('/__dev/staff', {
    data: { action: 'approve', lead_id: Number(leadId), amount, tenure },
  });
  const body = await response.json();
  expect(body.Status, body.Message).toBe(1);
  expect(body.Data.awaiting_acknowledgement).toBe(true);
  return body.Data.kfs_no as string;
}

test('the accepted statement: on the application screen with every Annex A item; at 320 px it fits; in Hindi with the same figures, its Save a Copy the Hindi PDF, the choice remembered. Staff approving other terms: at 320 px the new statement opens with what you receive and repay, a 24 px acceptance box, Save a Copy as a PDF; the customer accepts it, the loan is paid out on it, and the statement opens again from the loan details and the sent link', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const customer = await completedApplication(request);
  await openDashboard(page, customer, '/my-dashboard/lead-preview');
  const mine = panel(page);
  await expect(mine).toContainText('accepted by you');
  const view = mine.getByRole('button', { name: /^View Key Fact Statement KFS-\d{6}$/ });
  const kfsNo = ((await view.textContent()) ?? '').replace('View Key Fact Statement ', '');
  await view.click();
  const kfs = statement(page, kfsNo);
  await expect(kfs.getByRole('heading', { name: `Key Fact Statement ${kfsNo}` })).toBeFocused();
  for (const [label, text] of [
    ['KFS number', kfsNo],
    ['Valid until', '-'],
    ['Type of loan', 'Unsecured personal loan'],
    ['Sanctioned loan amount', '₹'],
    ['Disbursal schedule', '100% upfront'],
    ['Loan term', 'days'],
    ['Type of instalment', 'Bullet'],
    ['Number of instalments', '1'],
    ['Instalment amount', '₹'],
    ['Repayment date', 'days after the disbursal date'],
    ['Interest rate and type', 'fixed'],
    ['Processing fee', 'GST'],
    ['Annual percentage rate (APR)', '%'],
    ['Net amount paid into your account', '₹'],
    ['Total interest', '₹'],
    ['Total amount to be paid', '₹'],
    ['Interest after the due date', 'at most 30 days'],
    ['Penal charge for late payment', 'charged once'],
    ['Foreclosure or prepayment charge', '₹0'],
    ['Recovery and collection', 'own staff'],
    ['Recovery agents', 'No recovery agents are engaged'],
    ['Grievance redressal officer', '@'],
    ['Nodal officer', '@'],
    ['Escalation to the RBI', 'cms.rbi.org.in'],
    ['Cooling-off period and exit', 'not refunded'],
    ['Lending service providers', 'None'],
    ['Transfer or securitisation', 'assigned'],
    // The Annex A rows that do not apply are there, marked so (issue 24).
    ['Loan account number', 'Given when the loan is paid out'],
    ['Floating rate: benchmark, spread, reset and its impact', 'Not applicable'],
    ['Insurance charges', 'Not applicable'],
    ['Valuation fees', 'Not applicable'],
    ['Co-lending or other collaborative lending', 'Not applicable'],
    ['Reporting to credit information companies', 'credit information companies'],
    ['Money paid beyond your dues', 'days of receiving it'],
  ] as const) {
    await expect(row(kfs, label), label).toContainText(text);
  }
  const axe = await axeScan(page).include('main').analyze();
  expect(axe.violations).toEqual([]);

  // At 320 px the statement fits the screen (opened from the sent link: the next test).
  await page.setViewportSize({ width: 320, height: 640 });
  const english = kfs;
  await expect(english).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // In Hindi, with the same figures.
  const cell = async (scope: Locator, label: string) =>
    ((await row(scope, label).getByRole('cell').textContent()) ?? '').trim();
  const received = await cell(english, 'Net amount paid into your account');
  const repaid = await cell(english, 'Total amount to be paid');
  const languages = english.getByRole('group', { name: 'Language / भाषा' });
  await expect(languages.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  const toHindi = languages.getByRole('button', { name: 'हिन्दी' });
  await expect(toHindi).toHaveAttribute('aria-pressed', 'false');
  // A real control: reached and pressed from the keyboard.
  await toHindi.focus();
  await page.keyboard.press('Enter');

  const hindi = page.getByRole('region', { name: `मुख्य तथ्य विवरण ${kfsNo}` });
  await expect(hindi).toBeVisible();
  await expect(hindi).toHaveAttribute('lang', 'hi');
  // The region is named by its heading, now in Hindi; the switch in it shows Hindi pressed.
  await expect(hindi.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
  await expect(hindi.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'false');
  // The same figures, in Hindi words; Part 2 cites the agreement's clause in Hindi.
  await expect(hindi.getByText(/^आपको ₹/)).toHaveText(
    new RegExp(`^आपको ${received} मिलेंगे, \\d{2}-\\d{2}-\\d{4} को ${repaid} चुकाने होंगे$`),
  );
  await expect(row(hindi, 'आपके खाते में जमा की जाने वाली शुद्ध राशि')).toContainText(received);
  await expect(row(hindi, 'चुकाई जाने वाली कुल राशि')).toContainText(repaid);
  await expect(row(hindi, 'बीमा प्रभार')).toContainText('लागू नहीं');
  await expect(row(hindi, 'वसूली और संग्रह')).toContainText('ऋण अनुबंध का खंड 9 (वसूली और संग्रह) देखें।');

  // Save a Copy saves the statement in Hindi.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    hindi.getByRole('button', { name: 'प्रति सहेजें' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`key-fact-statement-${kfsNo}-hi.pdf`);
  const bytes = readFileSync((await download.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(hindi.getByRole('status')).toHaveText(`key-fact-statement-${kfsNo}-hi.pdf सहेजी गई।`);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const axeHindi = await axeScan(page).include('main').analyze();
  expect(axeHindi.violations).toEqual([]);

  // Remembered in this browser: the statement, opened from the link the customer was sent, is in Hindi again.
  await page.goto(`/my-dashboard/lead-preview?lead_id=${customer.leadId}#key-fact-statement`);
  const remembered = page.getByRole('region', { name: `मुख्य तथ्य विवरण ${kfsNo}` });
  await expect(remembered).toBeVisible();
  // And back to English, remembered too.
  await remembered.getByRole('button', { name: 'English' }).click();
  await expect(statement(page, kfsNo)).toBeVisible();

  // Staff approve other terms: a new statement, which the customer must accept before the loan is paid out.
  const otherNo = await approveOtherTerms(request, customer.leadId, 7000, 75);
  const refused = await request.post('/__dev/staff', {
    data: { action: 'disburse', lead_id: Number(customer.leadId) },
  });
  expect((await refused.json()).Message).toContain(`waits for the customer to accept Key Fact Statement ${otherNo}`);

  await moveTo(page, '/my-dashboard/lead-preview');
  // The panel's own notice (the statement inside it has its own status, for Save a Copy).
  await expect(mine.getByRole('status').first()).toContainText(
    `Our team approved your loan on terms other than those you accepted: ${formatPaise(7000_00)} for 75 days`,
  );
  // The statement waiting for the customer is open already, with its figures.
  const other = statement(page, otherNo);
  await expect(row(other, 'Sanctioned loan amount')).toContainText(formatPaise(7000_00));
  await expect(row(other, 'Loan term')).toContainText('75 days');
  // Not accepted without the box ticked.
  await page.getByRole('button', { name: 'Accept Key Fact Statement' }).click();
  await expect(page.getByText(KFS_REQUIRED)).toBeVisible();

  // The summary comes first and states the statement's own figures: the net amount, the total and the date.
  const cellOf = async (label: string) => ((await row(other, label).getByRole('cell').textContent()) ?? '').trim();
  const receiving = await cellOf('Net amount paid into your account');
  const repaying = await cellOf('Total amount to be paid');
  const due = /\((\d{2}-\d{2}-\d{4}) if disbursed on/.exec(await cellOf('Repayment date'))?.[1];
  const summary = other.getByText(/^You receive /);
  await expect(summary).toHaveText(`You receive ${receiving}, repay ${repaying} on ${due}`);
  const [summaryBox, tableBox] = [await summary.boundingBox(), await other.getByRole('table').first().boundingBox()];
  expect(summaryBox?.y ?? Infinity).toBeLessThan(tableBox?.y ?? 0);

  // The acceptance box is at least 24 × 24 px, and a tap on its wrapped words ticks it.
  const box = page.getByRole('checkbox', { name: 'I have read and accept the Key Fact Statement.' });
  const size = await box.boundingBox();
  expect(size?.width).toBeGreaterThanOrEqual(24);
  expect(size?.height).toBeGreaterThanOrEqual(24);
  await page.getByText('I have read and accept the Key Fact Statement.').click();
  await expect(box).toBeChecked();

  // Save a Copy downloads the statement as a PDF, not a web page.
  const [copy] = await Promise.all([
    page.waitForEvent('download'),
    other.getByRole('button', { name: 'Save a Copy' }).click(),
  ]);
  expect(copy.suggestedFilename()).toBe(`key-fact-statement-${otherNo}.pdf`);
  const copyBytes = readFileSync((await copy.path()) as string);
  expect(copyBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(other.getByRole('status')).toHaveText(`Saved key-fact-statement-${otherNo}.pdf.`);
  const overflowNow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflowNow).toBeLessThanOrEqual(0);

  // Accepted (the box ticked above by its words), the loan is paid out on it.
  await page.getByRole('button', { name: 'Accept Key Fact Statement' }).click();
  await expect(mine).toContainText(`Your loan is made on Key Fact Statement ${otherNo}, accepted by you.`);
  await expect(page.getByRole('button', { name: 'Accept Key Fact Statement' })).toHaveCount(0);

  await signAgreementByApi(request, customer);
  const { loan_no } = await staffByApi(request, customer.leadId, 'disburse');
  expect(loan_no).toMatch(/^KCL\d+$/);

  // Paid out: the statement opens again from the loan details.
  await moveTo(page, `/my-dashboard/details?lead_id=${customer.leadId}`);
  await page.getByRole('link', { name: 'Key Fact Statement of this loan' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/my-dashboard/lead-preview\\?lead_id=${customer.leadId}#key-fact-statement$`),
  );
  // From the link the statement is open at once, with Print and Save a Copy.
  const again = statement(page, otherNo);
  await expect(again).toBeVisible();
  await expect(again.getByRole('button', { name: 'Save a Copy' })).toBeVisible();
  await expect(row(again, 'Disbursal schedule')).toContainText('100% upfront');

  // The SMS's link, opened in a fresh page load.
  await page.goto(`/my-dashboard/lead-preview?lead_id=${customer.leadId}#key-fact-statement`);
  await expect(statement(page, otherNo)).toBeVisible();
});

test('the rates page explains SMA and NPA with the statement’s worked example, and the refund and reporting promises', async ({
  page,
}) => {
  await page.goto('/rateandterms');
  const main = page.locator('main');
  // The same sentence the statement builds with a loan's own figures (src/lib/kfs.ts), for the worked example.
  await expect(main).toContainText(`For example, ${fact('overdueClassesExample')}`);
  await expect(main).toContainText(`within ${fact('refundDays')} days of receiving it`);
  await expect(main).toContainText('credit information companies');
});
