/**
 * The frame every public page shares (footer, header, fraud warning, counters, the floating chat and
 * call buttons) and what the home, about and services pages show. Checks of one page are made on one
 * load of it, in steps (they were a browser test and a load each): under reduced motion, as every test
 * runs unless it asks, and one home page load with motion for what moves. The phone menu is in
 * widths.spec.ts with the phone's other checks; the contact page's in contact.spec.ts.
 */
import type { Page } from '@playwright/test';
import { site } from '../../src/lib/site.ts';
import { expect, test } from './test.ts';

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

const COUNTED = ['8,979+', '966+', '375+', '333+'];

async function expectFloatingButtons(page: Page) {
  await expect
    .soft(page.getByRole('link', { name: 'Chat with us on WhatsApp' }))
    .toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  await expect.soft(page.getByRole('link', { name: /^Call us on/ })).toHaveAttribute('href', /^tel:\+?\d+$/);
}

/** The page's layout shifts since it began loading, summed over six seconds (the headline rotates meanwhile). */
function layoutShift(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 6_000);
      }),
  );
}

test('about, home and services: the footer, the header with and without a session, the counters, the fraud warning, the floating buttons and each page’s own content', async ({
  page,
}) => {
  await test.step('/about-us: footer links, the header without a session, floating buttons, and the about page', async () => {
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
    ] as const) {
      await expect.soft(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    for (const network of ['Facebook', 'Instagram', 'LinkedIn']) {
      await expect.soft(footer.getByRole('link', { name: new RegExp(network) })).toHaveAttribute('href', /^https:\/\//);
    }
    await expect.soft(footer.locator('address')).toContainText('support@koshcredit.example');

    // Without a session, Apply Now goes to /apply-now and Repay Loan to /repayloan.
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect.soft(nav.getByRole('link', { name: 'Apply Now' })).toHaveAttribute('href', '/apply-now');
    await expect.soft(nav.getByRole('link', { name: 'Repay Loan' })).toHaveAttribute('href', '/repayloan');
    await expect.soft(nav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');

    await expectFloatingButtons(page);

    // Banner, certified company and experienced team, counters, six reasons to choose us.
    await expect.soft(page.getByRole('heading', { name: 'Certified company' })).toBeVisible();
    await expect.soft(page.getByRole('heading', { name: 'Experienced team' })).toBeVisible();
    await expect.soft(page.locator('section[aria-labelledby="why-us"] li h3')).toHaveText([
      'Emergency loans',
      'High quality security',
      'Online loans',
      'Instant personal loans',
      // Issue 14: no "24/7" beside office hours.
      'Support by e-mail and phone',
      'No collateral needed',
    ]);
    await expect.soft(page.locator('[data-counters] li')).toHaveCount(4);
  });

  await test.step('/: final counters and a still fraud warning under reduced motion, no layout shift, no floating buttons', async () => {
    await page.goto('/');
    // Reduced motion: the counters show their final numbers at once, and the warning stands still and wraps.
    await expect.soft(page.locator('[data-counters] [data-target]')).toHaveText(COUNTED);
    const text = page.locator('.fraud-warning__text');
    expect.soft(await text.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
    await expect.soft(text).toBeVisible();
    // The hero image, rotating headline and calculator cause no layout shift.
    await page.waitForLoadState('networkidle');
    expect.soft(await layoutShift(page)).toBeLessThan(0.01);
    await expect.soft(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveCount(0);
  });

  await test.step('/: the three footer groups open and close independently', async () => {
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

  for (const [eligibility, target] of [
    ['1', '/my-dashboard/eligibility'],
    ['0', '/my-dashboard'],
  ] as const) {
    await test.step(`/services: a stored token turns Apply Now into Dashboard (eligibility ${eligibility} -> ${target})`, async () => {
      await page.evaluate((value) => {
        sessionStorage.setItem('token', 'a-session-token');
        sessionStorage.setItem('eligibility', value);
      }, eligibility);
      await page.goto('/services');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect.soft(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', target);
      await expect.soft(nav.getByRole('link', { name: 'Apply Now' })).toHaveCount(0);
    });
  }

  await test.step('/services: floating buttons, and six cards to the six product routes', async () => {
    await expectFloatingButtons(page);
    const hrefs = await page.locator('main a.card').evaluateAll((cards) => cards.map((a) => a.getAttribute('href')));
    expect
      .soft(hrefs.sort())
      .toEqual([
        '/costeffective',
        '/debt-consolidation-loan',
        '/flexibility',
        '/instant-loan',
        '/minimalcommitment',
        '/short-term-loan',
      ]);
  });
});

test('the footer groups work with JavaScript turned off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/services');
  const cities = page.locator('footer details').nth(1);
  await cities.locator('summary').click();
  await expect(cities.getByRole('link', { name: /Hyderabad/ })).toBeVisible();
  await context.close();
});

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('home: rotating headline, store badges, responsive hero, calculator, five of the ten FAQs; the fraud warning can be paused; the counters count up once scrolled into view', async ({
    page,
  }) => {
    await page.goto('/');
    const values = page.locator('[data-counters] [data-target]');
    // Not yet counted: the counters are below the fold.
    await expect(values.first()).toHaveText('0+');

    await test.step('the home page', async () => {
      const shown = page.locator('[data-rotator] > span.is-shown');
      const first = await shown.textContent();
      await expect(shown).not.toHaveText(first ?? '', { timeout: 6_000 });
      expect(await page.locator('[data-rotator] > span').count()).toBeGreaterThanOrEqual(2);
      await expect(page.getByRole('link', { name: /Google Play/ })).toHaveAttribute('href', site.apps.googlePlay);
      await expect(page.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', site.apps.appStore);
      const hero = page.locator('main picture img');
      await expect(hero).toHaveAttribute('width', /\d+/);
      await expect(hero).toHaveAttribute('height', /\d+/);
      await expect(hero).toHaveAttribute('alt', /.{10,}/);
      expect(await page.locator('main picture source').count()).toBeGreaterThanOrEqual(2);
      await expect(page.getByRole('group', { name: 'Loan amount' })).toBeVisible();
      await expect(page.locator('main .faq details')).toHaveCount(5);
      await expect(page.getByRole('link', { name: 'All frequently asked questions' })).toHaveAttribute('href', '/faq');
    });

    await test.step('the fraud warning tells users to repay only through the official page, and can be paused', async () => {
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

    await test.step('the counters count up to 8979, 966, 375 and 333 once scrolled into view', async () => {
      await expect(values.first()).toHaveText('0+');
      await values.first().scrollIntoViewIfNeeded();
      await expect(values).toHaveText(COUNTED, { timeout: 5_000 });
    });
  });
});
