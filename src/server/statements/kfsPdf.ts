/**
 * The Key Fact Statement as a PDF (issue 25, finding 10: "Save a Copy" saves a PDF, as the statement of
 * account and the certificate are): drawn in the statements' worker pool with their helpers, from the
 * stored statement's own rows (kfsSections of src/lib/kfs.ts, the one text of the statement) and its
 * one-sentence summary first, in English or Hindi (`lang`: the words change, the figures do not). Pure: the
 * same input gives the same document.
 */
import { loadDocumentTexts } from '../../lib/documentText/index.ts';
import type { DocumentLanguage } from '../../lib/documentText/languages.ts';
import { type KeyFactStatement, type KfsLoan, kfsSections, kfsSummary } from '../../lib/kfs.ts';
import { site } from '../../lib/site.ts';
import { facts, finish, footers, heading, lenderOf, letterhead, newDocument, stamp } from './statementPdf.ts';

export interface KfsPdfInput {
  kfs: KeyFactStatement;
  /** The loan made on it, once paid out: its account number and due date. */
  loan: KfsLoan | null;
  generatedAt: Date;
  /** The words' language (the figures are the same): English when absent. */
  lang?: DocumentLanguage;
}

/** Room for a section's heading and its first line: less than this left, the section starts a new page. */
const KEEP_WITH_HEADING = 70;

export async function kfsPdf(input: KfsPdfInput): Promise<Uint8Array> {
  const { kfs, loan } = input;
  const lang = input.lang ?? 'en';
  const texts = await loadDocumentTexts(lang);
  const words = texts.kfs;
  const title = `${words.title}${kfs.kfs_no ? ` ${kfs.kfs_no}` : ''}`;
  const lender = lenderOf(site, texts);
  const doc = newDocument(title, lender, input.generatedAt, lang);
  letterhead(doc, lender);
  doc.font('bold').fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.6);
  const summary = kfsSummary(kfs, loan, lang);
  doc.font('bold').fontSize(12).text(`${summary.headline}${words.values.stop}`, { align: 'center' });
  doc.font('regular').fontSize(9).text(summary.note, { align: 'center' });
  doc.moveDown(0.4);
  for (const section of kfsSections(kfs, loan, lang)) {
    if (doc.y + KEEP_WITH_HEADING > doc.page.height - doc.page.margins.bottom) doc.addPage();
    heading(doc, section.title);
    facts(doc, section.rows, 1);
  }
  doc.moveDown(1);
  doc
    .font('regular')
    .fontSize(8)
    .text(words.pdf.copySaved(stamp(input.generatedAt)));
  footers(doc, lender, title, texts);
  return finish(doc);
}
