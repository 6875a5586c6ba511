import { describe, expect, it } from 'vitest';
import { CURRENT_ACCOUNT_RULES } from '../../src/lib/accountRules.ts';
import { keyFactStatement, kfsNumber, kfsSections, kfsSummary, kfsValidUntil } from '../../src/lib/kfs.ts';
import { accountOn, coolingOffUntil } from '../../src/lib/loanAccount.ts';
import { servicingTerms } from '../../src/lib/loanTerms.ts';
import { site } from '../../src/lib/site.ts';

// A ₹20,000, 60-day loan at 0.5% a day, issued on Monday 23-11-2026.
const kfs = keyFactStatement(site, {
  amountPaise: 20_000_00,
  tenureDays: 60,
  dailyRatePercent: 0.5,
  issuedOn: '2026-11-23',
  kfsNo: kfsNumber(123),
});
const rows = Object.fromEntries(kfsSections(kfs).flatMap((section) => section.rows));

describe('the Key Fact Statement (RBI/2024-25/18, Annex A)', () => {
  it('is numbered from the sequence and valid for the configured working days of the calendar', () => {
    expect(kfsNumber(123)).toBe('KFS-000123');
    expect(kfs.kfs_no).toBe('KFS-000123');
    // Mon 23-11 + 3 working days: (Tue 24-11 Guru Nanak's Birthday) Wed, Thu, Fri (tests/unit/workingDays.test.ts).
    expect(kfs.valid_until).toBe('2026-11-27');
    // Thu 26-11 + 3: Fri, (fourth Saturday and Sunday off) Mon, Tue.
    expect(kfsValidUntil('2026-11-26', 3)).toBe('2026-12-01');
    // Sat 28-11 + 3: (Sun) Mon, Tue, Wed.
    expect(kfsValidUntil('2026-11-28', 3)).toBe('2026-12-02');
  });

  it('has every item of Part 1 and Part 2', () => {
    for (const label of [
      'KFS number',
      'Date issued',
      'Valid until',
      'Type of loan',
      'Sanctioned loan amount',
      'Disbursal schedule',
      'Loan term',
      'Type of instalment',
      'Number of instalments',
      'Instalment amount',
      'Repayment date',
      'Interest rate and type',
      'Processing fee',
      'Annual percentage rate (APR)',
      'Net amount paid into your account',
      'Total interest',
      'Total amount to be paid',
      'Interest after the due date',
      'Penal charge for late payment',
      'Foreclosure or prepayment charge',
      'Recovery and collection',
      'Recovery agents',
      'Grievance redressal officer',
      'Nodal officer',
      'Escalation to the RBI',
      'Cooling-off period and exit',
      'Lending service providers',
      'Transfer or securitisation',
    ]) {
      expect(rows[label], label).toBeTruthy();
    }
    // The rows of Annex A that do not apply are stated as such, never left out (issue 24).
    for (const label of [
      'Disbursal in stages',
      'Floating rate: benchmark, spread, reset and its impact',
      'Insurance charges',
      'Valuation fees',
      'Fees payable to a third party through us',
      'Charge for switching between floating and fixed rate',
      'Co-lending or other collaborative lending',
      'Lending service provider acting as recovery agent',
    ]) {
      expect(rows[label], label).toMatch(/^Not applicable: /);
    }
    expect(rows['Other penal charges']).toBe('Nil');
    expect(rows['Any other fee']).toBe('Nil');
    // Before the loan is paid out it has no account number yet.
    expect(rows['Loan account number']).toBe('Given when the loan is paid out');
    // Part 2 (issue 23): reported to the credit information companies; money paid beyond the dues refunded in 7 days.
    expect(rows['Reporting to credit information companies']).toContain('credit information companies');
    expect(rows['Money paid beyond your dues']).toContain(`within ${site.loan.refundDays} days of receiving it`);
    expect(kfs.excess_refund?.days).toBe(site.loan.refundDays);
    expect(rows['KFS number']).toBe('KFS-000123');
    expect(rows['Valid until']).toContain('27-11-2026');
    // Due 22-01-2027 (60 days after 23-11-2026): SMA-0 that day, SMA-1 30 days on, SMA-2 60, NPA 90 (src/lib/overdueClasses.ts).
    // What it owes then, from the loan account: ₹26,000 on the due date; the ₹590 penal charge the day after;
    // ₹100 interest a day for 30 days after the due date (₹3,000), then no more.
    expect(rows['Overdue classification (SMA and NPA)']).toContain(
      'a loan of ₹20,000 due on 22-01-2027 with ₹26,000 to repay, and not repaid, is SMA-0 from 22-01-2027 (owing ₹26,000), SMA-1 from 21-02-2027 (owing ₹29,590), SMA-2 from 23-03-2027 (owing ₹29,590) and NPA from 22-04-2027 (owing ₹29,590)',
    );
    expect(rows['Disbursal schedule']).toContain('100% upfront');
    expect(rows['Number of instalments']).toBe('1');
    expect(rows['Repayment date']).toBe('60 days after the disbursal date (22-01-2027 if disbursed on 23-11-2026)');
    expect(rows['Interest rate and type']).toBe('0.5% a day (182.5% a year), fixed');
    // 2% of ₹20,000 = ₹400, GST 18% of it ₹72, payable to the lender, once, deducted at disbursal.
    expect(rows['Processing fee']).toBe(
      '₹400 plus 18% GST of ₹72; payable to Kosh Finvest Private Limited; one-time; deducted from the loan amount at disbursal',
    );
    expect(rows['Foreclosure or prepayment charge']).toContain('₹0');
    expect(rows['Recovery agents']).toContain('No recovery agents are engaged');
    expect(rows['Nodal officer']).toContain(site.nodalOfficer.email);
    expect(rows['Escalation to the RBI']).toContain(site.regulatorLinks.complaints);
    expect(rows['Escalation to the RBI']).toContain('30 days');
    expect(rows['Lending service providers']).toMatch(/^None/);
  });

  it('states figures that agree with the loan account module, in rupees', () => {
    const terms = servicingTerms(site.loan, 20_000_00);
    const account = {
      principalPaise: 20_000_00,
      dailyRateHundredths: 50,
      tenureDays: 60,
      disbursalDate: '2026-11-23',
      overdueInterestDaysMax: terms.overdueInterestDaysMax,
      penalChargePaise: terms.penalChargePaise,
      penalGstPaise: terms.penalGstPaise,
      rules: CURRENT_ACCOUNT_RULES,
    };
    // 20,000 × 0.5% × 60 days = ₹6,000 interest; ₹26,000 due on the due date.
    expect(kfs.interest_paise).toBe(6_000_00);
    expect(kfs.total_repayable_paise).toBe(26_000_00);
    expect(kfs.instalment.amount_paise).toBe(accountOn(account, [], '2027-01-22').balance.totalPaise);
    expect(kfs.disbursed_amount_paise).toBe(20_000_00 - 400_00 - 72_00);
    expect(kfs.terms).toEqual(terms);
    // After the due date: 0.5% a day on ₹20,000 for at most 30 days = ₹3,000; penal ₹500 + 18% GST = ₹590, once.
    expect(kfs.contingent.after_due_date_interest.max_paise).toBe(3_000_00);
    expect(rows['Interest after the due date']).toContain('at most 30 days (at most ₹3,000');
    expect(rows['Penal charge for late payment']).toContain('₹500 plus ₹90 GST (₹590), charged once');
    // Issue 20: no penal charge while less than ₹100 is unpaid, stated and carried to the loan.
    expect(rows['Penal charge for late payment']).toContain(
      'if ₹100 or more is still unpaid at the end of the due date',
    );
    expect(kfs.contingent.penal_charge.threshold_paise).toBe(100_00);
    expect(kfs.terms.penalThresholdPaise).toBe(100_00);
    // Cooling-off: exit on the 3rd day after disbursal, 26-11-2026: 3 days held, ₹100 a day = ₹300 interest.
    const exitDate = coolingOffUntil('2026-11-23', 3);
    expect(exitDate).toBe('2026-11-26');
    expect(kfs.cooling_off.example_exit_paise).toBe(accountOn(account, [], exitDate).balance.totalPaise);
    expect(kfs.cooling_off.example_exit_paise).toBe(20_300_00);
    expect(rows['Cooling-off period and exit']).toContain(
      'The processing fee of ₹400 and its GST of ₹72, deducted at disbursal, are not refunded',
    );
    expect(rows['Cooling-off period and exit']).toContain('you repay ₹20,300 (₹20,000 principal and ₹300 interest)');
  });

  it('opens with what the customer receives, repays and when; the loan made on it shows its account number and due date', () => {
    // ₹20,000 less ₹400 fee and ₹72 GST reaches the account; ₹26,000 is repaid 60 days after disbursal.
    expect(kfsSummary(kfs).headline).toBe('You receive ₹19,528, repay ₹26,000 on 22-01-2027');
    expect(kfsSummary(kfs).note).toContain('If the loan is paid out on 23-11-2026');
    const loan = { loan_no: 'KCL000042', due_date: '2027-01-24' };
    expect(kfsSummary(kfs, loan).headline).toBe('You receive ₹19,528, repay ₹26,000 on 24-01-2027');
    const loanRows = Object.fromEntries(kfsSections(kfs, loan).flatMap((section) => section.rows));
    expect(loanRows['Loan account number']).toBe('KCL000042');
    expect(loanRows['Repayment date']).toBe('24-01-2027 (60 days after the disbursal date)');
  });

  it('has no number when built without one (previews served before previews were numbered)', () => {
    const preview = keyFactStatement(site, {
      amountPaise: 5_000_00,
      tenureDays: 90,
      dailyRatePercent: 1,
      issuedOn: '2026-11-23',
      kfsNo: null,
    });
    expect(preview.kfs_no).toBeNull();
    expect(kfsSections(preview)[0]?.rows[0]).toEqual(['KFS number', 'Given when you accept the quote']);
  });
});
