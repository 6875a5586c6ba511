/**
 * What the content pages show, each page loaded once with its checks made in steps (they were a browser
 * test and a load each, /rateandterms, /termsandconditions and /faq loaded twice): the rates and terms
 * pages and the FAQ, which must state the same figures; the apply and repay pages; two city pages. The
 * home, about and services pages are checked on the loads of layout.spec.ts, the contact page in
 * contact.spec.ts.
 */
import type { Page } from '@playwright/test';
import { rateChoices } from '../../src/lib/calculator.ts';
import { exampleCost, fact, partPaymentCase } from '../../src/lib/facts.ts';
import { formatPercent } from '../../src/lib/format.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { site } from '../../src/lib/site.ts';
import { expect, test } from './test.ts';

const f = (name: string) => fact(name);
const choices = rateChoices(site.loan.rateTiers);

/** The rate tiers and after-due-date charges, as the rates page, the terms and the FAQ must all state them. */
async function expectSameTerms(page: Page) {
  const main = page.locator('main');
  await expect.soft(main).toContainText(`at most ${f('overdueInterestDays')} days after the due date`);
  await expect.soft(main).toContainText(`penal charge of ${f('penalCharge')} plus ${f('penalChargeGst')} GST`);
  await expect.soft(main).toContainText(f('rateTiers'));
  await expect.soft(main).toContainText(/first to any charges( due)?, then to (the )?interest/);
  await expect.soft(main).toContainText(`Within ${f('coolingOffDays')} days of disbursal`);
}

