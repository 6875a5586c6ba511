/**
 * The dashboard's session and frame in a real browser against the real server: logout, a dead session
 * (Status 5, and an answer arriving after it), moving between screens inside the island, the sidebar.
 * A dead session found by a form's next call is checked in the registration walk
 * (dashboardSteps.spec.ts), the alerts' timing with the picture's upload there; a refusal that is not a
 * dead session and the outstanding-amount banner are component tests
 * (tests/components/ProfilePreview.test.tsx); the profile's screens are read in the picture's walk
 * (dashboardSteps.spec.ts). The frame's tests only read their customers: they share the run's
 * (./sharedCustomers.ts); a test that logs out builds its own.
 */

import { expect, test } from '../test.ts';
import { callAs, heading, openDashboard, sessionOf, sidebar, signInByApi } from './support.ts';

test('Status 5 counts as a dead session too, and an answer arriving after it stores nothing; Logout ends the session on the server, clears session storage and goes to /apply-now', async ({
  page,
  request,
}) => {
  // One customer for both: a dead session answered by the test leaves the server's session alive.
  const customer = await signInByApi(request);
  await test.step('Status 5 counts as a dead session too, and an answer arriving after it stores nothing', async () => {
    let refused: () => void = () => {};
    const profileRefused = new Promise<void>((resolve) => {
      refused = resolve;
    });
    await page.route('**/Api/Website/getProfile', async (route) => {
      await route.fulfill({ status: 401, json: { Status: 5, Message: 'Session invalid', Data: {} } });
      refused();
    });
    // The frame's own call, answered (for real) just after the session died.
    await page.route('**/Api/Website/getDashboardData', async (route) => {
      const response = await route.fetch();
      await profileRefused;
      await route.fulfill({ response });
    });
    await openDashboard(page, customer, '/my-dashboard/profile-preview').catch(() => {});
    await page.waitForURL('**/apply-now');
    // Sign-in says so, and takes the note that told it: nothing of the session is left.
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    expect(await sessionOf(page)).toEqual({});
    await page.unrouteAll({ behavior: 'wait' });
  });

  await test.step('Logout ends the session on the server, clears session storage and goes to /apply-now', async () => {
    await openDashboard(page, customer);
    expect(Object.keys(await sessionOf(page))).toEqual(expect.arrayContaining(['token', 'cust_profile_id']));
    const loggedOut = page.waitForResponse((r) => r.url().endsWith('/Api/Website/logout'));
    await sidebar(page).getByRole('button', { name: 'Logout' }).click();
    expect((await loggedOut).status()).toBe(200);
    await page.waitForURL('**/apply-now');
    // Sign-in says so, and takes the note that told it: nothing of the session is left.
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    expect(await sessionOf(page)).toEqual({});
    // The token is dead: the server answers Status 4.
    const answer = await callAs(request, customer, '/Api/Website/getDashboardData', {});
    expect(answer).toMatchObject({ status: 401, body: { Status: 4 } });
    // The dashboard's history entry was replaced: Back does not return to it.
    await page.goBack();
    expect(page.url()).not.toContain('/my-dashboard');
  });
});

