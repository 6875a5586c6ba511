/**
 * The servicing terms a loan carries besides its amount, rate and tenure, from the configured policy
 * (content/site.json `loan`): the processing fee and its GST deducted at disbursal, the cooling-off
 * period, and what may be charged after the due date. The Key Fact Statement shows them and the loan
 * is disbursed with exactly the statement's figures, so a later change of policy never reaches a
 * loan already made.
 */

import { paiseFromRupees } from './money.ts';
import { percentOfPaise } from './rates.ts';
import type { Site } from './site.ts';

export interface ServicingTerms {
  processingFeePaise: number;
  gstOnFeePaise: number;
  coolingOffDays: number;
  overdueInterestDaysMax: number;
  penalChargePaise: number;
  penalGstPaise: number;
  /** No penal charge when less than this is unpaid at the end of the due date. */
  penalThresholdPaise: number;
}

export function servicingTerms(loan: Site['loan'], principalPaise: number): ServicingTerms {
  const fee = percentOfPaise(principalPaise, loan.processingFeePercent);
  const penal = paiseFromRupees(loan.afterDueDate.penalChargeRupees);
  return {
    processingFeePaise: fee,
    gstOnFeePaise: percentOfPaise(fee, loan.gstPercent),
    coolingOffDays: loan.coolingOffDays,
    overdueInterestDaysMax: loan.afterDueDate.interestDaysMax,
    penalChargePaise: penal,
    penalGstPaise: percentOfPaise(penal, loan.afterDueDate.penalChargeGstPercent),
    penalThresholdPaise: paiseFromRupees(loan.afterDueDate.penalThresholdRupees),
  };
}
