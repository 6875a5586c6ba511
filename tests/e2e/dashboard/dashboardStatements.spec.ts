/**
 * The loan's documents on its details screen, in a real browser against the real server: the
 * statement of account downloads as a PDF, the no-dues certificate once the loan is repaid, and a
 * failed download says why. Borrowers get their loan through the API and the development staff route.
 *
 * One test, its checks as steps (issue 21): each was a test of its own with a borrower of its own (about
 * a second of server CPU) and a fresh browser context. The active loan's width, download and failure are
 * read on the run's shared borrower (sharedCustomers.ts; a statement downloaded changes nothing of the
 * loan); the repaid loan keeps a borrower of its own, as it pays, and its Loan Details at 390 px (from
 * dashboardSmallFixes.spec.ts, which built a repaid borrower of its own for them) are read on it too.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { STATEMENT_API } from '../../../src/lib/statementLines.ts';
import { razorpayCheckoutResult } from '../../api/support/providers.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { REPAY } from '../../support/repay.ts';
import { latestCode } from '../../support/signIn.ts';
import { expect, test } from '../test.ts';
import { borrowerByApi, openDashboard } from './support.ts';

const STATEMENT = 'Download statement (PDF)';
const NO_DUES = 'Download no-dues certificate (PDF)';
/** product.md §8, word for word. */
const NETWORK_ERROR = 'We could not reach our servers. Please check your internet connection and try again.';

type Borrower = Awaited<ReturnType<typeof borrowerByApi>>;

const documents = (page: Page) => page.getByRole('region', { name: 'Statements' });

