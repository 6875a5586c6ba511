/**
 * Which loan a payment request pays: the repay session's one loan, or the signed-in customer's own
 * loan (the dashboard's Pay Now).
 */
import { STATUS } from '../../lib/api/envelope.ts';
import type { Deps } from '../app/context.ts';
import { ApiError } from '../http/respond.ts';
import { activeLoanOf, type LoanRow, loanOfLead } from '../loans/store.ts';
import { isSessionToken, repaySessionLoan } from '../repay/store.ts';

const REPAY_SESSION_EXPIRED = 'This payment session has expired. Please enter your PAN again.';
const NOT_YOUR_LOAN = 'This loan is not yours to pay from here.';

/** The lead a payment request names (`lead_id`, PayU's `udf5`), or null when it names none. */
const named = (leadId: string | number | undefined) =>
  leadId === undefined || String(leadId).trim() === '' ? null : String(leadId).trim();

/**
 * The loan a payment request is for: the repay session's one loan, or the signed-in customer's
 * own loan: the one of the lead the request names, else their active loan. A named lead must be
 * the customer's own (or the repay session's): another customer's lead and a lead without a loan
 * get the same 403, so nothing tells whose lead a number is. `token`: the request's Authtoken.
 */
export async function payerLoan(deps: Deps, token: string, leadId?: string | number): Promise<LoanRow> {
  const lead = named(leadId);
  if (isSessionToken(token)) {
    const repayLoan = await repaySessionLoan(deps, token);
    if (repayLoan) {
      if (lead !== null && lead !== repayLoan.leadId) throw new ApiError(403, NOT_YOUR_LOAN, 'forbidden');
      return repayLoan;
    }
    const session = await deps.sessions.find(token);
    if (session) {
      const loan =
        lead === null
          ? await activeLoanOf(deps.db, session.customerId)
          : await loanOfLead(deps.db, lead, session.customerId);
      if (loan) return loan;
      if (lead !== null) throw new ApiError(403, NOT_YOUR_LOAN, 'forbidden');
      throw new ApiError(409, 'You have no loan with an amount due.', 'nothing_due');
    }
  }
  throw new ApiError(401, REPAY_SESSION_EXPIRED, 'session_expired', STATUS.invalidSession);
}
