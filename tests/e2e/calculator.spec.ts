/**
 * The loan calculator as a visitor meets it: hydrated on the built home page with the page's settings,
 * beside the early-repayment fact the page states. Its ranges, keyboard, the message for each bad
 * amount or number of days and the edges it accepts are the island's own, tested on the component
 * alone in tests/components/LoanCalculator.test.tsx (a home page load each here was 13 browser tests).
 */
import type { Page } from '@playwright/test';
import { fact } from '../../src/lib/facts.ts';
import { formatPercent } from '../../src/lib/format.ts';
import { formatPaise, paiseFromRupees } from '../../src/lib/money.ts';
import { loanCost } from '../../src/lib/rates.ts';
import { site } from '../../src/lib/site.ts';
import { expect, test } from './test.ts';

// What the calculator must show comes from content/site.json; the figures in the names are today's.
const calculator = (page: Page) => ({
  amount: page.getByRole('textbox', { name: 'Amount in rupees' }),
  amountSlider: page.getByRole('slider', { name: 'Amount slider' }),
  days: page.getByRole('textbox', { name: 'Number of days' }),
  daysSlider: page.getByRole('slider', { name: 'Days slider' }),
  rate: (percent: number) => page.getByRole('radio', { name: new RegExp(`^${formatPercent(percent)} a day`) }),
  interest: page.getByTestId('interest'),
  payable: page.getByTestId('payable'),
  received: page.getByTestId('received'),
  apr: page.getByTestId('apr'),
});

const costOf = (amountRupees: number, days: number, dailyRatePercent: number) =>
  loanCost({
    principalPaise: paiseFromRupees(amountRupees),
    days,
    dailyRatePercent,
    processingFeePercent: site.loan.processingFeePercent,
    gstPercent: site.loan.gstPercent,
  });

test('on the home page it opens on the representative loan (20,000 rupees for 60 days at 1% a day) and recomputes what is typed', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('heading', { name: /loan will cost/i }).scrollIntoViewIfNeeded();
  // The island hydrates when visible; typing before that would be lost.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const c = calculator(page);
  await expect(c.amount).toHaveValue(String(site.calculator.amountRupees));
  await expect(c.days).toHaveValue(String(site.calculator.days));
  await expect(c.rate(site.calculator.dailyRatePercent)).toBeChecked();
  // By hand: interest 20,000 x 1% x 60 = 12,000; payable 32,000; fee 400 + GST 72 leaves 19,528;
  // APR (32,000 - 19,528) / 19,528 x 365 / 60 = 388.53%.
  await expect(c.interest).toHaveText('₹12,000');
  await expect(c.payable).toHaveText('₹32,000');
  await expect(c.received).toHaveText('₹19,528');
  await expect(c.apr).toHaveText('388.53%');
  await expect(page.getByTestId('early-repayment')).toHaveText(fact('earlyRepayment'));
  // The island hydrated with the page's settings: typed entry and a rate choice recompute, 50,000 for 90 days
  // at 0.25% a day.
  await c.amount.fill('50000');
  await c.days.fill('90');
  await c.rate(0.25).check();
  const cost = costOf(50_000, 90, 0.25);
  // 50,000 x 0.25% x 90 = 11,250 interest.
  await expect(c.interest).toHaveText('₹11,250');
  await expect(c.payable).toHaveText(formatPaise(cost.repayablePaise));
  await expect(c.received).toHaveText(formatPaise(cost.disbursedPaise));
  await expect(c.apr).toHaveText(formatPercent(cost.aprPercent));
  await expect(c.amountSlider).toHaveValue('50000');
  await expect(c.daysSlider).toHaveValue('90');
});
