/**
 * Named facts that editors may write into any markdown body or front-matter string as
 * `{{name}}`. Each comes from the site data file or is computed by the rates module, so no
 * figure is ever typed into copy twice. An unknown name fails the build.
 */

import { CURRENT_ACCOUNT_RULES } from './accountRules.ts';
import { rateChoices } from './calculator.ts';
import { addDays } from './dates.ts';
import { formatNumber, formatPercent } from './format.ts';
import { overdueClassesExample } from './kfs.ts';
import { accountOn } from './loanAccount.ts';
import { servicingTerms } from './loanTerms.ts';
import { formatPaise, paiseFromRupees } from './money.ts';
import { annualRatePercent, loanCost, percentToHundredths } from './rates.ts';
import { type Site, site } from './site.ts';

export function exampleCost(name: string, data: Site = site) {
  const example = data.examples[name];
  if (!example) throw new Error(`content/site.json has no worked example named "${name}"`);
  return loanCost({
    principalPaise: paiseFromRupees(example.principalRupees),
    days: example.days,
    dailyRatePercent: example.dailyRatePercent,
    processingFeePercent: data.loan.processingFeePercent,
    gstPercent: data.loan.gstPercent,
  });
}

/** What a worked example with a part payment costs, read from the loan account (src/lib/loanAccount.ts). */
export interface PartPaymentCase {
  principalPaise: number;
  days: number;
  dailyRatePercent: number;
  paymentAfterDays: number;
  paymentPaise: number;
  /** Interest up to the payment, on the whole principal. */
  interestBeforePaise: number;
  /** How the payment was applied. */
  toInterestPaise: number;
  toPrincipalPaise: number;
  /** The principal interest runs on after the payment, and that interest up to the due date. */
  principalAfterPaise: number;
  interestAfterPaise: number;
  dueOnDueDatePaise: number;
  /** The part payment and the amount due: all the borrower pays. */
  totalPaidPaise: number;
  /** What the same loan repaid in one payment on the due date costs. */
  withoutPartPaymentPaise: number;
}

// Any day does: only the days between disbursal, the payment and the due date count.
const EXAMPLE_DISBURSAL = '2026-01-01';

export function partPaymentCase(name: string, data: Site = site): PartPaymentCase {
  const example = data.examples[name];
  if (!example?.partPayment) throw new Error(`content/site.json has no worked example "${name}" with a partPayment`);
  const principalPaise = paiseFromRupees(example.principalRupees);
  const servicing = servicingTerms(data.loan, principalPaise);
  const terms = {
    principalPaise,
    dailyRateHundredths: percentToHundredths(example.dailyRatePercent),
    tenureDays: example.days,
    disbursalDate: EXAMPLE_DISBURSAL,
    overdueInterestDaysMax: servicing.overdueInterestDaysMax,
    penalChargePaise: servicing.penalChargePaise,
    penalGstPaise: servicing.penalGstPaise,
    rules: CURRENT_ACCOUNT_RULES,
  };
  const paymentPaise = paiseFromRupees(example.partPayment.amountRupees);
  const payment = { valueDate: addDays(EXAMPLE_DISBURSAL, example.partPayment.afterDays), amountPaise: paymentPaise };
  const onDueDate = (payments: { valueDate: string; amountPaise: number }[]) =>
    accountOn(terms, payments, addDays(EXAMPLE_DISBURSAL, example.days));
  const account = onDueDate([payment]);
  const allocation = account.allocations[0];
  if (!allocation) throw new Error(`worked example "${name}": the part payment was not applied`);
  const dueOnDueDatePaise = account.balance.totalPaise;
  const interestBeforePaise = account.lines
    .filter((line) => line.kind === 'interest' && line.date <= payment.valueDate)
    .reduce((sum, line) => sum + line.amountPaise, 0);
  return {
    principalPaise,
    days: example.days,
    dailyRatePercent: example.dailyRatePercent,
    paymentAfterDays: example.partPayment.afterDays,
    paymentPaise,
    interestBeforePaise,
    toInterestPaise: allocation.interestPaise,
    toPrincipalPaise: allocation.principalPaise,
    principalAfterPaise: principalPaise - allocation.principalPaise,
    interestAfterPaise: account.interestChargedPaise - interestBeforePaise,
    dueOnDueDatePaise,
    totalPaidPaise: paymentPaise + dueOnDueDatePaise,
    withoutPartPaymentPaise: onDueDate([]).balance.totalPaise,
  };
}

