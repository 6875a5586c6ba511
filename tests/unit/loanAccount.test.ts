import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENT_ACCOUNT_RULES } from '../../src/lib/accountRules.ts';
import { addDays } from '../../src/lib/dates.ts';
import {
  type AccountPayment,
  type AccountTerms,
  accountOn,
  coolingOffUntil,
  dueOnDueDate,
} from '../../src/lib/loanAccount.ts';
import { servicingTerms } from '../../src/lib/loanTerms.ts';
import { site } from '../../src/lib/site.ts';

const rupees = (r: number) => r * 100;

/** ₹20,000 for 90 days at 1% a day, disbursed 01-01-2026: due 01-04-2026; 30 days' interest and a ₹500 + 18% penal charge after. */
const LOAN: AccountTerms = {
  principalPaise: rupees(20_000),
  dailyRateHundredths: 100,
  tenureDays: 90,
  disbursalDate: '2026-01-01',
  overdueInterestDaysMax: 30,
  penalChargePaise: rupees(500),
  penalGstPaise: rupees(90),
  rules: CURRENT_ACCOUNT_RULES,
};
const day = (n: number) => addDays(LOAN.disbursalDate, n);
const pay = (n: number, amountRupees: number): AccountPayment => ({
  valueDate: day(n),
  amountPaise: rupees(amountRupees),
});

