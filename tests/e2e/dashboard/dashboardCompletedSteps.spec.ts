/**
 * Completed steps opened again (issue 25, docs/screens-review.md "Fix next" 9 and 10): PAN, the picture,
 * Employment Details and Banking Details show what is held, masked as the product masks it, with a "Change"
 * that opens the form prefilled while the server still takes a change, and why not once it does not; the
 * documents of a loan paid out are held, not replaceable; no empty thumbnail and no file type on the cards.
 * Customers are made through the real API (./support.ts).
 */
import type { Page } from '@playwright/test';
import { API } from '../../../src/lib/api/paths.ts';
import { formatDate, maskPan } from '../../../src/lib/format.ts';
import { tinyPdf } from '../../api/support/files.ts';
import { axeViolations } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import { expect, test } from '../test.ts';
import {
  alert,
  BANK_ACCOUNT,
  callAs,
  customerInState,
  EMPLOYMENT,
  eventAs,
  heading,
  openDashboard,
  repayInFullByApi,
  TINY_PNG,
} from './support.ts';
import { moveTo } from './walk.ts';

const held = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const fact = (page: Page, region: string, label: string) =>
  held(page, region)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const documentTile = (page: Page) => page.getByRole('list', { name: 'Document to upload' }).getByRole('listitem');
/** The PAN registerByApi gave the customer (customerInState's type leaves it out). */
const panOf = (customer: object) => (customer as { pan: string }).pan;

test('before the eligibility check: the PAN held, masked; Change opens the form filled in, Cancel goes back', async ({
  page,
  request,
}) => {
  const customer = await customerInState(request, 'registration in progress');
  await page.setViewportSize({ width: 320, height: 740 });
  await openDashboard(page, customer, '/my-dashboard/pan-details');
  const region = 'Your PAN is verified';
  await expect(fact(page, region, 'PAN')).toHaveText(maskPan(panOf(customer)));
  await expect(fact(page, region, 'Monthly income')).toHaveText('₹60,000');
  await expect(button(page, 'Verify PAN')).toHaveCount(0);
  await expect(held(page, region).getByRole('link', { name: 'Continue to Residence Address' })).toBeVisible();
  await expectFits(page, 'pan-details held');
  expect(await axeViolations(page, 'pan-details held')).toEqual([]);

  await button(page, 'Change PAN or income').click();
  const first = page.getByRole('textbox', { name: 'PAN character 1 of 10' });
  await expect(first).toBeFocused();
  await expect(first).toHaveValue(panOf(customer).charAt(0));
  await expect(page.getByRole('textbox', { name: 'Monthly Income' })).toHaveValue('60000');
  await expect(button(page, 'Verify PAN')).toBeVisible();
  await button(page, 'Keep my verified PAN').click();
  await expect(page.getByRole('heading', { name: region })).toBeFocused();
});

