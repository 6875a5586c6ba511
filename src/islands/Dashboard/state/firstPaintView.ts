/**
 * What the dashboard's first paint draws, from getProfile's or getLeadList's answer (issue 25): the
 * loan's summary (its number, the dues and which to pay) and loan history's cards, as text, with the
 * screens' own functions (src/lib/loanDues.ts, src/lib/leadStatus.ts). The page's inline script draws
 * it (src/scripts/dashboardFirstPaintDraw.ts) and the island keeps it for the next page load
 * (state/lastFigures.ts), so both are the same words. Importing it builds the number and date formats.
 */
import { formatDate } from '../../../lib/format.ts';
import { statusLabel } from '../../../lib/leadStatus.ts';
import { duesFigures, NOTHING_DUE, nothingDue, whichToPay } from '../../../lib/loanDues.ts';
import { formatRupees } from '../../../lib/money.ts';
import type { LeadFigures, LeadView, LoanView, ProfileFigures } from './lastFigures.ts';

/** The active loan's summary (with nothing due, the sentence says so), for a customer the island's guard shows the loan's screens (eligibility 1); else null. */
export function loanView(profile: ProfileFigures | undefined): LoanView | null {
  const loan = profile?.active_loan_details;
  if (profile?.eligibility_status !== 1 || !loan) return null;
  return {
    loanNo: loan.loan_no,
    figures: duesFigures(loan),
    which: nothingDue(loan) ? NOTHING_DUE : whichToPay(loan),
    nothingDue: nothingDue(loan),
  };
}

/** Loan history's cards (screens/Leads.tsx): no "NA" before the amount is chosen (issue 25), as the island. */
export function leadsView(leads: LeadFigures[] | undefined): LeadView[] | null {
  if (!leads?.length) return null;
  return leads.map((lead) => ({
    id: lead.lead_id,
    amount: lead.loan_amount === null ? null : formatRupees(lead.loan_amount),
    status: statusLabel(lead.status),
    applied: formatDate(lead.lead_entry_date),
  }));
}
