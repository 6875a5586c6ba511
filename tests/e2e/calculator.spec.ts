import { expect, type Page, test } from '@playwright/test';
import { calculatorMessages, calculatorSettings } from '../../src/lib/calculator.ts';
import { fact } from '../../src/lib/facts.ts';
import { formatPercent } from '../../src/lib/format.ts';
import { formatPaise, paiseFromRupees } from '../../src/lib/money.ts';
import { loanCost } from '../../src/lib/rates.ts';
import { site } from '../../src/lib/site.ts';

// What the calculator must show comes from content/site.json; the figures in the names are today's.
const settings = calculatorSettings(site);
const messages = calculatorMessages(settings);

const calculator = (page: Page) => ({
  amount: page.getByRole('textbox', { name: 'Amount in rupees' }),
  amountSlider: page.getByRole('slider', { name: 'Amount slider' }),
  days: page.getByRole('textbox', { name: 'Number of days' }),
  daysSlider: page.getByRole('slider', { name: 'Days slider' }),
  rates: page.getByRole('group', { name: /Daily interest rate/ }).getByRole('radio'),
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

test.beforeEach(async ({ page }) => {
  await page.goto('/');
  await page.getByRole('heading', { name: /loan will cost/i }).scrollIntoViewIfNeeded();
  // The island hydrates when visible; typing before that would be lost.
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
});

test('opens on the representative loan: 20,000 rupees for 60 days at 1% a day', async ({ page }) => {
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
});

test('its ranges are the loans we offer: 5,000 to 1,00,000 rupees, 60 to 90 days, the tier rates', async ({ page }) => {
  const c = calculator(page);
  await expect(c.amountSlider).toHaveAttribute('min', String(site.loan.amountRupees.min));
  await expect(c.amountSlider).toHaveAttribute('max', String(site.loan.amountRupees.max));
  await expect(c.amountSlider).toHaveAttribute('step', '500');
  await expect(c.daysSlider).toHaveAttribute('min', String(site.loan.tenureDays.min));
  await expect(c.daysSlider).toHaveAttribute('max', String(site.loan.tenureDays.max));
  await expect(c.rates).toHaveCount(site.loan.rateTiers.length);
  for (const choice of settings.rates) {
    await expect(c.rate(choice.dailyRatePercent)).toHaveAccessibleName(
      new RegExp(`income ${choice.monthlyIncome.replace(/[()]/g, '\\$&')}`),
    );
  }
});

test('typed entry and a rate choice recompute: 50,000 for 90 days at 0.25% a day', async ({ page }) => {
  const c = calculator(page);
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

test('the sliders and rate choices work from the keyboard and announce their values', async ({ page }) => {
  const c = calculator(page);
  await c.amountSlider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(c.amount).toHaveValue('20500');
  await expect(c.amountSlider).toHaveAttribute('aria-valuetext', '₹20,500');
  await c.daysSlider.focus();
  await page.keyboard.press('End');
  await expect(c.days).toHaveValue(String(site.loan.tenureDays.max));
  await expect(c.daysSlider).toHaveAttribute('aria-valuetext', `${site.loan.tenureDays.max} days`);
  await page.keyboard.press('Home');
  await expect(c.days).toHaveValue(String(site.loan.tenureDays.min));
  await expect(page.getByRole('alert')).toHaveCount(0);
  await c.rate(1).focus();
  await page.keyboard.press('ArrowUp');
  await expect(c.rate(0.75)).toBeChecked();
  // 20,500 x 0.75% x 60 = 9,225.
  await expect(c.interest).toHaveText('₹9,225');
});

const cases: [string, string, string][] = [
  ['amount', '4999', messages.amountTooLow],
  ['amount', '', messages.amountTooLow],
  ['amount', '100001', messages.amountTooHigh],
  ['days', '91', messages.daysTooMany],
  ['days', '59', messages.daysTooFew],
  ['days', '0', messages.daysTooFew],
];
test("the messages are the specification's with the configured figures", () => {
  expect(cases.map(([, , message]) => message)).toEqual([
    'Amount must be greater then 5000',
    'Amount must be greater then 5000',
    'Amount must be less than 10,0000',
    'You can Check on upto 90 days only',
    'Number of Days must be more than 59',
    'Number of Days must be more than 59',
  ]);
});
for (const [field, value, message] of cases) {
  test(`${field} "${value}" gives "${message}"`, async ({ page }) => {
    const c = calculator(page);
    const input = field === 'amount' ? c.amount : c.days;
    await input.fill(value);
    await expect(page.getByRole('alert')).toHaveText(message);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(c.payable).toHaveText('—');
    await expect(c.apr).toHaveText('—');
  });
}

test('the edges of the range are accepted: 5,000 and 1,00,000 rupees; 60 and 90 days', async ({ page }) => {
  const c = calculator(page);
  await c.amount.fill('5000');
  await c.days.fill('60');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // 5,000 x 1% x 60 = 3,000 interest.
  await expect(c.payable).toHaveText('₹8,000');
  await c.amount.fill('100000');
  await c.days.fill('90');
  await expect(page.getByRole('alert')).toHaveCount(0);
  // 1,00,000 x 1% x 90 = 90,000 interest.
  await expect(c.payable).toHaveText('₹1,90,000');
});

test('letters typed into the amount are dropped', async ({ page }) => {
  const c = calculator(page);
  await c.amount.fill('');
  await c.amount.pressSequentially('2a0b000');
  await expect(c.amount).toHaveValue('20000');
});
