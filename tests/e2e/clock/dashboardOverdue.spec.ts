// Moves the server's clock past a loan's due date, so it runs on the clock project's own server
// (playwright.config.ts), one test at a time. The clock only moves forward.
import { API } from '../../../src/lib/api/paths.ts';
import { formatDate } from '../../../src/lib/format.ts';
import { formatPaise } from '../../../src/lib/money.ts';
import { axeScan, WCAG_22_AA } from '../../support/axe.ts';
import { borrowerByApi, callAs, heading, openDashboard, signInByApi } from '../dashboard/support.ts';
import { expect, test } from '../test.ts';

test('past the due date the loan home shows the amount due now and the days overdue, the server’s figures', async ({
  page,
  request,
}) => {
  // A borrower through the whole application, then a clock 70 days on: a long test.
  test.slow();
  const borrower = await borrowerByApi(request);
  const { body } = await callAs(request, borrower, API.getProfile, { profile_id: borrower.profileId });
  const daysLeft = body.Data.active_loan_details.days_to_due as number;
  // The development clock moves at most a week a call.
  for (let days = daysLeft + 3; days > 0; days -= 7) {
    const move = await request.post('/__dev/clock', { data: { advance_seconds: Math.min(days, 7) * 86_400 } });
    expect(move.ok()).toBe(true);
  }
  // The old session has long gone idle: the customer signs in again.
  const again = { ...borrower, ...(await signInByApi(request, borrower.mobile)) };
  const late = (await callAs(request, again, API.getProfile, { profile_id: again.profileId })).body.Data
    .active_loan_details;
  expect(late.days_to_due).toBe(-3);
  expect(late.days_past_due).toBeGreaterThan(0);

  await openDashboard(page, again, '/my-dashboard/');
  await expect(heading(page)).toHaveText('Your Loan');
  const home = page.getByRole('region', { name: `Your loan ${borrower.loanNo}` });
  const due = formatPaise(Math.round(late.total_due * 100));
  await expect(home.getByTestId('amount-due')).toHaveText(due);
  await expect(home).toContainText(`Due on ${formatDate(late.repayment_date)}, ${late.days_past_due} days overdue`);
  await expect(home).toContainText(
    `Your repayment is overdue. Pay ${due} now to close your loan, or pay a part of it.`,
  );
  // Only one figure to pay once late.
  await expect(home.getByTestId('amount-to-close')).toHaveCount(0);
  const axe = await axeScan(page).withTags(WCAG_22_AA).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  // Issue 25: the overdue home fits a 390 px and a 320 px phone, Pay Now on the first screen of a 390 × 844 one.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const payNow = await home.getByRole('link', { name: 'Pay Now' }).boundingBox();
  expect((payNow?.y ?? Infinity) + (payNow?.height ?? 0)).toBeLessThanOrEqual(844);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await home.getByRole('link', { name: 'Pay Now' }).click();
  await expect(heading(page)).toHaveText('Repayment');
  await expect(page.getByTestId('amount-summary')).toHaveText(`You will pay the whole due of ${due}.`);
});
