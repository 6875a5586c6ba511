/**
 * No sideways scrolling in the dashboard on a phone (issue 14): every screen a customer may open, at
 * 320 and 390 px, for a customer in each state (registration in progress, eligible before the quote,
 * documents pending, loan active, loan closed), with the states that change a screen's layout (a
 * form's errors, the eligibility modal, the phone sidebar, the Key Fact Statement open). One customer
 * per state; both widths in one page.
 */
import { expect, type Page, test } from '@playwright/test';
import { screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
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

// Each test builds its customer through the API, then opens every screen twice over.
test.describe.configure({ timeout: 180_000 });

/** Waits until the screen shows its content, not a loading line. */
async function settled(page: Page) {
  await expect(heading(page)).toBeVisible();
  // A screen's loading line may only appear after a moment: first let its calls finish.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Opens every screen the customer may open (with the lead, when there is one) and checks it fits. */
async function everyScreen(page: Page, state: CustomerState, customer: Customer) {
  await storeSession(page, customer);
  for (const screen of screensOpenTo(customer)) {
    await page.goto(screenAddress(customer, screen.slug));
    await settled(page);
    const shown = new URL(page.url()).pathname;
    const where = `${state}: ${screen.slug || 'my-dashboard'}${shown === screenPath(screen.slug) ? '' : ` (shown ${shown})`}`;
    await expectFits(page, where);
  }
}

/** Presses a form's button with nothing filled in, so every field shows its error, and checks the width. */
async function withErrors(page: Page, state: string, slug: string, button: string) {
  await page.goto(screenPath(slug));
  await settled(page);
  await page.getByRole('button', { name: button }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expectFits(page, `${state}: ${slug} with errors`);
}

test('registration in progress: every screen, the forms with errors, the eligibility modal, the phone sidebar', async ({
  page,
  request,
}) => {
  const state = 'registration in progress';
  await everyScreen(page, state, await customerInState(request, state));
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

test('eligible, before the quote: every screen, and the quote with its Key Fact Statement and errors', async ({
  page,
  request,
}) => {
  const state = 'eligible';
  await everyScreen(page, state, await customerInState(request, state));
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