/** "on a loan of ₹20,000 for 90 days at 1% a day, paying ₹10,000 after 30 days lowers …", from the example `partPayment`. */
function partPaymentSentence(data: Site): string {
  const c = partPaymentCase('partPayment', data);
  return `on a loan of ${formatPaise(c.principalPaise)} for ${c.days} days at ${formatPercent(c.dailyRatePercent)} a day, paying ${formatPaise(c.paymentPaise)} after ${c.paymentAfterDays} days lowers the total you repay from ${formatPaise(c.withoutPartPaymentPaise)} to ${formatPaise(c.totalPaidPaise)}`;
}

/**
 * The SMA/NPA worked example of the rates page (issue 23), the same sentence the Key Fact Statement gives
 * with a loan's own figures (src/lib/kfs.ts): the worked example `rateAndTerms`, disbursed on the
 * examples' day, not repaid: the date each class begins and what the loan then owes.
 */
function overdueExampleSentence(data: Site): string {
  const example = data.examples.rateAndTerms;
  if (!example) throw new Error('content/site.json has no worked example named "rateAndTerms"');
  const principalPaise = paiseFromRupees(example.principalRupees);
  const servicing = servicingTerms(data.loan, principalPaise);
  const terms = {
    principalPaise,
    dailyRateHundredths: percentToHundredths(example.dailyRatePercent),
    tenureDays: example.days,
    disbursalDate: EXAMPLE_DISBURSAL,
    overdueInterestDaysMax: servicing.overdueInterestDaysMax,
    penalChargePaise: servicing.penalChargePaise,
    penalGstPaise: servicing.penalGstPaise,
    penalThresholdPaise: servicing.penalThresholdPaise,
    rules: CURRENT_ACCOUNT_RULES,
  };
  return overdueClassesExample(terms, addDays(EXAMPLE_DISBURSAL, example.days));
}

/** The rate policy in one sentence: "0.25% a day for a monthly income of ₹1,00,000 or more, …". */
export function rateTiersText(loan: Site['loan']): string {
  const parts = rateChoices(loan.rateTiers).map(
    (choice, i) =>
      `${formatPercent(choice.dailyRatePercent)} a day for ${i === 0 ? 'a monthly income of ' : ''}${choice.monthlyIncome}`,
  );
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? '');
}

/** "a, b or c": how the pages and the policy's refusals list choices. */
export const orList = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');

/** How a salary is paid, in the words of the pages and of the policy's refusals. */
export const PAID_BY: Record<Site['eligibility']['salaryPaidBy'][number], string> = {
  bank: 'into a bank account',
  cheque: 'by cheque',
  cash: 'in cash',
};

/** "one month's income", "half a month's income", "2 months' income": the largest loan as a share of income. */
function incomeShareText(share: number): string {
  if (share === 1) return "one month's income";
  if (share === 0.5) return "half a month's income";
  return `${formatNumber(share)} months' income`;
}

/**
 * Who may borrow, in the words the pages use (content/site.json `eligibility`, which the server's policy
 * also reads): "salaried", "paid into a bank account or by cheque", "we cannot lend to the self-employed yet".
 */
function eligibilityFacts(data: Site): Record<string, string> {
  const { ageYears, employment, salaryPaidBy, maxLoanIncomeShare } = data.eligibility;
  const notTaken = (['bank', 'cheque', 'cash'] as const).filter((mode) => !salaryPaidBy.includes(mode));
  return {
    minAge: String(ageYears.min),
    maxAge: String(ageYears.max),
    employment: orList([...employment]),
    salaryPaidBy: `paid ${orList(salaryPaidBy.map((mode) => PAID_BY[mode]))}`,
    // What the policy refuses, said plainly: an empty refusal would read oddly, so it names what is taken.
    salaryNotPaidBy: notTaken.length
      ? `we cannot lend on a salary paid ${orList(notTaken.map((mode) => PAID_BY[mode]))}`
      : 'any way your salary is paid will do',
    selfEmployed: employment.includes('self-employed')
      ? 'self-employed people may apply too'
      : 'we cannot lend to the self-employed yet',
    maxLoanShare: incomeShareText(maxLoanIncomeShare),
  };
}

/**
 * What the credit report decides (content/site.json `creditReport`, which src/server/bureauCheck/policy.ts
 * applies): the least score, the score that gets the whole offer, the first loan with no history, the
 * most days past due and lenders' enquiries.
 */
function creditReportFacts(data: Site): Record<string, string> {
  const { minScore, scoreBands, noHistoryMaxRupees, maxDaysPastDue, enquiries } = data.creditReport;
  const full = scoreBands.find((band) => band.loanShare === 1) ?? scoreBands[0];
  return {
    minCreditScore: String(minScore),
    fullOfferScore: String(full?.minScore ?? minScore),
    noHistoryMax: formatPaise(paiseFromRupees(noHistoryMaxRupees)),
    maxDaysPastDue: `${maxDaysPastDue} days`,
    maxEnquiries: `${enquiries.max} lenders in ${enquiries.withinDays} days`,
  };
}