describe('the loan account, worked by hand', () => {
  it('a loan repaid on its due date costs principal plus interest for the tenure', () => {
    // 20,000 × 1% = ₹200 a day; days 0 to 89 (90 days) = ₹18,000; due on 01-04-2026.
    const account = accountOn(LOAN, [], day(90));
    expect(account.dueDate).toBe('2026-04-01');
    expect(account.balance).toEqual({
      principalPaise: rupees(20_000),
      interestPaise: rupees(18_000),
      chargesPaise: 0,
      totalPaise: rupees(38_000),
    });
  });

  it('a part payment reduces the interest from the day it is received', () => {
    // Day 30: interest for days 0-29 = 30 × ₹200 = ₹6,000. The ₹10,000 pays the ₹6,000 interest
    // first, then ₹4,000 of principal: ₹16,000 left. Days 30-89 = 60 × ₹160 = ₹9,600.
    // Due on the due date: 16,000 + 9,600 = ₹25,600; paid in all 35,600, not the 38,000 of no part payment.
    const payments = [pay(30, 10_000)];
    const account = accountOn(LOAN, payments, day(90));
    expect(account.allocations).toEqual([
      { chargesPaise: 0, interestPaise: rupees(6_000), principalPaise: rupees(4_000), excessPaise: 0 },
    ]);
    expect(account.balance.totalPaise).toBe(rupees(25_600));
    expect(account.interestChargedPaise).toBe(rupees(15_600));
    expect(dueOnDueDate(LOAN, payments, day(45))).toBe(rupees(25_600));
    // Before the payment was made, the due-date figure was the full ₹38,000.
    expect(dueOnDueDate(LOAN, payments, day(29))).toBe(rupees(38_000));
  });

  it('after the due date: the penal charge once, interest for at most 30 more days, charges paid first', () => {
    // Nothing paid by 01-04-2026, so on 02-04-2026 the penal charge ₹500 + GST ₹90 = ₹590 is posted.
    // Day 100 (11-04-2026): interest for days 0-99 = ₹20,000; owed 20,000 + 20,000 + 590.
    // ₹30,000 pays 590 charges, 20,000 interest, 9,410 principal: ₹10,590 left.
    // Days 100-119 (the last of the 30 days after the due date): 20 × ₹105.90 = ₹2,118. Then nothing more.
    const payments = [pay(100, 30_000)];
    const account = accountOn(LOAN, payments, day(200));
    expect(account.allocations[0]).toEqual({
      chargesPaise: rupees(590),
      interestPaise: rupees(20_000),
      principalPaise: rupees(9_410),
      excessPaise: 0,
    });
    expect(account.balance).toEqual({
      principalPaise: rupees(10_590),
      interestPaise: rupees(2_118),
      chargesPaise: 0,
      totalPaise: rupees(12_708),
    });
    const penal = account.lines.filter((line) => line.kind === 'penal');
    expect(penal).toEqual([expect.objectContaining({ date: '2026-04-02', amountPaise: rupees(590) })]);
    expect(account.daysPastDue).toBe(110);
  });

  it('a loan left unpaid stops growing 30 days after its due date', () => {
    // 120 days of interest (90 + 30) = ₹24,000, and the ₹590 charge: ₹44,590, a month or a year later.
    expect(accountOn(LOAN, [], day(120)).balance.totalPaise).toBe(rupees(44_590));
    expect(accountOn(LOAN, [], day(365)).balance.totalPaise).toBe(rupees(44_590));
    expect(accountOn(LOAN, [], day(119)).balance.totalPaise).toBe(rupees(44_390));
  });

  it('paid in full on the due date: no penal charge; ₹1 short: the charge is posted the next day', () => {
    const inFull = accountOn(LOAN, [pay(90, 38_000)], day(150));
    expect(inFull.closedOn).toBe('2026-04-01');
    expect(inFull.chargesPostedPaise).toBe(0);
    const short = accountOn(LOAN, [pay(90, 37_999)], day(91));
    // ₹1 of principal left: the charge ₹590, and the due date's day of interest on ₹1 (1 paisa).
    expect(short.balance).toEqual({ principalPaise: 100, interestPaise: 1, chargesPaise: 59_000, totalPaise: 59_101 });
  });

  it('early closure: principal plus interest to date, no prepayment charge, and then nothing accrues', () => {
    // Day 10: 20,000 + 10 × ₹200 = ₹22,000.
    expect(accountOn(LOAN, [], day(10)).balance.totalPaise).toBe(rupees(22_000));
    const closed = accountOn(LOAN, [pay(10, 22_000)], day(300));
    expect(closed.closedOn).toBe('2026-01-11');
    expect(closed.balance.totalPaise).toBe(0);
    expect(closed.interestChargedPaise).toBe(rupees(2_000));
  });

  it('a cooling-off exit costs the interest for the days held, and the fee deducted at disbursal stays paid', () => {
    // Cooling-off: 3 days, to 04-01-2026. Exit that day: 20,000 + 3 × ₹200 = ₹20,600.
    // The fee, 2% = ₹400, and its 18% GST, ₹72, were deducted at disbursal: ₹19,528 reached the bank.
    // Cost of the exit: 20,600 − 19,528 = ₹1,072 = ₹600 interest + ₹472 fee and GST.
    expect(coolingOffUntil(LOAN.disbursalDate, site.loan.coolingOffDays)).toBe('2026-01-04');
    const exit = accountOn(LOAN, [], '2026-01-04').balance.totalPaise;
    expect(exit).toBe(rupees(20_600));
    const fees = servicingTerms(site.loan, LOAN.principalPaise);
    expect(fees.processingFeePaise + fees.gstOnFeePaise).toBe(rupees(472));
    expect(exit - (LOAN.principalPaise - fees.processingFeePaise - fees.gstOnFeePaise)).toBe(rupees(1_072));
    // Repaid on the day it was received: one day's interest.
    expect(accountOn(LOAN, [], LOAN.disbursalDate).balance.totalPaise).toBe(rupees(20_200));
  });

  it('rounds the interest to date once, half up, so no rounding error builds up', () => {
    // ₹5,000.55 at 0.25% a day: 500,055 × 25 / 10,000 = 1,250.1375 paise a day.
    const odd: AccountTerms = { ...LOAN, principalPaise: 500_055, dailyRateHundredths: 25 };
    // 7 days: 8,750.9625 → 8,751 paise (seven roundings of each day would give 8,750).
    expect(accountOn(odd, [], addDays(odd.disbursalDate, 7)).interestChargedPaise).toBe(8_751);
    // A payment on day 3 posts 3,750.4125 → 3,750; days 3-6 on ₹4,000.55 (400,055 × 25 / 10,000 =
    // 1,000.1375 a day, 4,000.55 in 4 days) bring the exact total to 7,750.9625 → 7,751: 4,001 more.
    const split = accountOn(
      odd,
      [{ valueDate: addDays(odd.disbursalDate, 3), amountPaise: 103_750 }],
      addDays(odd.disbursalDate, 7),
    );
    const interest = split.lines.filter((line) => line.kind === 'interest').map((line) => line.amountPaise);
    expect(interest).toEqual([3_750, 4_001]);
    expect(split.allocations[0]).toMatchObject({ interestPaise: 3_750, principalPaise: 100_000 });
  });

  it('keeps what is paid beyond the dues as an excess to refund, even after the loan is closed', () => {
    const account = accountOn(LOAN, [pay(10, 25_000), pay(11, 1_000)], day(20));
    expect(account.allocations).toEqual([
      { chargesPaise: 0, interestPaise: rupees(2_000), principalPaise: rupees(20_000), excessPaise: rupees(3_000) },
      { chargesPaise: 0, interestPaise: 0, principalPaise: 0, excessPaise: rupees(1_000) },
    ]);
    expect(account.collectedPaise).toBe(rupees(22_000));
    expect(account.excessPaise).toBe(rupees(4_000));
  });

  it('explains every line with the balance after it', () => {
    const account = accountOn(LOAN, [pay(30, 10_000)], day(90));
    expect(account.lines.map((line) => [line.kind, line.date, line.amountPaise, line.balance.totalPaise])).toEqual([
      ['disbursal', '2026-01-01', rupees(20_000), rupees(20_000)],
      ['interest', '2026-01-31', rupees(6_000), rupees(26_000)],
      ['collection', '2026-01-31', rupees(10_000), rupees(16_000)],
      ['interest', '2026-04-01', rupees(9_600), rupees(25_600)],
    ]);
    expect(account.lines[3]).toMatchObject({ fromDate: '2026-01-31', toDate: '2026-03-31', days: 60 });
  });

  it('refuses terms and payments that are not whole paise', () => {
    expect(() => accountOn({ ...LOAN, principalPaise: 10.5 }, [], day(1))).toThrow(RangeError);
    expect(() => accountOn(LOAN, [{ valueDate: day(1), amountPaise: 0 }], day(1))).toThrow(RangeError);
  });
});

