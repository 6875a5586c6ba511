/**
 * Each loan keeps its account rules (docs/decisions.md): a loan's account applies the rules version it
 * was made under, so a version made later, which changes a rule, leaves an old loan's history as it
 * was and applies only to the loans made under it.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RULES, type AccountRules, accountRules, CURRENT_ACCOUNT_RULES } from '../../src/lib/accountRules.ts';
import { addDays } from '../../src/lib/dates.ts';
import { type AccountEvent, type AccountTerms, accountOn } from '../../src/lib/loanAccount.ts';
import { accountTerms, type LoanRow } from '../../src/server/loans/accountFigures.ts';

/** A later version that differs in one rule: a collection pays interest before charges. */
const VERSION_2: AccountRules = {
  ...(ACCOUNT_RULES[1] as AccountRules),
  version: 2,
  allocationOrder: ['interestPaise', 'chargesPaise', 'principalPaise'],
};
const WITH_VERSION_2 = { ...ACCOUNT_RULES, 2: VERSION_2 };

/** ₹20,000 for 90 days at 1% a day (₹200 a day) from 01-01-2026; ₹500 + ₹90 GST penal charge after the due date. */
const TERMS: Omit<AccountTerms, 'rules'> = {
  principalPaise: 20_000_00,
  dailyRateHundredths: 100,
  tenureDays: 90,
  disbursalDate: '2026-01-01',
  overdueInterestDaysMax: 30,
  penalChargePaise: 500_00,
  penalGstPaise: 90_00,
};
const day = (n: number) => addDays(TERMS.disbursalDate, n);
/** ₹1,000 on day 95: after the penal charge (day 91), with 95 days' interest (₹19,000) owed. */
const PAYMENTS: AccountEvent[] = [{ valueDate: day(95), amountPaise: 1_000_00, ref: '1' }];

describe('each loan keeps the account rules it was made under', () => {
  it("a version made later leaves an old loan's history as it was; a loan made under it follows the new rule", () => {
    // The old loan read while version 1 was the only one, and again once version 2 exists.
    const before = accountOn({ ...TERMS, rules: accountRules(1) }, PAYMENTS, day(100));
    const after = accountOn({ ...TERMS, rules: accountRules(1, WITH_VERSION_2) }, PAYMENTS, day(100));
    expect(after.lines).toEqual(before.lines);
    expect(after.balance).toEqual(before.balance);
    // Version 1: charges first (₹590), then interest (₹410).
    expect(after.allocations[0]).toEqual({
      chargesPaise: 590_00,
      interestPaise: 410_00,
      principalPaise: 0,
      excessPaise: 0,
    });

    // The same loan and payment made under version 2: interest first, the charge still owed.
    const newer = accountOn({ ...TERMS, rules: accountRules(2, WITH_VERSION_2) }, PAYMENTS, day(100));
    expect(newer.allocations[0]).toEqual({
      chargesPaise: 0,
      interestPaise: 1_000_00,
      principalPaise: 0,
      excessPaise: 0,
    });
    expect(newer.balance.chargesPaise).toBe(590_00);
    expect(after.balance.chargesPaise).toBe(0);
    // Only the allocation differs: what is owed in all is the same.
    expect(newer.balance.totalPaise).toBe(after.balance.totalPaise);
  });

  it('a stored loan is read under the version on its row; a version this code does not know is refused', () => {
    const row = { ...TERMS, accountRulesVersion: 1 } as LoanRow;
    expect(accountTerms(row).rules).toBe(ACCOUNT_RULES[1]);
    expect(() => accountTerms({ ...row, accountRulesVersion: 2 })).toThrow('no account rules version 2');
    expect(() => accountRules(0)).toThrow(RangeError);
  });

  it('a loan made today is made under the newest version', () => {
    const newest = Math.max(...Object.keys(ACCOUNT_RULES).map(Number));
    expect(CURRENT_ACCOUNT_RULES).toBe(ACCOUNT_RULES[newest]);
    expect(CURRENT_ACCOUNT_RULES.version).toBe(newest);
  });
});
