/**
 * The repay amount entry (product.md §5): digits with an optional decimal part;
 * no leading zero before more digits ("05"), no bare "." start; empty is allowed and means the whole
 * due. A lone "0" stands, so that "0.50" can be typed key by key; the ₹1 minimum (product.md §10.5)
 * refuses it on submit. Shared by the stepper (what may be typed) and the server (what it charges).
 */
import { paiseFromRupees } from './money.ts';

/** Whether `text` may stand in the field while typing ('', '0', '0.' and '12.' are fine; '05', '.5' are not). */
export function acceptsAmountEntry(text: string): boolean {
  return /^(?:(?:[1-9]\d{0,8}|0)(?:\.\d{0,2})?)?$/.test(text);
}

/** Typed rupees -> paise; null for an empty entry (the whole due). NaN for anything else. */
export function entryToPaise(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,9}(?:\.\d{0,2})?$/.test(trimmed)) return Number.NaN;
  return paiseFromRupees(Number(trimmed));
}
