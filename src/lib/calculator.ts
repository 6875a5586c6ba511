/**
 * The home page loan calculator's rules (product.md §5, §9, §10.6): it shows only
 * loans we offer, so its amount and day ranges, its daily rates and the loan it opens on all come
 * from content/site.json; its messages keep the specification's wording with those figures in them.
 *
 * The island imports this module, so it imports nothing that reads the site data itself: the page
 * builds the settings at build time (`calculatorSettings(site)`) and hands them to the island.
 */
import { formatPaise, paiseFromRupees } from './money.ts';
import { interestPaise } from './rates.ts';
import type { IllustrativeLoan, Site } from './site.ts';

/** The amount slider moves in steps of 500 rupees (product.md §9); typed entry takes any rupee. */
export const AMOUNT_STEP_RUPEES = 500;

export interface Range {
  min: number;
  max: number;
}

/** One daily rate the policy gives, with the monthly income that gets it, e.g. "₹25,000 to ₹39,999". */
export interface RateChoice {
  dailyRatePercent: number;
  monthlyIncome: string;
}

/** Everything the calculator island needs, as plain data. */
export interface CalculatorSettings {
  amount: Range & { step: number };
  days: Range;
  /** Lowest rate first. */
  rates: RateChoice[];
  opening: IllustrativeLoan;
  processingFeePercent: number;
  gstPercent: number;
}

/**
 * The rate tiers (listed highest income first, as site.json keeps them) as choices, lowest rate
 * first: each tier runs from its own least income to one rupee below the next tier's.
 */
export function rateChoices(tiers: Site['loan']['rateTiers']): RateChoice[] {
  const rupees = (value: number) => formatPaise(paiseFromRupees(value));
  return tiers
    .map((tier, i) => {
      const above = tiers[i - 1];
      const monthlyIncome = above
        ? `${rupees(tier.minMonthlyIncomeRupees)} to ${rupees(above.minMonthlyIncomeRupees - 1)}`
        : `${rupees(tier.minMonthlyIncomeRupees)} or more`;
      return { dailyRatePercent: tier.dailyRatePercent, monthlyIncome };
    })
    .sort((a, b) => a.dailyRatePercent - b.dailyRatePercent);
}

export function calculatorSettings(data: Pick<Site, 'loan' | 'calculator'>): CalculatorSettings {
  const { loan } = data;
  return {
    amount: { ...loan.amountRupees, step: AMOUNT_STEP_RUPEES },
    days: { ...loan.tenureDays },
    rates: rateChoices(loan.rateTiers),
    opening: { ...data.calculator },
    processingFeePercent: loan.processingFeePercent,
    gstPercent: loan.gstPercent,
  };
}

/**
 * A figure written as the specification writes its limits: plain digits, with one comma before the
 * last four when there are more ("5000", "10,0000"), so the configured 1,00,000 reads as before.
 */
export function specFigure(value: number): string {
  const digits = String(value);
  return digits.length > 4 ? `${digits.slice(0, -4)},${digits.slice(-4)}` : digits;
}

export interface CalculatorMessages {
  amountTooLow: string;
  amountTooHigh: string;
  daysTooMany: string;
  daysTooFew: string;
}

/**
 * The product's messages, word for word, with the configured figures in place of the
 * specification's 5000, 10,0000 and 30; the days minimum keeps "must be more than" and names the
 * day before the first allowed one (0 for 1 day, 59 for 60 days).
 */
export function calculatorMessages(limits: { amount: Range; days: Range }): CalculatorMessages {
  return {
    amountTooLow: `Amount must be greater then ${specFigure(limits.amount.min)}`,
    amountTooHigh: `Amount must be less than ${specFigure(limits.amount.max)}`,
    daysTooMany: `You can Check on upto ${limits.days.max} days only`,
    daysTooFew: `Number of Days must be more than ${limits.days.min - 1}`,
  };
}

/** The message for a typed amount in rupees, or undefined when it can be shown. */
export function amountError(amount: number, limits: { amount: Range; days: Range }): string | undefined {
  if (!Number.isFinite(amount) || amount < limits.amount.min) return calculatorMessages(limits).amountTooLow;
  if (amount > limits.amount.max) return calculatorMessages(limits).amountTooHigh;
  return undefined;
}

/**
 * The loan page's message for an amount outside the customer's quote: the server's refusal word for
 * word (server/application/quote.ts), so the screen says before sending what the server would answer.
 */
export function quoteAmountMessage(range: Range): string {
  const rupees = (value: number) => formatPaise(paiseFromRupees(value));
  return `Choose an amount from ${rupees(range.min)} to ${rupees(range.max)}.`;
}

/** The message for a typed number of days, or undefined when it can be shown. */
export function daysError(days: number, limits: { amount: Range; days: Range }): string | undefined {
  if (!Number.isInteger(days) || days < limits.days.min) return calculatorMessages(limits).daysTooFew;
  if (days > limits.days.max) return calculatorMessages(limits).daysTooMany;
  return undefined;
}

export interface Quote {
  interestPaise: number;
  payablePaise: number;
}

/** payable = amount + amount x rate x days / 100, in paise. */
export function quote(amountRupees: number, dailyRatePercent: number, days: number): Quote {
  const principal = paiseFromRupees(amountRupees);
  const interest = interestPaise(principal, dailyRatePercent, days);
  return { interestPaise: interest, payablePaise: principal + interest };
}

/** Keeps only digits of typed text; '' stays '' so a field can be cleared while typing. */
export function digitsOnly(text: string, maxLength = 7): string {
  return text.replace(/\D/g, '').slice(0, maxLength);
}
