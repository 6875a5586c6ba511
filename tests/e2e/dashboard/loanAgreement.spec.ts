/**
 * The loan agreement on the application's screen (issue 24), in a real browser against the real server:
 * nothing to sign before the Key Fact Statement is accepted for the loan; then "Sign the loan agreement"
 * opens the e-sign sandbox's page, signing there brings the customer back to a signed agreement, and
 * the agreement downloads as a PDF before and after. Accessible, and within a 320 px screen.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { AGREEMENT_API } from '../../../src/lib/agreement.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { expect, test } from '../test.ts';
import { applyByApi, openDashboard, registerByApi, signInByApi, staffByApi } from './support.ts';

const panel = (page: Page) => page.getByRole('region', { name: 'Loan agreement', exact: true });
const downloads = (page: Page) => page.getByRole('region', { name: 'Your loan agreement as a PDF' });

async function downloadBy(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    downloads(page).getByRole('button', { name }).click(),
  ]);
  const bytes = await readFile(await download.path());
  return { filename: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1') };
}

test('the customer signs the loan agreement through the e-sign page and downloads it', async ({ page, request }) => {
  const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  const applied = await applyByApi(request, customer, 'banking_details');
  const screen = `/my-dashboard/lead-preview?lead_id=${applied.leadId}`;

  // Submitted, not yet approved: no agreement to sign, and the server says so too.
  await openDashboard(page, applied, screen);
  await expect(page.getByRole('heading', { name: 'Application Status' })).toBeVisible();
  await expect(panel(page)).toHaveCount(0);
  const early = await request.post(AGREEMENT_API.status, {
    headers: { Auth: 'kosh-web', Authtoken: applied.token },
    data: { lead_id: Number(applied.leadId) },
  });
  expect(early.status()).toBe(404);

  await staffByApi(request, applied.leadId, 'approve');
  await page.reload();
  await expect(panel(page)).toBeVisible();
  await expect(panel(page)).toContainText('Not signed yet');
  const agreementNo = (
    await panel(page)
      .getByRole('row', { name: /Agreement number/ })
      .textContent()
  )?.match(/AGR-\d+/)?.[0];
  expect(agreementNo).toBeTruthy();
  expect(await downloadBy(page, 'Download the agreement')).toEqual({
    filename: `loan-agreement-${agreementNo}.pdf`,
    head: '%PDF-',
  });
  const axe = await axeScan(page).include('main').withTags(WCAG_22_AA).analyze();
  expect(axe.violations).toEqual([]);
  await page.setViewportSize({ width: 320, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Read and signed in Hindi, the customer's choice (issue 24): the agreement sent to sign is the Hindi one.
  const hindi = panel(page).getByRole('group', { name: 'Language / भाषा' }).getByRole('button', { name: 'हिन्दी' });
  await hindi.click();
  await expect(hindi).toHaveAttribute('aria-pressed', 'true');
  await panel(page).getByRole('button', { name: 'Sign the loan agreement' }).click();
  await expect(page.getByRole('heading', { name: 'Aadhaar eSign (sandbox)' })).toBeVisible();
  await expect(page.getByText(agreementNo as string)).toBeVisible();
  await page.getByRole('button', { name: 'Sign with Aadhaar OTP' }).click();

  // Back on the application's screen, which asks the provider and shows the outcome.
  await expect(page).toHaveURL(new RegExp(`lead-preview\\?lead_id=${applied.leadId}#loan-agreement$`));
  await expect(panel(page)).toContainText('Signed');
  await expect(panel(page).getByRole('button', { name: 'Sign the loan agreement' })).toHaveCount(0);
  await expect(panel(page).getByRole('row', { name: /Signed in/ })).toContainText('हिन्दी');
  expect(await downloadBy(page, 'Download the signed agreement')).toEqual({
    filename: `loan-agreement-${agreementNo}-signed.pdf`,
    head: '%PDF-',
  });
});
