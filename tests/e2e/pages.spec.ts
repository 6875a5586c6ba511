import { expect, test } from '@playwright/test';
import { rateChoices } from '../../src/lib/calculator.ts';
import { exampleCost, fact, partPaymentCase } from '../../src/lib/facts.ts';
import { formatPercent } from '../../src/lib/format.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { site } from '../../src/lib/site.ts';

test.describe('with motion', () => {
  test.use({ reducedMotion: 'no-preference' });
  test('home: rotating headline, store badges, responsive hero, calculator, five of the ten FAQs', async ({ page }) => {
    await page.goto('/');
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
});

test('the hero image, rotating headline and calculator cause no layout shift', async ({ page }) => {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 6_000);
      }),
  );
  expect(shift).toBeLessThan(0.01);
});

test('/faq shows all ten questions, each opening to its answer with real figures', async ({ page }) => {
  await page.goto('/faq');
  const items = page.locator('main .faq details');
  await expect(items).toHaveCount(10);
  const fee = items.filter({ hasText: 'processing fee' }).first();
  await fee.locator('summary').click();
  await expect(fee).toContainText(formatPercent(site.loan.processingFeePercent));
  await expect(fee).toContainText(formatPercent(site.loan.gstPercent));
  await expect(page.locator('main')).not.toContainText('{{');
});

test('a city page: its facts filled in from the site data, and its markdown body rendered', async ({ page }) => {
  await page.goto('/loan-agency-in-mumbai');
  const main = page.locator('main');
  await expect(main).toContainText(`borrow ${fact('minAmount')} to ${fact('maxAmount')}`);
  await expect(main.locator('.prose > p').first()).toBeVisible();
  await expect(main).not.toContainText('{{');
  expect(await page.title()).not.toContain('{{');
});