test('a loan paid out, then repaid: every completed step held and locked as the server locks it; the next application', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const borrower = await customerInState(request, 'loan active');
  const today = formatDate(new Date());

  // The PAN: masked, and locked since the eligibility check (the server's own words).
  await openDashboard(page, borrower, '/my-dashboard/pan-details');
  await expect(fact(page, 'Your PAN is verified', 'PAN')).toHaveText(maskPan(panOf(borrower)));
  await expect(held(page, 'Your PAN is verified')).toContainText(
    'Your profile has been checked and found eligible; it can no longer be changed here.',
  );
  await expect(button(page, 'Change PAN or income')).toHaveCount(0);

  // The picture on file, which may be changed at any time.
  await moveTo(page, '/my-dashboard/upload-picture');
  await expect(held(page, 'Your picture is on file').getByRole('img')).toHaveAttribute('src', /\/Api\/files\//);
  await button(page, 'Change picture').click();
  await expect(page.getByLabel('Choose a picture')).toBeAttached();
  await expect(button(page, 'Keep my picture')).toBeVisible();

  // Employment and the bank account the loan was made on: held, no form.
  await moveTo(page, '/my-dashboard/about-your-company');
  await expect(fact(page, 'Your employment details are saved', 'Company')).toHaveText(EMPLOYMENT.company_name);
  await expect(page.getByText('Your loan was made on these details; they can no longer be changed.')).toBeVisible();
  await expect(button(page, 'Save and Continue')).toHaveCount(0);
  await moveTo(page, '/my-dashboard/bank-detail');
  const account = 'Your loan is paid into this account';
  await expect(fact(page, account, 'Account')).toHaveText('HDFC Bank account ending 9012');
  await expect(fact(page, account, 'Verified')).toHaveText(`Verified with your bank on ${today}`);
  await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveCount(0);
  await expect(button(page, 'Change bank account')).toHaveCount(0);
  await expectFits(page, 'bank-detail held');

  // A document of the loan: held as it is, no replacing, no file type.
  await moveTo(page, '/my-dashboard/pan-upload');
  const tile = documentTile(page);
  await expect(tile.getByRole('status')).toHaveText(`Uploaded: on file since ${today}`);
  await expect(tile).toContainText('Your loan is paid out: the documents it was made on are kept as they are.');
  await expect(tile.locator('input[type="file"]')).toHaveCount(0);
  expect(await axeViolations(page, 'pan-upload held')).toEqual([]);
  // Complete Your KYC lists the documents of an application still waiting for them, and the loan's is
  // done: "Failed to fetch required documents." and the way to the loan home, never a Try again.
  await moveTo(page, '/my-dashboard/adhar-upload');
  await expect(alert(page)).toHaveText('Failed to fetch required documents.');
  await expect(button(page, 'Go to your loan home')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);

  // Repaid, and a new application begun: it does not ask for employment; the last loan's account is named.
  await repayInFullByApi(request, { pan: panOf(borrower), mobile: borrower.mobile });
  expect((await eventAs(request, borrower, 'generate_loan_quote')).body.Status).toBe(1);
  await page.goto('/my-dashboard/about-your-company');
  await expect(page.getByRole('heading', { name: 'Not asked again' })).toBeVisible();
  await button(page, 'Give employment details').click();
  await expect(page.getByRole('radio', { name: 'Work from office' })).toBeFocused();
  await page.goto('/my-dashboard/bank-detail');
  await expect(heading(page)).toHaveText('Banking Details');
  await expect(page.getByText(/was paid into HDFC Bank account ending 9012/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Account number', exact: true })).toHaveValue('');
});

test('an application part-way: employment held with Change, the form filled in, no empty thumbnail; once sent, documents and account held; sent back, open to change again', async ({
  page,
  request,
}) => {
  const customer = await customerInState(request, 'documents pending');
  await openDashboard(page, customer, '/my-dashboard/about-your-company');
  await expect(fact(page, 'Your employment details are saved', 'Designation')).toHaveText(EMPLOYMENT.designation);
  await expect(page.getByRole('link', { name: 'Continue to Complete Your KYC' })).toBeVisible();
  await button(page, 'Change employment details').click();
  await expect(page.getByRole('textbox', { name: 'Company Name' })).toHaveValue(EMPLOYMENT.company_name);
  await expect(button(page, 'Save and Continue')).toBeVisible();

  await moveTo(page, '/my-dashboard/upload-salaryslip');
  const tile = documentTile(page);
  await expect(tile.getByRole('status')).toHaveText('Needed');
  await expect(tile.locator('img, [aria-hidden="true"]')).toHaveCount(0);

  // Sent: while our team reviews it, its documents and account are held, nothing to replace or change.
  const list = await callAs(request, customer, API.mandatoryDocuments, { profile_id: customer.profileId });
  for (const doc of list.body.Data as { event_name: string; doc_type: string; allowed_format: string }[]) {
    const pdf = doc.allowed_format === 'pdf';
    const file = (pdf ? tinyPdf() : TINY_PNG).toString('base64');
    await eventAs(request, customer, doc.event_name, { doc_type: doc.doc_type, file, file_ext: pdf ? 'PDF' : 'PNG' });
  }
  expect((await eventAs(request, customer, 'banking_details', BANK_ACCOUNT)).body.Status).toBe(1);
  await page.goto('/my-dashboard/adhar-upload');
  await expect(page.getByText('6 of 6 documents uploaded')).toBeVisible();
  await expect(
    page.getByText('Your application is with our team: this document can no longer be replaced.'),
  ).toHaveCount(6);
  await expect(page.locator('input[type="file"]')).toHaveCount(0);
  await page.goto('/my-dashboard/bank-detail');
  await expect(fact(page, 'Your bank account is given', 'Account')).toHaveText('HDFC Bank account ending 9012');
  await expect(page.getByRole('link', { name: 'View Your Application' })).toBeVisible();
  await expect(button(page, 'Change bank account')).toHaveCount(0);

  // Sent back to its documents by our team: the documents may be replaced and the account changed again.
  const back = await request.post('/__dev/staff', {
    data: {
      action: 'send_back',
      lead_id: Number(customer.leadId),
      step: 'documents',
      reason: 'The salary slip is unreadable',
    },
  });
  expect((await back.json()).Data).toMatchObject({ status: 'sent_back' });
  await page.goto('/my-dashboard/adhar-upload');
  await expect(page.getByText('6 of 6 documents uploaded')).toBeVisible();
  await expect(
    page.getByText('Your application is with our team: this document can no longer be replaced.'),
  ).toHaveCount(0);
  await expect(page.locator('input[type="file"]').first()).toBeAttached();
  await page.goto('/my-dashboard/bank-detail');
  await expect(fact(page, 'Your bank account is given', 'Account')).toHaveText('HDFC Bank account ending 9012');
  await button(page, 'Change bank account').click();
  await expect(page.getByRole('textbox', { name: 'IFSC' })).toBeVisible();
});
