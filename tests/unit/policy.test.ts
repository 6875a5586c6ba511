import { describe, expect, it } from 'vitest';
import { ageOn, DEFAULT_POLICY, decide } from '../../src/server/eligibility/policy.ts';

const good = {
  dob: '1990-06-15',
  monthlyIncomePaise: 60_000_00,
  incomeTypeId: 1,
  salaryModeId: 1,
  hasActiveLoan: false,
  today: '2026-11-21',
};

describe('the eligibility policy', () => {
  it('counts age in whole years, birthdays included', () => {
    expect(ageOn('2005-11-21', '2026-11-21')).toBe(21);
    expect(ageOn('2005-11-22', '2026-11-21')).toBe(20);
    expect(ageOn('2004-02-29', '2026-02-28')).toBe(21);
  });

  it('says yes with the quote limits: the site loan range, capped by one month of income in steps of 500', () => {
    expect(decide(good)).toEqual({
      eligible: true,
      message: expect.stringContaining('eligible'),
      quote: { min_loan_amount: 5000, max_loan_amount: 60_000, min_loan_tenure: 60, max_loan_tenure: 90 },
    });
    const rich = decide({ ...good, monthlyIncomePaise: 5_00_000_00 });
    expect(rich.eligible && rich.quote.max_loan_amount).toBe(100_000);
    const odd = decide({ ...good, monthlyIncomePaise: 37_777_00 });
    expect(odd.eligible && odd.quote.max_loan_amount).toBe(37_500);
  });

  it.each([
    [{ hasActiveLoan: true }, 'You already have an active loan with us. Repay it first, then apply again.'],
    [{ dob: '2006-01-01' }, 'We lend to people aged 21 to 60; by the date of birth you gave, you are 20.'],
    [{ dob: '1960-01-01' }, 'We lend to people aged 21 to 60; by the date of birth you gave, you are 66.'],
    [{ incomeTypeId: 2 }, 'Our loans are for salaried people; we cannot lend to the self-employed yet.'],
    [
      { salaryModeId: 3 },
      'We need your salary to be paid into a bank account or by cheque; we cannot lend on a cash salary.',
    ],
    [{ monthlyIncomePaise: 24_999_00 }, 'Our loans need a monthly income of at least ₹25,000.'],
  ])('says no, with the reason, for %o', (change, message) => {
    expect(decide({ ...good, ...change })).toEqual({ eligible: false, message });
  });

  it('is data: a configured policy changes the answer', () => {
    const lenient = { ...DEFAULT_POLICY, incomeTypes: [1, 2] as (1 | 2)[], minMonthlyIncomeRupees: 10_000 };
    expect(decide({ ...good, incomeTypeId: 2, monthlyIncomePaise: 15_000_00 }, lenient).eligible).toBe(true);
  });
});
