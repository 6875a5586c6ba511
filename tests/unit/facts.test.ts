import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildFacts, exampleCost, fact, fillFacts, partPaymentCase, rateTiersText } from '../../src/lib/facts.ts';
import { servicingTerms } from '../../src/lib/loanTerms.ts';
import { formatPaise, paiseFromRupees } from '../../src/lib/money.ts';
import { loanCost } from '../../src/lib/rates.ts';
import { parseSite, type Site, site } from '../../src/lib/site.ts';

const rawText = readFileSync(new URL('../../content/site.json', import.meta.url), 'utf8');
const freshSite = (): Site => parseSite(JSON.parse(rawText));

describe('buildFacts', () => {
  const facts = buildFacts();

  it('derives figures from the site data, formatted for India', () => {
    expect(facts).toMatchObject({
      brand: 'Kosh Credit',
      legalName: 'Kosh Finvest Private Limited',
      minAmount: '₹5,000',
      maxAmount: '₹1,00,000',
      minTenure: '60 days',
      maxTenure: '90 days',
      minDailyRate: '0.25%',
      maxDailyRate: '1%',
      minAnnualRate: '91.25%',
      maxAnnualRate: '365%',
      processingFee: '2%',
      gst: '18%',
      minSalary: '₹25,000',
      loansDisbursed: '8,979',
      registeredSince: '2003',
      grievanceDays: '30',
    });
  });

  it('states the rate policy, the after-due-date charges and the cooling-off period from the site data', () => {
    expect(facts).toMatchObject({
      rateTiers:
        '0.25% a day for a monthly income of ₹1,00,000 or more, 0.5% a day for ₹60,000 to ₹99,999, 0.75% a day for ₹40,000 to ₹59,999 and 1% a day for ₹25,000 to ₹39,999',
      coolingOffDays: '3',
      kfsValidityDays: '3',
      overdueInterestDays: '30',
      penalCharge: '₹500',
      penalChargeGst: '18%',
      // 500 + 18% of 500 = 590
      penalChargeWithGst: '₹590',
    });
    // The SMA/NPA example (issue 23), the Key Fact Statement's sentence for the worked example rateAndTerms
    // (₹20,000, 90 days, 1% a day): ₹38,000 due; then 30 days' interest (₹6,000) and the ₹590 penal charge.
    expect(facts.overdueClassesExample).toBe(
      'a loan of ₹20,000 due on 01-04-2026 with ₹38,000 to repay, and not repaid, is SMA-0 from 01-04-2026 (owing ₹38,000), SMA-1 from 01-05-2026 (owing ₹44,590), SMA-2 from 31-05-2026 (owing ₹44,590) and NPA from 30-06-2026 (owing ₹44,590)',
    );
    expect(facts.earlyRepayment).toMatch(/only for the days you keep the money/);
    expect(facts.earlyRepayment).toMatch(/no prepayment or foreclosure charge/);
  });

  it('gives the penal charge a loan carries (src/lib/loanTerms.ts)', () => {
    const terms = servicingTerms(site.loan, paiseFromRupees(site.loan.amountRupees.max));
    expect(facts.penalCharge).toBe(formatPaise(terms.penalChargePaise));
    expect(facts.penalChargeWithGst).toBe(formatPaise(terms.penalChargePaise + terms.penalGstPaise));
    expect(Number(facts.overdueInterestDays)).toBe(terms.overdueInterestDaysMax);
    expect(Number(facts.coolingOffDays)).toBe(terms.coolingOffDays);
  });

  it('copies contact facts from the site data', () => {
    expect(facts.supportEmail).toBe(site.contact.supportEmail);
    expect(facts.collectionEmail).toBe(site.contact.collectionEmail);
    expect(facts.phone).toBe(site.contact.phone);
    expect(facts.supportHours).toBe(site.contact.hours);
    expect(facts.grievanceEmail).toBe(site.grievanceOfficer.email);
    expect(facts.registrationNumber).toBe(site.registration.number);
    expect(facts.registeredOffice).toBe(site.offices.registered.lines.join(', '));
    expect(facts.headOffice).toBe('SCO 12, Example Market, Model Town, Hisar, Haryana 125005');
    expect(facts.complaintsPortal).toBe(site.regulatorLinks.complaints);
  });

  it('has only string values', () => {
    for (const [name, value] of Object.entries(facts)) {
      expect(typeof value, name).toBe('string');
      expect(value.length, name).toBeGreaterThan(0);
    }
  });

  it('follows a change in the site data', () => {
    const data = freshSite();
    data.loan.processingFeePercent = 2.5;
    data.loan.gstPercent = 12;
    data.loan.amountRupees = { min: 10_000, max: 250_000 };
    data.loan.tenureDays = { min: 30, max: 120 };
    data.loan.dailyRatePercent = { min: 0.1, max: 0.5, step: 0.1 };
    data.loan.minMonthlySalaryRupees = 1_234_567;
    data.brand = 'Other Brand';
    data.counters = [{ label: 'Loans disbursed', value: 1_500_000 }];
    data.loan.rateTiers = [
      { minMonthlyIncomeRupees: 50_000, dailyRatePercent: 0.1 },
      { minMonthlyIncomeRupees: 20_000, dailyRatePercent: 0.5 },
    ];
    data.loan.coolingOffDays = 7;
    data.loan.afterDueDate = {
      interestDaysMax: 15,
      penalChargeRupees: 750,
      penalChargeGstPercent: 18,
      penalThresholdRupees: 250,
    };
    const changed = buildFacts(data);
    expect(changed).toMatchObject({
      processingFee: '2.5%',
      gst: '12%',
      minAmount: '₹10,000',
      maxAmount: '₹2,50,000',
      minTenure: '30 days',
      maxTenure: '120 days',
      minDailyRate: '0.1%',
      maxDailyRate: '0.5%',
      minAnnualRate: '36.5%',
      maxAnnualRate: '182.5%',
      minSalary: '₹12,34,567',
      brand: 'Other Brand',
      loansDisbursed: '15,00,000',
      rateTiers: '0.1% a day for a monthly income of ₹50,000 or more and 0.5% a day for ₹20,000 to ₹49,999',
      coolingOffDays: '7',
      overdueInterestDays: '15',
      penalCharge: '₹750',
      // 750 + 18% of 750 = 885
      penalChargeWithGst: '₹885',
      penalThreshold: '₹250',
    });
  });

  it('states a single rate tier alone', () => {
    const data = freshSite();
    data.loan.rateTiers = [{ minMonthlyIncomeRupees: 25_000, dailyRatePercent: 1 }];
    expect(rateTiersText(data.loan)).toBe('1% a day for a monthly income of ₹25,000 or more');
  });
});

