/**
 * A stored loan as an account: its row and collections read from the database and handed to the one
 * account module (src/lib/loanAccount.ts). The repay page, the dashboard, the ledger, the operations
 * command line and the statements all read loans through here, so they show the same figures.
 */
import { asc, eq } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import {
  type AccountPayment,
  type AccountState,
  type AccountTerms,
  accountOn,
  coolingOffUntil,
  dueOnDueDate,
} from '../../lib/loanAccount.ts';
import { paiseToRupees } from '../../lib/repayAmount.ts';
import type { Database, Transaction } from '../db/client.ts';
import { collections, type loans } from '../db/schema.ts';

export type LoanRow = typeof loans.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;

export function accountTerms(loan: LoanRow): AccountTerms {
  return {
    principalPaise: loan.principalPaise,
    dailyRateHundredths: loan.dailyRateHundredths,
    tenureDays: loan.tenureDays,
    disbursalDate: loan.disbursalDate,
    overdueInterestDaysMax: loan.overdueInterestDaysMax,
    penalChargePaise: loan.penalChargePaise,
    penalGstPaise: loan.penalGstPaise,
  };
}

/** The collections the account applies, in the order they were recorded; `ref` is the collection's id. */
export function accountPayments(rows: readonly Pick<CollectionRow, 'id' | 'valueDate' | 'amountPaise'>[]) {
  return rows.map(
    (row): AccountPayment => ({ valueDate: row.valueDate, amountPaise: row.amountPaise, ref: String(row.id) }),
  );
}

/** Every collection of a loan, oldest first: those applied to it, and those held for refund. */
export async function collectionsOf(db: Database | Transaction, loanId: string): Promise<CollectionRow[]> {
  return db.select().from(collections).where(eq(collections.loanId, loanId)).orderBy(asc(collections.id));
}

export interface LoanAccount {
  loan: LoanRow;
  /** All collections, oldest first (including those held for refund, which the account leaves out). */
  collections: CollectionRow[];
  terms: AccountTerms;
  state: AccountState;
}

export async function loanAccount(db: Database | Transaction, loan: LoanRow, asOf: string): Promise<LoanAccount> {
  const rows = await collectionsOf(db, loan.id);
  const terms = accountTerms(loan);
  const applied = rows.filter((row) => !row.heldForRefund);
  return { loan, collections: rows, terms, state: accountOn(terms, accountPayments(applied), asOf) };
}

export async function loanAccountToday(db: Database | Transaction, loan: LoanRow, now: Date): Promise<LoanAccount> {
  return loanAccount(db, loan, indiaDate(now));
}

/** The figures every screen shows about a loan on one day, from its account. */
export interface LoanFigures {
  loanNo: string;
  disbursalDate: string;
  dueDate: string;
  /** As sanctioned. */
  principalPaise: number;
  principalOutstandingPaise: number;
  interestOutstandingPaise: number;
  chargesOutstandingPaise: number;
  /** Interest charged since disbursal (paid or not). */
  interestChargedPaise: number;
  chargesPostedPaise: number;
  /** Applied to the loan. */
  collectedPaise: number;
  /** Received beyond the dues, and payments held for refund: staff refund it. */
  excessPaise: number;
  /** What closes the loan today: principal outstanding, interest to date and charges; no prepayment charge. */
  closureAmountPaise: number;
  /** What falls due on the due date given the payments made so far. */
  repaymentAmountPaise: number;
  coolingOffUntil: string;
  inCoolingOff: boolean;
  daysPastDue: number;
  closedOn: string | null;
}

export function loanFigures(account: LoanAccount): LoanFigures {
  const { loan, state, terms } = account;
  const applied = account.collections.filter((row) => !row.heldForRefund);
  const held = account.collections.filter((row) => row.heldForRefund).reduce((sum, row) => sum + row.amountPaise, 0);
  const coolingOffEnd = coolingOffUntil(loan.disbursalDate, loan.coolingOffDays);
  return {
    loanNo: loan.loanNo,
    disbursalDate: loan.disbursalDate,
    dueDate: state.dueDate,
    principalPaise: loan.principalPaise,
    principalOutstandingPaise: state.balance.principalPaise,
    interestOutstandingPaise: state.balance.interestPaise,
    chargesOutstandingPaise: state.balance.chargesPaise,
    interestChargedPaise: state.interestChargedPaise,
    chargesPostedPaise: state.chargesPostedPaise,
    collectedPaise: state.collectedPaise,
    excessPaise: state.excessPaise + held,
    closureAmountPaise: state.balance.totalPaise,
    repaymentAmountPaise: dueOnDueDate(terms, accountPayments(applied), state.asOf),
    coolingOffUntil: coolingOffEnd,
    inCoolingOff: state.closedOn === null && loan.coolingOffDays > 0 && state.asOf <= coolingOffEnd,
    daysPastDue: state.daysPastDue,
    closedOn: state.closedOn,
  };
}

/** The figures as the API's payloads carry them (rupees), shared by the repay page and the dashboard. */
export function figuresInRupees(figures: LoanFigures) {
  return {
    repayment_amount: paiseToRupees(figures.repaymentAmountPaise),
    real_interest: paiseToRupees(figures.interestChargedPaise),
    total_due_amount: paiseToRupees(figures.closureAmountPaise),
    principal_outstanding: paiseToRupees(figures.principalOutstandingPaise),
    interest_outstanding: paiseToRupees(figures.interestOutstandingPaise),
    charges_outstanding: paiseToRupees(figures.chargesOutstandingPaise),
    collected: paiseToRupees(figures.collectedPaise),
    cooling_off_until: figures.coolingOffUntil,
    in_cooling_off: figures.inCoolingOff,
    days_past_due: figures.daysPastDue,
  };
}
