/**
 * The one module that turns the configured rates into money. Every figure a page shows
 * (calculator, worked examples, APR) comes from here; amounts are integer paise throughout.
 *
 * Interest is simple and daily: interest = principal x daily rate x days / 100.
 * The processing fee is a percentage of the principal, with GST on the fee, both deducted at
 * disbursal. APR follows the RBI Key Fact Statement idea for a single repayment: the whole cost
 * of credit (interest + fee + GST) over the amount actually received, annualised over 365 days.
 */

export const DAYS_IN_YEAR = 365;

/** A percentage with at most two decimals (0.25) -> hundredths of a percent (25), exactly. */
export function percentToHundredths(percent: number): number {
  const hundredths = Math.round(percent * 100);
  if (!Number.isFinite(percent) || Math.abs(hundredths - percent * 100) > 1e-6) {
    throw new RangeError(`rates are configured with at most two decimals, got ${percent}`);
  }
  return hundredths;
}

/** amount x percent / 100, rounded half up to the paisa, computed on integers. */
export function percentOfPaise(paise: number, percent: number): number {
  return Math.round((paise * percentToHundredths(percent)) / 10_000);
}

export function interestPaise(principalPaise: number, dailyRatePercent: number, days: number): number {
  return Math.round((principalPaise * percentToHundredths(dailyRatePercent) * days) / 10_000);
}

/** The nominal yearly rate that a daily rate amounts to (0.25% a day -> 91.25% a year). */
export function annualRatePercent(dailyRatePercent: number): number {
  return (percentToHundredths(dailyRatePercent) * DAYS_IN_YEAR) / 100;
}

export interface LoanTerms {
  principalPaise: number;
  days: number;
  dailyRatePercent: number;
  processingFeePercent: number;
  gstPercent: number;
}

export interface LoanCost {
  principalPaise: number;
  days: number;
  interestPaise: number;
  processingFeePaise: number;
  gstPaise: number;
  /** What reaches the borrower's account: principal less fee and GST. */
  disbursedPaise: number;
  /** What the borrower pays back: principal plus interest. */
  repayablePaise: number;
  annualRatePercent: number;
  /** Annual percentage rate, two decimals. */
  aprPercent: number;
}

export function loanCost(terms: LoanTerms): LoanCost {
  const { principalPaise, days, dailyRatePercent } = terms;
  if (!Number.isInteger(principalPaise) || principalPaise <= 0) {
    throw new RangeError('principal must be a positive number of paise');
  }
  if (!Number.isInteger(days) || days <= 0) throw new RangeError('days must be a positive whole number');
  const interest = interestPaise(principalPaise, dailyRatePercent, days);
  const fee = percentOfPaise(principalPaise, terms.processingFeePercent);
  const gst = percentOfPaise(fee, terms.gstPercent);
  const disbursed = principalPaise - fee - gst;
  const repayable = principalPaise + interest;
  const apr = ((repayable - disbursed) / disbursed) * (DAYS_IN_YEAR / days) * 100;
  return {
    principalPaise,
    days,
    interestPaise: interest,
    processingFeePaise: fee,
    gstPaise: gst,
    disbursedPaise: disbursed,
    repayablePaise: repayable,
    annualRatePercent: annualRatePercent(dailyRatePercent),
    aprPercent: Math.round(apr * 100) / 100,
  };
}
