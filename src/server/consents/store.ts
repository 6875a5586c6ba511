/** Consents and privacy requests as stored (src/server/db/schema.ts): recorded, listed, withdrawn. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { consents, consentTexts, privacyRequests } from '../db/schema.ts';

export type Consent = typeof consents.$inferSelect;
export type PrivacyRequest = typeof privacyRequests.$inferSelect;
type Db = Database | Transaction;

/** Keeps a text under its version, once. */
export async function keepText(db: Db, version: string, kind: string, text: string): Promise<void> {
  await db.insert(consentTexts).values({ version, kind, text }).onConflictDoNothing();
}

/** Whether the server has this version's text (of that kind). */
export async function knownText(db: Db, version: string, kind: string): Promise<boolean> {
  const [row] = await db
    .select({ version: consentTexts.version })
    .from(consentTexts)
    .where(and(eq(consentTexts.version, version), eq(consentTexts.kind, kind)));
  return row !== undefined;
}

export async function insertConsent(db: Db, values: typeof consents.$inferInsert): Promise<Consent> {
  const [row] = await db.insert(consents).values(values).returning();
  if (!row) throw new Error('consent not stored');
  return row;
}

/** A customer's consents, newest first, each with its text when the server has it. */
export function consentsWithText(db: Db, customerId: string) {
  return db
    .select({ consent: consents, text: consentTexts.text })
    .from(consents)
    .leftJoin(consentTexts, eq(consentTexts.version, consents.textVersion))
    .where(eq(consents.customerId, customerId))
    .orderBy(desc(consents.givenAt), desc(consents.id));
}

/** The customer's consents of a kind not withdrawn, locked (a withdrawal and a new consent wait for each other). */
export function lockedActiveConsents(tx: Transaction, customerId: string, kind: string) {
  return tx
    .select()
    .from(consents)
    .where(and(eq(consents.customerId, customerId), eq(consents.kind, kind), isNull(consents.withdrawnAt)))
    .for('update');
}

/** The latest consent of a kind, withdrawn or not. */
export async function latestConsent(db: Db, customerId: string, kind: string): Promise<Consent | undefined> {
  const [row] = await db
    .select()
    .from(consents)
    .where(and(eq(consents.customerId, customerId), eq(consents.kind, kind)))
    .orderBy(desc(consents.givenAt), desc(consents.id))
    .limit(1);
  return row;
}

export async function markWithdrawn(tx: Transaction, ids: number[], at: Date, requestId: number): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(consents)
    .set({ withdrawnAt: at, withdrawnBy: requestId })
    .where(and(sql`${consents.id} in ${ids}`, isNull(consents.withdrawnAt)));
}

export async function insertPrivacyRequest(
  db: Db,
  values: Omit<typeof privacyRequests.$inferInsert, 'id'>,
): Promise<PrivacyRequest> {
  const [row] = await db.insert(privacyRequests).values(values).returning();
  if (!row) throw new Error('privacy request not stored');
  return row;
}

export function privacyRequestsOf(db: Db, customerId: string) {
  return db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.customerId, customerId))
    .orderBy(desc(privacyRequests.createdAt), desc(privacyRequests.id));
}

/** Requests not yet closed, oldest first (staff's queue). */
export function openPrivacyRequests(db: Db) {
  return db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.status, 'received'))
    .orderBy(privacyRequests.createdAt, privacyRequests.id);
}

/** A request by id, locked for its change (staff closing it). */
export async function lockedPrivacyRequest(tx: Transaction, id: number): Promise<PrivacyRequest | undefined> {
  const [row] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for('update');
  return row;
}

/** Closes a request with its outcome; the caller holds its lock and has checked it is open. */
export async function markClosed(
  tx: Transaction,
  id: number,
  closing: { outcome: string; outcomeNote: string; closedBy: string; closedAt: Date },
): Promise<PrivacyRequest> {
  const [row] = await tx
    .update(privacyRequests)
    .set({ status: 'closed', ...closing })
    .where(eq(privacyRequests.id, id))
    .returning();
  if (!row) throw new Error('privacy request not closed');
  return row;
}
