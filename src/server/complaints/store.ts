/** Complaints as stored (src/server/db/schema.ts): opened with their number, read, answered. */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { complaints } from '../db/schema.ts';

export type Complaint = typeof complaints.$inferSelect;
export type NewComplaint = Omit<typeof complaints.$inferInsert, 'complaintNo' | 'id'>;

export async function openComplaint(tx: Transaction, values: NewComplaint): Promise<Complaint> {
  const [next] = await queryRows<{ n: string | number }>(tx, sql`select nextval('complaint_no_seq') as n`);
  const [row] = await tx
    .insert(complaints)
    .values({ ...values, complaintNo: `KC-${String(next?.n ?? 0).padStart(6, '0')}` })
    .returning();
  if (!row) throw new Error('complaint not stored');
  return row;
}

export function complaintsOfCustomer(db: Database, customerId: string) {
  return db.select().from(complaints).where(eq(complaints.customerId, customerId)).orderBy(desc(complaints.createdAt));
}

/** Complaints not yet resolved, oldest first (support's queue). */
export function unresolvedComplaints(db: Database) {
  return db.select().from(complaints).where(ne(complaints.status, 'resolved')).orderBy(asc(complaints.createdAt));
}

/** Records support's answer under the row's lock, unless it is already resolved; answers the row. */
export async function answerComplaint(
  db: Database,
  id: number,
  answer: { text: string; resolved: boolean; staffId: string; at: Date },
): Promise<Complaint | undefined> {
  const [row] = await db
    .update(complaints)
    .set({
      answer: answer.text,
      status: answer.resolved ? 'resolved' : 'answered',
      answeredBy: answer.staffId,
      answeredAt: answer.at,
    })
    .where(and(eq(complaints.id, id), ne(complaints.status, 'resolved')))
    .returning();
  return row;
}
