import { expect, test } from '@playwright/test';
import { SCREENS, screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { dashboardReady, heading, openDashboard, registerByApi, signInByApi, storeSession } from './support.ts';

const gated = SCREENS.filter((screen) => screen.access === 'eligible');
const open = SCREENS.filter((screen) => screen.access === 'signedIn');

test('every dashboard address is a pre-rendered shell: 200, noindex, not in the sitemap', async ({ request }) => {
  for (const screen of SCREENS) {
    for (const path of [screenPath(screen.slug), `${screenPath(screen.slug).replace(/\/$/, '')}/`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).toContain(`<title>${screen.title} | Kosh Credit</title>`);
      expect(html).toContain('client="only"');
    }
  }
  expect(await (await request.get('/sitemap.xml')).text()).not.toContain('my-dashboard');
});

test('without a session every dashboard address goes to /apply-now, which returns there after sign-in', async ({
  page,
}) => {
  // A full page load per screen: slow on a busy machine.
  test.slow();
  for (const screen of SCREENS) {
    await page.goto(screenPath(screen.slug));
    await page.waitForURL((url) => url.pathname === '/apply-now');
    expect(new URL(page.url()).searchParams.get('next')).toBe(screenPath(screen.slug));
  }
});

test('with a session, a full page load of each screen shows it (registration screens)', async ({ page, request }) => {
  // A full page load per screen: slow on a busy machine.
  test.slow();
  const customer = await signInByApi(request);
  await storeSession(page, customer);
  for (const screen of open) {
    await page.goto(screenPath(screen.slug));
    await dashboardReady(page);
    await expect(heading(page)).toHaveText(screen.slug === 'upload-picture' ? 'Upload Picture' : screen.title);
    await expect(page).toHaveTitle(
      `${screen.slug === 'upload-picture' ? 'Upload Picture' : screen.title} | Kosh Credit`,
    );
  }
});

test('an eligible customer opens each eligibility-gated screen by its address', async ({ page, request }) => {
  // A full page load per screen: slow on a busy machine.
  test.slow();
  const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  await storeSession(page, customer);
  for (const screen of gated) {
    await page.goto(screenPath(screen.slug));
    await dashboardReady(page);
    // Congratulations only for an application sent (issue 25): this one, begun at the quote, is not yet.
    await expect(heading(page)).toHaveText(
      screen.slug === 'congratulations' ? 'Your application is not sent yet' : screen.title,
    );
    // The quote's request begins the application: the next page load must not cut it short.
    if (screen.slug === 'calculate-loan') {
      await expect(page.getByRole('button', { name: 'View Key Fact Statement' })).toBeVisible();
    }
  }
});

test('the eligibility guard: without the stored flag 1, gated screens go to /my-dashboard/', async ({
  page,
  request,
}) => {
  // A full page load per screen: slow on a busy machine.
  test.slow();
  const customer = await signInByApi(request);
  for (const screen of gated) {
    await openDashboard(page, customer, screenPath(screen.slug));
    await expect(page).toHaveURL(/\/my-dashboard\/$/);
    await expect(heading(page)).toHaveText('Profile Registration');
  }
  // Back does not return to the refused screen: the guard replaced it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/eligibility$/);
});

test('Start Loan Application leads from the eligibility page to the loan quote', async ({ page, request }) => {
  const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  await openDashboard(page, customer, '/my-dashboard/eligibility');
  await expect(heading(page)).toHaveText('Your Loan');
  await page.getByRole('link', { name: 'Start Loan Application' }).click();
  await expect(page).toHaveURL(/\/my-dashboard\/calculate-loan$/);
  await expect(heading(page)).toHaveText('Calculate Your Loan', { useInnerText: true });
  await expect(page.getByRole('slider', { name: 'Loan Amount' })).toBeVisible();
});

test('an address the dashboard does not know is the site 404', async ({ request }) => {
  expect((await request.get('/my-dashboard/no-such-screen')).status()).toBe(404);
});
