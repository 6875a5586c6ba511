/** The overdue classification's rows: the class on the loan, and its history in loan_classifications. */
import { and, asc, eq, isNull, ne, or } from 'drizzle-orm';
import { type AssetClass, CLASS_NAMES, type OverdueClass } from '../../lib/overdueClasses.ts';
import type { Database, Transaction } from '../db/client.ts';
import { customers, loanClassifications, loans } from '../db/schema.ts';
import type { LoanRow } from '../loans/accountFigures.ts';

export type ClassificationRow = typeof loanClassifications.$inferSelect;

/** The loans an end of day classifies: every active loan, and any still flagged (to lift it once paid). */
export async function loansToClassify(db: Database): Promise<string[]> {
  const rows = await db
    .select({ loanNo: loans.loanNo })
    .from(loans)
    .where(or(eq(loans.status, 'active'), ne(loans.assetClass, 'standard')))
    .orderBy(asc(loans.loanNo));
  return rows.map((row) => row.loanNo);
}

/** The loan, locked for the rest of the transaction (a payment credited meanwhile waits, then sees the new class). */
export async function lockLoan(tx: Transaction, loanNo: string): Promise<LoanRow | undefined> {
  const [loan] = await tx.select().from(loans).where(eq(loans.loanNo, loanNo)).for('update');
  return loan;
}

export async function setLoanClass(
  tx: Transaction,
  loanId: string,
  values: { daysPastDue: number; assetClass: AssetClass; classSince: string | null; classifiedOn: string },
): Promise<void> {
  await tx.update(loans).set(values).where(eq(loans.id, loanId));
}

/**
 * Records a class the loan is in (or passed through): a new row, or the same class of the same start
 * still open. A loan that owes again after it was lifted (a payment reversed) opens its row again.
 */
export async function recordClass(
  tx: Transaction,
  row: {
    loanId: string;
    assetClass: OverdueClass;
    beganOn: string;
    endedOn: string | null;
    daysPastDue: number;
    overduePaise: number;
    recordedOn: string;
  },
): Promise<void> {
  await tx
    .insert(loanClassifications)
    .values(row)
    .onConflictDoUpdate({
      target: [loanClassifications.loanId, loanClassifications.assetClass, loanClassifications.beganOn],
      set: { endedOn: row.endedOn },
    });
}

/** Ends every open class of the loan on `endedOn` (all arrears paid). */
export async function liftClasses(tx: Transaction, loanId: string, endedOn: string): Promise<void> {
  await tx
    .update(loanClassifications)
    .set({ endedOn })
    .where(and(eq(loanClassifications.loanId, loanId), isNull(loanClassifications.endedOn)));
}

/** A loan's classes, oldest first. */
export function classHistory(db: Database | Transaction, loanId: string): Promise<ClassificationRow[]> {
  return db
    .select()
    .from(loanClassifications)
    .where(eq(loanClassifications.loanId, loanId))
    .orderBy(asc(loanClassifications.beganOn), asc(loanClassifications.id));
}

/** Loans whose current class the borrower has not yet been told of. */
export async function loansToNotify(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ loanNo: loans.loanNo })
    .from(loanClassifications)
    .innerJoin(loans, eq(loans.id, loanClassifications.loanId))
    .where(
      and(
        isNull(loanClassifications.notifiedAt),
        isNull(loanClassifications.endedOn),
        eq(loans.assetClass, loanClassifications.assetClass),
      ),
    )
    .orderBy(asc(loans.loanNo));
  return rows.map((row) => row.loanNo);
}

/** The loan's current class row, if the borrower is still to be told of it; locked. */
export async function currentUntold(tx: Transaction, loan: LoanRow): Promise<ClassificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(loanClassifications)
    .where(
      and(
        eq(loanClassifications.loanId, loan.id),
        eq(loanClassifications.assetClass, loan.assetClass),
        isNull(loanClassifications.endedOn),
        isNull(loanClassifications.notifiedAt),
      ),
    )
    .for('update');
  return row;
}

export async function markTold(tx: Transaction, id: number, at: Date): Promise<void> {
  await tx.update(loanClassifications).set({ notifiedAt: at }).where(eq(loanClassifications.id, id));
}

export async function borrowerOf(tx: Transaction, customerId: string) {
  const [row] = await tx
    .select({ mobile: customers.mobile, email: customers.email, fullName: customers.fullName })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row;
}

/** The loan's class as staff see it (the console's loan, `ops loan`): current, since when, and its history. */
export async function classificationOf(db: Database | Transaction, loan: LoanRow) {
  const history = await classHistory(db, loan.id);
  return {
    asset_class: loan.assetClass,
    name: CLASS_NAMES[loan.assetClass as AssetClass] ?? loan.assetClass,
    since: loan.classSince,
    days_past_due: loan.daysPastDue,
    classified_on: loan.classifiedOn,
    history: history.map((row) => ({
      name: CLASS_NAMES[row.assetClass as AssetClass] ?? row.assetClass,
      began_on: row.beganOn,
      ended_on: row.endedOn,
      told_at: row.notifiedAt?.toISOString() ?? null,
    })),
  };
}
