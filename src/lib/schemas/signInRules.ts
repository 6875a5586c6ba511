/**
 * The sign-in card's rules (product.md §5) as plain checks. The valibot schemas of
 * fields.ts are built from these same messages and patterns for the server; the card uses the plain
 * checks so that /apply-now does not carry the validation library (its 80 KB budget).
 */
export const MOBILE_TOO_SHORT = 'The Mobile field must be at least 10 characters in length.';
export const MOBILE_DIGITS_ONLY = 'The Mobile field must contain only digits.';
/** product.md §5: the specification's message for a number not starting with 6 to 9. */
export const MOBILE_NOT_INDIAN = 'Mobile number invalid!';
export const OTP_MESSAGE = 'Please enter 4 digits OTP';
/** The repay page's PAN (product.md §5): 5 letters, 4 digits, 1 letter. Plain here so /repayloan carries no validation library either. */
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;
export const PAN_MESSAGE = 'Please enter valid pan number!';

export const DIGITS = /^\d*$/;
export const INDIAN_MOBILE_START = /^[6-9]/;
export const FOUR_DIGITS = /^\d{4}$/;

/** The first problem with a typed mobile, in the order the server checks, or undefined. */
export function mobileProblem(mobile: string): string | undefined {
  if (!DIGITS.test(mobile)) return MOBILE_DIGITS_ONLY;
  if (mobile.length !== 10) return MOBILE_TOO_SHORT;
  if (!INDIAN_MOBILE_START.test(mobile)) return MOBILE_NOT_INDIAN;
  return undefined;
}

export function otpProblem(code: string): string | undefined {
  return FOUR_DIGITS.test(code) ? undefined : OTP_MESSAGE;
}
