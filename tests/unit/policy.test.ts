import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, dailyRatePercentFor, decide, offeredDailyRates } from '../../src/server/eligibility/policy.ts';
import { ageOn, hardRuleReasons } from '../../src/server/eligibility/rules.ts';

const good = {
  dob: '1990-06-15',
  monthlyIncomePaise: 60_000_00,
  incomeTypeId: 1,
  salaryModeId: 1,
  residence: { city: 'Bangalore', state: 'Karnataka' },
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
      quote: {
        min_loan_amount: 5000,
        max_loan_amount: 60_000,
        min_loan_tenure: 60,
        max_loan_tenure: 90,
        daily_rate_percent: 0.5,
      },
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
      'We need your salary to be paid into a bank account or by cheque; we cannot lend on a salary paid in cash.',
    ],
    [{ monthlyIncomePaise: 24_999_00 }, 'Our loans need a monthly income of at least ₹25,000.'],
  ])('says no, with the reason, for %o', (change, message) => {
    expect(decide({ ...good, ...change })).toMatchObject({ eligible: false, message });
  });

  it('names every reason at once, in the order of the steps that ask for them', () => {
    const answer = decide({ ...good, dob: '2006-01-01', salaryModeId: 3, monthlyIncomePaise: 18_000_00 });
    expect(answer.eligible).toBe(false);
    if (answer.eligible) return;
    expect(answer.reasons.map((reason) => [reason.rule, reason.step])).toEqual([
      ['age', 'personal_details'],
      ['income', 'income_details'],
      ['salary_mode', 'income_details'],
    ]);
    expect(answer.message).toBe(answer.reasons.map((reason) => reason.message).join(' '));
  });

  it('says when someone too young may come back: the birthday of the least age', () => {
    const [young] = hardRuleReasons({ ...good, dob: '2006-03-15', incomeStepDone: false }, DEFAULT_POLICY, good.today);
    expect(young).toMatchObject({ rule: 'age', come_back_on: '2027-03-15' });
    expect(young?.action).toContain('15-03-2027');
    // Born on 29 February: of age on 1 March of a common year.
    const leap = hardRuleReasons({ ...good, dob: '2008-02-29', incomeStepDone: false }, DEFAULT_POLICY, good.today);
    expect(leap[0]?.come_back_on).toBe('2029-03-01');
    // Too old: nothing to wait for, only a date of birth to correct if it is wrong.
    const old = hardRuleReasons({ ...good, dob: '1950-01-01', incomeStepDone: false }, DEFAULT_POLICY, good.today);
    expect(old[0]).toMatchObject({ rule: 'age', come_back_on: null });
  });

  it('corrects the income where it was last given: the PAN step until the income step is done', () => {
    const low = { ...good, monthlyIncomePaise: 18_000_00 };
    expect(hardRuleReasons({ ...low, incomeStepDone: false }, DEFAULT_POLICY, good.today)[0]?.step).toBe(
      'pancard_verification',
    );
    expect(hardRuleReasons({ ...low, incomeStepDone: true }, DEFAULT_POLICY, good.today)[0]?.step).toBe(
      'income_details',
    );
  });

  it('lends only where it serves, when the policy lists places: a whole state or one city of it', () => {
    const served = { ...DEFAULT_POLICY, areasServed: [{ state: 'Delhi' }, { state: 'Haryana', city: 'Gurgaon' }] };
    expect(decide({ ...good, residence: { city: 'New Delhi', state: 'Delhi' } }, served).eligible).toBe(true);
    expect(decide({ ...good, residence: { city: 'gurgaon', state: 'HARYANA' } }, served).eligible).toBe(true);
    const pune = decide({ ...good, residence: { city: 'Pune', state: 'Maharashtra' } }, served);
    expect(pune).toMatchObject({
      eligible: false,
      message: 'We do not lend in Pune (Maharashtra) yet; we lend to people living in Delhi or Gurgaon (Haryana).',
    });
    // The default serves all of India.
    expect(decide({ ...good, residence: { city: 'Pune', state: 'Maharashtra' } }).eligible).toBe(true);
  });

  it('is data: a configured policy changes the answer', () => {
    const lenient = { ...DEFAULT_POLICY, incomeTypes: [1, 2] as (1 | 2)[], minMonthlyIncomeRupees: 10_000 };
    expect(decide({ ...good, incomeTypeId: 2, monthlyIncomePaise: 15_000_00 }, lenient).eligible).toBe(true);
  });

  it('prices by income: the first tier (highest income first) whose monthly income the customer reaches', () => {
    const tiers = [
      { minMonthlyIncomeRupees: 100_000, dailyRatePercent: 0.25 },
      { minMonthlyIncomeRupees: 60_000, dailyRatePercent: 0.5 },
      { minMonthlyIncomeRupees: 25_000, dailyRatePercent: 1 },
    ];
    expect(dailyRatePercentFor(150_000_00, tiers)).toBe(0.25);
    expect(dailyRatePercentFor(100_000_00, tiers)).toBe(0.25);
    expect(dailyRatePercentFor(99_999_99, tiers)).toBe(0.5);
    expect(dailyRatePercentFor(60_000_00, tiers)).toBe(0.5);
    expect(dailyRatePercentFor(25_000_00, tiers)).toBe(1);
    // Below every tier (a configured policy lending lower): the last tier's, the highest rate.
    expect(dailyRatePercentFor(10_000_00, tiers)).toBe(1);
    // A single tier is a single rate for everyone.
    expect(dailyRatePercentFor(500_000_00, [{ minMonthlyIncomeRupees: 1, dailyRatePercent: 0.75 }])).toBe(0.75);
    expect(offeredDailyRates(tiers)).toEqual([0.25, 0.5, 1]);
  });

  it('gives the quote the rate of the configured tiers', () => {
    const rate = (income: number) => {
      const answer = decide({ ...good, monthlyIncomePaise: income * 100 });
      return answer.eligible ? answer.quote.daily_rate_percent : null;
    };
    expect([rate(25_000), rate(40_000), rate(60_000), rate(100_000)]).toEqual([1, 0.75, 0.5, 0.25]);
  });
});
