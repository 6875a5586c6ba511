/**
 * Reading loans: by number, by lead, a customer's, and the one active loan (a customer has at most
 * one: loans_one_active_per_customer_idx). Their figures come from ./account.ts and ./accountFigures.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client.ts';
import { customers, loans } from '../db/schema.ts';
import type { LoanRow } from './accountFigures.ts';

export type { LoanRow } from './accountFigures.ts';

export async function loanByNo(db: Database, loanNo: string): Promise<LoanRow | undefined> {
  const [loan] = await db.select().from(loans).where(eq(loans.loanNo, loanNo));
  return loan;
}

const isActive = eq(loans.status, 'active');

/** The customer's active loan, if any. */
export async function activeLoanOf(db: Database | Transaction, customerId: string): Promise<LoanRow | undefined> {
  const [loan] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.customerId, customerId), isActive))
    .orderBy(desc(loans.createdAt))
    .limit(1);
  return loan;
}

/**
 * The PAN holder's active loan with the customer's contact details, if any. One statement whether
 * or not the PAN has a loan, so the repay page's time tells nothing either.
 */
export async function activeLoanByPan(db: Database, pancard: string) {
  const [row] = await db
    .select({ loan: loans, customer: customers })
    .from(loans)
    .innerJoin(customers, eq(loans.customerId, customers.id))
    .where(and(eq(customers.pancard, pancard), isActive))
    .orderBy(desc(loans.createdAt))
    .limit(1);
  return row;
}

/** Whether the customer repaid a loan before: they apply again as a REPEAT customer. */
export async function hasClosedLoan(db: Database | Transaction, customerId: string): Promise<boolean> {
  const [closed] = await db
    .select({ id: loans.id })
    .from(loans)
    .where(and(eq(loans.customerId, customerId), eq(loans.status, 'closed')))
    .limit(1);
  return Boolean(closed);
}

/** Every loan of the customer. */
export function loansOf(db: Database | Transaction, customerId: string): Promise<LoanRow[]> {
  return db.select().from(loans).where(eq(loans.customerId, customerId));
}

/** The loan a lead became, if it did; with `customerId`, only when it is that customer's. */
export async function loanOfLead(
  db: Database | Transaction,
  leadId: number | string,
  customerId?: string,
): Promise<LoanRow | undefined> {
  const ofLead = eq(loans.leadId, String(leadId));
  const [loan] = await db
    .select()
    .from(loans)
    .where(customerId === undefined ? ofLead : and(ofLead, eq(loans.customerId, customerId)))
    .orderBy(desc(loans.createdAt))
    .limit(1);
  return loan;
}

/** Every loan with its borrower's mobile and name, newest first (staff's list). */
export function loansWithBorrowers(db: Database | Transaction) {
  return db
    .select({ loan: loans, mobile: customers.mobile, name: customers.fullName })
    .from(loans)
    .innerJoin(customers, eq(loans.customerId, customers.id))
    .orderBy(desc(loans.createdAt));
}
