import { describe, expect, it } from 'vitest';
import {
  annualRatePercent,
  DAYS_IN_YEAR,
  interestPaise,
  type LoanTerms,
  loanCost,
  percentOfPaise,
  percentToHundredths,
} from '../../src/lib/rates.ts';

const worked: LoanTerms = {
  principalPaise: 50_000_00,
  days: 60,
  dailyRatePercent: 0.25,
  processingFeePercent: 2,
  gstPercent: 18,
};

describe('percentToHundredths', () => {
  it.each([
    [0, 0],
    [0.25, 25],
    [1, 100],
    [2, 200],
    [18, 1800],
    [0.07, 7],
    [0.29, 29],
    [1.15, 115],
    [99.99, 9999],
  ])('%s%% -> %s hundredths', (percent, hundredths) => {
    expect(percentToHundredths(percent)).toBe(hundredths);
  });

  it.each([0.125, 0.001, 2.555, 1 / 3])('rejects %s, which has more than two decimals', (percent) => {
    expect(() => percentToHundredths(percent)).toThrow(RangeError);
    expect(() => percentToHundredths(percent)).toThrow(/at most two decimals/);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (percent) => {
    expect(() => percentToHundredths(percent)).toThrow(RangeError);
  });
});

describe('percentOfPaise', () => {
  it('takes a percentage of an amount', () => {
    expect(percentOfPaise(50_00_000, 2)).toBe(1_00_000); // 2% of 50,000 rupees = 1,000 rupees
    expect(percentOfPaise(1_00_000, 18)).toBe(18_000); // 18% GST on a 1,000 rupee fee = 180 rupees
    expect(percentOfPaise(10_000, 0.25)).toBe(25);
    expect(percentOfPaise(12_345, 0)).toBe(0);
  });

  it('rounds half up to the paisa', () => {
    expect(percentOfPaise(50, 1)).toBe(1); // 0.5 paise -> 1
    expect(percentOfPaise(150, 1)).toBe(2); // 1.5 -> 2
    expect(percentOfPaise(250, 1)).toBe(3); // 2.5 -> 3 (not banker's rounding to 2)
    expect(percentOfPaise(149, 1)).toBe(1); // 1.49 -> 1
    expect(percentOfPaise(1, 49)).toBe(0); // 0.49 -> 0
    expect(percentOfPaise(1, 50)).toBe(1); // 0.5 -> 1
    expect(percentOfPaise(333, 18)).toBe(60); // 59.94 -> 60
  });

  it('rejects a percentage with more than two decimals', () => {
    expect(() => percentOfPaise(10_000, 2.125)).toThrow(/at most two decimals/);
  });
});

describe('interestPaise', () => {
  it('is principal x daily rate x days / 100', () => {
    expect(interestPaise(50_00_000, 0.25, 60)).toBe(7_500_00); // 7,500 rupees
    expect(interestPaise(10_00_000, 0.25, 1)).toBe(2_500); // 25 rupees
    expect(interestPaise(20_00_000, 1, 90)).toBe(18_000_00); // 18,000 rupees
    expect(interestPaise(1_00_000, 0.5, 30)).toBe(15_000);
    expect(interestPaise(1_00_000, 0.25, 0)).toBe(0);
  });

  it('rounds half up to the paisa and returns an integer', () => {
    expect(interestPaise(200, 0.25, 1)).toBe(1); // 0.5 paise
    expect(interestPaise(600, 0.25, 1)).toBe(2); // 1.5 paise
    expect(interestPaise(1_000, 0.25, 1)).toBe(3); // 2.5 paise
    expect(interestPaise(199, 0.25, 1)).toBe(0); // 0.4975 paise
    expect(interestPaise(333_33, 0.33, 7)).toBe(770); // 769.9923 paise
    for (let days = 1; days <= 90; days += 1) {
      expect(Number.isInteger(interestPaise(12_345_67, 0.75, days))).toBe(true);
    }
  });

  it('computes on integers, so rates like 0.29% and 1.15% are exact', () => {
    // 0.29 * 100 and 1.15 * 100 are not exact in floating point.
    expect(interestPaise(10_000_00, 0.29, 10)).toBe(29_000);
    expect(interestPaise(10_000_00, 1.15, 10)).toBe(1_15_000);
  });

  it('rejects a daily rate with more than two decimals', () => {
    expect(() => interestPaise(10_000, 0.255, 1)).toThrow(RangeError);
  });
});

describe('annualRatePercent', () => {
  it('multiplies the daily rate by 365', () => {
    expect(DAYS_IN_YEAR).toBe(365);
    expect(annualRatePercent(0.25)).toBe(91.25);
    expect(annualRatePercent(0.5)).toBe(182.5);
    expect(annualRatePercent(1)).toBe(365);
    expect(annualRatePercent(0.1)).toBe(36.5);
    expect(annualRatePercent(0.07)).toBe(25.55);
  });

  it('rejects a daily rate with more than two decimals', () => {
    expect(() => annualRatePercent(0.125)).toThrow(RangeError);
  });
});

describe('loanCost', () => {
  it('works the 50,000 rupee, 60 day, 0.25% a day example by hand', () => {
    // interest 50,000 x 0.25% x 60 = 7,500; fee 2% = 1,000; GST 18% of 1,000 = 180;
    // disbursed 50,000 - 1,000 - 180 = 48,820; repayable 50,000 + 7,500 = 57,500;
    // APR = (57,500 - 48,820) / 48,820 x 365/60 x 100 = 108.1585... -> 108.16
    expect(loanCost(worked)).toEqual({
      principalPaise: 50_000_00,
      days: 60,
      interestPaise: 7_500_00,
      processingFeePaise: 1_000_00,
      gstPaise: 180_00,
      disbursedPaise: 48_820_00,
      repayablePaise: 57_500_00,
      annualRatePercent: 91.25,
      aprPercent: 108.16,
    });
  });

  // Worked by hand. 20,000 rupees, 90 days, 1% a day: interest 18,000; fee 400; GST 72; disbursed
  // 19,528; repayable 38,000; APR = 18,472 / 19,528 x 365/90 x 100 = 383.6197... -> 383.62.
  // The calculator default, 10,000 rupees, 1 day, 0.25%: interest 25; fee 200; GST 36; disbursed
  // 9,764; repayable 10,025; APR = 261 / 9,764 x 365 x 100 = 975.6759... -> 975.68.
  it.each([
    {
      loan: { principalPaise: 20_000_00, days: 90, dailyRatePercent: 1 },
      expected: {
        interestPaise: 18_000_00,
        processingFeePaise: 400_00,
        gstPaise: 72_00,
        disbursedPaise: 19_528_00,
        repayablePaise: 38_000_00,
        annualRatePercent: 365,
        aprPercent: 383.62,
      },
    },
    {
      loan: { principalPaise: 10_000_00, days: 1, dailyRatePercent: 0.25 },
      expected: {
        interestPaise: 25_00,
        processingFeePaise: 200_00,
        gstPaise: 36_00,
        disbursedPaise: 9_764_00,
        repayablePaise: 10_025_00,
        aprPercent: 975.68,
      },
    },
  ])(
    'works $loan.principalPaise paise for $loan.days days at $loan.dailyRatePercent% a day by hand',
    ({ loan, expected }) => {
      expect(loanCost({ ...loan, processingFeePercent: 2, gstPercent: 18 })).toMatchObject(expected);
    },
  );

  it('keeps the money identities: disbursed = principal - fee - GST, repayable = principal + interest', () => {
    for (const principalPaise of [5_000_00, 12_345_67, 99_999_99, 1_00_000_00]) {
      for (const days of [1, 7, 30, 60, 90]) {
        const cost = loanCost({
          principalPaise,
          days,
          dailyRatePercent: 0.75,
          processingFeePercent: 2.5,
          gstPercent: 18,
        });
        expect(cost.disbursedPaise).toBe(principalPaise - cost.processingFeePaise - cost.gstPaise);
        expect(cost.repayablePaise).toBe(principalPaise + cost.interestPaise);
        for (const key of [
          'interestPaise',
          'processingFeePaise',
          'gstPaise',
          'disbursedPaise',
          'repayablePaise',
        ] as const) {
          expect(Number.isInteger(cost[key]), key).toBe(true);
        }
        // APR has at most two decimals.
        expect(Math.abs(cost.aprPercent * 100 - Math.round(cost.aprPercent * 100))).toBeLessThan(1e-6);
      }
    }
  });

  it('rounds the fee and the GST on the fee half up to the paisa', () => {
    // principal 12,345.67: fee 2% = 24,691.34 paise -> 24,691; GST 18% = 4,444.38 -> 4,444
    const cost = loanCost({
      principalPaise: 12_345_67,
      days: 10,
      dailyRatePercent: 0.25,
      processingFeePercent: 2,
      gstPercent: 18,
    });
    expect(cost.processingFeePaise).toBe(24_691);
    expect(cost.gstPaise).toBe(4_444);
    // interest 1,234,567 x 25 x 10 / 10,000 = 30,864.175 -> 30,864
    expect(cost.interestPaise).toBe(30_864);
    // fee 2% of 25 paise = 0.5 paise -> 1
    expect(
      loanCost({ principalPaise: 25, days: 1, dailyRatePercent: 1, processingFeePercent: 2, gstPercent: 0 })
        .processingFeePaise,
    ).toBe(1);
  });

  it('has an APR above the nominal annual rate when there is a fee, and equal to it when there is none', () => {
    const withFee = loanCost(worked);
    expect(withFee.aprPercent).toBeGreaterThan(withFee.annualRatePercent);
    const noFee = loanCost({ ...worked, processingFeePercent: 0, gstPercent: 0 });
    expect(noFee.disbursedPaise).toBe(worked.principalPaise);
    expect(noFee.aprPercent).toBe(91.25);
  });

  it.each([
    ['zero principal', { principalPaise: 0 }, /principal/],
    ['negative principal', { principalPaise: -100 }, /principal/],
    ['fractional paise', { principalPaise: 100.5 }, /principal/],
    ['NaN principal', { principalPaise: Number.NaN }, /principal/],
    ['zero days', { days: 0 }, /days/],
    ['negative days', { days: -5 }, /days/],
    ['fractional days', { days: 1.5 }, /days/],
    ['a daily rate with three decimals', { dailyRatePercent: 0.255 }, /two decimals/],
    ['a fee with three decimals', { processingFeePercent: 2.005 }, /two decimals/],
    ['GST with three decimals', { gstPercent: 18.001 }, /two decimals/],
  ] as const)('rejects %s', (_name, change, message) => {
    expect(() => loanCost({ ...worked, ...change })).toThrow(RangeError);
    expect(() => loanCost({ ...worked, ...change })).toThrow(message);
  });
});
