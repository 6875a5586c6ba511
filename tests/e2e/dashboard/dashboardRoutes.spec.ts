/**
 * Every dashboard address: its pre-rendered shell over HTTP, where a visitor without a session goes, a
 * full page load of each screen with a session, and the eligibility guard. The signed-out redirects,
 * the registration screens' page loads and the guard share one browser context and one customer (they
 * were three tests, each with its own); the gated screens need an eligible customer of their own.
 */
import { SCREENS, screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { expect, test } from '../test.ts';
import { dashboardReady, heading, openDashboard, registerByApi, signInByApi, storeSession } from './support.ts';
import { moveTo } from './walk.ts';

const gated = SCREENS.filter((screen) => screen.access === 'eligible');
const open = SCREENS.filter((screen) => screen.access === 'signedIn');

test('every dashboard address is a pre-rendered shell: 200, noindex, not in the sitemap; an address the dashboard does not know is the site 404', async ({
  request,
}) => {
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
  expect((await request.get('/my-dashboard/no-such-screen')).status()).toBe(404);
});

/**
 * What of a dashboard page decides where a visitor without a session goes: the island (its code, and
 * that it is client-only) and the first paint's inline script with what it is told to ask for. The
 * island reads only the address, the same way on every page; the screen's name, title and CSS, which
 * also differ from page to page, play no part (src/pages/my-dashboard/[...screen].astro, Dashboard.tsx).
 */
function shellOf(html: string): string {
  const island = html.match(/<astro-island [^>]*>/)?.[0].replace(/ uid="[^"]*"/, '');
  const firstPaint = html.match(/<script ([^>]*\bdata-screen="[^"]*"[^>]*)>([\s\S]*?)<\/script>/);
  expect(island, 'the island').toContain('client="only"');
  expect(firstPaint, 'the first paint script').not.toBeNull();
  const [, attributes = '', code = ''] = firstPaint ?? [];
  return [island, attributes.replace(/\s*data-(screen|css)="[^"]*"/g, ''), code].join('\n');
}

test('without a session every dashboard address goes to /apply-now, which returns there after sign-in; with one, a full page load of each registration screen shows it, and the eligibility guard turns the gated ones away without the stored flag 1', async ({
  page,
  request,
}) => {
  // A full page load per screen: slow on a busy machine.
  test.slow();
  await test.step('without a session every dashboard address goes to /apply-now, which returns there after sign-in', async () => {
    // Every address serves one of a few shells (by HTTP, cheap); a browser's redirect is checked once per
    // shell, the next= being the address the island was opened at. That each address's own screen code
    // loads in the island is the page loads of each screen with a session, below.
    const shells = new Map<string, string>();
    for (const screen of SCREENS) {
      const path = screenPath(screen.slug);
      const shell = shellOf(await (await request.get(path)).text());
      if (!shells.has(shell)) shells.set(shell, path);
    }
    // Plain, the profile asked for first (the loan's home, repayment), and the loan history's.
    expect(shells.size).toBe(3);
    for (const path of shells.values()) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/apply-now');
      expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    }
  });

  // One signed-in customer, not yet eligible, for the rest.
  const customer = await signInByApi(request);
  await test.step('with a session, a full page load of each screen shows it (registration screens)', async () => {
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

  await test.step('the eligibility guard: without the stored flag 1, gated screens go to /my-dashboard/', async () => {
    // A page load of a gated address: turned away, and Back does not return to it (the guard replaced
    // it), but to the page before the dashboard.
    await openDashboard(page, customer, screenPath('eligibility'));
    await expect(page).toHaveURL(/\/my-dashboard\/$/);
    await expect(heading(page)).toHaveText('Profile Registration');
    await page.goBack();
    await expect(page).toHaveURL(/\/robots\.txt$/);
    // The others opened inside the island, as its links and Back do: the same guard turns them away.
    await page.goto(screenPath(''));
    await dashboardReady(page);
    for (const screen of gated.filter(({ slug }) => slug !== 'eligibility')) {
      await moveTo(page, screenPath(screen.slug));
      await expect(page, screen.slug).toHaveURL(/\/my-dashboard\/$/);
      await expect(heading(page), screen.slug).toHaveText('Profile Registration');
    }
  });
});

test('an eligible customer opens each eligibility-gated screen by its address; Start Loan Application leads from the eligibility page to the loan quote', async ({
  page,
  request,
}) => {
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
    if (screen.slug === 'eligibility') {
      await page.getByRole('link', { name: 'Start Loan Application' }).click();
      await expect(page).toHaveURL(/\/my-dashboard\/calculate-loan$/);
      await expect(heading(page)).toHaveText('Calculate Your Loan', { useInnerText: true });
      await expect(page.getByRole('slider', { name: 'Loan Amount' })).toBeVisible();
    }
    // The quote's request begins the application: the next page load must not cut it short.
    if (screen.slug === 'calculate-loan') {
      await expect(page.getByRole('button', { name: 'View Key Fact Statement' })).toBeVisible();
    }
  }
});
