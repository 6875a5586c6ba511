/**
 * Key Fact Statements as records (docs/decisions.md, "Key Fact Statement and rate policy"): issued with
 * a number from kfs_no_seq, stored exactly as shown, acknowledged by the customer, superseded when a
 * later one replaces it. A lead's current statement is leads.kfs_id.
 *
 * A preview (reason 'preview', docs/decisions.md "The KFS number on the preview") is numbered and stored
 * when the customer asks to read it, so the statement they read carries its number; accepting those
 * terms the same day issues that very statement (issueKfs). Previews are nobody's statements otherwise:
 * the lists, the acknowledgement and the loan never see them.
 */
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { keyFactStatement, kfsNumber } from '../../lib/kfs.ts';
import { site } from '../../lib/site.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { keyFactStatements, leads, loans } from '../db/schema.ts';
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
  const issuedOn = indiaDate(now);
  // The quote's terms as the customer read them today: that statement, its number kept.
  const preview = reason === 'quote' ? await previewOf(tx, lead.id, figures, issuedOn, true) : undefined;
  const [row] = preview
    ? await tx
        .update(keyFactStatements)
        .set({ reason, issuedAt: now, acknowledgedAt: acknowledged ? now : null })
        .where(and(eq(keyFactStatements.id, preview.id), eq(keyFactStatements.reason, PREVIEW)))
        .returning()
    : await insertKfs(tx, lead.id, figures, reason, now, acknowledged ? now : null);
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

/** Whether a statement states exactly these terms. */
export const statesTerms = (content: KeyFactStatement, figures: KfsTerms) =>
  content.sanctioned_amount_paise === figures.amountPaise &&
  content.tenure_days === figures.tenureDays &&
  content.daily_rate_hundredths === Math.round(figures.dailyRatePercent * 100);

/** The reason of a statement shown before acceptance and not (yet) issued. */
const PREVIEW = 'preview';

async function insertKfs(
  db: Database | Transaction,
  leadId: number,
  figures: KfsTerms,
  reason: 'quote' | 'approval' | typeof PREVIEW,
  now: Date,
  acknowledgedAt: Date | null,
) {
  const [next] = await queryRows<{ n: string | number }>(db, sql`select nextval('kfs_no_seq') as n`);
  const content = keyFactStatement(site, { ...figures, issuedOn: indiaDate(now), kfsNo: kfsNumber(next?.n ?? 0) });
  return db
    .insert(keyFactStatements)
    .values({
      kfsNo: content.kfs_no as string,
      leadId,
      reason,
      content,
      issuedAt: now,
      validUntil: content.valid_until,
      acknowledgedAt,
    })
    .returning();
}

/** The lead's preview of these terms issued on `issuedOn` (locked, inside an issuing transaction). */
async function previewOf(
  db: Database | Transaction,
  leadId: number,
  figures: KfsTerms,
  issuedOn: string,
  lock = false,
): Promise<KfsRow | undefined> {
  const query = db
    .select()
    .from(keyFactStatements)
    .where(
      and(
        eq(keyFactStatements.leadId, leadId),
        eq(keyFactStatements.reason, PREVIEW),
        isNull(keyFactStatements.supersededAt),
      ),
    )
    .orderBy(desc(keyFactStatements.issuedAt));
  const rows = lock ? await query.for('update') : await query;
  return rows.find((row) => {
    const content = row.content as KeyFactStatement;
    return content.issued_on === issuedOn && statesTerms(content, figures);
  });
}

/**
 * The statement a customer reads before accepting these terms, numbered: the one shown earlier today
 * for the same terms, else a new preview. Asking again does not use up numbers.
 */
export async function previewKfs(db: Database, leadId: number, figures: KfsTerms, now: Date): Promise<KfsRow> {
  const shown = await previewOf(db, leadId, figures, indiaDate(now));
  if (shown) return shown;
  const [row] = await insertKfs(db, leadId, figures, PREVIEW, now, null);
  if (!row) throw new Error('preview not stored');
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
    .where(and(eq(keyFactStatements.leadId, leadId), ne(keyFactStatements.reason, PREVIEW)))
    .orderBy(desc(keyFactStatements.issuedAt), desc(keyFactStatements.kfsNo));
}

/**
 * The statement of this number with its lead, when the lead is the customer's; a preview only when
 * asked for (its PDF), never to be acknowledged.
 */
export async function customerKfs(
  db: Database | Transaction,
  kfsNo: string,
  customerId: string,
  { previews = false } = {},
) {
  const [found] = await db
    .select({ row: keyFactStatements, lead: leads, loan: { loan_no: loans.loanNo, due_date: loans.repaymentDate } })
    .from(keyFactStatements)
    .innerJoin(leads, eq(leads.id, keyFactStatements.leadId))
    .leftJoin(loans, eq(loans.kfsId, keyFactStatements.id))
    .where(
      and(
        eq(keyFactStatements.kfsNo, kfsNo),
        eq(leads.customerId, customerId),
        previews ? undefined : ne(keyFactStatements.reason, PREVIEW),
      ),
    );
  return found;
}

/** The loans made on these statements: each one's account number and due date, by statement id. */
export async function loansOfKfs(db: Database | Transaction, ids: string[]) {
  if (ids.length === 0) return new Map<string, { loan_no: string; due_date: string }>();
  const rows = await db
    .select({ kfsId: loans.kfsId, loan_no: loans.loanNo, due_date: loans.repaymentDate })
    .from(loans)
    .where(inArray(loans.kfsId, ids));
  return new Map(rows.map(({ kfsId, ...loan }) => [kfsId as string, loan]));
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
