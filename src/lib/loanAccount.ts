/**
 * A loan as an account (docs/decisions.md, "The loan account"): principal outstanding, interest
 * accrued and charges, moved only by the days passing and by collections. Every figure a borrower,
 * staff or an auditor sees about a disbursed loan (the repay page, the dashboard, `npm run ops`, the
 * statement of account, the no-dues certificate) is read from `accountOn`, so for the same loan on
 * the same day they agree to the paisa. Pure: no clock, no database; amounts are integer paise.
 *
 * The rules (version 1 of src/lib/accountRules.ts; a loan made under another version follows that
 * version's allocation and reversal order, least days of interest and write-off limit):
 * - **Interest** accrues for each day from the disbursal date up to the day before a payment, on the
 *   principal outstanding that day, at the sanctioned daily rate; the disbursal day always counts
 *   (money repaid the day it was received carries one day's interest). After the due date interest
 *   continues on the principal still outstanding for at most `overdueInterestDaysMax` days, then stops.
 * - **Rounding**: a day's interest is principal × rate (hundredths of a percent) / 10,000 paise,
 *   kept exactly; the interest charged to date is that exact sum rounded half up to the paisa, and
 *   each posting is the difference between two such totals. No rounding error accumulates, and a loan
 *   never part-paid costs exactly principal × rate × days, rounded once.
 * - **Penal charge**: one fixed charge with its GST, posted the day after the due date when at least
 *   the loan's penal threshold (and anything at all) is still unpaid at the end of the due date. Never
 *   compounded (no interest accrues on it), never added to the principal, never posted twice.
 * - **Allocation** of every collection: charges, then interest, then principal; what is left beyond
 *   everything owed on its date is an excess to refund, never dropped.
 * - **Write-off**: a collection marked `writesOff` that leaves less than ₹1 owed (which no payment
 *   service can take) closes the loan with that rest written off, on its day.
 * - **Reversal** (a refund or a chargeback of a collection): takes first from what the collection left
 *   to refund, then gives back what it applied, principal first, then interest, then charges; that
 *   much is owed again from the reversal's day (interest runs on the principal given back), and a
 *   closed loan that owes again is open again.
 * - A loan whose principal, interest and charges are all nil is closed on that day.
 */
import type { AccountRules } from './accountRules.ts';
import { addDays, daysBetween } from './dates.ts';

export interface AccountTerms {
  principalPaise: number;
  /** Daily interest in hundredths of a percent (25 = 0.25% a day). */
  dailyRateHundredths: number;
  tenureDays: number;
  /** YYYY-MM-DD, India's date. The due date is `tenureDays` after it. */
  disbursalDate: string;
  /** Days after the due date on which contract interest still accrues (0: it stops on the due date). */
  overdueInterestDaysMax: number;
  /** The one penal charge and its GST (0: none). */
  penalChargePaise: number;
  penalGstPaise: number;
  /** No penal charge when less than this is unpaid at the end of the due date (absent or 0: any amount). */
  penalThresholdPaise?: number;
  /** The version of the rules the loan was made under (src/lib/accountRules.ts). */
  rules: AccountRules;
}

/** Money received, in the order it was recorded. */
export interface AccountPayment {
  /** YYYY-MM-DD in India: the day the money counts from. */
  valueDate: string;
  amountPaise: number;
  /** Anything the caller needs to find the payment again in the lines (a collection id, a reference). */
  ref?: string;
  /** A rest of less than ₹1 left after this payment is written off and the loan closes. */
  writesOff?: boolean;
}

/** Money given back on an earlier payment (a refund, a chargeback), recorded after the events before it. */
export interface AccountReversal {
  /** The `ref` of the payment it reverses. */
  reverses: string;
  valueDate: string;
  amountPaise: number;
  ref?: string;
}

/** What the account is moved by, in the order recorded. */
export type AccountEvent = AccountPayment | AccountReversal;

const isReversal = (event: AccountEvent): event is AccountReversal => 'reverses' in event;

export interface Allocation {
  chargesPaise: number;
  interestPaise: number;
  principalPaise: number;
  /** Beyond everything owed on the day: to be refunded. */
  excessPaise: number;
}

export interface Balance {
  principalPaise: number;
  interestPaise: number;
  chargesPaise: number;
  totalPaise: number;
}

export type StatementLine =
  | { kind: 'disbursal'; date: string; amountPaise: number; balance: Balance }
  | {
      kind: 'interest';
      /** The day the interest was posted (a payment's day, the penal day, or the statement's day). */
      date: string;
      /** First and last day of interest, inclusive. */
      fromDate: string;
      toDate: string;
      days: number;
      /** The principal the interest ran on. */
      onPrincipalPaise: number;
      amountPaise: number;
      balance: Balance;
    }
  | { kind: 'penal'; date: string; chargePaise: number; gstPaise: number; amountPaise: number; balance: Balance }
  | {
      kind: 'collection';
      date: string;
      amountPaise: number;
      ref?: string;
      allocation: Allocation;
      balance: Balance;
    }
  | { kind: 'writeoff'; date: string; amountPaise: number; balance: Balance }
  | {
      kind: 'reversal';
      date: string;
      amountPaise: number;
      ref?: string;
      /** The `ref` of the payment reversed. */
      reverses: string;
      /** What came back on the loan (charges, interest, principal) and what came off the excess to refund. */
      reversed: Allocation;
      balance: Balance;
    };

