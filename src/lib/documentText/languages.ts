/**
 * The languages the Key Fact Statement and the loan agreement can be read in (RBI: a language the
 * borrower understands; docs/decisions.md "The KFS and agreement in Hindi"): the names only, so the
 * dashboard's switch carries no document's words.
 */
export const DOCUMENT_LANGUAGES = ['en', 'hi'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: DocumentLanguage = 'en';

/** Each language by its own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<DocumentLanguage, string> = { en: 'English', hi: 'हिन्दी' };

export const isDocumentLanguage = (value: unknown): value is DocumentLanguage =>
  (DOCUMENT_LANGUAGES as readonly unknown[]).includes(value);
