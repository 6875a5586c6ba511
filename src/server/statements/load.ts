/**
 * What a statement is drawn from: the signed-in customer's lead, its loan and the loan's account on
 * today's date in India, read through the one account reader (src/server/loans/account.ts).
 */
import { indiaDate } from '../../lib/dates.ts';
import { site } from '../../lib/site.ts';
import { customerById } from '../customers/store.ts';
import type { Database } from '../db/client.ts';
import { leadOfCustomer } from '../leads/store.ts';
import { loanAccount } from '../loans/account.ts';
import { loanOfLead } from '../loans/store.ts';
import { lenderOf, type StatementInput } from './statementPdf.ts';

const LENDER = lenderOf(site);

/**
 * The statement's input for the customer's lead, or null when the lead is not theirs, does not exist
 * or has no loan (the caller answers all three alike).
 */
export async function statementInput(
  db: Database,
  customerId: string,
  leadId: number,
  now: Date,
): Promise<StatementInput | null> {
  const lead = await leadOfCustomer(db, leadId, customerId);
  if (!lead) return null;
  const loan = await loanOfLead(db, lead.id, customerId);
  if (!loan) return null;
  const customer = await customerById(db, customerId);
  const account = await loanAccount(db, loan, indiaDate(now));
  return {
    lender: LENDER,
    customer: { name: customer?.fullName ?? '', pan: customer?.pancard ?? null },
    loan: account.loan,
    collections: account.collections,
    reversals: account.reversals,
    state: account.state,
    generatedAt: now,
  };
}
