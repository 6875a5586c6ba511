import { useEffect, useId, useRef } from 'react';
import { kfsSections, type KeyFactStatement as Statement, KFS_TITLE as TITLE } from '../../../lib/kfs.ts';
import { rupeesFromPaise } from '../../../lib/money.ts';
import { FactTable } from './FactTable.tsx';
import styles from './KeyFactStatement.module.css';

/** The statement as label and value pairs (every section's rows): what the screen shows, prints and saves. */
export function statementRows(kfs: Statement): [string, string][] {
  return kfsSections(kfs).flatMap((section) => section.rows);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** A standalone page of the statement, for the customer's own records. */
export function statementDocument(kfs: Statement): string {
  const sections = kfsSections(kfs)
    .map(
      (section) =>
        `<h2>${escapeHtml(section.title)}</h2>\n<table>\n${section.rows
          .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
          .join('\n')}\n</table>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en-IN"><head><meta charset="utf-8"><title>${TITLE} ${escapeHtml(kfs.kfs_no ?? '')} | ${escapeHtml(kfs.brand)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}th,td{border:1px solid #999;padding:.4rem .6rem;text-align:left;vertical-align:top}</style>
</head><body><h1>${TITLE}</h1>
${sections}
</body></html>
`;
}

/** Hands the statement to the browser as a file download (no server round trip, no dependency). */
function save(kfs: Statement) {
  const url = URL.createObjectURL(new Blob([statementDocument(kfs)], { type: 'text/html;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `key-fact-statement-${kfs.kfs_no ?? `${rupeesFromPaise(kfs.sanctioned_amount_paise)}-${kfs.tenure_days}-days`}.html`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the link; the address can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface KeyFactStatementProps {
  kfs: Statement;
  /** Take the focus when shown (it appears after the customer asked for it). */
  focus?: boolean;
}

/**
 * The Key Fact Statement the server computed for the amount and tenure chosen, as a table, with
 * Print (the print stylesheet prints only the statement while it is on the page) and Save.
 */
export function KeyFactStatement({ kfs, focus = false }: KeyFactStatementProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);

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

  return (
    <section className={styles.statement} aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1} className={styles.heading}>
        {TITLE}
        {kfs.kfs_no ? ` ${kfs.kfs_no}` : ''}
      </h2>
      {kfsSections(kfs).map((section) => (
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
          Print
        </button>
        <button type="button" className="button button--ghost" onClick={() => save(kfs)}>
          Save a Copy
        </button>
      </div>
    </section>
  );
}
