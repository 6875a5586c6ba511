// Moves the server's clock 31 days past a complaint, so it runs on the clock project's own server
// (playwright.config.ts), one test at a time. The clock only moves forward.
import { COMPLAINT_PATHS } from '../../../src/lib/api/complaintPaths.ts';
import { site } from '../../../src/lib/site.ts';
import { callAs, heading, openDashboard, registerByApi, signInByApi } from '../dashboard/support.ts';
import { expect, test } from '../test.ts';

test('a complaint not resolved within 30 days: the Complaints screen says the RBI’s portal is open now', async ({
  page,
  request,
}) => {
  const customer = await registerByApi(request, await signInByApi(request), { steps: 2 });
  const raised = await callAs(request, customer, COMPLAINT_PATHS.raise, {
    subject: 'No reply',
    message: 'Nobody has answered my question about the fee.',
  });
  expect(raised.body.Status, raised.body.Message).toBe(1);
  const number = raised.body.Data.complaint_no as string;

  // The development clock moves at most a week a call: 31 days in five moves.
  for (let days = 31; days > 0; days -= 7) {
    const move = await request.post('/__dev/clock', { data: { advance_seconds: Math.min(days, 7) * 86_400 } });
    expect(move.ok()).toBe(true);
  }
  // The old session has long gone idle: the customer signs in again.
  const again = { ...customer, ...(await signInByApi(request, customer.mobile)) };
  await openDashboard(page, again, '/my-dashboard/complaints');
  await expect(heading(page)).toHaveText('Complaints');
  const card = page.getByRole('article', { name: `Complaint ${number}` });
  await expect(card).toContainText(
    'It is 31 days since you raised this complaint and it is not resolved: you may now take it to the Reserve Bank of India, as below.',
  );
  await expect(card.getByRole('link', { name: site.regulatorLinks.complaints })).toHaveAttribute(
    'href',
    site.regulatorLinks.complaints,
  );
  await expect(card.getByRole('definition').filter({ hasText: /^Open$/ })).toBeVisible();
});
