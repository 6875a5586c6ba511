import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { documentTexts, hasDocumentTexts, loadDocumentTexts } from '../../../lib/documentText/index.ts';
import { DEFAULT_LANGUAGE } from '../../../lib/documentText/languages.ts';
import {
  KFS_PDF_PATH,
  type KfsLoan,
  kfsFileName,
  kfsSections,
  kfsSummary,
  type KeyFactStatement as Statement,
} from '../../../lib/kfs.ts';
import { fetchPdf, saveFile } from '../../shared/pdfDownload.ts';
import { useCall } from '../../shared/useCall.ts';
import { $documentLanguage } from '../state/documentLanguage.ts';
import { $session, endSession } from '../state/sessionStore.ts';
import { BusyButton } from './BusyButton.tsx';
import { FactTable } from './FactTable.tsx';
import styles from './KeyFactStatement.module.css';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export interface KeyFactStatementProps {
  kfs: Statement;
  /** The loan made on it, once paid out: its account number and due date are shown. */
  loan?: KfsLoan | null | undefined;
  /** Take the focus when shown (it appears after the customer asked for it). */
  focus?: boolean;
}

/**
 * The Key Fact Statement the server computed for the amount and tenure chosen: what the customer
 * receives, repays and when at the top (issue 25, finding 10), then every Annex A row as a table, with
 * Print (the print stylesheet prints only the statement while it is on the page) and Save a Copy (the
 * server's PDF of the statement, as the statement of account is saved). In English or Hindi, the
 * customer's choice (issue 24): the words change, the figures do not, and Save a Copy follows it.
 */
export function KeyFactStatement({ kfs, loan = null, focus = false }: KeyFactStatementProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const { busy, run } = useCall<'pdf'>();
  const [saveError, setSaveError] = useState('');
  const [saved, setSaved] = useState('');
  const chosen = useStore($documentLanguage);
  const [, textsLoaded] = useState(0);
  // Hindi's words are a chunk of their own: English shows until they have come.
  useEffect(() => {
    if (!hasDocumentTexts(chosen)) void loadDocumentTexts(chosen).then(() => textsLoaded((n) => n + 1));
  }, [chosen]);
  const lang = hasDocumentTexts(chosen) ? chosen : DEFAULT_LANGUAGE;
  const words = documentTexts(lang).kfs;
  const summary = kfsSummary(kfs, loan, lang);

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  // While the statement is shown, printing the page prints the statement alone.
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.print = 'kfs';
    return () => {
      delete root.dataset.print;
    };
  }, []);

  const save = (kfsNo: string) =>
    run('pdf', async () => {
      setSaveError('');
      setSaved('');
      const { token, profileId } = $session.get();
      if (!token) return endSession();
      const answer = await fetchPdf(
        KFS_PDF_PATH,
        { kfs_no: kfsNo, lang, ...(profileId && { profile_id: profileId }) },
        token,
      );
      if ('error' in answer) {
        if (answer.sessionDead) return endSession();
        return setSaveError(answer.error);
      }
      saveFile(answer.blob, kfsFileName(kfsNo, lang));
      setSaved(words.screen.saved(kfsFileName(kfsNo, lang)));
    });

  return (
    <section className={styles.statement} aria-labelledby={id} lang={lang}>
      <h2 id={id} ref={heading} tabIndex={-1} className={styles.heading}>
        {words.title}
        {kfs.kfs_no ? ` ${kfs.kfs_no}` : ''}
      </h2>
      <LanguageSwitch />
      <div className={styles.summary}>
        <p className={styles.headline}>{summary.headline}</p>
        <p className={styles.note}>{summary.note}</p>
      </div>
      {kfsSections(kfs, loan, lang).map((section) => (
        <FactTable
          key={section.title}
          caption={section.title}
          rows={section.rows}
          className={styles.table}
          captionClassName={styles.caption}
        />
      ))}
      <div className={styles.actions}>
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {words.screen.print}
        </button>
        {kfs.kfs_no && (
          <BusyButton
            type="button"
            variant="ghost"
            busy={busy === 'pdf'}
            disabled={busy !== null}
            busyText={words.screen.preparing}
            onClick={() => save(kfs.kfs_no as string)}
          >
            {words.screen.save}
          </BusyButton>
        )}
      </div>
      {saveError && (
        <p className={styles.error} role="alert">
          {saveError}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {saved}
      </p>
    </section>
  );
}
