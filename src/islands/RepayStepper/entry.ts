/** What the repay stepper's fields accept while typing (product.md §5). */

/**
 * Whether `text` can still grow into a PAN (5 letters, 4 digits, 1 letter, src/lib/schemas/signInRules.ts
 * PAN_PATTERN): '', 'ABC', 'ABCDE12' and 'ABCDE1234F' are; '1', 'ABCDEF' and 'ABCDE1234FG' are not.
 */
export function isPanPrefix(text: string): boolean {
  return /^(?:[A-Z]{0,5}|[A-Z]{5}\d{1,4}|[A-Z]{5}\d{4}[A-Z])$/.test(text);
}

/** The PAN field's next value: upper-cased, or the last valid value when the change does not fit. */
export function nextPan(previous: string, typed: string): string {
  const upper = typed.toUpperCase();
  return isPanPrefix(upper) ? upper : previous;
}

/** The OTP field's next value: digits only, at most 4 (anything else keeps the last valid value). */
export function nextOtp(previous: string, typed: string): string {
  return /^\d{0,4}$/.test(typed) ? typed : previous;
}
