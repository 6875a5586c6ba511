/** Staff members and their sessions, as stored (src/server/db/schema.ts). */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { staffMembers, staffSessions } from '../db/schema.ts';

export type StaffMember = typeof staffMembers.$inferSelect;

export async function staffByEmail(db: Database | Transaction, email: string): Promise<StaffMember | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.email, email.trim().toLowerCase()));
  return row;
}

export async function staffById(db: Database | Transaction, id: string): Promise<StaffMember | undefined> {
  const [row] = await db.select().from(staffMembers).where(eq(staffMembers.id, id));
  return row;
}

export function allStaff(db: Database | Transaction) {
  return db.select().from(staffMembers).orderBy(asc(staffMembers.email));
}

export async function updateStaff(db: Database | Transaction, id: string, changes: Partial<StaffMember>) {
  await db.update(staffMembers).set(changes).where(eq(staffMembers.id, id));
}

/** Ends every live session of a staff member (disabled, or their roles changed). */
export async function revokeSessionsOf(db: Database | Transaction, staffId: string, now: Date) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}
