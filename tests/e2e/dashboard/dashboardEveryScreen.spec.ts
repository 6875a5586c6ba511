/**
 * Every dashboard screen a customer may open, once per customer state (registration in progress,
 * eligible before the quote, documents pending, loan active, loan closed): no sideways scrolling at
 * 320 and 390 px (issue 14), and the Key Fact Statement open on an active loan; and, on the same
 * page loads, zero WCAG 2.2 AA violations on a phone for the registration screens (part-way) and the
 * loan's screens (eligible), with the frame checked on a desktop too. The same customer then shows
 * the states a walk does not reach, scanned and measured: the quote with its statement and errors
 * (eligible), the hub part-way and employment with its errors (the quote accepted), the document
 * and bank forms with their errors and the end of the application (documents pending). The other such states are in dashboardAccessibility.spec.ts.
 * One customer per test, made through the API and taken on by it from one state to the next (eligible
 * to documents pending, a loan active to closed): building a customer is most of the server's work.
 */
import type { Page } from '@playwright/test';
import { screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { axeViolations } from '../../support/axe.ts';
import { expectFits, measureOverflow, overflowMessage, PHONE_WIDTHS } from '../../support/widths.ts';
import { expect, test } from '../test.ts';
import {
  applyByApi,
  borrowerByApi,
  type Customer,
  type CustomerState,
  customerInState,
  EMPLOYMENT,
  eventAs,
  openDashboard,
  repayInFullByApi,
  screenAddress,
  screensOpenTo,
  storeSession,
} from './support.ts';
import { formWithErrors, moveTo, requestsInFlight, settled, violationsAndFits } from './walk.ts';

// Each test builds its customer through the API, then opens every screen, checking it at two widths;
// two of them walk two states.
test.describe.configure({ timeout: 240_000 });

/** Which screens a walk also scans with axe: none, the registration screens, or the loan's (eligibility-gated) ones. */
type Scan = 'none' | 'registration' | 'gated';

/** Playwright's desktop window, where the forms with their errors are scanned. */
const DESKTOP = { width: 1280, height: 720 };

/**
 * Opens every screen the customer may open (with the lead, when there is one) and checks it fits;
 * the screens `scan` names are also scanned on a 390 px phone, and then the frame (the sidebar shown)
 * on a desktop, failing with every violation listed. Gives the wait for the page's calls to finish.
 */
async function everyScreen(page: Page, state: CustomerState, customer: Customer, scan: Scan = 'none') {
  // A customer taken on from an earlier state starts as a new tab would: nothing kept from that walk.
  if (page.url().startsWith('http')) await page.evaluate(() => sessionStorage.clear());
  await storeSession(page, customer);
  await page.setViewportSize({ width: 390, height: 844 });
  const quiet = requestsInFlight(page);
  const violations: string[] = [];
  // The first screen by a page load; the others inside the island, as a customer moves between them
  // (a page load of each address is tested in dashboardRoutes.spec.ts): a fifth of the browser's work.
  let loaded = false;
  for (const screen of screensOpenTo(customer)) {
    if (loaded) await moveTo(page, screenAddress(customer, screen.slug));
    else await page.goto(screenAddress(customer, screen.slug));
    loaded = true;
    await settled(page, quiet);
    const shown = new URL(page.url()).pathname;
    const where = `${state}: ${screen.slug || 'my-dashboard'}${shown === screenPath(screen.slug) ? '' : ` (shown ${shown})`}`;
    const scanned = scan !== 'none' && (screen.access === 'eligible') === (scan === 'gated');
    // Both phone widths, the one the screen opened at first: one resize a screen, not three.
    const opened = page.viewportSize()?.width;
    for (const phone of [...PHONE_WIDTHS].sort((a, b) => Number(b === opened) - Number(a === opened))) {
      if (page.viewportSize()?.width !== phone) await page.setViewportSize({ width: phone, height: 844 });
      const overflow = await measureOverflow(page);
      expect.soft(overflow && overflowMessage(where, overflow), `${where} at ${phone} px`).toBeNull();
      if (scanned && phone === 390) violations.push(...(await axeViolations(page, `${where} at 390 px`)));
    }
  }
  if (scan !== 'none') {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(screenPath(''));
    await settled(page, quiet);
    violations.push(...(await axeViolations(page, `${state}: the frame on a desktop`)));
  }
  expect(violations).toEqual([]);
  return quiet;
}

test('registration in progress: every screen fits and passes axe', async ({ page, request }) => {
  const state = 'registration in progress';
  await everyScreen(page, state, await customerInState(request, state), 'registration');
});

test('eligible, before the quote: every screen fits and passes axe, and so does the quote with its statement and errors; then, the quote accepted: the hub part-way and employment with errors pass axe and fit; then, documents pending: every screen fits, and the document and bank forms with their errors and the end of the application pass axe and fit', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const eligible = await customerInState(request, 'eligible');
  const quiet = await everyScreen(page, 'eligible', eligible, 'gated');
  await page.setViewportSize(DESKTOP);
  await moveTo(page, screenPath('calculate-loan'));
  await page.getByRole('button', { name: 'View Key Fact Statement' }).click();
  await page.getByRole('button', { name: 'Accept Loan' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect(await violationsAndFits(page, 'calculate-loan with the statement and errors')).toEqual([]);

  // The same customer, the quote the walk began accepted: the hub part-way and employment with its errors.
  const accepted = await applyByApi(request, eligible, 'loan_quotation_decision');
  await page.evaluate(() => sessionStorage.clear());
  await openDashboard(page, accepted, screenPath('eligibility'));
  await expect(page.getByText('Application completed: 25%')).toBeVisible();
  const partWay = await violationsAndFits(page, 'eligibility part-way');
  partWay.push(
    ...(await formWithErrors(
      page,
      screenPath('about-your-company'),
      'Save and Continue',
      'about-your-company with errors',
    )),
  );
  expect(partWay).toEqual([]);

  // Employment saved (as applyByApi's next stage does): documents pending.
  const employed = await eventAs(request, accepted, 'employment_details', EMPLOYMENT);
  expect(employed.body.Status, employed.body.Message).toBe(1);
  const pending = { ...accepted, nextStep: employed.body.Data.next_step as string };
  await everyScreen(page, 'documents pending', pending);
  await page.setViewportSize(DESKTOP);
  const failures: string[] = [];
  const forms: [string, string][] = [
    ['adhar-upload', 'Continue'],
    ['pan-upload', 'Continue'],
    ['bank-upload', 'Continue'],
    ['bank-detail', 'Save and Continue'],
  ];
  for (const [slug, button] of forms) {
    failures.push(...(await formWithErrors(page, screenPath(slug), button, `${slug} with errors`)));
  }
  // Its widths were measured in the walk just done.
  await moveTo(page, screenPath('congratulations'));
  await settled(page, quiet);
  failures.push(...(await axeViolations(page, 'documents pending: congratulations')));
  expect(failures).toEqual([]);
});

test('loan active: every screen, and the Key Fact Statement open; then, the loan repaid and closed: every screen', async ({
  page,
  request,
}) => {
  const borrower = await borrowerByApi(request);
  const quiet = await everyScreen(page, 'loan active', borrower);
  await moveTo(page, `${screenPath('lead-preview')}?lead_id=${borrower.leadId}`);
  await settled(page, quiet);
  await page
    .getByRole('button', { name: /^View Key Fact Statement KFS-\d+$/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /^Key Fact Statement KFS-\d+$/ })).toBeVisible();
  await expectFits(page, 'loan active: lead-preview with the Key Fact Statement open');

  await repayInFullByApi(request, borrower);
  await everyScreen(page, 'loan closed', borrower);
});
