/**
 * A stored loan's account from its rows, without the database: the terms it was made under, its
 * collections and reversals as the account's events, and the figures every screen shows. Apart from
 * account.ts (which reads the rows), so that the statement-drawing worker threads can use it without
 * loading the database driver and ORM (half a second of CPU for each worker started).
 */
import { accountRules } from '../../lib/accountRules.ts';
import {
  type AccountEvent,
  type AccountPayment,
  type AccountState,
  type AccountTerms,
  coolingOffUntil,
  dueOnDueDate,
} from '../../lib/loanAccount.ts';
import { rupeesFromPaise } from '../../lib/money.ts';
import type { collectionReversals, collections, loans } from '../db/schema.ts';

export type LoanRow = typeof loans.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;
export type ReversalRow = typeof collectionReversals.$inferSelect;

export function accountTerms(loan: LoanRow): AccountTerms {
  return {
    principalPaise: loan.principalPaise,
    dailyRateHundredths: loan.dailyRateHundredths,
    tenureDays: loan.tenureDays,
    disbursalDate: loan.disbursalDate,
    overdueInterestDaysMax: loan.overdueInterestDaysMax,
    penalChargePaise: loan.penalChargePaise,
    penalGstPaise: loan.penalGstPaise,
    penalThresholdPaise: loan.penalThresholdPaise,
    rules: accountRules(loan.accountRulesVersion),
  };
}

type AppliedCollection = Pick<CollectionRow, 'id' | 'valueDate' | 'amountPaise'> &
  Partial<Pick<CollectionRow, 'writtenOffPaise'>>;

/** The collections the account applies, in the order they were recorded; `ref` is the collection's id. */
export function accountPayments(rows: readonly AppliedCollection[]) {
  return rows.map(
    (row): AccountPayment => ({
      valueDate: row.valueDate,
      amountPaise: row.amountPaise,
      ref: String(row.id),
      // Only a collection that wrote off a rest when it was recorded does so again when read.
      ...((row.writtenOffPaise ?? 0) > 0 && { writesOff: true }),
    }),
  );
}

/**
 * The applied collections and the reversals of them, in the order they were recorded: reversals take
 * their ids from the collections' sequence, under the loan's lock. A reversal's `reverses` is its
 * collection's id; reversals of collections held for refund are not the account's (they only lower
 * what is held).
 */
export function accountEvents(
  applied: readonly AppliedCollection[],
  reversals: readonly Pick<ReversalRow, 'id' | 'collectionId' | 'valueDate' | 'amountPaise'>[],
): AccountEvent[] {
  const ids = new Set(applied.map((row) => row.id));
  const payments = accountPayments(applied).map((event, i) => ({ id: (applied[i] as AppliedCollection).id, event }));
  const reversed = reversals
    .filter((row) => ids.has(row.collectionId))
    .map((row) => ({
      id: row.id,
      event: {
        reverses: String(row.collectionId),
        valueDate: row.valueDate,
        amountPaise: row.amountPaise,
        ref: `r${row.id}`,
      } as AccountEvent,
    }));
  return [...payments, ...reversed].sort((a, b) => a.id - b.id).map((entry) => entry.event);
}

export interface LoanAccount {
  loan: LoanRow;
  /** All collections, oldest first (including those held for refund, which the account leaves out). */
  collections: CollectionRow[];
  /** Refunds and chargebacks of them, oldest first. */
  reversals: ReversalRow[];
  terms: AccountTerms;
  state: AccountState;
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
  /** Received beyond the dues, and payments held for refund, less what the providers already refunded: staff refund it. */
  excessPaise: number;
  /** Rests of less than ₹1 written off at closure. */
  writtenOffPaise: number;
  /** Given back by the providers (refunds, chargebacks lost), on the loan and off the excess. */
  reversedPaise: number;
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
  const heldRows = account.collections.filter((row) => row.heldForRefund);
  const heldIds = new Set(heldRows.map((row) => row.id));
  const heldRefunded = account.reversals
    .filter((row) => heldIds.has(row.collectionId))
    .reduce((sum, row) => sum + row.amountPaise, 0);
  const held = heldRows.reduce((sum, row) => sum + row.amountPaise, 0) - heldRefunded;
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
    writtenOffPaise: state.writtenOffPaise,
    reversedPaise: account.reversals.reduce((sum, row) => sum + row.amountPaise, 0),
    closureAmountPaise: state.balance.totalPaise,
    repaymentAmountPaise: dueOnDueDate(terms, accountEvents(applied, account.reversals), state.asOf),
    coolingOffUntil: coolingOffEnd,
    inCoolingOff: state.closedOn === null && loan.coolingOffDays > 0 && state.asOf <= coolingOffEnd,
    daysPastDue: state.daysPastDue,
    closedOn: state.closedOn,
  };
}

/** The figures as the API's payloads carry them (rupees), shared by the repay page and the dashboard. */
export function figuresInRupees(figures: LoanFigures) {
  return {
    repayment_amount: rupeesFromPaise(figures.repaymentAmountPaise),
    real_interest: rupeesFromPaise(figures.interestChargedPaise),
    total_due_amount: rupeesFromPaise(figures.closureAmountPaise),
    principal_outstanding: rupeesFromPaise(figures.principalOutstandingPaise),
    interest_outstanding: rupeesFromPaise(figures.interestOutstandingPaise),
    charges_outstanding: rupeesFromPaise(figures.chargesOutstandingPaise),
    collected: rupeesFromPaise(figures.collectedPaise),
    cooling_off_until: figures.coolingOffUntil,
    in_cooling_off: figures.inCoolingOff,
    days_past_due: figures.daysPastDue,
  };
}
