import { describe, expect, it } from 'vitest';
import {
  amountError,
  CALCULATOR,
  CALCULATOR_MESSAGES,
  daysError,
  digitsOnly,
  quote,
} from '../../src/lib/calculator.ts';

// The site's loan range (content/site.json loan.amountRupees); site.test.ts checks they agree.
const limits = { min: 5000, max: 100_000 };

describe('calculator messages', () => {
  it('are the product wording, word for word', () => {
    expect(CALCULATOR_MESSAGES).toEqual({
      amountTooLow: 'Amount must be greater then 5000',
      amountTooHigh: 'Amount must be less than 10,0000',
      daysTooMany: 'You can Check on upto 30 days only',
      daysTooFew: 'Number of Days must be more than 0',
    });
  });
});

describe('amountError', () => {
  it.each([4999, 0, 1, 4999.99, -1, -100_000])('%s is too low', (amount) => {
    expect(amountError(amount, limits)).toBe('Amount must be greater then 5000');
  });

  it('treats an empty or non-numeric entry as too low', () => {
    expect(amountError(Number.NaN, limits)).toBe('Amount must be greater then 5000');
    expect(amountError(Number(''), limits)).toBe('Amount must be greater then 5000');
    expect(amountError(Number.parseInt('', 10), limits)).toBe('Amount must be greater then 5000');
    expect(amountError(Number('abc'), limits)).toBe('Amount must be greater then 5000');
    expect(amountError(Number.NEGATIVE_INFINITY, limits)).toBe('Amount must be greater then 5000');
  });

  it.each([5000, 5001, 10_000, 50_000, 99_999, 100_000])('%s is accepted', (amount) => {
    expect(amountError(amount, limits)).toBeUndefined();
  });

  it.each([100_001, 100_000.5, 150_000, 1_000_000])('%s is too high', (amount) => {
    expect(amountError(amount, limits)).toBe('Amount must be less than 10,0000');
  });

  it('treats an infinite amount as not a valid amount', () => {
    expect(amountError(Number.POSITIVE_INFINITY, limits)).toBe('Amount must be greater then 5000');
  });

  it('uses the limits it is given', () => {
    expect(amountError(7000, { min: 8000, max: 9000 })).toBe(CALCULATOR_MESSAGES.amountTooLow);
    expect(amountError(9500, { min: 8000, max: 9000 })).toBe(CALCULATOR_MESSAGES.amountTooHigh);
    expect(amountError(8000, { min: 8000, max: 9000 })).toBeUndefined();
    expect(amountError(9000, { min: 8000, max: 9000 })).toBeUndefined();
  });
});

describe('daysError', () => {
  it.each([0, -1, 0.5, Number.NaN])('%s days is too few', (days) => {
    expect(daysError(days)).toBe('Number of Days must be more than 0');
  });

  it.each([1, 2, 15, 29, 30])('%s days is accepted', (days) => {
    expect(daysError(days)).toBeUndefined();
  });

  it.each([31, 40, 365, 999])('%s days is too many', (days) => {
    expect(daysError(days)).toBe('You can Check on upto 30 days only');
  });

  it('checks more tightly than the days slider allows (slider goes to 40, checks stop at 30)', () => {
    expect(daysError(CALCULATOR.days.max)).toBe(CALCULATOR_MESSAGES.daysTooMany);
    expect(daysError(CALCULATOR.days.checkMax)).toBeUndefined();
    expect(daysError(CALCULATOR.days.checkMax + 1)).toBe(CALCULATOR_MESSAGES.daysTooMany);
    expect(daysError(CALCULATOR.days.min)).toBeUndefined();
  });
});

describe('CALCULATOR slider constants', () => {
  it('match the product', () => {
    expect(CALCULATOR.amount).toEqual({ min: 10_000, max: 100_000, step: 500, default: 10_000 });
    expect(CALCULATOR.days).toMatchObject({ min: 1, max: 40, step: 1, default: 1, checkMax: 30 });
  });

  it('start on values the checks accept', () => {
    expect(amountError(CALCULATOR.amount.default, limits)).toBeUndefined();
    expect(amountError(CALCULATOR.amount.min, limits)).toBeUndefined();
    expect(amountError(CALCULATOR.amount.max, limits)).toBeUndefined();
    expect(daysError(CALCULATOR.days.default)).toBeUndefined();
    expect((CALCULATOR.amount.max - CALCULATOR.amount.min) % CALCULATOR.amount.step).toBe(0);
  });
});

describe('quote', () => {
  it('10,000 rupees at 0.25% for 1 day: interest 2,500 paise, payable 10,02,500 paise', () => {
    expect(quote(10_000, 0.25, 1)).toEqual({ interestPaise: 2_500, payablePaise: 10_02_500 });
  });

  it('is amount + amount x rate x days / 100, in paise', () => {
    // 50,000 x 0.25% x 30 = 3,750 rupees
    expect(quote(50_000, 0.25, 30)).toEqual({ interestPaise: 3_750_00, payablePaise: 53_750_00 });
    // 1,00,000 x 1% x 30 = 30,000 rupees
    expect(quote(100_000, 1, 30)).toEqual({ interestPaise: 30_000_00, payablePaise: 1_30_000_00 });
    // 5,000 x 0.5% x 7 = 175 rupees
    expect(quote(5000, 0.5, 7)).toEqual({ interestPaise: 175_00, payablePaise: 5_175_00 });
    // 5,001 x 0.25% x 1 = 12.5025 rupees -> 1,250.25 paise -> 1,250
    expect(quote(5001, 0.25, 1)).toEqual({ interestPaise: 1_250, payablePaise: 5_01_350 });
  });

  it('returns integer paise', () => {
    for (let days = 1; days <= 30; days += 1) {
      const { interestPaise, payablePaise } = quote(12_345, 0.75, days);
      expect(Number.isInteger(interestPaise)).toBe(true);
      expect(Number.isInteger(payablePaise)).toBe(true);
      expect(payablePaise - interestPaise).toBe(12_345_00);
    }
  });

  it('rejects a rate with more than two decimals and an amount that is not a number', () => {
    expect(() => quote(10_000, 0.125, 1)).toThrow(RangeError);
    expect(() => quote(Number.NaN, 0.25, 1)).toThrow(RangeError);
  });
});

describe('digitsOnly', () => {
  it('keeps only digits', () => {
    expect(digitsOnly('12,345')).toBe('12345');
    expect(digitsOnly('₹ 50,000')).toBe('50000');
    expect(digitsOnly('1e5')).toBe('15');
    expect(digitsOnly('-500')).toBe('500');
    expect(digitsOnly('12.50')).toBe('1250');
    expect(digitsOnly('abc')).toBe('');
  });

  it("leaves '' as '' so the field can be cleared", () => {
    expect(digitsOnly('')).toBe('');
  });

  it('cuts to seven digits by default, or to the given length', () => {
    expect(digitsOnly('123456789')).toBe('1234567');
    expect(digitsOnly('1,00,00,000')).toBe('1000000');
    expect(digitsOnly('12345', 3)).toBe('123');
    expect(digitsOnly('4 0 0 0', 3)).toBe('400');
  });
});