// --- Properties over random loans and payment sequences -------------------------------------------

const terms = fc.record({
  principalPaise: fc.integer({ min: 100, max: 20_000_000 }),
  dailyRateHundredths: fc.integer({ min: 1, max: 200 }),
  tenureDays: fc.integer({ min: 1, max: 120 }),
  disbursalDate: fc.constantFrom('2026-01-01', '2026-02-27', '2028-02-28', '2026-12-31'),
  overdueInterestDaysMax: fc.integer({ min: 0, max: 60 }),
  penalChargePaise: fc.integer({ min: 0, max: 100_000 }),
  penalGstPaise: fc.integer({ min: 0, max: 18_000 }),
  rules: fc.constant(CURRENT_ACCOUNT_RULES),
});
/** Payments as (days after disbursal, paise), in date order. */
const schedule = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 250 }), fc.integer({ min: 1, max: 15_000_000 })), { maxLength: 12 })
  .map((list) => list.sort((a, b) => a[0] - b[0]));
const asPayments = (loan: AccountTerms, list: [number, number][]) =>
  list.map(([offset, amountPaise], i) => ({
    valueDate: addDays(loan.disbursalDate, offset),
    amountPaise,
    ref: String(i),
  }));

/**
 * A second statement of the interest rule, day by day: each day from disbursal to the day before
 * `upTo` (at least the disbursal day), up to the last day interest may run, on that day's principal
 * (less every principal repayment made on an earlier day, or that day after the disbursal day).
 */
function interestByDays(loan: AccountTerms, principalRepaid: [number, number][], upTo: number): number {
  const end = Math.min(Math.max(1, upTo), loan.tenureDays + loan.overdueInterestDaysMax);
  let exact = 0;
  for (let k = 0; k < end; k++) {
    const repaid = principalRepaid.filter(([d]) => (k === 0 ? false : d <= k)).reduce((s, [, p]) => s + p, 0);
    exact += (loan.principalPaise - repaid) * loan.dailyRateHundredths;
  }
  return Math.floor((exact + 5_000) / 10_000);
}

