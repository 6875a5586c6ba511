/**
 * The loan application's first screens in a real browser against the real server: the hub on the
 * eligibility page, the loan quote with its Key Fact Statement, and the employment details. What the
 * quote's sliders and the employment form check field by field, and a refusal's message, are their
 * component tests' (tests/components/CalculateLoan.test.tsx, AboutYourCompany.test.tsx).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { API } from '../../../src/lib/api/paths.ts';
import { formatPaise } from '../../../src/lib/money.ts';
import { expect, test } from '../test.ts';
import {
  applyByApi,
  type Customer,
  callAs,
  eventAs,
  heading,
  openDashboard,
  registerByApi,
  sessionOf,
  signInByApi,
} from './support.ts';

// Each test first builds its customer through the API: sign-in, five steps, eligibility and more.
test.describe.configure({ timeout: 60_000 });

const eligibleCustomer = async (request: APIRequestContext) =>
  registerByApi(request, await signInByApi(request), { checkEligibility: true });

const cards = (page: Page) => page.getByRole('region', { name: 'Loan Application' }).getByRole('listitem');
const amountSlider = (page: Page) => page.getByRole('slider', { name: 'Loan Amount' });
const statement = (page: Page) => page.getByRole('region', { name: 'Key Fact Statement' });
const row = (scope: Locator, label: string) =>
  scope.getByRole('row').filter({ has: scope.page().getByRole('rowheader', { name: label, exact: true }) });

/** payable = principal + principal × the customer's daily rate × tenure / 100 (the rate policy decides the rate). */
const payableText = (amount: number, tenure: number, rate: number) =>
  formatPaise(amount * 100 + Math.round(amount * rate * tenure));

/** The quote as the server gives it (the screen asks again and gets the same open application's quote). */
async function quoteOf(request: APIRequestContext, customer: Customer) {
  const answer = await eventAs(request, customer, 'generate_loan_quote');
  expect(answer.body.Status, answer.body.Message).toBe(1);
  return answer.body.Data as {
    min_loan_amount: number;
    max_loan_amount: number;
    min_loan_tenure: number;
    max_loan_tenure: number;
    daily_rate_percent: number;
  };
}

