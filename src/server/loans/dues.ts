/**
 * What a loan owes today. Interest accrues daily on the principal (at least one day's worth), as the
 * rates module computes it; the dues are principal plus interest to date less what was collected,
 * never below zero. `repayment_amount` is what falls due on the repayment date.
 */
import { daysBetween } from '../../lib/dates.ts';
import { interestPaise } from '../../lib/rates.ts';

export interface LoanTerms {
  loanNo: string;
  principalPaise: number;
  dailyRateHundredths: number;
  tenureDays: number;
  disbursalDate: string;
  repaymentDate: string;
  collectedPaise: number;
}

export interface Dues {
  loanNo: string;
  disbursalDate: string;
  repaymentDate: string;
  principalPaise: number;
  repaymentAmountPaise: number;
  /** Interest accrued up to `today`. */
  interestToDatePaise: number;
  collectedPaise: number;
  totalDuePaise: number;
}

export function duesOn(loan: LoanTerms, today: string): Dues {
  const rate = loan.dailyRateHundredths / 100;
  const days = Math.max(1, daysBetween(loan.disbursalDate, today));
  const interest = interestPaise(loan.principalPaise, rate, days);
  return {
    loanNo: loan.loanNo,
    disbursalDate: loan.disbursalDate,
    repaymentDate: loan.repaymentDate,
    principalPaise: loan.principalPaise,
    repaymentAmountPaise: loan.principalPaise + interestPaise(loan.principalPaise, rate, loan.tenureDays),
    interestToDatePaise: interest,
    collectedPaise: loan.collectedPaise,
    totalDuePaise: Math.max(0, loan.principalPaise + interest - loan.collectedPaise),
  };
}
