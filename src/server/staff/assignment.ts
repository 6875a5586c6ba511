/**
 * Each submitted application gets a credit manager (issue 22): the active credit staff member who
 * was given one least recently, in turn; an admin may reassign. The customer sees their name, mobile
 * and e-mail as excutive_details (product.md §3), copied onto the application when it is assigned.
 */
import { sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from '../db/client.ts';

interface Manager {
  id: string;
  name: string;
  mobile: string;
  email: string;
}

/**
 * In the caller's transaction (the submission's): the credit member next in turn, if any: the one
 * given an application least recently (two at the same instant: the one given the older application).
 */
export async function nextCreditManager(tx: Transaction | Database): Promise<Manager | undefined> {
  const [next] = await queryRows<Manager>(
    tx,
    sql`select s.id, s.name, s.mobile, s.email from staff_members s
        where 'credit' = any(s.roles) and s.disabled_at is null
        order by (select max(l.assigned_at) from leads l where l.assigned_staff_id = s.id) asc nulls first,
                 (select max(l.id) from leads l where l.assigned_staff_id = s.id) asc nulls first, s.email
        limit 1`,
  );
  return next;
}

/** The lead's columns that assign it to a manager. */
export const assignedTo = (manager: Manager, now: Date) => ({
  assignedStaffId: manager.id,
  assignedAt: now,
  managerName: manager.name,
  managerMobile: manager.mobile,
  managerEmail: manager.email,
});