/** Pays the whole due through the repay page's calls and the Razorpay sandbox: the loan closes. */
async function repayInFull(request: APIRequestContext, borrower: Borrower) {
  const sent = await request.post(REPAY.sendOtp, { headers: { Auth: 'kosh-web' }, data: { pancard: borrower.pan } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post(REPAY.verifyOtp, {
    headers: { Auth: 'kosh-web' },
    data: { panNumber: borrower.pan, otp: await latestCode(request, borrower.mobile) },
  });
  const orderId = (await verified.json()).order_id as string;
  expect(orderId).toMatch(/^order_/);
  const paid = await request.post(REPAY.razorpayVerify, {
    headers: { Auth: 'kosh-web' },
    data: razorpayCheckoutResult(orderId, `pay_${Date.now()}${Math.floor(Math.random() * 1e6)}`),
  });
  expect((await paid.json()).status, 'payment').toBe('SUCCESS');
}

/** Clicks a download button and answers the file's suggested name and first bytes. */
async function downloadBy(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    documents(page).getByRole('button', { name }).click(),
  ]);
  const path = await download.path();
  const bytes = await readFile(path);
  return { filename: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1'), size: bytes.length };
}

test.describe('statements on the loan details screen', () => {
  test('an active loan: fits a 320 px phone, the statement downloads as a PDF and no certificate is offered yet, while the PDF is prepared the button says so and a failure says why; a repaid loan: its details at 390 px and the no-dues certificate', async ({
    page,
    request,
    sharedBorrower: borrower,
  }) => {
    test.setTimeout(120_000);
    await test.step('fits a 320 px phone', async () => {
      const desktop = page.viewportSize();
      await page.setViewportSize({ width: 320, height: 640 });
      await openDashboard(page, borrower, `/my-dashboard/details?lead_id=${borrower.leadId}`);
      const button = documents(page).getByRole('button', { name: STATEMENT });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(320);
      // Nothing in the section reaches past the screen's edge, and nothing in it scrolls sideways.
      const overflow = await documents(page).evaluate((section) => ({
        right: Math.max(...[section, ...section.querySelectorAll('*')].map((el) => el.getBoundingClientRect().right)),
        scrolls: section.scrollWidth > section.clientWidth,
      }));
      expect(overflow.right).toBeLessThanOrEqual(320);
      expect(overflow.scrolls).toBe(false);
      if (desktop) await page.setViewportSize(desktop);
    });

    await test.step('the statement downloads as a PDF, and no certificate is offered yet', async () => {
      await expect(documents(page).getByRole('button', { name: STATEMENT })).toBeVisible();
      await expect(documents(page).getByRole('button', { name: NO_DUES })).toHaveCount(0);

      const file = await downloadBy(page, STATEMENT);
      expect(file.filename).toBe(`statement-${borrower.loanNo}.pdf`);
      expect(file.head).toBe('%PDF-');
      expect(file.size).toBeGreaterThan(1000);
      await expect(documents(page).getByRole('status')).toHaveText(`Saved statement-${borrower.loanNo}.pdf.`);
      await expect(documents(page).getByRole('alert')).toHaveCount(0);

      const violations = (await axeScan(page).withTags(WCAG_22_AA).include('section').analyze()).violations;
      expect(violations.map((v) => v.id)).toEqual([]);
    });

    await test.step('while the PDF is prepared the button says so; a failure says why and the button works again', async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(`**${STATEMENT_API.statement}`, async (route) => {
        await held;
        await route.abort('internetdisconnected');
      });
      await documents(page).getByRole('button', { name: STATEMENT }).click();
      const preparing = documents(page).getByRole('button', { name: 'Preparing…' });
      await expect(preparing).toBeDisabled();
      await expect(documents(page)).toHaveAttribute('aria-busy', 'true');
      release();
      await expect(documents(page).getByRole('alert')).toHaveText(NETWORK_ERROR);
      await expect(documents(page).getByRole('button', { name: STATEMENT })).toBeEnabled();
      await page.unroute(`**${STATEMENT_API.statement}`);
    });

    await test.step("a repaid loan at 390 px: the loan's figures first, the borrower's own details folded under them, the provider's reference; the no-dues certificate downloads as a PDF", async () => {
      const borrower = await borrowerByApi(request);
      await repayInFull(request, borrower);
      await page.setViewportSize({ width: 390, height: 844 });
      await openDashboard(page, borrower, `/my-dashboard/details?lead_id=${borrower.leadId}`);
      // From dashboardSmallFixes.spec.ts (the screens review, item 10), on a phone.
      await test.step("Loan Details of a repaid loan: the loan's figures first, the borrower's own details folded under them; the provider's reference", async () => {
        const main = page.getByRole('main');
        const loan = main.getByRole('table', { name: 'Loan details' }).getByRole('rowheader');
        await expect(loan).toHaveText([
          'Loan number',
          'Application number',
          'Status',
          'Loan amount',
          'Amount to your bank account',
          'Amount to repay',
          'Tenure',
          'Purpose',
          'Disbursed on',
          'Repayment date',
        ]);
        const yours = main.getByRole('table', { name: 'Your details on this application' });
        await expect(yours).toBeHidden();
        await main.locator('summary', { hasText: 'Your details on this application' }).click();
        await expect(yours.getByRole('rowheader')).toHaveText([
          'Name',
          'Monthly salary',
          'Mobile',
          'E-mail',
          'PAN',
          'Gender',
          'Marital status',
          'City',
          'State',
        ]);
        expect((await axeScan(page).withTags(WCAG_22_AA).analyze()).violations.map((v) => v.id)).toEqual([]);
        const payments = main.getByRole('table', { name: 'Payments received' });
        // On a phone each cell says its column: the reference is read as the provider's.
        await expect(payments.getByRole('cell', { name: /^Provider's reference pay_\w+$/ })).toBeVisible();
        await expect(payments.getByRole('columnheader')).toContainText(["Provider's reference"]);
      });

      await test.step('the no-dues certificate downloads as a PDF', async () => {
        const file = await downloadBy(page, NO_DUES);
        expect(file.filename).toBe(`no-dues-${borrower.loanNo}.pdf`);
        expect(file.head).toBe('%PDF-');
        expect((await downloadBy(page, STATEMENT)).head).toBe('%PDF-');
      });
    });
  });
});
