import { useState } from 'react';
import { fetchPdf, saveFile } from '../../shared/pdfDownload.ts';
import { useCall } from '../../shared/useCall.ts';
import { $session, endSession } from '../state/sessionStore.ts';
import { BusyButton } from './BusyButton.tsx';
import form from './Form.module.css';
import styles from './Screen.module.css';
import own from './StatementDownloads.module.css';

/** One PDF the customer can save: the API path it is asked from, the body, and the file name. */
export interface PdfDocument {
  key: string;
  label: string;
  path: string;
  body: object;
  filename: string;
}

export interface PdfDownloadsProps {
  /** The heading's id (the section is named by it). */
  id: string;
  title: string;
  hint: string;
  documents: PdfDocument[];
}

/**
 * A panel of PDFs saved with the session's token (statements, certificates, receipts): one at a time,
 * the server's words on a failure, "Saved …" told to screen readers, and a dead session ended as
 * every dashboard call ends it.
 */
export function PdfDownloads({ id, title, hint, documents }: PdfDownloadsProps) {
  const { busy, run } = useCall<string>();
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState('');
  if (documents.length === 0) return null;

  const download = (pdf: PdfDocument) =>
    run(pdf.key, async () => {
      setError(null);
      setSaved('');
      const { token } = $session.get();
      if (!token) return endSession();
      const answer = await fetchPdf(pdf.path, pdf.body, token);
      if ('error' in answer) {
        if (answer.sessionDead) return endSession();
        return setError(answer.error);
      }
      saveFile(answer.blob, pdf.filename);
      setSaved(`Saved ${pdf.filename}.`);
    });

  return (
    <section className={styles.panel} aria-labelledby={id} aria-busy={busy !== null}>
      <h2 id={id}>{title}</h2>
      <p className={form.hint}>{hint}</p>
      <div className={own.actions}>
        {documents.map((pdf) => (
          <BusyButton
            key={pdf.key}
            type="button"
            variant="ghost"
            busy={busy === pdf.key}
            disabled={busy !== null}
            busyText="Preparing…"
            onClick={() => download(pdf)}
          >
            {pdf.label}
          </BusyButton>
        ))}
      </div>
      {error && (
        <p className={own.error} role="alert">
          {error}
        </p>
      )}
      <p className="visually-hidden" role="status">
        {saved}
      </p>
    </section>
  );
}