describe('the loan account, over random loans and payments', () => {
  it('allocates every collection in full: charges + interest + principal + excess = the amount', () => {
    fc.assert(
      fc.property(terms, schedule, (loan, list) => {
        const account = accountOn(loan, asPayments(loan, list), addDays(loan.disbursalDate, 400));
        account.allocations.forEach((a, i) => {
          expect(a.chargesPaise + a.interestPaise + a.principalPaise + a.excessPaise).toBe(list[i]?.[1]);
        });
        const applied = account.allocations.reduce(
          (s, a) => s + a.chargesPaise + a.interestPaise + a.principalPaise,
          0,
        );
        expect(applied).toBe(account.collectedPaise);
        expect(applied + account.excessPaise).toBe(list.reduce((s, [, amount]) => s + amount, 0));
      }),
    );
  });

  it('never lets principal, interest or charges go below zero, nor principal above the sanctioned', () => {
    fc.assert(
      fc.property(terms, schedule, fc.integer({ min: 0, max: 400 }), (loan, list, asOf) => {
        const account = accountOn(loan, asPayments(loan, list), addDays(loan.disbursalDate, asOf));
        for (const line of account.lines) {
          expect(line.balance.principalPaise).toBeGreaterThanOrEqual(0);
          expect(line.balance.principalPaise).toBeLessThanOrEqual(loan.principalPaise);
          expect(line.balance.interestPaise).toBeGreaterThanOrEqual(0);
          expect(line.balance.chargesPaise).toBeGreaterThanOrEqual(0);
          expect(line.balance.totalPaise).toBe(
            line.balance.principalPaise + line.balance.interestPaise + line.balance.chargesPaise,
          );
        }
        expect(account.lines.at(-1)?.balance).toEqual(account.balance);
      }),
    );
  });

  it('charges interest only on principal not yet repaid, day by day', () => {
    fc.assert(
      fc.property(terms, schedule, fc.integer({ min: 0, max: 400 }), (loan, list, asOf) => {
        const account = accountOn(loan, asPayments(loan, list), addDays(loan.disbursalDate, asOf));
        const repaid = account.allocations.map((a, i): [number, number] => [list[i]?.[0] ?? 0, a.principalPaise]);
        expect(account.interestChargedPaise).toBe(interestByDays(loan, repaid, asOf));
        // The interest lines add up to the interest charged; the penal charge is posted at most once.
        const lines = account.lines.filter((line) => line.kind === 'interest');
        expect(lines.reduce((s, line) => s + line.amountPaise, 0)).toBe(account.interestChargedPaise);
        expect(account.lines.filter((line) => line.kind === 'penal').length).toBeLessThanOrEqual(1);
        expect(account.chargesPostedPaise).toBeLessThanOrEqual(loan.penalChargePaise + loan.penalGstPaise);
      }),
    );
  });

  it('never costs more for paying earlier', () => {
    fc.assert(
      fc.property(
        terms,
        schedule,
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 300 }),
        (loan, list, which, earlierBy, closeDay) => {
          fc.pre(list.length > 0);
          const index = which % list.length;
          const moved = list.map(([d, a], i): [number, number] =>
            i === index ? [Math.max(0, d - earlierBy), a] : [d, a],
          );
          moved.sort((a, b) => a[0] - b[0]);
          // What the borrower pays in all to be free of the loan on a far day: collected + still owed.
          const cost = (l: [number, number][]) => {
            const account = accountOn(loan, asPayments(loan, l), addDays(loan.disbursalDate, 500));
            return account.collectedPaise + account.balance.totalPaise;
          };
          expect(cost(moved)).toBeLessThanOrEqual(cost(list));
          // And closing on an earlier day never needs more than closing on a later one.
          const closeOn = (d: number) => accountOn(loan, [], addDays(loan.disbursalDate, d)).balance.totalPaise;
          expect(closeOn(closeDay)).toBeLessThanOrEqual(closeOn(closeDay + earlierBy));
        },
      ),
    );
  });

  it('recomputes any past day from the payments up to it (a later payment changes no earlier day)', () => {
    fc.assert(
      fc.property(terms, schedule, fc.integer({ min: 0, max: 300 }), (loan, list, asOf) => {
        const date = addDays(loan.disbursalDate, asOf);
        const all = asPayments(loan, list);
        const upTo = all.filter((payment) => payment.valueDate <= date);
        expect(accountOn(loan, all, date)).toEqual(accountOn(loan, upTo, date));
      }),
    );
  });
});