export interface AccountState {
  asOf: string;
  dueDate: string;
  /** What is owed today: the amount that closes the loan today, with no prepayment charge. */
  balance: Balance;
  /** Totals since disbursal. */
  interestChargedPaise: number;
  chargesPostedPaise: number;
  /** Collected and applied to the dues (excess not included). */
  collectedPaise: number;
  excessPaise: number;
  /** Written off: rests of less than ₹1 at closure. */
  writtenOffPaise: number;
  /** One per payment, in the order given. */
  allocations: Allocation[];
  /** By payment `ref`: what of it is still applied to the loan, and still to refund (what a reversal can take). */
  standing: Map<string, Allocation>;
  lines: StatementLine[];
  /** The day the last paisa was paid, else null. */
  closedOn: string | null;
  /** Days after the due date with something unpaid (0 when not overdue). */
  daysPastDue: number;
}

/** Largest day index (days after disbursal) on which interest may accrue, exclusive. */
const accrualEnd = (terms: AccountTerms) => terms.tenureDays + terms.overdueInterestDaysMax;

/** x / 10,000 rounded half up, for non-negative integers: an exact interest total in paise. */
const toPaise = (tenThousandths: number) => Math.floor((tenThousandths + 5_000) / 10_000);

function checkTerms(terms: AccountTerms) {
  for (const [name, value] of Object.entries(terms)) {
    if (name === 'disbursalDate' || name === 'rules' || value === undefined) continue;
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      throw new RangeError(`${name} must be a whole number of at least 0, got ${value}`);
    }
  }
  if (terms.principalPaise <= 0 || terms.tenureDays <= 0) throw new RangeError('a loan needs a principal and a tenure');
}

/**
 * The account on `asOf` (YYYY-MM-DD, India), after the payments with a value date up to that day.
 * Payments are taken in the order given; a value date earlier than the one before it counts as that
 * one's (a ledger records in order, so this only guards against a clock that moved back).
 */