test.describe('the frame', () => {
  test('moving between screens does not load a page; Back and Forward work; focus goes to the heading; each screen’s code is loaded when the screen is first shown', async ({
    page,
    sharedNewCustomer: customer,
  }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await openDashboard(page, customer);
    expect(scripts.some((s) => /\/RegistrationHome\.[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/ProfilePreview\.[\w-]+\.js$/.test(s))).toBe(false);
    await page.evaluate(() => {
      (window as unknown as { marker: string }).marker = 'still here';
    });
    const marker = () => page.evaluate(() => (window as unknown as { marker?: string }).marker);
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
    });

    await sidebar(page).getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/my-dashboard\/profile-preview$/);
    await expect(heading(page)).toHaveText('Profile Preview');
    expect(scripts.some((s) => /\/ProfilePreview\.[\w-]+\.js$/.test(s))).toBe(true);
    await expect(heading(page)).toBeFocused();
    await expect(sidebar(page).getByRole('link', { name: 'My Account' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Profile Preview | Kosh Credit');

    await page
      .getByRole('main')
      .getByRole('link', { name: /Your Account/ })
      .click();
    await expect(heading(page)).toHaveText('My Profile');
    await page.goBack();
    await expect(heading(page)).toHaveText('Profile Preview');
    await page.goBack();
    await expect(heading(page)).toHaveText('Profile Registration');
    await expect(page).toHaveURL(/\/my-dashboard\/$/);
    await page.goForward();
    await expect(heading(page)).toHaveText('Profile Preview');
    await page.getByRole('banner').getByRole('link', { name: /^Hi/ }).click();
    await expect(heading(page)).toHaveText('Profile Preview');
    await page.getByRole('banner').getByRole('link', { name: 'Kosh Credit dashboard' }).click();
    await expect(heading(page)).toHaveText('Profile Registration');
    await page
      .getByRole('main')
      .getByRole('link', { name: /PAN Authentication/ })
      .click();
    await expect(heading(page)).toHaveText('PAN Authentication');

    expect(await marker()).toBe('still here');
    expect(documents).toEqual([]);
  });

  test('the sidebar collapses below 768 px: closed at 767, open at 768; the menu toggles it; its links; the greeting and the eligible customer’s remapped links', async ({
    page,
    sharedNewCustomer: customer,
    sharedApplicant: eligible,
  }) => {
    const menu = page.getByRole('button', { name: 'Menu' });

    await test.step('collapsed below 768 px, toggled by the menu', async () => {
      await page.setViewportSize({ width: 767, height: 800 });
      await openDashboard(page, customer);
      await expect(sidebar(page)).toBeHidden();
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await menu.click();
      await expect(sidebar(page)).toBeVisible();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      // A link taken on a small screen closes it again; so does Escape.
      await sidebar(page).getByRole('link', { name: 'My Account' }).click();
      await expect(heading(page)).toHaveText('Profile Preview');
      await expect(sidebar(page)).toBeHidden();
      await menu.click();
      await page.keyboard.press('Escape');
      await expect(sidebar(page)).toBeHidden();

      await page.setViewportSize({ width: 768, height: 800 });
      await expect(sidebar(page)).toBeVisible();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await menu.click();
      await expect(sidebar(page)).toBeHidden();
      await menu.click();
      await expect(sidebar(page)).toBeVisible();

      await page.setViewportSize({ width: 767, height: 800 });
      await expect(sidebar(page)).toBeHidden();

      await page.setViewportSize({ width: 768, height: 800 });
      await page.reload();
      await expect(heading(page)).toBeVisible();
      await expect(sidebar(page)).toBeVisible();
    });

    await test.step('the sidebar links and the greeting', async () => {
      await page.setViewportSize({ width: 1280, height: 720 });
      const expected: [string, string][] = [
        ['Dashboard', '/my-dashboard/'],
        ['My Account', '/my-dashboard/profile-preview'],
        ['Support', '/contact'],
        ['Loan History', '/my-dashboard/leads'],
        ['Terms and Conditions', '/termsandconditions'],
        ['Privacy Policy', '/privacypolicy'],
      ];
      for (const [name, href] of expected) {
        await expect(sidebar(page).getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expect(sidebar(page).getByRole('button', { name: 'Logout' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: /^Hi/ })).toHaveAttribute(
        'href',
        '/my-dashboard/profile-preview',
      );
    });

    await test.step('the eligible customer’s remapped links', async () => {
      await openDashboard(page, eligible, '/my-dashboard/eligibility');
      await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
        'href',
        '/my-dashboard/eligibility',
      );
      await expect(sidebar(page).getByRole('link', { name: 'My Account' })).toHaveAttribute(
        'href',
        '/my-dashboard/lead-preview',
      );
      const greeting = page.getByRole('banner').getByRole('link', { name: /^Hi, / });
      await expect(greeting).toHaveAttribute('href', '/my-dashboard/lead-preview');
      await greeting.click();
      await expect(heading(page)).toHaveText('Application Preview');
    });
  });
});
