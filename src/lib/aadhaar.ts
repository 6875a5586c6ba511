/**
 * Aadhaar numbers, masked (KYC rules; decisions.md "Aadhaar, masked"): only the last four digits are
 * ever kept or shown, as UIDAI's masked Aadhaar prints them, "XXXX XXXX 1234". One place for the
 * browser, the server and the logger.
 */

/** What a masked Aadhaar shows: the first eight digits hidden. */
export const maskedForm = (last4: string): string => `XXXX XXXX ${last4}`;

/**
 * Any way a customer may give it: the last four digits, the whole number (12 digits, spaces or
 * hyphens between the groups) or the masked form (X or * for the hidden digits). A real number never
 * begins with 0 or 1, but a mistyped one is masked all the same: it is still someone's number.
 */
export const AADHAAR_GIVEN = /^(?:(?:[Xx*]{4}[ -]?){2}|\d{4}[ -]?\d{4}[ -]?)?(\d{4})$/;

/** The masked form of what was given, or null when it is not an Aadhaar number in any of those forms. */
export function maskAadhaar(given: string): string | null {
  const last4 = AADHAAR_GIVEN.exec(given.trim())?.[1];
  return last4 ? maskedForm(last4) : null;
}

/**
 * A whole number inside any text (4-4-4 digits, spaces or hyphens allowed, not part of a longer
 * run of digits or a word), for the logger's last line of defence.
 */
const IN_TEXT = /(?<![\w-])\d{4}([ -]?)\d{4}\1(\d{4})(?![\w-])/g;

/** The text with every whole Aadhaar-shaped number in it masked. */
export const maskAadhaarInText = (text: string): string =>
  text.replace(IN_TEXT, (_whole, _separator, last4: string) => maskedForm(last4));
