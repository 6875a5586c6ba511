/**
 * Each language's words for the Key Fact Statement and the loan agreement (docs/decisions.md "The KFS
 * and agreement in Hindi"); the languages themselves are in ./languages.ts.
 */
import { AGREEMENT_CLAUSES, type AgreementClauseId } from '../agreement.ts';
import { type DocumentTexts, en } from './en.ts';
import { hi } from './hi.ts';
import { DEFAULT_LANGUAGE, type DocumentLanguage } from './languages.ts';

const TEXTS: Record<DocumentLanguage, DocumentTexts> = { en, hi };

export const documentTexts = (lang: DocumentLanguage = DEFAULT_LANGUAGE): DocumentTexts => TEXTS[lang];

/** How a document in `lang` cites a clause of the agreement: its number from AGREEMENT_CLAUSES, its title in `lang`. */
export function clauseCitation(id: AgreementClauseId, lang: DocumentLanguage = DEFAULT_LANGUAGE): string {
  const { agreement } = documentTexts(lang);
  return agreement.cite(AGREEMENT_CLAUSES[id].number, agreement.clauseTitles[id]);
}

export type { DocumentLanguage } from './languages.ts';
