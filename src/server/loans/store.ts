/** Reading loans: by number, by PAN (the active one), with today's dues. */
import { and, desc, eq } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import type { Database } from '../db/client.ts';
import { customers, loans } from '../db/schema.ts';
import { type Dues, duesOn } from './dues.ts';

export type LoanRow = typeof loans.$inferSelect;

export async function loanByNo(db: Database, loanNo: string): Promise<LoanRow | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.loanNo, loanNo));
  return loan;
}

export async function loanById(db: Database, id: string): Promise<LoanRow | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.id, id));
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

export function duesToday(loan: LoanRow, now: Date): Dues {
  return duesOn(loan, indiaDate(now));
}
