/**
 * What staff type on the operations command line, read strictly: options, plain decimal numbers and
 * rupees, and the usage error that answers a typing mistake (exit code 2).
 */
import { entryToPaise } from '../../lib/repayAmount.ts';

/** A mistake in what was typed: its message is shown as it is, and the command line exits with 2. */
export class UsageError extends Error {}

/** The largest value of a PostgreSQL integer column (amounts in paise, ids, days). */
export const INTEGER_MAX = 2_147_483_647;

/** The value after --name, or undefined. */
export function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * Plain decimal numbers only: no sign, exponent, hex, grouping or spaces (all of which Number() takes),
 * and no more than the integer column holds. null for anything else.
 */
export function wholeNumber(text: string | undefined, max = INTEGER_MAX): number | null {
  if (text === undefined || !/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/** Rupees with at most two decimals -> paise, within the integer column; null for anything else. */
export function rupeesToPaise(text: string): number | null {
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return null;
  const paise = entryToPaise(text);
  return paise !== null && Number.isSafeInteger(paise) && paise <= INTEGER_MAX ? paise : null;
}

/** Lead ids are a bigint column, read as JavaScript numbers: any safe integer from 1. */
export function leadIdOf(idText: string | undefined): number {
  const id = wholeNumber(idText, Number.MAX_SAFE_INTEGER);
  if (id === null || id < 1) throw new UsageError('Give the lead id, a number: see npm run ops -- leads');
  return id;
}
