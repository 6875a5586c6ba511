import { expect, test } from '@playwright/test';

const CITY_ROUTES = [
  '/instant-personal-loan-online-in-hyderabad',
  '/loan-agency-in-mumbai',
  '/advance-loans-Online-in-Bangalore',
  '/Instant-Personal-Loan-for-Salaried-in-Delhi',
  '/personal-loan-in-Gurgaon',
  '/Personal-loan-in-Noida',
  '/personal-loan-in-faridabad',
  '/Instant-Personal-Loan-in-Ghaziabad',
];

test.describe('footer', () => {
  test('quick and legal links point where the specification says', async ({ page }) => {
    await page.goto('/about-us');
    const footer = page.locator('footer');
    for (const [name, href] of [
      ['Home', '/home'],
      ['Apply for Loan', '/apply-now'],
      ['Contact', '/contact'],
      ['Services', '/services'],
      ['FAQ', '/faq'],
      ['Rate and Terms', '/rateandterms'],
      ['Privacy Policy', '/privacypolicy'],
      ['Terms and Conditions', '/termsandconditions'],
    ]) {
      await expect(footer.getByRole('link', { name: name as string, exact: true })).toHaveAttribute(
        'href',
        href as string,
      );
    }
    for (const network of ['Facebook', 'Instagram', 'LinkedIn']) {
      await expect(footer.getByRole('link', { name: new RegExp(network) })).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(footer.locator('address')).toContainText('support@koshcredit.example');
  });

  test('the three groups open and close independently', async ({ page }) => {
    await page.goto('/');
    const groups = page.locator('footer details');
    await expect(groups).toHaveCount(3);
    const lifestyle = groups.nth(0);
    const cities = groups.nth(1);
    const ticket = groups.nth(2);
    await lifestyle.locator('summary').click();
    await expect(lifestyle.getByRole('link', { name: 'Flexible Personal Loan' })).toBeVisible();
    const lifestyleLinks = await lifestyle
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    // product.md §2, in this order.
    expect(lifestyleLinks).toEqual(['/flexibility', '/short-term-loan', '/instant-loan', '/debt-consolidation-loan']);
    await expect(cities.getByRole('link').first()).toBeHidden();
    await cities.locator('summary').click();
    await expect(lifestyle.getByRole('link').first()).toBeVisible();
    const cityLinks = await cities.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(cityLinks).toEqual(CITY_ROUTES);
    await lifestyle.locator('summary').click();
    await expect(lifestyle.getByRole('link').first()).toBeHidden();
    await expect(cities.getByRole('link').first()).toBeVisible();
    await ticket.locator('summary').click();
    await expect(ticket.getByText('5k - 1Lakh')).toBeVisible();
    await expect(ticket.getByRole('link')).toHaveCount(0);
  });

  test('the groups work with JavaScript turned off', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/services');
    const cities = page.locator('footer details').nth(1);
    await cities.locator('summary').click();
    await expect(cities.getByRole('link', { name: /Hyderabad/ })).toBeVisible();
    await context.close();
  });
});

test.describe('header', () => {
  test('without a session, Apply Now goes to /apply-now and Repay Loan to /repayloan', async ({ page }) => {
    await page.goto('/about-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/apply-now');
    await expect(nav.getByRole('link', { name: 'Repay Loan' })).toHaveAttribute('href', '/repayloan');
    await expect(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  for (const [eligibility, target] of [
    ['1', '/my-dashboard/eligibility'],
    ['0', '/my-dashboard'],
  ] as const) {
    test(`a stored token turns Apply Now into Dashboard (eligibility ${eligibility} -> ${target})`, async ({
      page,
    }) => {
      await page.goto('/');
      await page.evaluate((value) => {
        sessionStorage.setItem('token', 'a-session-token');
        sessionStorage.setItem('eligibility', value);
      }, eligibility);
      await page.goto('/services');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', target);
      await expect(nav.getByRole('link', { name: 'Apply Now' })).toHaveCount(0);
    });
  }

  test('on a small screen the burger opens and closes the menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Menu' });
    const about = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    await expect(about).toBeHidden();
    await burger.click();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    await expect(about).toBeVisible();
    await burger.click();
    await expect(about).toBeHidden();
  });
});

test.describe('fraud warning', () => {
  test.describe('with motion', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('tells users to repay only through the official page, and can be paused', async ({ page }) => {
      await page.goto('/');
      const warning = page.getByRole('complementary', { name: 'Fraud warning' });
      await expect(warning).toContainText('not liable for payments made directly to any bank account');
      const text = warning.locator('.fraud-warning__text');
      const running = () => text.evaluate((el) => getComputedStyle(el).animationPlayState);
      expect(await running()).toBe('running');
      const pause = warning.getByRole('button', { name: 'Pause' });
      await pause.click();
      expect(await running()).toBe('paused');
      await expect(warning.getByRole('button', { name: 'Play' })).toHaveAttribute('aria-pressed', 'true');
      await page.mouse.move(0, 0);
      await warning.getByRole('button', { name: 'Play' }).click();
      await page.mouse.move(0, 0);
      await page.locator('h1').click();
      expect(await running()).toBe('running');
      await warning.hover();
      expect(await running()).toBe('paused');
    });
  });

  test('stands still and wraps under reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    const text = page.locator('.fraud-warning__text');
    expect(await text.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect(text).toBeVisible();
    await context.close();
  });
});

test.describe('counters', () => {
  test.describe('with motion', () => {
    test.use({ reducedMotion: 'no-preference' });
    test('count up to 8979, 966, 375 and 333 once scrolled into view', async ({ page }) => {
      await page.goto('/');
      const values = page.locator('[data-counters] [data-target]');
      await expect(values.first()).toHaveText('0+');
      await values.first().scrollIntoViewIfNeeded();
      await expect(values).toHaveText(['8,979+', '966+', '375+', '333+'], { timeout: 5_000 });
    });
  });

  test('show the final numbers at once under reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('[data-counters] [data-target]')).toHaveText(['8,979+', '966+', '375+', '333+']);
    await context.close();
  });
});

test('About, Services and Contact have the floating chat and call buttons; home does not', async ({ page }) => {
  for (const route of ['/about-us', '/services', '/contact']) {
    await page.goto(route);
    await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+$/,
    );
    await expect(page.getByRole('link', { name: /^Call us on/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
  }
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveCount(0);
});