describe('the eligibility facts (content/site.json `eligibility`, which the server policy reads)', () => {
  it('state who may borrow as the live site data has it', () => {
    expect(buildFacts()).toMatchObject({
      minAge: '21',
      maxAge: '60',
      minSalary: '₹25,000',
      employment: 'salaried',
      salaryPaidBy: 'paid into a bank account or by cheque',
      salaryNotPaidBy: 'we cannot lend on a salary paid in cash',
      selfEmployed: 'we cannot lend to the self-employed yet',
      maxLoanShare: "one month's income",
      decisionHours: '24 hours',
    });
  });

  it('follow a change in the policy', () => {
    const data = freshSite();
    data.eligibility = {
      ageYears: { min: 23, max: 58 },
      employment: ['salaried', 'self-employed'],
      salaryPaidBy: ['bank'],
      maxLoanIncomeShare: 0.5,
      areasServed: 'all',
    };
    expect(buildFacts(data)).toMatchObject({
      minAge: '23',
      maxAge: '58',
      employment: 'salaried or self-employed',
      salaryPaidBy: 'paid into a bank account',
      salaryNotPaidBy: 'we cannot lend on a salary paid by cheque or in cash',
      selfEmployed: 'self-employed people may apply too',
      maxLoanShare: "half a month's income",
    });
  });
});

describe('fillFacts', () => {
  const facts = buildFacts();

  it('replaces {{name}} tokens with site facts', () => {
    expect(fillFacts('A fee of {{processingFee}} plus {{gst}} GST.')).toBe('A fee of 2% plus 18% GST.');
    expect(fillFacts('Borrow {{minAmount}} to {{maxAmount}}')).toBe('Borrow ₹5,000 to ₹1,00,000');
    expect(fillFacts('{{brand}}{{brand}}')).toBe('Kosh CreditKosh Credit');
    expect(fillFacts('mailto:{{supportEmail}}')).toBe(`mailto:${site.contact.supportEmail}`);
  });

  it('allows spaces inside the braces', () => {
    expect(fillFacts('{{ brand }} and {{  gst}}')).toBe('Kosh Credit and 18%');
  });

  it('leaves text without tokens alone', () => {
    const text = 'No facts here: 24 hours, {single} braces, { {split} }.';
    expect(fillFacts(text)).toBe(text);
    expect(fillFacts('')).toBe('');
  });

  it('uses the facts it is given', () => {
    expect(fillFacts('Hi {{who}}', { who: 'there' })).toBe('Hi there');
    expect(fillFacts('{{processingFee}}', { ...facts, processingFee: '3%' })).toBe('3%');
  });

  it('throws naming the unknown fact and where it was found', () => {
    const run = () => fillFacts('Call {{noSuchFact}} now', facts, 'content/cities/mumbai.md');
    expect(run).toThrow(Error);
    expect(run).toThrow(/^content\/cities\/mumbai\.md: unknown fact \{\{noSuchFact\}\}/);
    expect(run).toThrow(/Known facts: .*processingFee/);
  });

  it("says 'content' when not told where", () => {
    expect(() => fillFacts('{{brnad}}')).toThrow(/^content: unknown fact \{\{brnad\}\}/);
  });

  it('does not treat inherited object keys as facts', () => {
    expect(() => fillFacts('{{constructor}}', { brand: 'x' }, 'here')).toThrow(
      /here: unknown fact \{\{constructor\}\}/,
    );
    expect(() => fillFacts('{{toString}}', { brand: 'x' }, 'here')).toThrow(/unknown fact/);
  });
});

