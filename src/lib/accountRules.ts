/**
 * The rules a loan account follows, by version (docs/decisions.md, "Each loan keeps its account
 * rules"). Each loan stores the version it was made under (loans.account_rules_version) and its
 * account applies that version on every day it recomputes: a rule changed later is a new version for
 * new loans, never a rewrite of an old loan's history. A version a loan was made under is never
 * edited. What the offer sets (rate, tenure, penal charge and threshold, days of overdue interest) is
 * stored on the loan itself.
 */
import { MINIMUM_PAYMENT_PAISE, type Paise } from './money.ts';

/** A part of what is owed, named as the account's allocations and balances name it. */
export type DuePart = 'chargesPaise' | 'interestPaise' | 'principalPaise';

export interface AccountRules {
  version: number;
  /** The order a collection pays off what is owed; what is left beyond all of it is an excess to refund. */
  allocationOrder: readonly DuePart[];
  /** The order a reversal gives back what a collection paid off, after what it left to refund. */
  reversalOrder: readonly DuePart[];
  /** Days of interest a loan carries at least: 1 charges the disbursal day even when repaid that day. */
  minimumInterestDays: number;
  /** A rest under this left by a payment marked to write off is written off, and the loan closes. */
  writeOffUnderPaise: Paise;
}

/** The rules of every loan made up to now (issues 12-23). */
const VERSION_1: AccountRules = {
  version: 1,
  allocationOrder: ['chargesPaise', 'interestPaise', 'principalPaise'],
  reversalOrder: ['principalPaise', 'interestPaise', 'chargesPaise'],
  minimumInterestDays: 1,
  writeOffUnderPaise: MINIMUM_PAYMENT_PAISE,
};

/** Every version a loan may have been made under, by number. */
export const ACCOUNT_RULES: Readonly<Record<number, AccountRules>> = { 1: VERSION_1 };

/** The version a loan made today is made under. */
export const CURRENT_ACCOUNT_RULES: AccountRules = VERSION_1;

/** The rules of `version`; a version this code does not know fails rather than falling back to today's. */
export function accountRules(version: number, versions: Readonly<Record<number, AccountRules>> = ACCOUNT_RULES) {
  const rules = Object.hasOwn(versions, version) ? versions[version] : undefined;
  if (!rules) throw new RangeError(`no account rules version ${version}`);
  return rules;
}
