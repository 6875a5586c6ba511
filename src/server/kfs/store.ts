/**
 * Key Fact Statements as records (docs/decisions.md, "Key Fact Statement and rate policy"): issued with
 * a number from kfs_no_seq, stored exactly as shown, acknowledged by the customer, superseded when a
 * later one replaces it. A lead's current statement is leads.kfs_id.
 */
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { keyFactStatement, kfsNumber } from '../../lib/kfs.ts';
import { site } from '../../lib/site.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { keyFactStatements, leads } from '../db/schema.ts';
import type { Lead } from '../leads/store.ts';

export type KfsRow = typeof keyFactStatements.$inferSelect;

export interface KfsTerms {
  amountPaise: number;
  tenureDays: number;
  dailyRatePercent: number;
}

/**
 * A new statement for the lead, its current one from now on (the one before is superseded). The
 * quote's is acknowledged as it is issued (the customer confirmed it in the same request); an
 * approval's waits for the customer.
 */
export async function issueKfs(
  tx: Transaction,
  lead: Lead,
  figures: KfsTerms,
  reason: 'quote' | 'approval',
  now: Date,
  acknowledged: boolean,
): Promise<KfsRow> {
  const [next] = await queryRows<{ n: string | number }>(tx, sql`select nextval('kfs_no_seq') as n`);
  const issuedOn = indiaDate(now);
  const content = keyFactStatement(site, { ...figures, issuedOn, kfsNo: kfsNumber(next?.n ?? 0) });
  const [row] = await tx
    .insert(keyFactStatements)
    .values({
      kfsNo: content.kfs_no as string,
      leadId: lead.id,
      reason,
      content,
      issuedAt: now,
      validUntil: content.valid_until,
      acknowledgedAt: acknowledged ? now : null,
    })
    .returning();
  if (!row) throw new Error('statement not stored');
  await tx
    .update(keyFactStatements)
    .set({ supersededAt: now })
    .where(
      and(
        eq(keyFactStatements.leadId, lead.id),
        ne(keyFactStatements.id, row.id),
        isNull(keyFactStatements.supersededAt),
      ),
    );
  await tx.update(leads).set({ kfsId: row.id }).where(eq(leads.id, lead.id));
  return row;
}

export async function kfsById(db: Database | Transaction, id: string | null): Promise<KfsRow | undefined> {
  if (!id) return undefined;
  const [row] = await db.select().from(keyFactStatements).where(eq(keyFactStatements.id, id));
  return row;
}

/** Every statement of a lead, latest first. */
export function kfsOfLead(db: Database | Transaction, leadId: number): Promise<KfsRow[]> {
  return db
    .select()
    .from(keyFactStatements)
    .where(eq(keyFactStatements.leadId, leadId))
    .orderBy(desc(keyFactStatements.issuedAt), desc(keyFactStatements.kfsNo));
}

/** The statement of this number with its lead, when the lead is the customer's. */
export async function customerKfs(db: Database | Transaction, kfsNo: string, customerId: string) {
  const [found] = await db
    .select({ row: keyFactStatements, lead: leads })
    .from(keyFactStatements)
    .innerJoin(leads, eq(leads.id, keyFactStatements.leadId))
    .where(and(eq(keyFactStatements.kfsNo, kfsNo), eq(leads.customerId, customerId)));
  return found;
}

/** The statement with its row locked until the transaction ends (after its lead's: the one lock order). */
export async function lockedKfs(tx: Transaction, id: string): Promise<KfsRow | undefined> {
  const [row] = await tx.select().from(keyFactStatements).where(eq(keyFactStatements.id, id)).for('update');
  return row;
}

/**
 * Records the customer's acceptance of their current statement, and the accepted application, in the
 * caller's transaction, which holds the lead's lock and then the statement's (application/lifecycle.ts).
 */
export async function acknowledgeKfs(tx: Transaction, row: KfsRow, lead: Lead, now: Date): Promise<KfsRow> {
  const [updated] = await tx
    .update(keyFactStatements)
    .set({ acknowledgedAt: now })
    .where(
      and(
        eq(keyFactStatements.id, row.id),
        isNull(keyFactStatements.acknowledgedAt),
        isNull(keyFactStatements.supersededAt),
      ),
    )
    .returning();
  if (!updated) throw new Error('statement changed under its lock');
  await tx
    .update(leads)
    .set({ status: 'accepted', kfs: updated.content, kfsAcknowledgedAt: now, version: sql`${leads.version} + 1` })
    .where(eq(leads.id, lead.id));
  return updated;
}
