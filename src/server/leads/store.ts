/**
 * Loan applications (leads) and the documents filed with them: finding a customer's, opening one,
 * moving it on, and what is on file for each document.
 */
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { auditLog, customers, leadDocuments, leads } from '../db/schema.ts';

export type Lead = typeof leads.$inferSelect;

/**
 * The states in which an application is open (filled in, submitted, sent back, approved, accepted):
 * at most one per customer (leads_one_open_per_customer_idx). The state machine is application/lifecycle.ts.
 */
export const OPEN_STATES = ['applied', 'submitted', 'sent_back', 'approved', 'accepted'] as const;
export const isOpen = (lead: Pick<Lead, 'status'>) => (OPEN_STATES as readonly string[]).includes(lead.status);

/** The lead, when it is the customer's (another customer's and a missing one read alike). */
export async function leadOfCustomer(db: Database | Transaction, leadId: number, customerId: string) {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.customerId, customerId)));
  return lead;
}

/** The lead; `lock` holds its row until the transaction ends (staff decisions take turns). */
export async function leadById(db: Database | Transaction, id: number, lock = false): Promise<Lead | undefined> {
  const query = db.select().from(leads).where(eq(leads.id, id));
  const [lead] = await (lock ? query.for('update') : query);
  return lead;
}

/** The customer's open application, if any (at most one: leads_one_open_per_customer_idx). */
export async function openLeadOf(db: Database | Transaction, customerId: string): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.customerId, customerId), inArray(leads.status, [...OPEN_STATES])))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return lead;
}

/** The customer's newest application, whatever became of it. */
export async function newestLeadOf(db: Database | Transaction, customerId: string): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(eq(leads.customerId, customerId))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return lead;
}

/** The customer's latest application that was not withdrawn (open, decided or disbursed), if any. */
export async function latestLeadOf(db: Database | Transaction, customerId: string): Promise<Lead | undefined> {
  const [lead] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.customerId, customerId), ne(leads.status, 'withdrawn')))
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .limit(1);
  return lead;
}

/** Every application of the customer, newest first. */
export function leadsOf(db: Database | Transaction, customerId: string): Promise<Lead[]> {
  return db.select().from(leads).where(eq(leads.customerId, customerId)).orderBy(desc(leads.createdAt));
}

export async function insertLead(db: Database | Transaction, values: typeof leads.$inferInsert): Promise<Lead> {
  const [created] = await db.insert(leads).values(values).returning();
  if (!created) throw new Error('lead not stored');
  return created;
}

/** A document on file for a lead, with its stored file's type and size. */
export interface StoredDocument {
  doc_type: string;
  uploaded_at: Date | string;
  content_type: string;
  size_bytes: number;
  file_id: string;
}

/** What is on file for each of the lead's documents, by doc_type. */
export async function storedDocuments(
  db: Database | Transaction,
  leadId: number,
): Promise<Map<string, StoredDocument>> {
  const rows = await queryRows<StoredDocument>(
    db,
    sql`select d.doc_type, d.uploaded_at, f.content_type, f.size_bytes, f.id as file_id
        from lead_documents d join files f on f.id = d.file_id
        where d.lead_id = ${leadId}`,
  );
  return new Map(rows.map((row) => [row.doc_type, row]));
}

/** Files a document with the lead, replacing an earlier upload of the same type. */
export async function fileLeadDocument(
  db: Database | Transaction,
  document: { leadId: number; docType: string; fileId: string; note: string | null; now: Date },
) {
  await db.execute(
    sql`insert into lead_documents (lead_id, doc_type, file_id, note, uploaded_at)
        values (${document.leadId}, ${document.docType}, ${document.fileId}, ${document.note}, ${document.now})
        on conflict (lead_id, doc_type) do update set file_id = excluded.file_id, note = excluded.note, uploaded_at = excluded.uploaded_at`,
  );
}

/** Every application with its applicant's mobile and name, newest first (staff's list). */
export function leadsWithApplicants(db: Database | Transaction) {
  return db
    .select({ lead: leads, mobile: customers.mobile, name: customers.fullName })
    .from(leads)
    .innerJoin(customers, eq(leads.customerId, customers.id))
    .orderBy(desc(leads.createdAt));
}

/** Applications in given states with their applicants, oldest first (staff's work queues). */
export function leadsInStates(db: Database | Transaction, states: readonly string[]) {
  return db
    .select({ lead: leads, mobile: customers.mobile, name: customers.fullName })
    .from(leads)
    .innerJoin(customers, eq(leads.customerId, customers.id))
    .where(inArray(leads.status, [...states]))
    .orderBy(asc(leads.submittedAt), asc(leads.id));
}

/** What staff and the system recorded about an application, oldest first. */
export function auditOfLead(db: Database | Transaction, leadId: number) {
  return db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subject, String(leadId)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** The documents filed on an application, as stored. */
export function documentsOfLead(db: Database | Transaction, leadId: number) {
  return db.select().from(leadDocuments).where(eq(leadDocuments.leadId, leadId));
}