export function accountOn(terms: AccountTerms, payments: readonly AccountEvent[], asOf: string): AccountState {
  checkTerms(terms);
  const dueDate = addDays(terms.disbursalDate, terms.tenureDays);
  const dayOf = (date: string) => Math.max(0, daysBetween(terms.disbursalDate, date));

  let principal = terms.principalPaise;
  let interestOutstanding = 0;
  let charges = 0;
  /** Exact interest since disbursal, in ten-thousandths of a paisa. */
  let exactInterest = 0;
  let interestCharged = 0;
  /** Days (indices from disbursal) whose interest is already counted. */
  let accruedDays = 0;
  let penalPosted = false;
  let chargesPosted = 0;
  let collected = 0;
  let excess = 0;
  let writtenOff = 0;
  let closedOn: string | null = null;
  const allocations: Allocation[] = [];
  const standing = new Map<string, Allocation>();
  const balance = (): Balance => ({
    principalPaise: principal,
    interestPaise: interestOutstanding,
    chargesPaise: charges,
    totalPaise: principal + interestOutstanding + charges,
  });
  const lines: StatementLine[] = [
    { kind: 'disbursal', date: terms.disbursalDate, amountPaise: terms.principalPaise, balance: balance() },
  ];

  /** Counts the interest of every day before `day` (at least the disbursal day) and posts it on `date`. */
  const accrueBefore = (day: number, date: string) => {
    const end = Math.min(Math.max(terms.rules.minimumInterestDays, day), accrualEnd(terms));
    if (end <= accruedDays) return;
    const from = accruedDays;
    exactInterest += principal * terms.dailyRateHundredths * (end - from);
    accruedDays = end;
    const posted = toPaise(exactInterest) - interestCharged;
    if (posted === 0 && principal === 0) return;
    interestCharged += posted;
    interestOutstanding += posted;
    lines.push({
      kind: 'interest',
      date,
      fromDate: addDays(terms.disbursalDate, from),
      toDate: addDays(terms.disbursalDate, end - 1),
      days: end - from,
      onPrincipalPaise: principal,
      amountPaise: posted,
      balance: balance(),
    });
  };

  /** The penal charge, once, on the day after the due date, if the due date ended with anything unpaid. */
  const penalBefore = (day: number) => {
    if (penalPosted || day <= terms.tenureDays) return;
    penalPosted = true;
    const penalDate = addDays(dueDate, 1);
    accrueBefore(terms.tenureDays, dueDate);
    const unpaid = balance().totalPaise;
    if (unpaid === 0 || unpaid < (terms.penalThresholdPaise ?? 0)) return;
    if (terms.penalChargePaise + terms.penalGstPaise === 0) return;
    const amount = terms.penalChargePaise + terms.penalGstPaise;
    charges += amount;
    chargesPosted += amount;
    lines.push({
      kind: 'penal',
      date: penalDate,
      chargePaise: terms.penalChargePaise,
      gstPaise: terms.penalGstPaise,
      amountPaise: amount,
      balance: balance(),
    });
  };

  /** A refund or chargeback: off the payment's excess first, then back on the loan, principal first. */
  function reverse(reversal: AccountReversal, date: string) {
    const left = standing.get(reversal.reverses);
    if (!left) throw new RangeError(`no payment ${reversal.reverses} to reverse`);
    let rest = reversal.amountPaise;
    const take = (part: keyof Allocation) => {
      const taken = Math.min(left[part], rest);
      left[part] -= taken;
      rest -= taken;
      return taken;
    };
    const excessPaise = take('excessPaise');
    const back = { chargesPaise: 0, interestPaise: 0, principalPaise: 0 };
    for (const part of terms.rules.reversalOrder) back[part] = take(part);
    const { chargesPaise, interestPaise, principalPaise } = back;
    if (rest > 0)
      throw new RangeError(`reversal of ${reversal.amountPaise} paise is more than payment ${reversal.reverses} left`);
    excess -= excessPaise;
    principal += principalPaise;
    interestOutstanding += interestPaise;
    charges += chargesPaise;
    collected -= principalPaise + interestPaise + chargesPaise;
    lines.push({
      kind: 'reversal',
      date,
      amountPaise: reversal.amountPaise,
      ...(reversal.ref !== undefined && { ref: reversal.ref }),
      reverses: reversal.reverses,
      reversed: { chargesPaise, interestPaise, principalPaise, excessPaise },
      balance: balance(),
    });
    // Owing again reopens the loan; interest runs again on the principal given back.
    if (balance().totalPaise > 0) closedOn = null;
  }

  const asOfDay = dayOf(asOf);
  let lastDay = 0;
  for (const payment of payments) {
    if (!Number.isSafeInteger(payment.amountPaise) || payment.amountPaise <= 0) {
      throw new RangeError(`a payment must be a positive whole number of paise, got ${payment.amountPaise}`);
    }
    const day = Math.max(lastDay, dayOf(payment.valueDate));
    if (day > asOfDay) break;
    lastDay = day;
    const date = addDays(terms.disbursalDate, day);
    penalBefore(day);
    accrueBefore(day, date);
    if (isReversal(payment)) {
      reverse(payment, date);
      continue;
    }
    let left = payment.amountPaise;
    const take = (owed: number) => {
      const part = Math.min(owed, left);
      left -= part;
      return part;
    };
    const owed = balance();
    const allocation: Allocation = { chargesPaise: 0, interestPaise: 0, principalPaise: 0, excessPaise: 0 };
    for (const part of terms.rules.allocationOrder) allocation[part] = take(owed[part]);
    allocation.excessPaise = left;
    charges -= allocation.chargesPaise;
    interestOutstanding -= allocation.interestPaise;
    principal -= allocation.principalPaise;
    collected += payment.amountPaise - left;
    excess += left;
    allocations.push(allocation);
    if (payment.ref !== undefined) standing.set(payment.ref, { ...allocation });
    lines.push({
      kind: 'collection',
      date,
      amountPaise: payment.amountPaise,
      ...(payment.ref !== undefined && { ref: payment.ref }),
      allocation,
      balance: balance(),
    });
    const rest = balance().totalPaise;
    if (payment.writesOff && rest > 0 && rest < terms.rules.writeOffUnderPaise) {
      principal = 0;
      interestOutstanding = 0;
      charges = 0;
      writtenOff += rest;
      lines.push({ kind: 'writeoff', date, amountPaise: rest, balance: balance() });
    }
    if (closedOn === null && balance().totalPaise === 0) closedOn = date;
  }
  if (closedOn === null) {
    penalBefore(asOfDay);
    accrueBefore(asOfDay, asOf);
  }
  const unpaid = balance().totalPaise > 0;
  return {
    asOf,
    dueDate,
    balance: balance(),
    interestChargedPaise: interestCharged,
    chargesPostedPaise: chargesPosted,
    collectedPaise: collected,
    excessPaise: excess,
    writtenOffPaise: writtenOff,
    allocations,
    standing,
    lines,
    closedOn,
    daysPastDue: unpaid ? Math.max(0, asOfDay - terms.tenureDays) : 0,
  };
}

/**
 * The amount that falls due on the due date given the payments made so far (those up to the
 * earlier of the due date and `asOf`): the "repayment amount" of the repay page and the dashboard.
 */
export function dueOnDueDate(terms: AccountTerms, payments: readonly AccountEvent[], asOf: string): number {
  const dueDate = addDays(terms.disbursalDate, terms.tenureDays);
  const upTo = asOf < dueDate ? asOf : dueDate;
  const made = payments.filter((payment) => payment.valueDate <= upTo);
  return accountOn(terms, made, dueDate).balance.totalPaise;
}

/** The last day of the cooling-off period, in which the borrower may exit with no penalty. */
export function coolingOffUntil(disbursalDate: string, coolingOffDays: number): string {
  return addDays(disbursalDate, coolingOffDays);
}
