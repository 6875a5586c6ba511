import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AMOUNT_STEP_RUPEES,
  amountError,
  calculatorMessages,
  calculatorSettings,
  daysError,
  digitsOnly,
  quote,
  rateChoices,
  specFigure,
} from '../../src/lib/calculator.ts';
import { paiseFromRupees } from '../../src/lib/money.ts';
import { loanCost } from '../../src/lib/rates.ts';
import { parseSite, type Site, site } from '../../src/lib/site.ts';

const rawText = readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8');
const freshSite = (): Site => parseSite(JSON.parse(rawText));
const settings = calculatorSettings(site);

describe('calculatorSettings from content/site.json', () => {
  it('takes the amount and day ranges of the loans we offer', () => {
    expect(settings.amount).toEqual({ min: 5000, max: 100_000, step: AMOUNT_STEP_RUPEES });
    expect(settings.amount).toMatchObject(site.loan.amountRupees);
    expect(settings.days).toEqual({ min: 60, max: 90 });
    expect(settings.days).toEqual(site.loan.tenureDays);
    // The slider reaches both ends of the range in its steps.
    expect((settings.amount.max - settings.amount.min) % settings.amount.step).toBe(0);
  });

  it('offers the rates of the income tiers, lowest first, each with its income band', () => {
    expect(settings.rates).toEqual([
      { dailyRatePercent: 0.25, monthlyIncome: '₹1,00,000 or more' },
      { dailyRatePercent: 0.5, monthlyIncome: '₹60,000 to ₹99,999' },
      { dailyRatePercent: 0.75, monthlyIncome: '₹40,000 to ₹59,999' },
      { dailyRatePercent: 1, monthlyIncome: '₹25,000 to ₹39,999' },
    ]);
    expect(settings.rates.map((choice) => choice.dailyRatePercent).sort()).toEqual(
      site.loan.rateTiers.map((tier) => tier.dailyRatePercent).sort(),
    );
  });

  it('opens on the representative loan of site.json `calculator`, one we offer', () => {
    expect(settings.opening).toEqual({ amountRupees: 20_000, days: 60, dailyRatePercent: 1 });
    expect(settings.opening).toEqual(site.calculator);
    expect(amountError(settings.opening.amountRupees, settings)).toBeUndefined();
    expect(daysError(settings.opening.days, settings)).toBeUndefined();
    expect(settings.rates.map((choice) => choice.dailyRatePercent)).toContain(settings.opening.dailyRatePercent);
  });

  it('carries the fee and GST the APR counts', () => {
    expect(settings.processingFeePercent).toBe(site.loan.processingFeePercent);
    expect(settings.gstPercent).toBe(site.loan.gstPercent);
  });

  it('follows a change in the site data', () => {
    const data = freshSite();
    data.loan.amountRupees = { min: 10_000, max: 250_000 };
    data.loan.tenureDays = { min: 30, max: 120 };
    data.loan.rateTiers = [
      { minMonthlyIncomeRupees: 50_000, dailyRatePercent: 0.1 },
      { minMonthlyIncomeRupees: 20_000, dailyRatePercent: 0.3 },
    ];
    data.calculator = { amountRupees: 50_000, days: 45, dailyRatePercent: 0.3 };
    const changed = calculatorSettings(data);
    expect(changed.amount).toEqual({ min: 10_000, max: 250_000, step: AMOUNT_STEP_RUPEES });
    expect(changed.days).toEqual({ min: 30, max: 120 });
    expect(changed.rates).toEqual([
      { dailyRatePercent: 0.1, monthlyIncome: '₹50,000 or more' },
      { dailyRatePercent: 0.3, monthlyIncome: '₹20,000 to ₹49,999' },
    ]);
    expect(changed.opening).toEqual({ amountRupees: 50_000, days: 45, dailyRatePercent: 0.3 });
    expect(calculatorMessages(changed)).toEqual({
      amountTooLow: 'Amount must be greater then 1,0000',
      amountTooHigh: 'Amount must be less than 25,0000',
      daysTooMany: 'You can Check on upto 120 days only',
      daysTooFew: 'Number of Days must be more than 29',
    });
  });
});

describe('rateChoices', () => {
  it('gives a single tier as "or more"', () => {
    expect(rateChoices([{ minMonthlyIncomeRupees: 25_000, dailyRatePercent: 1 }])).toEqual([
      { dailyRatePercent: 1, monthlyIncome: '₹25,000 or more' },
    ]);
  });
});

describe('calculator messages', () => {
  it('keep the product wording with the configured figures (5,000 to 1,00,000 rupees, 60 to 90 days)', () => {
    expect(calculatorMessages(settings)).toEqual({
      amountTooLow: 'Amount must be greater then 5000',
      amountTooHigh: 'Amount must be less than 10,0000',
      daysTooMany: 'You can Check on upto 90 days only',
      daysTooFew: 'Number of Days must be more than 59',
    });
  });

  it("are the specification's own for its figures (1 to 30 days)", () => {
    expect(calculatorMessages({ amount: { min: 5000, max: 100_000 }, days: { min: 1, max: 30 } })).toEqual({
      amountTooLow: 'Amount must be greater then 5000',
      amountTooHigh: 'Amount must be less than 10,0000',
      daysTooMany: 'You can Check on upto 30 days only',
      daysTooFew: 'Number of Days must be more than 0',
    });
  });

  it('write figures as the specification does: a comma before the last four digits only', () => {
    expect(specFigure(5000)).toBe('5000');
    expect(specFigure(100_000)).toBe('10,0000');
    expect(specFigure(250_000)).toBe('25,0000');
    expect(specFigure(10_000)).toBe('1,0000');
    expect(specFigure(999)).toBe('999');
  });
});

