/**
 * The language the customer reads the Key Fact Statement and the loan agreement in (RBI: a language the
 * borrower understands): chosen on the statement's screen or the agreement's panel, and remembered in
 * this browser (docs/decisions.md "The KFS and agreement in Hindi"). The PDFs and the agreement sent to
 * sign follow it.
 */
import { atom } from 'nanostores';
import { DEFAULT_LANGUAGE, type DocumentLanguage, isDocumentLanguage } from '../../../lib/documentText/languages.ts';

const KEY = 'documentLanguage';

function remembered(): DocumentLanguage {
  try {
    const value = globalThis.localStorage?.getItem(KEY);
    return isDocumentLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage refused (private mode, blocked): English, not remembered.
    return DEFAULT_LANGUAGE;
  }
}

export const $documentLanguage = atom<DocumentLanguage>(remembered());

export function chooseDocumentLanguage(lang: DocumentLanguage) {
  $documentLanguage.set(lang);
  try {
    globalThis.localStorage?.setItem(KEY, lang);
  } catch {}
}
