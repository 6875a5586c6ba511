/**
 * The languages the Key Fact Statement and the loan agreement can be read in (RBI: a language the
 * borrower understands; docs/decisions.md "The KFS and agreement in Hindi"), and each one's words.
 */
import { AGREEMENT_CLAUSES, type AgreementClauseId } from '../agreement.ts';
import { type DocumentTexts, en } from './en.ts';
import { hi } from './hi.ts';

export const DOCUMENT_LANGUAGES = ['en', 'hi'] as const;
export type DocumentLanguage = (typeof DOCUMENT_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: DocumentLanguage = 'en';

/** Each language by its own name, as the switch shows it. */
export const LANGUAGE_NAMES: Record<DocumentLanguage, string> = { en: 'English', hi: 'हिन्दी' };

const TEXTS: Record<DocumentLanguage, DocumentTexts> = { en, hi };

export const documentTexts = (lang: DocumentLanguage = DEFAULT_LANGUAGE): DocumentTexts => TEXTS[lang];

/** How a document in `lang` cites a clause of the agreement: its number from AGREEMENT_CLAUSES, its title in `lang`. */
export function clauseCitation(id: AgreementClauseId, lang: DocumentLanguage = DEFAULT_LANGUAGE): string {
  const { agreement } = documentTexts(lang);
  return agreement.cite(AGREEMENT_CLAUSES[id].number, agreement.clauseTitles[id]);
}
