/** Reading loans: by number, by PAN (the active one). Their figures come from ./account.ts. */
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { customers, loans } from '../db/schema.ts';
import type { LoanRow } from './account.ts';

export type { LoanRow } from './account.ts';

export async function loanByNo(db: Database, loanNo: string): Promise<LoanRow | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.loanNo, loanNo));
  return loan;
}

/** The PAN holder's active loan with the customer's contact details, if any. */
export async function activeLoanByPan(db: Database, pancard: string) {
  const [row] = await db
    .select({ loan: loans, customer: customers })
    .from(loans)
    .innerJoin(customers, eq(loans.customerId, customers.id))
    .where(and(eq(customers.pancard, pancard), eq(loans.status, 'active')))
    .orderBy(desc(loans.createdAt))
    .limit(1);
  return row;
}
