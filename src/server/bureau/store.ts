/**
 * What was reported to the credit bureaus (issue 23): each run (one per reporting date) and, for
 * each loan in its file, the status reported and whether the borrower's default notice went with it.
 */
import { and, asc, desc, eq, lt, lte } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { bureauRunLoans, bureauRuns, customers, loans } from '../db/schema.ts';

export type BureauRun = typeof bureauRuns.$inferSelect;
export type BureauRunLoan = typeof bureauRunLoans.$inferInsert;

export async function runAsOf(db: Database | Transaction, asOf: string): Promise<BureauRun | undefined> {
  const [row] = await db.select().from(bureauRuns).where(eq(bureauRuns.asOf, asOf));
  return row;
}

/** The loans disbursed by `asOf`, with their borrowers, oldest first. */
export function loansDisbursedBy(db: Database | Transaction, asOf: string) {
  return db
    .select({ loan: loans, customer: customers })
    .from(loans)
    .innerJoin(customers, eq(loans.customerId, customers.id))
    .where(lte(loans.disbursalDate, asOf))
    .orderBy(asc(loans.disbursalDate), asc(loans.loanNo));
}

/** What each loan was last reported as before `asOf`, and whether a default notice was ever sent. */
export async function reportedBefore(db: Database | Transaction, asOf: string) {
  const rows = await db
    .select({ loanId: bureauRunLoans.loanId, status: bureauRunLoans.status, notice: bureauRunLoans.defaultNotice })
    .from(bureauRunLoans)
    .innerJoin(bureauRuns, eq(bureauRuns.id, bureauRunLoans.runId))
    .where(lt(bureauRuns.asOf, asOf))
    .orderBy(desc(bureauRuns.asOf));
  const last = new Map<string, { status: string; noticed: boolean }>();
  for (const row of rows) {
    const seen = last.get(row.loanId);
    if (!seen) last.set(row.loanId, { status: row.status, noticed: row.notice });
    else if (row.notice) seen.noticed = true;
  }
  return last;
}

/** The runs, newest first (the command line's list). */
export function recentRuns(db: Database | Transaction, limit: number) {
  return db.select().from(bureauRuns).orderBy(desc(bureauRuns.asOf)).limit(limit);
}

/** The loans a run reported. */
export function loansOfRun(db: Database | Transaction, runId: number) {
  return db
    .select({ line: bureauRunLoans, loanNo: loans.loanNo })
    .from(bureauRunLoans)
    .innerJoin(loans, eq(loans.id, bureauRunLoans.loanId))
    .where(and(eq(bureauRunLoans.runId, runId)))
    .orderBy(asc(bureauRunLoans.line));
}
