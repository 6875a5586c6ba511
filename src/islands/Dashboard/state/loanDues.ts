/**
 * How the dashboard speaks of an active loan's dues: shared with the dashboard's first paint, so the
 * functions live in src/lib/loanDues.ts (issue 25); the screens import them from here or from there.
 */
export { duesFigures, dueWhen, isOverdue, NOTHING_DUE, nothingDue, whichToPay } from '../../../lib/loanDues.ts';
