/**
 * A stored loan as an account: its row and collections read from the database and handed to the one
 * account module (src/lib/loanAccount.ts, through accountFigures.ts). The repay page, the dashboard,
 * the ledger, the operations command line and the statements all read loans through here, so they
 * show the same figures.
 */
import { asc, eq } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { accountOn } from '../../lib/loanAccount.ts';
import type { Database, Transaction } from '../db/client.ts';
import { collectionReversals, collections } from '../db/schema.ts';
import {
  accountEvents,
  accountTerms,
  type CollectionRow,
  type LoanAccount,
  type LoanRow,
  type ReversalRow,
} from './accountFigures.ts';

/** Every reversal of a loan's collections, oldest first. */
export async function reversalsOf(db: Database | Transaction, loanId: string): Promise<ReversalRow[]> {
  return db
    .select()
    .from(collectionReversals)
    .where(eq(collectionReversals.loanId, loanId))
    .orderBy(asc(collectionReversals.id));
}

/** Every collection of a loan, oldest first: those applied to it, and those held for refund. */
export async function collectionsOf(db: Database | Transaction, loanId: string): Promise<CollectionRow[]> {
  return db.select().from(collections).where(eq(collections.loanId, loanId)).orderBy(asc(collections.id));
}

export async function loanAccount(db: Database | Transaction, loan: LoanRow, asOf: string): Promise<LoanAccount> {
  const rows = await collectionsOf(db, loan.id);
  const reversals = await reversalsOf(db, loan.id);
  const terms = accountTerms(loan);
  const applied = rows.filter((row) => !row.heldForRefund);
  return {
    loan,
    collections: rows,
    reversals,
    terms,
    state: accountOn(terms, accountEvents(applied, reversals), asOf),
  };
}

export async function loanAccountToday(db: Database | Transaction, loan: LoanRow, now: Date): Promise<LoanAccount> {
  return loanAccount(db, loan, indiaDate(now));
}