describe('issue 20: the penal threshold, the write-off under ₹1, and payments given back', () => {
  const WITH_THRESHOLD: AccountTerms = { ...LOAN, penalThresholdPaise: rupees(100) };

  it('posts no penal charge while less than the threshold is unpaid at the end of the due date', () => {
    // Day 90 (the due date) owes 20,000 + 18,000. ₹37,900.01 leaves ₹99.99 of principal: under ₹100,
    // no penal charge; ₹37,900 leaves ₹100.00: the ₹500 + ₹90 charge the next day.
    const under = accountOn(WITH_THRESHOLD, [{ valueDate: day(90), amountPaise: 3_790_001 }], day(91));
    expect(under.chargesPostedPaise).toBe(0);
    expect(under.lines.some((line) => line.kind === 'penal')).toBe(false);
    const at = accountOn(WITH_THRESHOLD, [pay(90, 37_900)], day(91));
    expect(at.chargesPostedPaise).toBe(rupees(590));
    // A loan disbursed before the threshold (0) keeps today's rule: any amount unpaid draws the charge.
    const old = accountOn(LOAN, [{ valueDate: day(90), amountPaise: 3_790_001 }], day(91));
    expect(old.chargesPostedPaise).toBe(rupees(590));
  });

  it('writes off a rest under ₹1 left by a payment marked to, and closes the loan that day', () => {
    // Day 10 owes 20,000 + 10 × 200 = ₹22,000; ₹21,999.50 leaves 50 paise.
    const payment = { valueDate: day(10), amountPaise: 2_199_950, ref: '1' };
    const kept = accountOn(LOAN, [payment], day(100));
    expect(kept.closedOn).toBeNull();
    expect(kept.chargesPostedPaise).toBe(rupees(590));
    const written = accountOn(LOAN, [{ ...payment, writesOff: true }], day(100));
    expect(written.closedOn).toBe(day(10));
    expect(written.writtenOffPaise).toBe(50);
    expect(written.balance.totalPaise).toBe(0);
    expect(written.chargesPostedPaise).toBe(0);
    expect(written.lines.at(-1)).toMatchObject({ kind: 'writeoff', date: day(10), amountPaise: 50 });
    // ₹1 or more is payable online: never written off.
    const rupee = accountOn(LOAN, [{ valueDate: day(10), amountPaise: 2_199_900, writesOff: true }], day(10));
    expect(rupee.writtenOffPaise).toBe(0);
    expect(rupee.balance.totalPaise).toBe(100);
  });

  it('a refund of the payment that closed the loan brings the balance back and reopens it', () => {
    // Paid ₹22,000 on day 10 (₹2,000 interest, ₹20,000 principal); all of it refunded on day 20.
    // From day 20 interest runs again on ₹20,000: day 25 owes 22,000 + 5 × 200 = ₹23,000.
    const paid = { valueDate: day(10), amountPaise: rupees(22_000), ref: '1' };
    const refund = { reverses: '1', valueDate: day(20), amountPaise: rupees(22_000), ref: 'r2' };
    expect(accountOn(LOAN, [paid], day(20)).closedOn).toBe(day(10));
    const account = accountOn(LOAN, [paid, refund], day(25));
    expect(account.closedOn).toBeNull();
    expect(account.balance).toEqual({
      principalPaise: rupees(20_000),
      interestPaise: rupees(3_000),
      chargesPaise: 0,
      totalPaise: rupees(23_000),
    });
    expect(account.collectedPaise).toBe(0);
    expect(account.lines.find((line) => line.kind === 'reversal')).toMatchObject({
      date: day(20),
      reverses: '1',
      reversed: { chargesPaise: 0, interestPaise: rupees(2_000), principalPaise: rupees(20_000), excessPaise: 0 },
      balance: { totalPaise: rupees(22_000) },
    });
  });

  it('a partial refund gives back principal first; a refund takes the excess to refund before the loan', () => {
    const paid = { valueDate: day(10), amountPaise: rupees(22_000), ref: '1' };
    // ₹5,000 of principal owed again from day 20: day 25 owes 5,000 + 5 × ₹50.
    const partial = accountOn(LOAN, [paid, { reverses: '1', valueDate: day(20), amountPaise: rupees(5_000) }], day(25));
    expect(partial.balance).toMatchObject({ principalPaise: rupees(5_000), interestPaise: rupees(250) });
    // ₹22,500 paid: ₹500 excess. A ₹700 refund takes the ₹500 excess, then ₹200 of principal.
    const over = { valueDate: day(10), amountPaise: rupees(22_500), ref: '1' };
    const account = accountOn(LOAN, [over, { reverses: '1', valueDate: day(20), amountPaise: rupees(700) }], day(20));
    expect(account.excessPaise).toBe(0);
    expect(account.balance.principalPaise).toBe(rupees(200));
    expect(account.standing.get('1')).toEqual({
      chargesPaise: 0,
      interestPaise: rupees(2_000),
      principalPaise: rupees(19_800),
      excessPaise: 0,
    });
    // A refund of only the excess leaves the loan closed.
    const excessOnly = accountOn(
      LOAN,
      [over, { reverses: '1', valueDate: day(20), amountPaise: rupees(500) }],
      day(30),
    );
    expect(excessOnly.closedOn).toBe(day(10));
    expect(excessOnly.balance.totalPaise).toBe(0);
  });

  it('refuses to give back more than a payment left, or a payment it does not know', () => {
    const paid = { valueDate: day(10), amountPaise: rupees(1_000), ref: '1' };
    expect(() =>
      accountOn(LOAN, [paid, { reverses: '1', valueDate: day(11), amountPaise: rupees(1_000) + 1 }], day(12)),
    ).toThrow(RangeError);
    expect(() => accountOn(LOAN, [paid, { reverses: '9', valueDate: day(11), amountPaise: 100 }], day(12))).toThrow(
      RangeError,
    );
  });
});
