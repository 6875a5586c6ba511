/**
 * Every dashboard screen a customer may open, once per customer state (registration in progress,
 * eligible before the quote, documents pending, loan active, loan closed): no sideways scrolling at
 * 320 and 390 px (issue 14), with the states that change a screen's layout (a form's errors, the
 * eligibility modal, the phone sidebar, the Key Fact Statement open); and, on the same page loads,
 * zero WCAG 2.2 AA violations on a phone for the registration screens (part-way) and the loan's
 * screens (eligible), with the frame checked on a desktop too. One customer per state, made through
 * the API; each state is a test of its own, so they run in parallel.
 */
import { expect, type Page, test } from '@playwright/test';
import { screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { axeViolations } from '../../support/axe.ts';
import { expectFits } from '../../support/widths.ts';
import {
  type Customer,
  type CustomerState,
  customerInState,
  heading,
  registerByApi,
  screenAddress,
  screensOpenTo,
  sidebar,
  signInByApi,
  storeSession,
} from './support.ts';

// Each test builds its customer through the API, then opens every screen, checking it at two widths.
test.describe.configure({ timeout: 180_000 });

/** Waits until the screen shows its content, not a loading line. */
async function settled(page: Page) {
  await expect(heading(page)).toBeVisible();
  // A screen's loading line may only appear after a moment: first let its calls finish.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Which screens a walk also scans with axe: none, the registration screens, or the loan's (eligibility-gated) ones. */
type Scan = 'none' | 'registration' | 'gated';

/**
 * Opens every screen the customer may open (with the lead, when there is one) and checks it fits;
 * the screens `scan` names are also scanned on a 390 px phone, and then the frame (the sidebar shown)
 * on a desktop, failing with every violation listed.
 */
async function everyScreen(page: Page, state: CustomerState, customer: Customer, scan: Scan = 'none') {
  await storeSession(page, customer);
  await page.setViewportSize({ width: 390, height: 844 });
  const violations: string[] = [];
  for (const screen of screensOpenTo(customer)) {
    await page.goto(screenAddress(customer, screen.slug));
    await settled(page);
    const shown = new URL(page.url()).pathname;
    const where = `${state}: ${screen.slug || 'my-dashboard'}${shown === screenPath(screen.slug) ? '' : ` (shown ${shown})`}`;
    await expectFits(page, where);
    if (scan !== 'none' && (screen.access === 'eligible') === (scan === 'gated')) {
      violations.push(...(await axeViolations(page, `${where} at 390 px`)));
    }
  }
  if (scan !== 'none') {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(screenPath(''));
    await settled(page);
    violations.push(...(await axeViolations(page, `${state}: the frame on a desktop`)));
  }
  expect(violations).toEqual([]);
}

/** Presses a form's button with nothing filled in, so every field shows its error, and checks the width. */
async function withErrors(page: Page, state: string, slug: string, button: string) {
  await page.goto(screenPath(slug));
  await settled(page);
  await page.getByRole('button', { name: button }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectFits(page, `${state}: ${slug} with errors`);
}

test('registration in progress: every screen fits and passes axe, the forms with errors, the eligibility modal, the phone sidebar fit', async ({
  page,
  request,
}) => {
  const state = 'registration in progress';
  await everyScreen(page, state, await customerInState(request, state), 'registration');
  // A new customer's forms, empty.
  await storeSession(page, await signInByApi(request));
  for (const [slug, button] of [
    ['pan-details', 'Verify PAN'],
    ['captur-personal-information', 'Save and Continue'],
    ['captur-address', 'Save and Continue'],
    ['captur-income-details', 'Save and Continue'],
    ['upload-picture', 'Continue'],
  ] as const) {
    await withErrors(page, state, slug, button);
  }
  const registered = await registerByApi(request, await signInByApi(request));
  await storeSession(page, registered);
  await page.goto(screenPath('profile-preview'));
  await settled(page);
  await expectFits(page, `${state}: profile-preview, every step done`);
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  await expect(page.getByRole('dialog', { name: 'Eligibility Check' })).toBeVisible();
  await expectFits(page, `${state}: the eligibility modal`);

  await page.setViewportSize({ width: 320, height: 844 });
  await page.goto(screenPath(''));
  await settled(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(sidebar(page)).toBeVisible();
  await expectFits(page, `${state}: the phone sidebar open`);
});

test('eligible, before the quote: every screen fits and passes axe, and the quote with its Key Fact Statement and errors fits', async ({
  page,
  request,
}) => {
  const state = 'eligible';
  await everyScreen(page, state, await customerInState(request, state), 'gated');
  await page.goto(screenPath('calculate-loan'));
  await settled(page);
  await page.getByRole('button', { name: 'View Key Fact Statement' }).click();
  await page.getByRole('button', { name: 'Accept Loan' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectFits(page, `${state}: calculate-loan with the Key Fact Statement and errors`);
  await withErrors(page, state, 'about-your-company', 'Save and Continue');
});

test('documents pending: every screen, and the document and bank forms with errors', async ({ page, request }) => {
  const state = 'documents pending';
  await everyScreen(page, state, await customerInState(request, state));
  for (const [slug, button] of [
    ['adhar-upload', 'Continue'],
    ['pan-upload', 'Continue'],
    ['bank-detail', 'Save and Continue'],
  ] as const) {
    await withErrors(page, state, slug, button);
  }
});

test('loan active: every screen, and the Key Fact Statement open', async ({ page, request }) => {
  const state = 'loan active';
  const borrower = await customerInState(request, state);
  await everyScreen(page, state, borrower);
  await page.goto(`${screenPath('lead-preview')}?lead_id=${borrower.leadId}`);
  await settled(page);
  await page
    .getByRole('button', { name: /^View Key Fact Statement KFS-\d+$/ })
    .first()
    .click();
  await expect(page.getByRole('region', { name: /^Key Fact Statement KFS-\d+$/ })).toBeVisible();
  await expectFits(page, `${state}: lead-preview with the Key Fact Statement open`);
});

test('loan closed: every screen', async ({ page, request }) => {
  const state = 'loan closed';
  await everyScreen(page, state, await customerInState(request, state));
});
