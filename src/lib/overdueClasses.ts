/**
 * The RBI's classes of an overdue loan (docs/decisions.md, "Overdue: days past due, SMA and NPA"):
 * by days past due at the end of a day, SMA-0 up to 30, SMA-1 31 to 60, SMA-2 61 to 90, NPA over 90
 * (the clarification of 12 November 2021, DOR.STR.REC.68/21.04.048/2021-22: flagged as part of the
 * day-end process for the day, and upgraded to standard only once all arrears of interest and
 * principal are paid). Its illustration counts the due date itself as the first day overdue: due on
 * 31 March and unpaid at its day-end, SMA-0 dated 31 March, SMA-1 30 April, SMA-2 30 May, NPA 29 June.
 * A loan repaid in one instalment owes everything from its due date on, so each class has a fixed date.
 */
import { addDays } from './dates.ts';

export const OVERDUE_CLASSES = ['sma0', 'sma1', 'sma2', 'npa'] as const;
export type OverdueClass = (typeof OVERDUE_CLASSES)[number];
export type AssetClass = 'standard' | OverdueClass;

/** The least days past due of each class (the due date's own day-end being the first). */
export const CLASS_FROM_DPD: Record<OverdueClass, number> = { sma0: 1, sma1: 31, sma2: 61, npa: 91 };

export const CLASS_NAMES: Record<AssetClass, string> = {
  standard: 'Standard',
  sma0: 'SMA-0',
  sma1: 'SMA-1',
  sma2: 'SMA-2',
  npa: 'NPA',
};

/** What each class means, in the words the notices, the KFS and the rates page use. */
export const CLASS_RANGES: Record<OverdueClass, string> = {
  sma0: 'up to 30 days past due',
  sma1: '31 to 60 days past due',
  sma2: '61 to 90 days past due',
  npa: 'more than 90 days past due (a non-performing asset)',
};

export function classOf(daysPastDue: number): AssetClass {
  if (daysPastDue > 90) return 'npa';
  if (daysPastDue > 60) return 'sma2';
  if (daysPastDue > 30) return 'sma1';
  if (daysPastDue > 0) return 'sma0';
  return 'standard';
}

/** The date of a class for a loan due on `dueDate`: the day at whose day-end it is reached (SMA-0 the due date, NPA 90 days after it). */
export function classBegins(dueDate: string, overdueClass: OverdueClass): string {
  return addDays(dueDate, CLASS_FROM_DPD[overdueClass] - 1);
}

/** The classes a loan has passed through up to `current`, each with its first and (but the last) its last day. */
export function classesUpTo(dueDate: string, current: OverdueClass) {
  const upTo = OVERDUE_CLASSES.slice(0, OVERDUE_CLASSES.indexOf(current) + 1);
  return upTo.map((overdueClass, i) => {
    const next = upTo[i + 1];
    return {
      overdueClass,
      beganOn: classBegins(dueDate, overdueClass),
      endedOn: next ? addDays(classBegins(dueDate, next), -1) : null,
    };
  });
}
