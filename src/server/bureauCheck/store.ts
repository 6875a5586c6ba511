/** Credit reports asked before the decision, as stored (bureau_checks in src/server/db/schema.ts). */
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { bureauChecks } from '../db/schema.ts';

export type BureauCheck = typeof bureauChecks.$inferSelect;
type Db = Database | Transaction;

export async function insertBureauCheck(db: Db, values: Omit<typeof bureauChecks.$inferInsert, 'id'>) {
  const [row] = await db.insert(bureauChecks).values(values).returning();
  if (!row) throw new Error('bureau check not stored');
  return row;
}

/** The customer's latest report (not a failed ask) made on or after `since` (YYYY-MM-DD), if any. */
export async function latestReport(db: Db, customerId: string, since: string): Promise<BureauCheck | undefined> {
  const [row] = await db
    .select()
    .from(bureauChecks)
    .where(
      and(eq(bureauChecks.customerId, customerId), eq(bureauChecks.outcome, 'report'), gte(bureauChecks.asOf, since)),
    )
    .orderBy(desc(bureauChecks.askedAt), desc(bureauChecks.id))
    .limit(1);
  return row;
}

/** Every ask of the customer's, newest first (staff see them all, failures too). */
export function bureauChecksOf(db: Db, customerId: string) {
  return db
    .select()
    .from(bureauChecks)
    .where(eq(bureauChecks.customerId, customerId))
    .orderBy(desc(bureauChecks.askedAt), desc(bureauChecks.id));
}
