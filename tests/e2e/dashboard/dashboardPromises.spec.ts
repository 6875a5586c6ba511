/**
 * What the dashboard says before and around a decision (issue 25, findings 6 and 11): no "NA"
 * placeholders for a loan that does not exist yet, what comes next and when in their place, the
 * application number and the decision time on Congratulations, and the small things of the phone walk:
 * no "?" in the greeting before the name is known, no Apply Now on /apply-now that leads to itself, no
 * focus ring on a heading the router focuses, no failure banner left after a successful retry.
 *
 * Fewer, longer tests (issue 21): each test is a fresh browser context (about 1.6 s of CPU however
 * little it checks). Before the loan is made, Application Preview, Loan Details and Loan History are read
 * on the shared applicant, and the loan's rows on the shared borrower (sharedCustomers.ts: they only
 * read them), with Loan Details' from dashboardPhoneFixes.spec.ts; the greeting and the focus ring on the
 * same applicant (each had an eligible customer of its own: any customer with a name and the loan's home). Application Preview under review and then paid out is read on the submitted
 * application of dashboardLoans.spec.ts, which reads that screen in that state anyway (the loan made of
 * it there comes after every other reader). Congratulations' application number and decision time are checked with the
 * review fixes' Congratulations (dashboardReviewFixes.spec.ts), on the customer whose every step is
 * given there; the /apply-now banner with the sign-in card's messages and the documents' failure banner
 * with the single document's, both in dashboardPhoneFixes.spec.ts.
 */
import type { Page } from '@playwright/test';
import { API } from '../../../src/lib/api/paths.ts';
import { expect, test } from '../test.ts';
import { dashboardReady, heading, openDashboard, sidebar, storeSession } from './support.ts';
import { moveTo } from './walk.ts';

test.describe.configure({ timeout: 120_000 });

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const rowHeaders = (page: Page, name: string) => region(page, name).getByRole('rowheader');
const row = (page: Page, panel: string, label: string) =>
  region(page, panel)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) });

test('the greeting says "Hi" until the name is known and a focused heading shows no ring; before the loan is made, no NA rows on Application Preview, Loan Details and Loan History, what is left to do and when the loan number comes; once paid out, the loan', async ({
  page,
  sharedApplicant: customer,
  sharedBorrower: sent,
}) => {
  // The greeting and the focus ring first: the greeting is judged on the tab's first load of the dashboard.
  await test.step('the greeting says "Hi" while the name loads, never "Hi ?", then "Hi, <name>"', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${API.dashboardData}`, async (route) => {
      await held;
      await route.continue();
    });
    await storeSession(page, customer);
    await page.goto('/my-dashboard/');
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    const greeting = page.getByRole('banner').getByRole('link', { name: /^Hi/ });
    await expect(greeting).toBeVisible();
    // The whole link's text, the avatar's letter included: nothing but "Hi" until the name is known.
    await expect(greeting).toHaveText('Hi');
    release();
    await expect(greeting).toHaveText(/Hi, \S+/);
    await page.unroute(`**${API.dashboardData}`);
  });

  await test.step("a screen's heading focused by the router shows no focus ring, even after a key press", async () => {
    await moveTo(page, '/my-dashboard/lead-preview');
    await dashboardReady(page);
    const home = sidebar(page).getByRole('link', { name: 'Dashboard', exact: true });
    await home.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/my-dashboard\/eligibility$/);
    await expect(heading(page)).toBeFocused();
    const outline = await heading(page).evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, visible: el.matches(':focus-visible') };
    });
    expect(outline.style).toBe('none');
  });

  await test.step('lead-preview while applying: no NA rows, what is left to do, the statement not yet a loan', async () => {
    await moveTo(page, '/my-dashboard/lead-preview');
    await expect(row(page, 'Application Details', 'Application number')).toContainText(String(customer.leadId));
    await expect(region(page, 'Application Status')).toContainText('Applied');
    await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);
    await expect(rowHeaders(page, 'Application Status')).toHaveText(['Status', 'Application progress']);
    await expect(region(page, 'Credit Manager').getByRole('table')).toHaveCount(0);
    await expect(region(page, 'Credit Manager')).toContainText(
      'Your Credit Manager is named here once you send your application to our team.',
    );
    await expect(region(page, 'Application Status')).toContainText('Your application is not finished yet');
    const statements = region(page, 'Your Key Fact Statements');
    await expect(statements).toContainText(
      /Key Fact Statement KFS-\d+, accepted by you, holds the terms of your application/,
    );
    await expect(statements).not.toContainText('Your loan is made on');
  });

  // From dashboardPhoneFixes.spec.ts.
  await test.step('Loan Details and Loan History while applying: no NA rows, when the loan number comes', async () => {
    await moveTo(page, `/my-dashboard/details?lead_id=${customer.leadId}`);
    await expect(page.getByRole('heading', { level: 2, name: `Loan application ${customer.leadId}` })).toBeVisible();
    const table = page.getByRole('table', { name: 'Loan details' });
    await expect(table.getByRole('rowheader', { name: 'Application number', exact: true })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);
    await expect(table.getByRole('rowheader', { name: 'Loan number', exact: true })).toHaveCount(0);
    await expect(table.getByRole('rowheader', { name: 'Disbursed on', exact: true })).toHaveCount(0);
    await expect(page.getByRole('main')).toContainText(
      'Your loan number and the day the money is paid out show here once the loan is paid out.',
    );

    // Loan History: no "NA" amount either.
    await moveTo(page, '/my-dashboard/leads');
    await expect(page.getByRole('list', { name: 'Your loans' })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText(/\bNA\b/);
  });

  await test.step("Loan Details once paid out: the loan's number and day are there, and the note gone", async () => {
    await openDashboard(page, sent, `/my-dashboard/details?lead_id=${sent.leadId}`);
    const loanNo = page.getByRole('table', { name: 'Loan details' }).getByRole('row', { name: /Loan number/ });
    await expect(loanNo).toContainText(/\S+/);
    await expect(page.getByRole('heading', { level: 2, name: /^Loan KCL\d+$/ })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Disbursed on', exact: true })).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('show here once the loan is paid out');
  });
});
