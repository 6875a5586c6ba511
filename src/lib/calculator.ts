/**
 * The home page loan calculator's rules (dashboard.md §5 and §9): slider ranges, the checks on
 * typed entry with their exact messages, and the payable amount from the rates module.
 */
import { interestPaise, rupeesToPaise } from './rates.ts';

export const CALCULATOR = {
  amount: { min: 10_000, max: 100_000, step: 500, default: 10_000 },
  days: { min: 1, max: 40, step: 1, default: 1, checkMax: 30 },
} as const;

/** The product's messages, word for word; the amount bounds they name are the site's loan range. */
export const CALCULATOR_MESSAGES = {
  amountTooLow: 'Amount must be greater then 5000',
  amountTooHigh: 'Amount must be less than 10,0000',
  daysTooMany: 'You can Check on upto 30 days only',
  daysTooFew: 'Number of Days must be more than 0',
} as const;

export interface AmountLimits {
  min: number;
  max: number;
}

/** Returns the message for a typed amount in rupees, or undefined when it can be checked. */
export function amountError(amount: number, limits: AmountLimits): string | undefined {
  if (!Number.isFinite(amount) || amount < limits.min) return CALCULATOR_MESSAGES.amountTooLow;
  if (amount > limits.max) return CALCULATOR_MESSAGES.amountTooHigh;
  return undefined;
}

export function daysError(days: number): string | undefined {
  if (!Number.isFinite(days) || days < 1) return CALCULATOR_MESSAGES.daysTooFew;
  if (days > CALCULATOR.days.checkMax) return CALCULATOR_MESSAGES.daysTooMany;
  return undefined;
}

export interface Quote {
  interestPaise: number;
  payablePaise: number;
}

/** payable = amount + amount x rate x days / 100, in paise. */
export function quote(amountRupees: number, dailyRatePercent: number, days: number): Quote {
  const principal = rupeesToPaise(amountRupees);
  const interest = interestPaise(principal, dailyRatePercent, days);
  return { interestPaise: interest, payablePaise: principal + interest };
}

/** Keeps only digits of typed text; '' stays '' so a field can be cleared while typing. */
export function digitsOnly(text: string, maxLength = 7): string {
  return text.replace(/\D/g, '').slice(0, maxLength);
}