test('about: banner, certified company and experienced team, counters, six reasons to choose us', async ({ page }) => {
  await page.goto('/about-us');
  await expect(page.getByRole('heading', { name: 'Certified company' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Experienced team' })).toBeVisible();
  const reasons = page.locator('section[aria-labelledby="why-us"] li h3');
  await expect(reasons).toHaveText([
    'Emergency loans',
    'High quality security',
    'Online loans',
    'Instant personal loans',
    // Issue 14: no "24/7" beside office hours.
    'Support by e-mail and phone',
    'No collateral needed',
  ]);
  await expect(page.locator('[data-counters] li')).toHaveCount(4);
});

test('services: six cards to the six product routes', async ({ page }) => {
  await page.goto('/services');
  const hrefs = await page.locator('main a.card').evaluateAll((cards) => cards.map((a) => a.getAttribute('href')));
  expect(hrefs.sort()).toEqual([
    '/costeffective',
    '/debt-consolidation-loan',
    '/flexibility',
    '/instant-loan',
    '/minimalcommitment',
    '/short-term-loan',
  ]);
});

test('contact: offices, phone, support and collection e-mails, grievance officer and the regulator portals', async ({
  page,
}) => {
  await page.goto('/contact');
  const main = page.locator('main');
  for (const line of [...site.offices.registered.lines, ...site.offices.head.lines])
    await expect(main).toContainText(line);
  const reach = page.getByRole('region', { name: 'Reach us' });
  await expect(reach.getByRole('link', { name: site.contact.phone, exact: true })).toHaveAttribute('href', /^tel:/);
  await expect(reach.getByRole('link', { name: site.contact.supportEmail })).toHaveAttribute(
    'href',
    `mailto:${site.contact.supportEmail}`,
  );
  await expect(reach.getByRole('link', { name: site.contact.collectionEmail })).toHaveAttribute(
    'href',
    `mailto:${site.contact.collectionEmail}`,
  );
  await expect(main).toContainText(site.grievanceOfficer.name);
  await expect(main.getByRole('link', { name: /complaint/ })).toHaveAttribute('href', site.regulatorLinks.complaints);
  await expect(main.getByRole('link', { name: 'Sachet' })).toHaveAttribute('href', site.regulatorLinks.sachet);
  await expect(page.locator('footer')).toContainText(site.grievanceOfficer.name);
});

test('apply-now: sign-in card, three loan tiles, three risk cards, terms teaser and the computed worked example', async ({
  page,
}) => {
  await page.goto('/apply-now');
  await expect(page.locator('#login-card')).toBeVisible();
  const tiles = await page
    .locator('section[aria-labelledby="our-loans"] a')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(tiles.sort()).toEqual(['/debt-consolidation-loan', '/instant-loan', '/short-term-loan']);
  await expect(page.locator('section[aria-labelledby="risk"] li')).toHaveCount(3);
  await expect(page.locator('section[aria-labelledby="terms-teaser"] a')).toHaveAttribute(
    'href',
    '/termsandconditions',
  );
  const cost = exampleCost('ratesBlock');
  const example = page.locator('section[aria-labelledby="example-ratesBlock"]');
  for (const [row, value] of [
    ['Processing fee', formatPaise(cost.processingFeePaise)],
    ['GST on the fee', formatPaise(cost.gstPaise)],
    ['Amount you receive', formatPaise(cost.disbursedPaise)],
    ['Total repayment', formatPaise(cost.repayablePaise)],
    ['APR', formatPercent(cost.aprPercent)],
  ]) {
    await expect(example.getByRole('row', { name: new RegExp(`^${row}`) })).toContainText(value as string);
  }
});

test('repayloan: banner, two bank-transfer tables with UPI QR codes, and the 60 to 90 day repayment period', async ({
  page,
}) => {
  await page.goto('/repayloan');
  await expect(page.locator('h1')).toHaveText('Repay Loan');
  const accounts = page.locator('.bank-accounts > section');
  await expect(accounts).toHaveCount(site.bankAccounts.length);
  for (const account of site.bankAccounts) {
    const card = page.getByRole('region', { name: `${account.bank} account` });
    await expect(card).toContainText(account.accountNumber);
    await expect(card).toContainText(account.ifsc);
    const qr = card.getByRole('img', { name: new RegExp(`UPI QR code for ${account.bank}`) });
    // Loaded when scrolled near, as a file of its own: it must then arrive and draw.
    await qr.scrollIntoViewIfNeeded();
    await expect(qr).toBeVisible();
    await expect
      .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  await expect(page.locator('main')).toContainText(`${site.loan.tenureDays.min} days`);
  await expect(page.locator('main')).toContainText(`${site.loan.tenureDays.max} days`);
  // Each heading once (issue 14: the copy repeated the page's own headings).
  const headings = await page.locator('main h2').allTextContents();
  expect(headings.filter((text) => text === 'How repayment works')).toHaveLength(1);
  expect(headings.filter((text) => text === 'Pay by bank transfer or UPI')).toHaveLength(1);
});

test('terms and privacy have sidebar links to their sections; rate-and-terms shows its computed example', async ({
  page,
}) => {
  for (const route of ['/termsandconditions', '/privacypolicy']) {
    await page.goto(route);
    const sidebar = page.getByRole('complementary', { name: /On this page/ });
    const first = sidebar.getByRole('link').first();
    const target = (await first.getAttribute('href')) ?? '';
    expect(target).toMatch(/^#/);
    await expect(page.locator(target)).toHaveCount(1);
    await expect(
      sidebar.getByRole('link', { name: route === '/privacypolicy' ? 'Terms and Conditions' : 'Privacy Policy' }),
    ).toBeVisible();
  }
  await expect(page.locator('main')).toContainText(/India/);
  await expect(page.locator('main')).toContainText(/delet/i);
  await expect(page.locator('main')).toContainText(/how long we keep/i);
  await page.goto('/rateandterms');
  const cost = exampleCost('rateAndTerms');
  await expect(page.locator('section[aria-labelledby="example-rateAndTerms"]')).toContainText(
    formatPercent(cost.aprPercent),
  );
});

test('rates page, terms, FAQ and the rates block state the same rate tiers and after-due-date charges', async ({
  page,
}) => {
  const f = (name: string) => fact(name);
  const choices = rateChoices(site.loan.rateTiers);
  await page.goto('/rateandterms');
  const tiers = page.getByTestId('rate-tiers');
  for (const choice of choices) {
    await expect(tiers.getByRole('row', { name: new RegExp(`^${choice.monthlyIncome}`) })).toContainText(
      `${formatPercent(choice.dailyRatePercent)} a day`,
    );
  }
  const partPayment = partPaymentCase('partPayment');
  const example = page.getByRole('region', { name: 'Worked example with a part payment' });
  await expect(example.getByRole('row', { name: /^of which to principal/ })).toContainText(
    formatPaise(partPayment.toPrincipalPaise),
  );
  await expect(example.getByRole('row', { name: /^Total repaid without/ })).toContainText(
    formatPaise(partPayment.withoutPartPaymentPaise),
  );
  await expect(example.getByRole('row', { name: /^Total repaid ₹/ })).toContainText(
    formatPaise(partPayment.totalPaidPaise),
  );
  for (const route of ['/rateandterms', '/termsandconditions', '/faq']) {
    await page.goto(route);
    const main = page.locator('main');
    if (route === '/faq') {
      for (const summary of await main.locator('.faq summary').all()) await summary.click();
    }
    await expect(main).toContainText(`at most ${f('overdueInterestDays')} days after the due date`);
    await expect(main).toContainText(`penal charge of ${f('penalCharge')} plus ${f('penalChargeGst')} GST`);
    await expect(main).toContainText(f('rateTiers'));
    await expect(main).toContainText(/first to any charges( due)?, then to (the )?interest/);
    await expect(main).toContainText(`Within ${f('coolingOffDays')} days of disbursal`);
  }
  await page.goto('/apply-now');
  const block = page.locator('section[aria-labelledby="rates-fees"]');
  await expect(block.getByRole('row', { name: /^After the due date/ })).toContainText(f('penalCharge'));
  await expect(block.getByRole('row', { name: /^Prepayment or foreclosure charges/ })).toContainText('None');
  await expect(block.getByTestId('rate-tiers').getByRole('row')).toHaveCount(choices.length + 1);
});

test('city pages show apply steps, eligibility and documents with an Apply Now link', async ({ page }) => {
  await page.goto('/advance-loans-Online-in-Bangalore');
  await expect(page.locator('h1')).toContainText('Bangalore');
  await expect(page.locator('#apply-steps ~ ol li').first()).toBeVisible();
  await expect(page.locator('section[aria-labelledby="eligibility"] li').first()).toBeVisible();
  await expect(page.locator('section[aria-labelledby="documents"] li').first()).toBeVisible();
  await expect(page.locator('section[aria-labelledby="apply-steps"] a[href="/apply-now"]')).toBeVisible();
});