describe('partPaymentCase', () => {
  it('reads the part payment example from the loan account, as worked by hand', () => {
    // ₹20,000 for 90 days at 1% a day (₹200 a day); ₹10,000 paid after 30 days.
    // Interest for days 1-30 on ₹20,000: 30 x 200 = 6,000. The payment goes to interest first
    // (6,000), then principal (4,000), leaving 16,000. Days 31-90 on ₹16,000: 60 x 160 = 9,600.
    // Due on the due date 16,000 + 9,600 = 25,600; repaid in all 10,000 + 25,600 = 35,600,
    // against 20,000 + 90 x 200 = 38,000 without the part payment.
    expect(partPaymentCase('partPayment')).toEqual({
      principalPaise: 20_000_00,
      days: 90,
      dailyRatePercent: 1,
      paymentAfterDays: 30,
      paymentPaise: 10_000_00,
      interestBeforePaise: 6_000_00,
      toInterestPaise: 6_000_00,
      toPrincipalPaise: 4_000_00,
      principalAfterPaise: 16_000_00,
      interestAfterPaise: 9_600_00,
      dueOnDueDatePaise: 25_600_00,
      totalPaidPaise: 35_600_00,
      withoutPartPaymentPaise: 38_000_00,
    });
    expect(buildFacts().partPaymentExample).toBe(
      'on a loan of ₹20,000 for 90 days at 1% a day, paying ₹10,000 after 30 days lowers the total you repay from ₹38,000 to ₹35,600',
    );
  });

  it('costs the same as the worked example when nothing is paid early', () => {
    const cost = exampleCost('partPayment');
    expect(partPaymentCase('partPayment').withoutPartPaymentPaise).toBe(cost.repayablePaise);
  });

  it('pays interest before principal when the payment is smaller than the interest due', () => {
    const data = freshSite();
    const example = data.examples.partPayment;
    if (!example?.partPayment) throw new Error('no partPayment example');
    example.partPayment = { afterDays: 60, amountRupees: 5000 };
    // 60 days x ₹200 = 12,000 interest due; all 5,000 goes to interest, none to principal; the
    // 7,000 left unpaid earns nothing (no interest on interest): 30 more days on 20,000 = 6,000.
    const c = partPaymentCase('partPayment', data);
    expect(c).toMatchObject({
      interestBeforePaise: 12_000_00,
      toInterestPaise: 5_000_00,
      toPrincipalPaise: 0,
      principalAfterPaise: 20_000_00,
      interestAfterPaise: 6_000_00,
      dueOnDueDatePaise: 33_000_00,
      totalPaidPaise: 38_000_00,
    });
  });

  it('throws naming an example without a part payment', () => {
    expect(() => partPaymentCase('ratesBlock')).toThrow(
      'content/site.json has no worked example "ratesBlock" with a partPayment',
    );
  });
});

describe('fact', () => {
  it('gives one named fact, and throws naming an unknown one', () => {
    expect(fact('penalCharge')).toBe('₹500');
    expect(fact('gst', { gst: '12%' })).toBe('12%');
    expect(() => fact('noSuchFact')).toThrow('unknown fact {{noSuchFact}}');
    expect(() => fact('constructor')).toThrow(/unknown fact/);
  });
});

describe('exampleCost', () => {
  it("equals loanCost of the configured 'ratesBlock' example", () => {
    const example = site.examples.ratesBlock;
    expect(example).toBeDefined();
    const expected = loanCost({
      principalPaise: paiseFromRupees(example?.principalRupees ?? Number.NaN),
      days: example?.days ?? Number.NaN,
      dailyRatePercent: example?.dailyRatePercent ?? Number.NaN,
      processingFeePercent: site.loan.processingFeePercent,
      gstPercent: site.loan.gstPercent,
    });
    expect(exampleCost('ratesBlock')).toEqual(expected);
  });

  it('gives the hand-worked figures for the live ratesBlock example', () => {
    // 50,000 rupees for 60 days at 0.25% a day, fee 2% and 18% GST on it.
    expect(exampleCost('ratesBlock')).toMatchObject({
      principalPaise: 50_000_00,
      interestPaise: 7_500_00,
      processingFeePaise: 1_000_00,
      gstPaise: 180_00,
      disbursedPaise: 48_820_00,
      repayablePaise: 57_500_00,
      aprPercent: 108.16,
    });
  });

  it("uses the site's fee and GST, not the example's own", () => {
    const data = freshSite();
    data.loan.processingFeePercent = 3;
    data.loan.gstPercent = 0;
    const cost = exampleCost('ratesBlock', data);
    expect(cost.processingFeePaise).toBe(1_500_00);
    expect(cost.gstPaise).toBe(0);
    expect(cost.disbursedPaise).toBe(48_500_00);
  });

  it('throws naming an unknown example', () => {
    expect(() => exampleCost('noSuchExample')).toThrow('content/site.json has no worked example named "noSuchExample"');
  });
});
