/**
 * The eligibility policy (product.md §10.8): decided by the server from the profile, with an honest
 * reason when the answer is no, and the quote limits when it is yes. The rules are data: the
 * defaults below, overridable as a whole by ELIGIBILITY_POLICY (JSON) in the environment.
 */
import * as v from 'valibot';
import { paiseFromRupees, rupeesFromPaise } from '../../lib/money.ts';
import { AreasServedSchema, EMPLOYMENT, SALARY_PAID_BY, site } from '../../lib/site.ts';
import { type Answers, DECISION_MESSAGES, hardRuleReasons, type Reason } from './rules.ts';

export const PolicySchema = v.object({
  minAge: v.pipe(v.number(), v.integer(), v.minValue(18)),
  maxAge: v.pipe(v.number(), v.integer(), v.maxValue(75)),
  minMonthlyIncomeRupees: v.pipe(v.number(), v.minValue(0)),
  /** income_type_id values allowed: 1 Salaried, 2 Self-Employed. */
  incomeTypes: v.array(v.picklist([1, 2])),
  /** salary_mode_id values allowed: 1 bank, 2 cheque, 3 cash. */
  salaryModes: v.array(v.picklist([1, 2, 3])),
  /** The largest loan as a share of one month's income. */
  maxLoanIncomeShare: v.pipe(v.number(), v.gtValue(0), v.maxValue(5)),
  /** Loan sizes are offered in steps of this many rupees. */
  amountStepRupees: v.pipe(v.number(), v.integer(), v.minValue(1)),
  /** Where we lend, by the residence pin code's place (content/site.json); all of India when not given. */
  areasServed: v.optional(AreasServedSchema, 'all'),
});
export type Policy = v.InferOutput<typeof PolicySchema>;

/**
 * The defaults are the site data's `eligibility` and income floor (content/site.json), the figures the
 * public pages state (src/lib/facts.ts), so the pages and the server cannot disagree; ids as the profile
 * stores them, in the order of EMPLOYMENT and SALARY_PAID_BY.
 */
export const DEFAULT_POLICY: Policy = {
  minAge: site.eligibility.ageYears.min,
  maxAge: site.eligibility.ageYears.max,
  minMonthlyIncomeRupees: site.loan.minMonthlySalaryRupees,
  incomeTypes: site.eligibility.employment.map((kind) => (EMPLOYMENT.indexOf(kind) + 1) as 1 | 2),
  salaryModes: site.eligibility.salaryPaidBy.map((mode) => (SALARY_PAID_BY.indexOf(mode) + 1) as 1 | 2 | 3),
  maxLoanIncomeShare: site.eligibility.maxLoanIncomeShare,
  amountStepRupees: 500,
  areasServed: site.eligibility.areasServed,
};

export interface Applicant {
  dob: string;
  monthlyIncomePaise: number;
  incomeTypeId: number;
  salaryModeId: number;
  /** The residence pin code's place; null for a profile saved before places were kept. */
  residence: Answers['residence'];
  hasActiveLoan: boolean;
  today: string;
  /** What the credit report found (src/server/bureauCheck/), when one was read: it refuses or limits the offer. */
  credit?: CreditFinding | undefined;
}

/** A credit report's say: a refusal with its reasons, or the share of the income-based loan and the most offered. */
export type CreditFinding =
  | { eligible: false; message: string }
  | { eligible: true; loanShare: number; maxRupees: number | null };

export interface Quote {
  min_loan_amount: number;
  max_loan_amount: number;
  min_loan_tenure: number;
  max_loan_tenure: number;
  /** The customer's daily rate (the rate policy, `dailyRatePercentFor`); absent on quotes stored before it. */
  daily_rate_percent: number;
}

type RateTier = (typeof site.loan.rateTiers)[number];

/**
 * The rate policy (docs/decisions.md, "Key Fact Statement and rate policy"): a customer's daily rate is
 * that of the first tier of `site.loan.rateTiers` (listed highest income first) whose monthly income
 * they reach. An income below every tier (possible only when ELIGIBILITY_POLICY lends below the lowest
 * tier) gets the last tier's rate, the highest.
 */
export function dailyRatePercentFor(
  monthlyIncomePaise: number,
  tiers: readonly RateTier[] = site.loan.rateTiers,
): number {
  const tier =
    tiers.find((t) => monthlyIncomePaise >= paiseFromRupees(t.minMonthlyIncomeRupees)) ?? tiers[tiers.length - 1];
  if (!tier) throw new Error('no rate tiers configured');
  return tier.dailyRatePercent;
}

/** Every rate the policy can give: staff may approve only one of these. */
export const offeredDailyRates = (tiers: readonly RateTier[] = site.loan.rateTiers): number[] =>
  [...new Set(tiers.map((tier) => tier.dailyRatePercent))].sort((a, b) => a - b);

/** The rate of a stored quote: quotes from before the rate policy were all at the highest rate. */
export const quoteRate = (quote: Partial<Quote>): number => quote.daily_rate_percent ?? site.loan.dailyRatePercent.max;

/** A refusal names every reason at once: its message joins them; `reasons` are the hard rules' (./rules.ts). */
export type Decision =
  | { eligible: true; message: string; quote: Quote }
  | { eligible: false; message: string; reasons: Reason[] };

export function decide(applicant: Applicant, policy: Policy = DEFAULT_POLICY): Decision {
  const income = rupeesFromPaise(applicant.monthlyIncomePaise);
  const reasons = hardRuleReasons({ ...applicant, incomeStepDone: true }, policy, applicant.today);
  const refusals = [
    ...(applicant.hasActiveLoan ? [DECISION_MESSAGES.activeLoan] : []),
    ...reasons.map((r) => r.message),
  ];
  if (refusals.length > 0) return { eligible: false, message: refusals.join(' '), reasons };
  if (applicant.credit && !applicant.credit.eligible)
    return { eligible: false, message: applicant.credit.message, reasons: [] };
  const { min, max } = site.loan.amountRupees;
  const step = policy.amountStepRupees;
  const credit = applicant.credit?.eligible ? applicant.credit : { loanShare: 1, maxRupees: null };
  const byIncome = income * policy.maxLoanIncomeShare * credit.loanShare;
  const cap = Math.floor(Math.min(max, byIncome, credit.maxRupees ?? max) / step) * step;
  if (cap < min) return { eligible: false, message: DECISION_MESSAGES.belowSmallestLoan(min), reasons: [] };
  return {
    eligible: true,
    message: DECISION_MESSAGES.eligible,
    quote: {
      min_loan_amount: min,
      max_loan_amount: cap,
      min_loan_tenure: site.loan.tenureDays.min,
      max_loan_tenure: site.loan.tenureDays.max,
      daily_rate_percent: dailyRatePercentFor(applicant.monthlyIncomePaise),
    },
  };
}
