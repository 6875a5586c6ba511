/**
 * The Key Fact Statement shown before a loan is accepted (RBI's digital lending directions): the
 * lender, amount, tenure, rate, every fee with GST, the APR, the total to repay, the due date, the
 * cooling-off period and the grievance officer. Every figure comes from the rates module.
 */
import { addDays } from './dates.ts';
import { loanCost } from './rates.ts';
import type { Site } from './site.ts';

/** Days after disbursal in which the borrower may leave the loan by repaying principal and interest to date, with no penalty. */
export const COOLING_OFF_DAYS = 3;

/**
 * Loans are quoted at the highest configured daily rate: the loan page's payable, principal +
 * principal × days / 100 (dashboard.md §9), is 1% a day. The server's statement and the page's
 * figure both take the rate from here.
 */
export const quoteDailyRatePercent = (loan: { dailyRatePercent: { max: number } }): number => loan.dailyRatePercent.max;

export interface KeyFactStatement {
  lender: string;
  brand: string;
  sanctioned_amount_paise: number;
  tenure_days: number;
  daily_rate_percent: number;
  annual_rate_percent: number;
  processing_fee_paise: number;
  gst_on_fee_paise: number;
  disbursed_amount_paise: number;
  interest_paise: number;
  total_repayable_paise: number;
  apr_percent: number;
  due_date: string;
  cooling_off_days: number;
  grievance_officer: { name: string; email: string; phone: string };
}

export function keyFactStatement(
  data: Site,
  loan: { amountPaise: number; tenureDays: number; dailyRatePercent: number; disbursalDate: string },
): KeyFactStatement {
  const cost = loanCost({
    principalPaise: loan.amountPaise,
    days: loan.tenureDays,
    dailyRatePercent: loan.dailyRatePercent,
    processingFeePercent: data.loan.processingFeePercent,
    gstPercent: data.loan.gstPercent,
  });
  return {
    lender: data.legalName,
    brand: data.brand,
    sanctioned_amount_paise: cost.principalPaise,
    tenure_days: cost.days,
    daily_rate_percent: loan.dailyRatePercent,
    annual_rate_percent: cost.annualRatePercent,
    processing_fee_paise: cost.processingFeePaise,
    gst_on_fee_paise: cost.gstPaise,
    disbursed_amount_paise: cost.disbursedPaise,
    interest_paise: cost.interestPaise,
    total_repayable_paise: cost.repayablePaise,
    apr_percent: cost.aprPercent,
    due_date: addDays(loan.disbursalDate, loan.tenureDays),
    cooling_off_days: COOLING_OFF_DAYS,
    grievance_officer: {
      name: data.grievanceOfficer.name,
      email: data.grievanceOfficer.email,
      phone: data.grievanceOfficer.phone,
    },
  };
}