/** The sidebar's first link goes to a section of the page, and it links to the other legal page. */
async function expectSidebar(page: Page, other: string) {
  const sidebar = page.getByRole('complementary', { name: /On this page/ });
  const first = sidebar.getByRole('link').first();
  const target = (await first.getAttribute('href')) ?? '';
  expect(target).toMatch(/^#/);
  await expect(page.locator(target)).toHaveCount(1);
  await expect(sidebar.getByRole('link', { name: other })).toBeVisible();
}

test('rates page, terms, privacy and FAQ: the same rate tiers and after-due-date charges, the computed examples, sidebars to their sections, ten questions with real figures', async ({
  page,
}) => {
  await test.step('/rateandterms: the rate tiers, the worked examples and the terms', async () => {
    await page.goto('/rateandterms');
    const tiers = page.getByTestId('rate-tiers');
    for (const choice of choices) {
      await expect
        .soft(tiers.getByRole('row', { name: new RegExp(`^${choice.monthlyIncome}`) }))
        .toContainText(`${formatPercent(choice.dailyRatePercent)} a day`);
    }
    const partPayment = partPaymentCase('partPayment');
    const example = page.getByRole('region', { name: 'Worked example with a part payment' });
    await expect
      .soft(example.getByRole('row', { name: /^of which to principal/ }))
      .toContainText(formatPaise(partPayment.toPrincipalPaise));
    await expect
      .soft(example.getByRole('row', { name: /^Total repaid without/ }))
      .toContainText(formatPaise(partPayment.withoutPartPaymentPaise));
    await expect
      .soft(example.getByRole('row', { name: /^Total repaid ₹/ }))
      .toContainText(formatPaise(partPayment.totalPaidPaise));
    const cost = exampleCost('rateAndTerms');
    await expect
      .soft(page.locator('section[aria-labelledby="example-rateAndTerms"]'))
      .toContainText(formatPercent(cost.aprPercent));
    await expectSameTerms(page);
  });

  await test.step('/termsandconditions: the sidebar and the terms', async () => {
    await page.goto('/termsandconditions');
    await expectSidebar(page, 'Privacy Policy');
    await expectSameTerms(page);
  });

  await test.step('/privacypolicy: the sidebar, where data is kept, deletion and how long it is kept', async () => {
    await page.goto('/privacypolicy');
    await expectSidebar(page, 'Terms and Conditions');
    await expect.soft(page.locator('main')).toContainText(/India/);
    await expect.soft(page.locator('main')).toContainText(/delet/i);
    await expect.soft(page.locator('main')).toContainText(/how long we keep/i);
  });

  await test.step('/faq: all ten questions, each opening to its answer with real figures, and the terms', async () => {
    await page.goto('/faq');
    const items = page.locator('main .faq details');
    await expect(items).toHaveCount(10);
    const fee = items.filter({ hasText: 'processing fee' }).first();
    await fee.locator('summary').click();
    await expect.soft(fee).toContainText(formatPercent(site.loan.processingFeePercent));
    await expect.soft(fee).toContainText(formatPercent(site.loan.gstPercent));
    await expect.soft(page.locator('main')).not.toContainText('{{');
    // Every answer open, as a visitor reading them all would have them (the fee's is open already).
    for (const item of await items.all()) {
      if (!(await item.evaluate((details: HTMLDetailsElement) => details.open))) await item.locator('summary').click();
    }
    await expect(page.locator('main .faq details:not([open])')).toHaveCount(0);
    await expectSameTerms(page);
  });
});

test('apply-now and repayloan; city pages with their facts filled in, apply steps, eligibility, documents and an Apply Now link', async ({
  page,
}) => {
  await test.step('/apply-now: sign-in card, three loan tiles, three risk cards, terms teaser, the computed worked example and the rates block', async () => {
    await page.goto('/apply-now');
    await expect.soft(page.locator('#login-card')).toBeVisible();
    const tiles = await page
      .locator('section[aria-labelledby="our-loans"] a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect.soft(tiles.sort()).toEqual(['/debt-consolidation-loan', '/instant-loan', '/short-term-loan']);
    await expect.soft(page.locator('section[aria-labelledby="risk"] li')).toHaveCount(3);
    await expect
      .soft(page.locator('section[aria-labelledby="terms-teaser"] a'))
      .toHaveAttribute('href', '/termsandconditions');
    const cost = exampleCost('ratesBlock');
    const example = page.locator('section[aria-labelledby="example-ratesBlock"]');
    for (const [row, value] of [
      ['Processing fee', formatPaise(cost.processingFeePaise)],
      ['GST on the fee', formatPaise(cost.gstPaise)],
      ['Amount you receive', formatPaise(cost.disbursedPaise)],
      ['Total repayment', formatPaise(cost.repayablePaise)],
      ['APR', formatPercent(cost.aprPercent)],
    ] as const) {
      await expect.soft(example.getByRole('row', { name: new RegExp(`^${row}`) })).toContainText(value);
    }
    // The rates block states the same after-due-date charges and tiers as the rates page.
    const block = page.locator('section[aria-labelledby="rates-fees"]');
    await expect.soft(block.getByRole('row', { name: /^After the due date/ })).toContainText(f('penalCharge'));
    await expect.soft(block.getByRole('row', { name: /^Prepayment or foreclosure charges/ })).toContainText('None');
    await expect.soft(block.getByTestId('rate-tiers').getByRole('row')).toHaveCount(choices.length + 1);
  });

  await test.step('/repayloan: banner, two bank-transfer tables with UPI QR codes, and the 60 to 90 day repayment period', async () => {
    await page.goto('/repayloan');
    await expect.soft(page.locator('h1')).toHaveText('Repay Loan');
    const accounts = page.locator('.bank-accounts > section');
    await expect.soft(accounts).toHaveCount(site.bankAccounts.length);
    for (const account of site.bankAccounts) {
      const card = page.getByRole('region', { name: `${account.bank} account` });
      await expect.soft(card).toContainText(account.accountNumber);
      await expect.soft(card).toContainText(account.ifsc);
      const qr = card.getByRole('img', { name: new RegExp(`UPI QR code for ${account.bank}`) });
      // Loaded when scrolled near, as a file of its own: it must then arrive and draw.
      await qr.scrollIntoViewIfNeeded();
      await expect(qr).toBeVisible();
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    await expect.soft(page.locator('main')).toContainText(`${site.loan.tenureDays.min} days`);
    await expect.soft(page.locator('main')).toContainText(`${site.loan.tenureDays.max} days`);
    // Each heading once (issue 14: the copy repeated the page's own headings).
    const headings = await page.locator('main h2').allTextContents();
    expect.soft(headings.filter((text) => text === 'How repayment works')).toHaveLength(1);
    expect.soft(headings.filter((text) => text === 'Pay by bank transfer or UPI')).toHaveLength(1);
  });

  await test.step('/loan-agency-in-mumbai: its facts filled in from the site data, and its markdown body rendered', async () => {
    await page.goto('/loan-agency-in-mumbai');
    const main = page.locator('main');
    await expect.soft(main).toContainText(`borrow ${fact('minAmount')} to ${fact('maxAmount')}`);
    await expect.soft(main.locator('.prose > p').first()).toBeVisible();
    await expect.soft(main).not.toContainText('{{');
    expect.soft(await page.title()).not.toContain('{{');
  });

  await test.step('/advance-loans-Online-in-Bangalore: apply steps, eligibility and documents with an Apply Now link', async () => {
    await page.goto('/advance-loans-Online-in-Bangalore');
    await expect.soft(page.locator('h1')).toContainText('Bangalore');
    await expect.soft(page.locator('#apply-steps ~ ol li').first()).toBeVisible();
    await expect.soft(page.locator('section[aria-labelledby="eligibility"] li').first()).toBeVisible();
    await expect.soft(page.locator('section[aria-labelledby="documents"] li').first()).toBeVisible();
    await expect.soft(page.locator('section[aria-labelledby="apply-steps"] a[href="/apply-now"]')).toBeVisible();
  });
});
