/**
 * Each language's words for the Key Fact Statement and the loan agreement (docs/decisions.md "The KFS
 * and agreement in Hindi"); the languages themselves are in ./languages.ts.
 */
import { AGREEMENT_CLAUSES, type AgreementClauseId } from '../agreement.ts';
import { type DocumentTexts, en } from './en.ts';
import { DEFAULT_LANGUAGE, type DocumentLanguage } from './languages.ts';

/** English is always here (the statement is built in it); Hindi is loaded when first asked for. */
const TEXTS: Partial<Record<DocumentLanguage, DocumentTexts>> = { en };

/**
 * Loads a language's words: the Hindi module is a chunk of its own, so a dashboard read in English never
 * downloads it (scripts/budgets.ts). The PDF drawings await it before drawing.
 */
export async function loadDocumentTexts(lang: DocumentLanguage): Promise<DocumentTexts> {
  if (lang === 'hi') TEXTS.hi ??= (await import('./hi.ts')).hi;
  return documentTexts(lang);
}

export const hasDocumentTexts = (lang: DocumentLanguage): boolean => TEXTS[lang] !== undefined;

/** A loaded language's words (English always; another once `loadDocumentTexts` has resolved). */
export function documentTexts(lang: DocumentLanguage = DEFAULT_LANGUAGE): DocumentTexts {
  const texts = TEXTS[lang];
  if (!texts) throw new Error(`the ${lang} texts are not loaded: await loadDocumentTexts('${lang}') first`);
  return texts;
}

/** How a document in `lang` cites a clause of the agreement: its number from AGREEMENT_CLAUSES, its title in `lang`. */
export function clauseCitation(id: AgreementClauseId, lang: DocumentLanguage = DEFAULT_LANGUAGE): string {
  const { agreement } = documentTexts(lang);
  return agreement.cite(AGREEMENT_CLAUSES[id].number, agreement.clauseTitles[id]);
}

export type { DocumentLanguage } from './languages.ts';