describe('amountError', () => {
  it.each([4999, 0, 1, 4999.99, -1, -100_000])('%s is too low', (amount) => {
    expect(amountError(amount, settings)).toBe('Amount must be greater then 5000');
  });

  it('treats an empty, non-numeric or infinite entry as too low', () => {
    for (const amount of [Number.NaN, Number('abc'), Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY]) {
      expect(amountError(amount, settings)).toBe('Amount must be greater then 5000');
    }
  });

  it.each([5000, 5001, 20_000, 50_000, 99_999, 100_000])('%s is accepted', (amount) => {
    expect(amountError(amount, settings)).toBeUndefined();
  });

  it.each([100_001, 100_000.5, 150_000, 1_000_000])('%s is too high', (amount) => {
    expect(amountError(amount, settings)).toBe('Amount must be less than 10,0000');
  });

  it('uses the limits it is given', () => {
    const limits = { amount: { min: 8000, max: 9000 }, days: settings.days };
    expect(amountError(7999, limits)).toBe('Amount must be greater then 8000');
    expect(amountError(9001, limits)).toBe('Amount must be less than 9000');
    expect(amountError(8000, limits)).toBeUndefined();
    expect(amountError(9000, limits)).toBeUndefined();
  });
});

describe('daysError', () => {
  it.each([59, 30, 1, 0, -1, 60.5, Number.NaN])('%s days is too few', (days) => {
    expect(daysError(days, settings)).toBe('Number of Days must be more than 59');
  });

  it.each([60, 61, 75, 89, 90])('%s days is accepted', (days) => {
    expect(daysError(days, settings)).toBeUndefined();
  });

  it.each([91, 120, 365, 999])('%s days is too many', (days) => {
    expect(daysError(days, settings)).toBe('You can Check on upto 90 days only');
  });
});

describe('the opening loan', () => {
  it('costs, by hand: 20,000 rupees for 60 days at 1% a day', () => {
    // Interest 20,000 x 1% x 60 = 12,000; payable 32,000. Fee 2% = 400, GST 18% of it = 72,
    // received 19,528. APR = (32,000 - 19,528) / 19,528 x 365 / 60 = 388.53%.
    const { opening } = settings;
    const cost = loanCost({
      principalPaise: paiseFromRupees(opening.amountRupees),
      days: opening.days,
      dailyRatePercent: opening.dailyRatePercent,
      processingFeePercent: settings.processingFeePercent,
      gstPercent: settings.gstPercent,
    });
    expect(cost).toMatchObject({
      interestPaise: 12_000_00,
      repayablePaise: 32_000_00,
      processingFeePaise: 400_00,
      gstPaise: 72_00,
      disbursedPaise: 19_528_00,
      annualRatePercent: 365,
      aprPercent: 388.53,
    });
  });
});

describe('quote (also used by the dashboard)', () => {
  it('is amount + amount x rate x days / 100, in paise', () => {
    // 50,000 x 0.25% x 60 = 7,500 rupees
    expect(quote(50_000, 0.25, 60)).toEqual({ interestPaise: 7_500_00, payablePaise: 57_500_00 });
    // 1,00,000 x 1% x 90 = 90,000 rupees
    expect(quote(100_000, 1, 90)).toEqual({ interestPaise: 90_000_00, payablePaise: 1_90_000_00 });
    // 5,001 x 0.25% x 1 = 12.5025 rupees -> 1,250.25 paise -> 1,250
    expect(quote(5001, 0.25, 1)).toEqual({ interestPaise: 1_250, payablePaise: 5_01_350 });
  });

  it('rejects a rate with more than two decimals and an amount that is not a number', () => {
    expect(() => quote(10_000, 0.125, 60)).toThrow(RangeError);
    expect(() => quote(Number.NaN, 0.25, 60)).toThrow(RangeError);
  });
});

describe('digitsOnly', () => {
  it('keeps only digits', () => {
    expect(digitsOnly('12,345')).toBe('12345');
    expect(digitsOnly('₹ 50,000')).toBe('50000');
    expect(digitsOnly('1e5')).toBe('15');
    expect(digitsOnly('-500')).toBe('500');
    expect(digitsOnly('abc')).toBe('');
  });

  it("leaves '' as '' so the field can be cleared", () => {
    expect(digitsOnly('')).toBe('');
  });

  it('cuts to seven digits by default, or to the given length', () => {
    expect(digitsOnly('123456789')).toBe('1234567');
    expect(digitsOnly('12345', 3)).toBe('123');
  });
});