test.describe('the loan application hub', () => {
  test('nothing started: four cards in order, only the Loan Calculator open, and Start Loan Application', async ({
    page,
    request,
  }) => {
    const customer = await eligibleCustomer(request);
    await openDashboard(page, customer, '/my-dashboard/eligibility');
    await expect(heading(page)).toHaveText('Your Loan');
    await expect(page.getByRole('heading', { level: 2, name: 'Loan Application' })).toBeVisible();
    await expect(cards(page)).toHaveCount(4);
    for (const [index, title] of [
      'Loan Calculator',
      'Employment Information',
      'Upload Your Documents',
      'Banking Details',
    ].entries()) {
      await expect(cards(page).nth(index)).toContainText(title);
      await expect(cards(page).nth(index)).toContainText(index === 0 ? 'To do now' : 'Not yet open');
    }
    await expect(cards(page).getByRole('link')).toHaveCount(1);
    await expect(cards(page).getByRole('link')).toHaveAttribute('href', '/my-dashboard/calculate-loan');
    await expect(page.getByText('Application completed: 0%')).toBeVisible();
    await page.getByRole('link', { name: 'Start Loan Application' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/calculate-loan$/);
  });

  test('part-way: the steps done are marked, the documents card is the one open, Continue leads there', async ({
    page,
    request,
  }) => {
    const customer = await applyByApi(request, await eligibleCustomer(request), 'employment_details');
    await openDashboard(page, customer, '/my-dashboard/eligibility');
    await expect(page.getByText('Application completed: 50%')).toBeVisible();
    await expect(cards(page).nth(0)).toContainText('Completed');
    await expect(cards(page).nth(1)).toContainText('Completed');
    await expect(cards(page).nth(2)).toContainText('To do now');
    await expect(cards(page).nth(3)).toContainText('Not yet open');
    await expect(cards(page).getByRole('link')).toHaveCount(1);
    await expect(cards(page).nth(2).getByRole('link')).toHaveAttribute('href', '/my-dashboard/adhar-upload');
    await expect(page.getByRole('link', { name: 'Start Loan Application' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Continue Loan Application' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/adhar-upload$/);
  });

  test('complete: every step done and locked, and the way to the application preview', async ({ page, request }) => {
    const customer = await applyByApi(request, await eligibleCustomer(request), 'banking_details');
    await openDashboard(page, customer, '/my-dashboard/eligibility');
    await expect(page.getByRole('heading', { name: 'Your loan application is complete' })).toBeVisible();
    await expect(page.getByText('Application completed: 100%')).toBeVisible();
    for (let index = 0; index < 4; index += 1) await expect(cards(page).nth(index)).toContainText('Completed');
    await expect(cards(page).getByRole('link')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Loan Application$/ })).toHaveCount(0);
    expect((await sessionOf(page)).percent).toBe('100');
    await page.getByRole('link', { name: 'View Your Application' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/lead-preview$/);
  });
});

test.describe('the loan quote', () => {
  test('the Key Fact Statement shown with its figures, printable alone and saved as a file, then confirmed and the quote accepted: the server has it and employment opens', async ({
    page,
    request,
  }) => {
    // The browser's print dialog cannot be driven; count the calls instead of opening it.
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    const customer = await eligibleCustomer(request);
    const quote = await quoteOf(request, customer);
    await openDashboard(page, customer, '/my-dashboard/calculate-loan');
    // product.md §2's "CALCULATING LOANS", as a title reads (issue 14).
    await expect(heading(page)).toHaveText('Calculate Your Loan', { useInnerText: true });
    await expect(page).toHaveTitle('Calculate Your Loan | Kosh Credit');
    // The customer's rate from the rate policy, a day and a year.
    await expect(page.getByTestId('rate')).toHaveText(
      `${quote.daily_rate_percent}% a day (${(quote.daily_rate_percent * 365).toLocaleString('en-IN')}% a year)`,
    );
    await page.getByRole('combobox', { name: 'Purpose of Loan' }).selectOption({ label: 'Medical' });
    await amountSlider(page).focus();
    await page.keyboard.press('ArrowRight');
    const amount = quote.min_loan_amount + 500;
    const tenure = quote.min_loan_tenure;
    await page.getByRole('button', { name: 'View Key Fact Statement' }).click();

    const kfs = statement(page);
    await expect(kfs).toBeVisible();
    await expect(kfs.getByRole('heading', { name: 'Key Fact Statement' })).toBeFocused();
    const rate = quote.daily_rate_percent;
    // The preview is numbered: the statement read is the one accepted (issue 24).
    await expect(row(kfs, 'KFS number')).toContainText(/KFS-\d{6}$/);
    await expect(row(kfs, 'Valid until')).toContainText(/\d{2}-\d{2}-\d{4}/);
    await expect(row(kfs, 'Lender')).toContainText('Kosh Finvest Private Limited');
    await expect(row(kfs, 'Type of loan')).toContainText('Unsecured personal loan');
    await expect(row(kfs, 'Sanctioned loan amount')).toContainText(formatPaise(amount * 100));
    await expect(row(kfs, 'Disbursal schedule')).toContainText('100% upfront');
    await expect(row(kfs, 'Loan term')).toContainText(`${tenure} days`);
    await expect(row(kfs, 'Number of instalments')).toHaveText(/1$/);
    await expect(row(kfs, 'Interest rate and type')).toContainText(`${rate}% a day`);
    await expect(row(kfs, 'Interest rate and type')).toContainText('fixed');
    await expect(row(kfs, 'Processing fee')).toContainText('GST');
    await expect(row(kfs, 'Annual percentage rate (APR)')).toContainText('%');
    // The statement's total is the payable figure of the loan page.
    await expect(row(kfs, 'Total amount to be paid')).toContainText(payableText(amount, tenure, rate));
    await expect(row(kfs, 'Repayment date')).toContainText(`${tenure} days after the disbursal date`);
    await expect(row(kfs, 'Penal charge for late payment')).toContainText('charged once');
    await expect(row(kfs, 'Foreclosure or prepayment charge')).toContainText('₹0');
    await expect(row(kfs, 'Recovery agents')).toContainText('No recovery agents');
    await expect(row(kfs, 'Cooling-off period and exit')).toContainText('3 days');
    await expect(row(kfs, 'Grievance redressal officer')).toContainText('@');
    await expect(row(kfs, 'Nodal officer')).toContainText('@');
    await expect(row(kfs, 'Escalation to the RBI')).toContainText('https://cms.rbi.org.in');
    await expect(row(kfs, 'Lending service providers')).toContainText('None');
    await expect(row(kfs, 'Transfer or securitisation')).toContainText('assigned');

    await kfs.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    await expect(kfs.getByRole('table').first()).toBeVisible();
    await expect(heading(page)).toBeHidden();
    await expect(amountSlider(page)).toBeHidden();
    await expect(kfs.getByRole('button', { name: 'Print' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(heading(page)).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      kfs.getByRole('button', { name: 'Save a Copy' }).click(),
    ]);
    // Save a Copy is the statement as a PDF (issue 25, finding 10), not a web page.
    expect(download.suggestedFilename()).toMatch(/^key-fact-statement-KFS-\d{6}\.pdf$/);
    const saved = await readFile(await download.path());
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const ack = page.getByRole('checkbox', { name: 'I have read and understood the Key Fact Statement.' });
    await ack.check();
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.postDataJSON()?.event_name === 'loan_quotation_decision'),
      page.getByRole('button', { name: 'Accept Loan' }).click(),
    ]);
    // product.md §7: the quote and the decision go to saveleadDetails.
    expect(new URL(sent.url()).pathname).toBe('/Api/Website/saveleadDetails');
    expect(sent.postDataJSON()).toMatchObject({
      accepted_id: 1,
      amount,
      tenure,
      purpose_id: 2,
      kfs_acknowledged: true,
    });
    await expect(page).toHaveURL(/\/my-dashboard\/about-your-company$/);
    await expect(heading(page)).toHaveText('Employment Details');
    await expect(page.getByRole('status').filter({ hasText: 'Quote accepted.' })).toBeVisible();
    const session = await sessionOf(page);
    expect(session.next_step).toBe('employment_details');
    expect(session.percent).toBe('25');
    // The server has the accepted quote: the application moved on to employment.
    expect((await quoteOf(request, customer)) as unknown as { next_step: string }).toMatchObject({
      next_step: 'employment_details',
    });
  });
});

test.describe('employment details', () => {
  const fill = async (page: Page) => {
    await page.getByRole('radio', { name: 'Work from office' }).check();
    await page.getByRole('textbox', { name: 'Company Name' }).fill('Acme Technologies Pvt Ltd');
    await page.getByRole('combobox', { name: 'Company Type' }).selectOption({ label: 'Listed Public' });
    await page.getByRole('textbox', { name: 'Designation' }).fill('Senior Analyst');
    await page.getByRole('combobox', { name: 'Department' }).selectOption('FINANCE');
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('Tower B, DLF Cyber City');
    await page.getByRole('textbox', { name: 'Address line 2' }).fill('Phase 2');
    await page.getByRole('textbox', { name: 'Pin Code' }).fill('122002');
    await page.getByLabel('Employed Since').fill('2021-06-01');
  };
  const save = (page: Page) => page.getByRole('button', { name: 'Save and Continue' }).click();

  test('saved: the server keeps it (department not sent) and the first document opens', async ({ page, request }) => {
    const customer = await applyByApi(request, await eligibleCustomer(request), 'loan_quotation_decision');
    await openDashboard(page, customer, '/my-dashboard/about-your-company');
    await fill(page);
    await page.getByRole('textbox', { name: 'Official Email (optional)' }).fill('asha@acme.example');
    const [sent] = await Promise.all([
      page.waitForRequest((r) => r.postDataJSON()?.event_name === 'employment_details'),
      save(page),
    ]);
    const body = sent.postDataJSON();
    expect(body).toMatchObject({
      work_mode: 'WFO',
      company_name: 'Acme Technologies Pvt Ltd',
      company_type_id: 3,
      designation: 'Senior Analyst',
      address_1: 'Tower B, DLF Cyber City',
      address_2: 'Phase 2',
      landmark: '',
      pincode: '122002',
      emp_since: '2021-06-01',
      office_email: 'asha@acme.example',
    });
    expect(JSON.stringify(body)).not.toContain('FINANCE');
    await expect(page).toHaveURL(/\/my-dashboard\/adhar-upload$/);
    expect((await sessionOf(page)).percent).toBe('50');
    const profile = await callAs(request, customer, API.getProfile, { profile_id: customer.profileId });
    expect(profile.body.Data.customer_employment_details).toMatchObject({
      company_name: 'Acme Technologies Pvt Ltd',
      designation: 'Senior Analyst',
    });

    // Opened again, what was given shows as done (issue 25); Change opens the form with it (all but the
    // department, which was never sent).
    await page.goto('/my-dashboard/about-your-company');
    await page.getByRole('button', { name: 'Change employment details' }).click();
    await expect(page.getByRole('textbox', { name: 'Company Name' })).toHaveValue('Acme Technologies Pvt Ltd');
    await expect(page.getByRole('combobox', { name: 'Company Type' })).toHaveValue('3');
    await expect(page.getByRole('radio', { name: 'Work from office' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Department' })).toHaveValue('');
  });
});
