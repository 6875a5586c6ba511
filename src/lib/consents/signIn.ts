/**
 * The consent the sign-in card shows (issue 24), in one place: the card renders it and the server
 * records the SHA-256 of its plain text (signInConsentText), so the version on record is of what was
 * shown. Changing a word here makes a new version; earlier ones stay on record with their text.
 */

/** A piece of the consent's full text: words, or a link with its words. */
export type ConsentPart = string | { href: string; text: string };

export interface SignInConsent {
  /** The checkbox's label. */
  label: string;
  /** The full text under "Read more". */
  more: ConsentPart[];
}

/** The sign-in consent naming the brand and its lender (site.brand, site.legalName). */
export function signInConsent(brand: string, lender: string): SignInConsent {
  return {
    label: `I agree to the terms and conditions and the privacy policy, and I consent to ${brand} contacting me about my loan.`,
    more: [
      'By ticking this box I confirm that I am a resident of India, that I have read and accept the ',
      { href: '/termsandconditions', text: 'Terms and Conditions' },
      ' and the ',
      { href: '/privacypolicy', text: 'Privacy Policy' },
      `, and that I authorise ${brand} and its lender ${lender} to verify the details I give, and to contact me by SMS, e-mail, phone call or WhatsApp about my application and my loan, even if my number is registered on the National Do Not Call Registry.`,
    ],
  };
}

/** The consent as plain text: what its version is the hash of. */
export const signInConsentText = (consent: SignInConsent): string =>
  `${consent.label}\n\n${consent.more.map((part) => (typeof part === 'string' ? part : part.text)).join('')}`;

/**
 * The SHA-256 (hex) of a text shown, in the browser (Web Crypto): undefined where the page is not a
 * secure context and Web Crypto is absent; the server then records its current text.
 */
export async function shownVersion(text: string): Promise<string | undefined> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return undefined;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
