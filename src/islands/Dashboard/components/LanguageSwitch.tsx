import { useStore } from '@nanostores/react';
import { DOCUMENT_LANGUAGES, LANGUAGE_NAMES } from '../../../lib/documentText/languages.ts';
import { $documentLanguage, chooseDocumentLanguage } from '../state/documentLanguage.ts';
import styles from './LanguageSwitch.module.css';

/**
 * English or हिन्दी for the Key Fact Statement and the loan agreement (issue 24): two buttons, the chosen
 * one pressed, each named in its own language (and marked so for screen readers).
 */
export function LanguageSwitch() {
  const lang = useStore($documentLanguage);
  return (
    <fieldset className={styles.switch}>
      <legend className={styles.label}>
        <span lang="en">Language</span> / <span lang="hi">भाषा</span>
      </legend>
      {DOCUMENT_LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={lang === code}
          className={lang === code ? 'button' : 'button button--ghost'}
          onClick={() => chooseDocumentLanguage(code)}
        >
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </fieldset>
  );
}
