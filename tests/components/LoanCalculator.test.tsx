/**
 * The home page's loan calculator (src/islands/LoanCalculator/LoanCalculator.tsx) drawn alone with the
 * settings the page gives it (calculatorSettings(site), from content/site.json): its ranges, the
 * figures it computes, its keyboard, the message for each bad amount or number of days and the edges it
 * accepts. These are the island's own edge cases, each of which loaded the home page in a browser test;
 * the island hydrated on the built page, with the fact beside it, stays in tests/e2e/calculator.spec.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import LoanCalculator from '../../src/islands/LoanCalculator/LoanCalculator.tsx';
import { calculatorMessages, calculatorSettings } from '../../src/lib/calculator.ts';
import { formatPercent } from '../../src/lib/format.ts';
import { formatPaise, paiseFromRupees } from '../../src/lib/money.ts';
import { loanCost } from '../../src/lib/rates.ts';
import { site } from '../../src/lib/site.ts';
import { type Drawn, draw } from './draw.tsx';

// What the calculator must show comes from content/site.json; the figures in the names are today's.
const settings = calculatorSettings(site);
const messages = calculatorMessages(settings);

const amount = () => page.getByRole('textbox', { name: 'Amount in rupees' });
const amountSlider = () => page.getByRole('slider', { name: 'Amount slider' });
const days = () => page.getByRole('textbox', { name: 'Number of days' });
const daysSlider = () => page.getByRole('slider', { name: 'Days slider' });
const rate = (percent: number) => page.getByRole('radio', { name: new RegExp(`^${formatPercent(percent)} a day`) });
const figure = (name: 'interest' | 'payable' | 'received' | 'apr') => page.getByTestId(name);
const alert = () => page.getByRole('alert');
/** The whole text, as Playwright's toHaveText matched it (toHaveTextContent alone matches a part). */
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const focus = (locator: ReturnType<typeof amount>) => (locator.element() as HTMLElement).focus();

const costOf = (amountRupees: number, dayCount: number, dailyRatePercent: number) =>
  loanCost({
    principalPaise: paiseFromRupees(amountRupees),
    days: dayCount,
    dailyRatePercent,
    processingFeePercent: site.loan.processingFeePercent,
    gstPercent: site.loan.gstPercent,
  });

let drawn: Drawn;
beforeEach(() => {
  drawn = draw(<LoanCalculator settings={settings} />);
});
afterEach(() => drawn.remove());

describe('the loan calculator', () => {
  it('its ranges are the loans we offer: 5,000 to 1,00,000 rupees, 60 to 90 days, the tier rates', async () => {
    await expect.element(amountSlider()).toHaveAttribute('min', String(site.loan.amountRupees.min));
    await expect.element(amountSlider()).toHaveAttribute('max', String(site.loan.amountRupees.max));
    await expect.element(amountSlider()).toHaveAttribute('step', '500');
    await expect.element(daysSlider()).toHaveAttribute('min', String(site.loan.tenureDays.min));
    await expect.element(daysSlider()).toHaveAttribute('max', String(site.loan.tenureDays.max));
    const group = page.getByRole('group', { name: /Daily interest rate/ });
    expect(group.getByRole('radio').elements()).toHaveLength(site.loan.rateTiers.length);
    for (const choice of settings.rates) {
      await expect
        .element(rate(choice.dailyRatePercent))
        .toHaveAccessibleName(new RegExp(`income ${choice.monthlyIncome.replace(/[()]/g, '\\$&')}`));
    }
  });

  it('typed entry and a rate choice recompute: 50,000 for 90 days at 0.25% a day', async () => {
    await userEvent.fill(amount(), '50000');
    await userEvent.fill(days(), '90');
    await userEvent.click(rate(0.25));
    const cost = costOf(50_000, 90, 0.25);
    // 50,000 x 0.25% x 90 = 11,250 interest.
    await expect.element(figure('interest')).toHaveTextContent(exactly('₹11,250'));
    await expect.element(figure('payable')).toHaveTextContent(exactly(formatPaise(cost.repayablePaise)));
    await expect.element(figure('received')).toHaveTextContent(exactly(formatPaise(cost.disbursedPaise)));
    await expect.element(figure('apr')).toHaveTextContent(exactly(formatPercent(cost.aprPercent)));
    await expect.element(amountSlider()).toHaveValue('50000');
    await expect.element(daysSlider()).toHaveValue('90');
  });

  it('the sliders and rate choices work from the keyboard and announce their values', async () => {
    focus(amountSlider());
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(amount()).toHaveValue('20500');
    await expect.element(amountSlider()).toHaveAttribute('aria-valuetext', '₹20,500');
    focus(daysSlider());
    await userEvent.keyboard('{End}');
    await expect.element(days()).toHaveValue(String(site.loan.tenureDays.max));
    await expect.element(daysSlider()).toHaveAttribute('aria-valuetext', `${site.loan.tenureDays.max} days`);
    await userEvent.keyboard('{Home}');
    await expect.element(days()).toHaveValue(String(site.loan.tenureDays.min));
    await expect.element(alert()).not.toBeInTheDocument();
    focus(rate(1));
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(rate(0.75)).toBeChecked();
    // 20,500 x 0.75% x 60 = 9,225.
    await expect.element(figure('interest')).toHaveTextContent(exactly('₹9,225'));
  });

  const cases: [string, string, string][] = [
    ['amount', '4999', messages.amountTooLow],
    ['amount', '', messages.amountTooLow],
    ['amount', '100001', messages.amountTooHigh],
    ['days', '91', messages.daysTooMany],
    ['days', '59', messages.daysTooFew],
    ['days', '0', messages.daysTooFew],
  ];
  it("the messages are the specification's with the configured figures", () => {
    expect(cases.map(([, , message]) => message)).toEqual([
      'Amount must be greater then 5000',
      'Amount must be greater then 5000',
      'Amount must be less than 10,0000',
      'You can Check on upto 90 days only',
      'Number of Days must be more than 59',
      'Number of Days must be more than 59',
    ]);
  });
  it.each(cases)('%s "%s" gives "%s", and no figures', async (field, value, message) => {
    const input = field === 'amount' ? amount() : days();
    await userEvent.fill(input, value);
    await expect.element(alert()).toHaveTextContent(exactly(message));
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(figure('payable')).toHaveTextContent(exactly('—'));
    await expect.element(figure('apr')).toHaveTextContent(exactly('—'));
  });

  it('the edges of the range are accepted: 5,000 and 1,00,000 rupees; 60 and 90 days', async () => {
    await userEvent.fill(amount(), '5000');
    await userEvent.fill(days(), '60');
    await expect.element(alert()).not.toBeInTheDocument();
    // 5,000 x 1% x 60 = 3,000 interest.
    await expect.element(figure('payable')).toHaveTextContent(exactly('₹8,000'));
    await userEvent.fill(amount(), '100000');
    await userEvent.fill(days(), '90');
    await expect.element(alert()).not.toBeInTheDocument();
    // 1,00,000 x 1% x 90 = 90,000 interest.
    await expect.element(figure('payable')).toHaveTextContent(exactly('₹1,90,000'));
  });

  it('letters typed into the amount are dropped', async () => {
    await userEvent.clear(amount());
    await userEvent.type(amount(), '2a0b000');
    await expect.element(amount()).toHaveValue('20000');
  });
});
