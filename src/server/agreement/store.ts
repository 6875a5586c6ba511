/** Loan agreements as stored (src/server/db/schema.ts, loan_agreements): found, added, locked, changed. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { loanAgreements } from '../db/schema.ts';

export type AgreementRow = typeof loanAgreements.$inferSelect;
type Db = Database | Transaction;

/** The agreement drawn on this statement. */
export async function agreementOfKfs(db: Db, kfsId: string): Promise<AgreementRow | undefined> {
  const [row] = await db.select().from(loanAgreements).where(eq(loanAgreements.kfsId, kfsId));
  return row;
}

/** The lead's latest agreement (a later statement has its own). */
export async function latestAgreementOfLead(db: Db, leadId: number): Promise<AgreementRow | undefined> {
  const [row] = await db
    .select()
    .from(loanAgreements)
    .where(eq(loanAgreements.leadId, leadId))
    .orderBy(desc(loanAgreements.createdAt), desc(loanAgreements.id))
    .limit(1);
  return row;
}

/** Stores a newly drawn agreement; the one already stored for the statement when two drew it at once. */
export async function addAgreement(db: Db, values: typeof loanAgreements.$inferInsert): Promise<AgreementRow> {
  await db.insert(loanAgreements).values(values).onConflictDoNothing({ target: loanAgreements.kfsId });
  const row = await agreementOfKfs(db, values.kfsId);
  if (!row) throw new Error('agreement not stored');
  return row;
}

export async function lockedAgreement(tx: Transaction, id: number): Promise<AgreementRow | undefined> {
  const [row] = await tx.select().from(loanAgreements).where(eq(loanAgreements.id, id)).for('update');
  return row;
}

/** Changes the agreement when it is still at `version`; undefined when another request changed it first. */
export async function updateAgreement(
  tx: Transaction,
  row: Pick<AgreementRow, 'id' | 'version'>,
  values: Partial<typeof loanAgreements.$inferInsert>,
): Promise<AgreementRow | undefined> {
  const [updated] = await tx
    .update(loanAgreements)
    .set({ ...values, version: sql`${loanAgreements.version} + 1` })
    .where(and(eq(loanAgreements.id, row.id), eq(loanAgreements.version, row.version)))
    .returning();
  return updated;
}