export function buildFacts(data: Site = site): Record<string, string> {
  const { loan, contact, grievanceOfficer, registration } = data;
  const rupees = (value: number) => formatPaise(paiseFromRupees(value));
  // The penal charge as a loan carries it (src/lib/loanTerms.ts); it does not depend on the amount.
  const servicing = servicingTerms(loan, paiseFromRupees(loan.amountRupees.min));
  return {
    brand: data.brand,
    legalName: data.legalName,
    siteUrl: data.siteUrl,
    regulator: registration.regulator,
    registrationNumber: registration.number,
    registrationKind: registration.kind,
    registeredSince: String(registration.since),
    phone: contact.phone,
    supportEmail: contact.supportEmail,
    collectionEmail: contact.collectionEmail,
    supportHours: contact.hours,
    registeredOffice: data.offices.registered.lines.join(', '),
    headOffice: data.offices.head.lines.join(', '),
    grievanceName: grievanceOfficer.name,
    grievanceEmail: grievanceOfficer.email,
    grievancePhone: grievanceOfficer.phone,
    grievanceDays: String(grievanceOfficer.responseDays),
    complaintsPortal: data.regulatorLinks.complaints,
    sachetPortal: data.regulatorLinks.sachet,
    minAmount: rupees(loan.amountRupees.min),
    maxAmount: rupees(loan.amountRupees.max),
    minTenure: `${loan.tenureDays.min} days`,
    maxTenure: `${loan.tenureDays.max} days`,
    minDailyRate: formatPercent(loan.dailyRatePercent.min),
    maxDailyRate: formatPercent(loan.dailyRatePercent.max),
    minAnnualRate: formatPercent(annualRatePercent(loan.dailyRatePercent.min)),
    maxAnnualRate: formatPercent(annualRatePercent(loan.dailyRatePercent.max)),
    processingFee: formatPercent(loan.processingFeePercent),
    gst: formatPercent(loan.gstPercent),
    // The income floor is inclusive (the policy accepts exactly this much): pages say "at least {{minSalary}}".
    minSalary: rupees(loan.minMonthlySalaryRupees),
    ...eligibilityFacts(data),
    ...creditReportFacts(data),
    rateTiers: rateTiersText(loan),
    decisionHours: `${loan.decisionHours} hours`,
    coolingOffDays: String(loan.coolingOffDays),
    refundDays: String(loan.refundDays),
    kfsValidityDays: String(loan.kfsValidityWorkingDays),
    overdueInterestDays: String(loan.afterDueDate.interestDaysMax),
    penalCharge: formatPaise(servicing.penalChargePaise),
    penalChargeGst: formatPercent(loan.afterDueDate.penalChargeGstPercent),
    penalChargeWithGst: formatPaise(servicing.penalChargePaise + servicing.penalGstPaise),
    // The least unpaid at the end of the due date that draws the penal charge (src/lib/loanAccount.ts).
    penalThreshold: formatPaise(servicing.penalThresholdPaise),
    // A rest under this, left by a payment, is written off at closure (src/lib/loanAccount.ts).
    writeOffUnder: formatPaise(CURRENT_ACCOUNT_RULES.writeOffUnderPaise),
    partPaymentExample: partPaymentSentence(data),
    overdueClassesExample: overdueExampleSentence(data),
    // The rule of src/lib/loanAccount.ts in one line, said the same under the calculator and in the FAQ.
    earlyRepayment:
      'Repaying earlier costs less: interest runs only for the days you keep the money, on the principal still unpaid, and there is no prepayment or foreclosure charge.',
    loansDisbursed: formatNumber(data.counters[0]?.value ?? 0),
  };
}

/** One named fact, for code that shows a fact outside the copy; an unknown name throws. */
export function fact(name: string, facts = buildFacts()): string {
  const value = Object.hasOwn(facts, name) ? facts[name] : undefined;
  if (value === undefined) throw new Error(`unknown fact {{${name}}}`);
  return value;
}

// Anything between double braces is meant as a fact, so a misspelt one cannot slip through as text.
const TOKEN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Replaces every `{{name}}` in text; throws naming the unknown fact (and the file, if given). */
export function fillFacts(text: string, facts = buildFacts(), where = 'content'): string {
  return text.replace(TOKEN, (_match, name: string) => {
    const value = Object.hasOwn(facts, name) ? facts[name] : undefined;
    if (value === undefined) {
      throw new Error(`${where}: unknown fact {{${name}}}. Known facts: ${Object.keys(facts).join(', ')}`);
    }
    return value;
  });
}
