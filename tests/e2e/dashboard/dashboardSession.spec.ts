import { expect, test } from '@playwright/test';
import { callAs, heading, openDashboard, registerByApi, sessionOf, sidebar, signInByApi, TINY_PNG } from './support.ts';

test('Logout ends the session on the server, clears session storage and goes to /apply-now', async ({
  page,
  request,
}) => {
  const customer = await signInByApi(request);
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

test('Status 4 on any call (the session ended behind the page) logs out: storage cleared, /apply-now', async ({
  page,
  request,
}) => {
  const customer = await registerByApi(request, await signInByApi(request), { steps: 1 });
  await openDashboard(page, customer, '/my-dashboard/captur-personal-information');
  await expect(page.getByRole('textbox', { name: 'Full Name' })).not.toHaveValue('');
  // The session ends elsewhere (another tab, expiry): the page does not know yet.
  expect((await callAs(request, customer, '/Api/Website/logout', {})).status).toBe(200);
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  // Invalid form: nothing is sent, the page stays.
  await expect(page.getByText('Email is required!')).toBeVisible();
  // A screen that calls the server finds out.
  await sidebar(page).getByRole('link', { name: 'My Account' }).click();
  await page.waitForURL('**/apply-now');
  // Sign-in says so, and takes the note that told it: nothing of the session is left.
  await expect(page.getByText('You have been signed out.')).toBeVisible();
  expect(await sessionOf(page)).toEqual({});
});

test('Status 5 counts as a dead session too, and an answer arriving after it stores nothing', async ({
  page,
  request,
}) => {
  const customer = await signInByApi(request);
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
});

test('a server refusal other than a dead session shows its message and keeps the session', async ({
  page,
  request,
}) => {
  const customer = await signInByApi(request);
  await page.route('**/Api/Website/getProfile', (route) =>
    route.fulfill({ status: 503, json: { Status: 0, Message: 'Profiles are resting; try again soon.', Data: {} } }),
  );
  await openDashboard(page, customer, '/my-dashboard/profile-preview');
  await expect(page.getByRole('alert')).toHaveText('Profiles are resting; try again soon.');
  await page.unroute('**/Api/Website/getProfile');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Basic Details' })).toBeVisible();
  expect((await sessionOf(page)).token).toBe(customer.token);
});

test.describe('alerts', () => {
  test('an error stays until closed; a success message closes itself after 1000 ms', async ({ page, request }) => {
    const customer = await registerByApi(request, await signInByApi(request), { steps: 4 });
    await page.clock.install({ time: new Date('2030-01-01T10:00:00+05:30') });
    await openDashboard(page, customer, '/my-dashboard/upload-picture');
    // The screen's code loaded first: jumping the clock five minutes while it still loads would run
    // out the loader's time limit, and the screen would rightly say it could not be loaded.
    await expect(page.getByLabel('Choose a picture')).toBeVisible();
    await page.clock.pauseAt(new Date('2030-01-01T10:05:00+05:30'));
    await page.route('**/appCustomerRegisteration', (route) =>
      route.fulfill({ status: 409, json: { Status: 0, Message: 'Not now, please.', Data: {} } }),
    );
    await page
      .getByLabel('Choose a picture')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
    await page.getByRole('button', { name: 'Continue' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'Not now, please.' });
    await expect(refused).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(refused).toBeVisible();
    await page.getByRole('button', { name: 'Close message' }).click();
    await expect(refused).toHaveCount(0);

    await page.unroute('**/appCustomerRegisteration');
    await page.getByRole('button', { name: 'Continue' }).click();
    const saved = page.getByRole('status').filter({ hasText: 'Picture saved.' });
    await expect(saved).toBeVisible();
    await page.clock.runFor(900);
    await expect(saved).toBeVisible();
    await page.clock.runFor(200);
    await expect(saved).toHaveCount(0);
    await expect(heading(page)).toHaveText('Profile Preview');
  });
});

test.describe('the frame', () => {
  test('moving between screens does not load a page; Back and Forward work; focus goes to the heading', async ({
    page,
    request,
  }) => {
    const customer = await signInByApi(request);
    await openDashboard(page, customer);
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

  test('each screen’s code is loaded when the screen is first shown', async ({ page, request }) => {
    const customer = await signInByApi(request);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await openDashboard(page, customer);
    expect(scripts.some((s) => /\/RegistrationHome\.[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts.some((s) => /\/ProfilePreview\.[\w-]+\.js$/.test(s))).toBe(false);
    await sidebar(page).getByRole('link', { name: 'My Account' }).click();
    await expect(heading(page)).toHaveText('Profile Preview');
    expect(scripts.some((s) => /\/ProfilePreview\.[\w-]+\.js$/.test(s))).toBe(true);
  });

  test('the sidebar links; the greeting and the eligible customer’s remapped links', async ({ page, request }) => {
    const customer = await signInByApi(request);
    await openDashboard(page, customer);
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

    const eligible = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
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

  test('the sidebar collapses below 768 px: closed at 767, open at 768; the menu toggles it', async ({
    page,
    request,
  }) => {
    const customer = await signInByApi(request);
    const menu = page.getByRole('button', { name: 'Menu' });

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
});

test.describe('profile screens', () => {
  test('user-profile shows the mobile, e-mail, masked PAN (first 2 and last 1) and the picture', async ({
    page,
    request,
  }) => {
    const customer = await registerByApi(request, await signInByApi(request));
    await openDashboard(page, customer, '/my-dashboard/user-profile');
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account).toContainText(customer.mobile);
    await expect(account).toContainText(`asha.${customer.mobile}@example.in`);
    await expect(page.getByTestId('masked-pan')).toHaveText(
      `${customer.pan.slice(0, 2)}*******${customer.pan.slice(-1)}`,
    );
    await expect(account).not.toContainText(customer.pan);
    await expect(account.getByRole('img', { name: 'Your profile' })).toHaveAttribute('src', /\/Api\/files\//);
  });

  test('kyc lists the documents with their state', async ({ page, request }) => {
    const customer = await registerByApi(request, await signInByApi(request));
    await openDashboard(page, customer, '/my-dashboard/kyc');
    const row = (name: string) =>
      page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row('PAN')).toContainText('Verified');
    await expect(row('Selfie')).toContainText('Uploaded');
    for (const name of [
      'Aadhaar card (front)',
      'Aadhaar card (back)',
      'PAN card',
      'Bank statement (last six months)',
      'Salary slip',
      'Utility bill',
    ]) {
      await expect(row(name)).toContainText('Not yet requested');
    }
  });

  test('profile-summary: the five steps, none clickable, address before personal, and the preview card', async ({
    page,
    request,
  }) => {
    const customer = await registerByApi(request, await signInByApi(request), { steps: 2 });
    await openDashboard(page, customer, '/my-dashboard/profile-summary');
    const titles = page.getByRole('main').getByRole('listitem').locator('span span:first-child');
    await expect(titles).toHaveText([
      'PAN Authentication',
      'Residence Address',
      'Personal Information',
      'Income Details',
      'Upload Picture',
    ]);
    await expect(
      page.getByRole('main').getByRole('link', { name: /Authentication|Information|Address|Income|Upload/ }),
    ).toHaveCount(0);
    await page.getByRole('link', { name: /Profile Preview/ }).click();
    await expect(heading(page)).toHaveText('Profile Preview');
  });

  test('an active loan with a balance shows the outstanding amount and Pay Now; none without', async ({
    page,
    request,
  }) => {
    // Only an eligible customer has a loan; the repayment screen is theirs only.
    const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
    let due = 12345.5;
    await page.route('**/Api/Website/getProfile', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.Data.active_loan_details = {
        lead_id: 'L1',
        loan_no: 'KCL100123',
        disbursal_date: '2030-01-01',
        repayment_date: '2030-03-01',
        repayment_amount: 12000,
        loan_recommended: 10000,
        roi: 0.5,
        total_due: due,
      };
      await route.fulfill({ response, json: body });
    });
    await openDashboard(page, customer, '/my-dashboard/profile-preview');
    const banner = page.getByRole('region', { name: 'Outstanding amount' });
    await expect(banner).toContainText('Outstanding amount on loan KCL100123: ₹12,345.50');
    // Pay Now opens the repayment screen, whose Pay popup offers the two providers (the payment
    // itself: dashboardLoans.spec.ts, dashboardHome.spec.ts).
    await banner.getByRole('link', { name: 'Pay Now' }).click();
    await expect(heading(page)).toHaveText('Repayment');
    await page.getByRole('button', { name: 'Proceed to Pay' }).click();
    const methods = page.getByRole('dialog', { name: 'Choose Payment Method' });
    await expect(methods.getByRole('button', { name: /Razorpay|PayU/ })).toHaveCount(2);
    await page.keyboard.press('Escape');
    await expect(methods).toBeHidden();
    due = 0;
    await page.goto('/my-dashboard/profile-preview');
    await expect(page.getByRole('region', { name: 'Basic Details' })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });
});
