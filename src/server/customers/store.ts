/**
 * The customers table: finding a customer, the first sign-in that creates one, and the changes
 * each step of the profile and the application makes to them.
 */
import { eq, sql } from 'drizzle-orm';
import type { LoginRequest } from '../../lib/schemas/signIn.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { customers, leads } from '../db/schema.ts';

export type Customer = typeof customers.$inferSelect;

export async function customerById(db: Database | Transaction, id: string): Promise<Customer | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id));
  return customer;
}

/** Who holds a PAN, if anyone (a PAN belongs to one customer: customers_pancard_unique). */
export async function customerByMobile(db: Database | Transaction, mobile: string): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.mobile, mobile));
  return row;
}

export async function customerByPan(db: Database | Transaction, pancard: string): Promise<Customer | undefined> {
  const [customer] = await db.select().from(customers).where(eq(customers.pancard, pancard));
  return customer;
}

/** The mobile and e-mail of the customer whose application a lead is. */
export async function contactOfLead(db: Database | Transaction, leadId: number) {
  const [contact] = await db
    .select({ mobile: customers.mobile, email: customers.email })
    .from(customers)
    .innerJoin(leads, eq(leads.customerId, customers.id))
    .where(eq(leads.id, leadId));
  return contact;
}

export async function updateCustomer(db: Database | Transaction, id: string, changes: Partial<Customer>) {
  await db.update(customers).set(changes).where(eq(customers.id, id));
}

/**
 * The first login of a mobile creates its profile and keeps the campaign it came from; later logins
 * find it. Runs inside the code's transaction, after the per-address slot: a refused login adds no row.
 */
export async function findOrCreateCustomer(tx: Transaction, input: LoginRequest): Promise<string> {
  const found = async () =>
    queryRows<{ id: string }>(
      tx,
      sql`with created as (
            insert into customers (mobile, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
            values (${input.mobile}, ${input.utm_source}, ${input.utm_medium}, ${input.utm_campaign}, ${input.utm_term}, ${input.utm_content})
            on conflict (mobile) do nothing
            returning id
          )
          select id from created
          union all
          select id from customers where mobile = ${input.mobile}
          limit 1`,
    );
  // A first login of the same mobile committed while this statement waited is not in its snapshot: look again.
  let [customer] = await found();
  if (!customer) [customer] = await found();
  if (!customer) throw new Error('customer row missing after insert');
  return customer.id;
}
