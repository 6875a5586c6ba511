/**
 * What a statement is drawn from: the signed-in customer's lead, its loan and the loan's account on
 * today's date in India, read through the one account reader (src/server/loans/account.ts).
 */
import { and, eq } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { site } from '../../lib/site.ts';
import type { Database } from '../db/client.ts';
import { customers, leads, loans } from '../db/schema.ts';
import { loanAccount } from '../loans/account.ts';
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
  const [lead] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.customerId, customerId)));
  if (!lead) return null;
  const [loan] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.leadId, String(lead.id)), eq(loans.customerId, customerId)));
  if (!loan) return null;
  const [customer] = await db
    .select({ fullName: customers.fullName, pancard: customers.pancard })
    .from(customers)
    .where(eq(customers.id, customerId));
  const account = await loanAccount(db, loan, indiaDate(now));
  return {
    lender: LENDER,
    customer: { name: customer?.fullName ?? '', pan: customer?.pancard ?? null },
    loan: account.loan,
    collections: account.collections,
    state: account.state,
    generatedAt: now,
  };
}
