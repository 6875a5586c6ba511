/**
 * The borrower's PDFs: the statement of account and the no-dues certificate, drawn with pdfkit
 * (docs/decisions.md, "Statements and no-dues certificates"). Every figure comes from the loan
 * account (src/lib/loanAccount.ts through src/server/loans/accountFigures.ts) and every line's words from
 * src/lib/statementLines.ts, which `npm run ops` prints too. Pure apart from reading the font once:
 * the same input gives the same document.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import { indiaDate } from '../../lib/dates.ts';
import { type DocumentTexts, en } from '../../lib/documentText/en.ts';
import { formatDate, formatPercent, maskPan } from '../../lib/format.ts';
import type { AccountState } from '../../lib/loanAccount.ts';
import { formatPaiseInFull } from '../../lib/money.ts';
import type { Site } from '../../lib/site.ts';
import { allocationParts, type StatementRow, statementRows } from '../../lib/statementLines.ts';
import {
  accountTerms,
  type CollectionRow,
  type LoanRow,
  loanFigures,
  type ReversalRow,
} from '../loans/accountFigures.ts';
import { faithfulFonts } from './devanagariText.ts';

// Noto Sans (SIL Open Font License) has the rupee sign, which the PDF standard fonts lack; pdfkit
// embeds only the glyphs a document uses. Parsed once: reading its tables again for every document
// took most of a statement's time (docs/benchmarks-statement.md).
const require = createRequire(import.meta.url);
const openFont = (file: string) => fontkit.create(readFileSync(require.resolve(file))) as fontkit.Font;
const FONT = {
  regular: openFont('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: openFont('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};
// Noto Sans Devanagari (the same family, OFL) for documents in Hindi: its Latin letters, digits and ₹
// too, shaped by fontkit (conjuncts, matras). Parsed the first time a Hindi document is drawn.
let devanagari: typeof FONT | undefined;
const devanagariFont = () =>
  (devanagari ??= {
    regular: openFont('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
    bold: openFont('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
  });

/**
 * Each word's shaping, kept for the process. pdfkit keeps a font's shaped words on the document, so
 * every statement, Key Fact Statement and receipt shaped the same labels, dates and figures again with
 * fontkit (the largest part of drawing one). A shaped word is fontkit's answer for the same font and
 * the same word, which pdfkit itself shares between a document's lines and never changes, so sharing it
 * across documents changes no byte of a document. Emptied at WORDS_KEPT, so names and figures cannot
 * grow it without bound. English only: the Hindi fonts' shaping is followed glyph by glyph
 * (./devanagariText.ts).
 */
const WORDS_KEPT = 20_000;
function shapedWords(): Record<string, unknown> {
  const words = new Map<string, unknown>();
  return new Proxy(Object.create(null) as Record<string, unknown>, {
    get: (_, word) => (typeof word === 'string' ? words.get(word) : undefined),
    set: (_, word, shaped) => {
      if (words.size >= WORDS_KEPT) words.clear();
      words.set(String(word), shaped);
      return true;
    },
  });
}
const SHAPED = { regular: shapedWords(), bold: shapedWords() };

/** Who issues the documents: the lender's particulars from content/site.json. */
export interface Lender {
  legalName: string;
  brand: string;
  registration: string;
  registeredOffice: string;
  grievance: string;
  support: string;
}

/**
 * The particulars in a document's language (`texts`, English when not given: src/lib/documentText): the
 * words around them change; the names, addresses, numbers and e-mail addresses stay as registered.
 */
export function lenderOf(site: Site, texts: DocumentTexts = en): Lender {
  const officer = site.grievanceOfficer;
  const words = texts.lender;
  const name = (english: string) => texts.kfs.names[english] ?? english;
  const { registration, offices, contact } = site;
  return {
    legalName: site.legalName,
    brand: site.brand,
    registration: words.registration(
      name(registration.kind),
      name(registration.regulator),
      registration.number,
      registration.cin,
    ),
    registeredOffice: words.registeredOffice(offices.registered.label, offices.registered.lines),
    grievance: words.grievance(`${officer.name}, ${name(officer.designation)}, ${officer.email}, ${officer.phone}`),
    support: words.support(contact.supportEmail, contact.phone),
  };
}

export interface StatementInput {
  lender: Lender;
  /** The borrower; the PAN is printed masked, never whole. */
  customer: { name: string; pan: string | null };
  loan: LoanRow;
  /** All the loan's collections, oldest first (those held for refund too). */
  collections: CollectionRow[];
  /** The providers' refunds and chargebacks of them, oldest first (none when absent). */
  reversals?: ReversalRow[];
  /** The account on the statement's day, from loanAccount(). */
  state: AccountState;
  generatedAt: Date;
}

/** A no-dues certificate asked for a loan that still has dues or is not closed. */
export class LoanNotClosed extends Error {
  constructor(loanNo: string) {
    super(`loan ${loanNo} is not closed`);
  }
}

export const isClosed = (loan: Pick<LoanRow, 'status'>, state: AccountState) =>
  loan.status === 'closed' || state.closedOn !== null;

const PAGE = { size: 'A4', margin: 40, footer: 46 } as const;
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const SHADE = '#f3f4f6';

const time = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
/** "23-11-2026 17:40 IST". The drawing helpers below are exported for the payment receipt (src/server/receipts/receiptPdf.ts). */
export const stamp = (instant: Date) => `${formatDate(instant)} ${time.format(instant)} IST`;

/** A document's language: `hi` draws in Noto Sans Devanagari and says so in the PDF (its /Lang). */
export function newDocument(title: string, lender: Lender, generatedAt: Date, lang: 'en' | 'hi' = 'en') {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.footer + 10 },
    bufferPages: true,
    ...(lang === 'hi' && { lang: 'hi-IN' }),
    info: { Title: title, Author: lender.legalName, Creator: lender.brand, CreationDate: generatedAt },
  });
  const font = lang === 'hi' ? devanagariFont() : FONT;
  // pdfkit takes a parsed fontkit font as it is (its types only name file paths and bytes).
  doc.registerFont('regular', font.regular as unknown as string);
  doc.registerFont('bold', font.bold as unknown as string);
  // Hindi copied out of the PDF reads as written (conjuncts, matras): ./devanagariText.ts.
  if (lang === 'hi') faithfulFonts(doc, ['bold', 'regular']);
  else {
    // pdfkit's embedded font (untyped) keeps its shaped words in layoutCache: the process's, above.
    for (const name of ['regular', 'bold'] as const) {
      doc.font(name);
      (doc as unknown as { _font: { layoutCache?: object } })._font.layoutCache = SHAPED[name];
    }
  }
  doc.font('regular').fillColor(INK);
  return doc;
}

type Doc = InstanceType<typeof PDFDocument>;

const contentWidth = (doc: Doc) => doc.page.width - PAGE.margin * 2;

export function finish(doc: Doc): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    doc.end();
  });
}

/** The lender's name and particulars at the top of the first page. */
export function letterhead(doc: Doc, lender: Lender) {
  doc.font('bold').fontSize(14).fillColor(INK).text(lender.legalName);
  doc.font('regular').fontSize(8).fillColor(MUTED);
  doc.text(lender.registration);
  doc.text(lender.registeredOffice);
  doc.moveDown(0.6);
  rule(doc);
  doc.moveDown(0.6);
}

function rule(doc: Doc) {
  const y = doc.y;
  doc
    .moveTo(PAGE.margin, y)
    .lineTo(doc.page.width - PAGE.margin, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** The columns' geometry of label and value pairs. */
function factsLayout(doc: Doc, columns: number) {
  const gap = 16;
  const columnWidth = (contentWidth(doc) - gap * (columns - 1)) / columns;
  const labelWidth = columns === 1 ? Math.min(240, columnWidth * 0.5) : columnWidth * 0.45;
  return { gap, columnWidth, labelWidth, valueWidth: columnWidth - labelWidth };
}

/** How tall one line of pairs is: its tallest label or value. */
function factsRowHeight(doc: Doc, row: [string, string][], columns: number) {
  const { labelWidth, valueWidth } = factsLayout(doc, columns);
  doc.fontSize(9);
  const heights = row.flatMap(([label, value]) => [
    doc.font('regular').heightOfString(label, { width: labelWidth }),
    doc.font('bold').heightOfString(value, { width: valueWidth }),
  ]);
  return Math.max(...heights) + 3;
}

/** How tall a block of pairs is, to keep it on one page. */
function factsHeight(doc: Doc, pairs: [string, string][], columns = 2) {
  let height = 0;
  for (let i = 0; i < pairs.length; i += columns) height += factsRowHeight(doc, pairs.slice(i, i + columns), columns);
  return height;
}

/**
 * Label and value pairs in two columns. A line that would cross the page's foot starts the next page
 * whole: a label is never on one page and its value on another.
 */
export function facts(doc: Doc, pairs: [string, string][], columns = 2) {
  const { gap, columnWidth, labelWidth, valueWidth } = factsLayout(doc, columns);
  for (let i = 0; i < pairs.length; i += columns) {
    const row = pairs.slice(i, i + columns);
    if (doc.y + factsRowHeight(doc, row, columns) > pageBottom(doc)) doc.addPage();
    doc.fontSize(9);
    const top = doc.y;
    let bottom = top;
    row.forEach(([label, value], index) => {
      const x = PAGE.margin + index * (columnWidth + gap);
      doc.font('regular').fillColor(MUTED).text(label, x, top, { width: labelWidth });
      bottom = Math.max(bottom, doc.y);
      doc
        .font('bold')
        .fillColor(INK)
        .text(value, x + labelWidth, top, { width: valueWidth });
      bottom = Math.max(bottom, doc.y);
    });
    doc.x = PAGE.margin;
    doc.y = bottom + 3;
  }
}

export function heading(doc: Doc, text: string) {
  doc.moveDown(0.5);
  doc.x = PAGE.margin;
  doc.font('bold').fontSize(11).fillColor(INK).text(text);
  doc.moveDown(0.3);
}

/**
 * Page numbers and the lender's contacts on every page, drawn once the pages are all known. `texts`: the
 * page's number and the contact line in the document's language (src/lib/documentText), English when not given.
 */
export function footers(doc: Doc, lender: Lender, label: string, texts: DocumentTexts = en) {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing inside the bottom margin: lift it, or pdfkit would start a new page.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - PAGE.footer + 8;
    const width = contentWidth(doc);
    doc.font('regular').fontSize(7).fillColor(MUTED);
    doc.text(texts.lender.contact(lender.grievance, lender.support), PAGE.margin, y, { width, lineBreak: true });
    doc.text(`${label} · ${texts.pageOf(index + 1, range.count)}`, PAGE.margin, y + 18, {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right';
  cell(row: StatementRow): string;
}

const blankOr = (paise: number | null) => (paise === null ? '' : formatPaiseInFull(paise));

const COLUMNS: Column[] = [
  { title: 'Date', width: 54, align: 'left', cell: (row) => formatDate(row.date) },
  {
    title: 'Description',
    width: 165,
    align: 'left',
    // A reference on a line of its own: long ones would otherwise wrap at their hyphens.
    cell: (row) => row.description.replace(' ref. ', '\nref. '),
  },
  { title: 'Debit', width: 62, align: 'right', cell: (row) => blankOr(row.debitPaise) },
  { title: 'Credit', width: 62, align: 'right', cell: (row) => blankOr(row.creditPaise) },
  {
    title: 'Allocation (charges / interest / principal)',
    width: 106,
    align: 'left',
    cell: (row) => (row.allocation ? allocationParts(row.allocation).join('\n') : ''),
  },
  { title: 'Balance', width: 66, align: 'right', cell: (row) => blankOr(row.balancePaise) },
];
const CELL_PADDING = 3;
const TABLE_FONT = 7.5;

function cellHeight(doc: Doc, texts: string[], font: 'regular' | 'bold') {
  doc.font(font).fontSize(TABLE_FONT);
  return (
    Math.max(
      ...texts.map((text, i) =>
        doc.heightOfString(text || ' ', { width: (COLUMNS[i] as Column).width - CELL_PADDING * 2 }),
      ),
    ) +
    CELL_PADDING * 2
  );
}

function drawRow(doc: Doc, texts: string[], options: { font: 'regular' | 'bold'; shade?: boolean; muted?: boolean }) {
  const height = cellHeight(doc, texts, options.font);
  const top = doc.y;
  if (options.shade) doc.rect(PAGE.margin, top, contentWidth(doc), height).fill(SHADE);
  let x = PAGE.margin;
  doc
    .font(options.font)
    .fontSize(TABLE_FONT)
    .fillColor(options.muted ? MUTED : INK);
  texts.forEach((text, i) => {
    const column = COLUMNS[i] as Column;
    doc.text(text, x + CELL_PADDING, top + CELL_PADDING, {
      width: column.width - CELL_PADDING * 2,
      align: column.align,
    });
    x += column.width;
  });
  doc
    .moveTo(PAGE.margin, top + height)
    .lineTo(PAGE.margin + contentWidth(doc), top + height)
    .lineWidth(0.25)
    .strokeColor(RULE)
    .stroke();
  doc.x = PAGE.margin;
  doc.y = top + height;
}

const pageBottom = (doc: Doc) => doc.page.height - doc.page.margins.bottom;

/** The lines of the account, a page after another, with the column headings at the top of each. */
function linesTable(doc: Doc, rows: StatementRow[], continued: string) {
  const headings = COLUMNS.map((column) => column.title);
  const headingsHeight = cellHeight(doc, headings, 'bold');
  drawRow(doc, headings, { font: 'bold', shade: true });
  for (const row of rows) {
    const texts = COLUMNS.map((column) => column.cell(row));
    const note = row.balancePaise === null;
    if (doc.y + cellHeight(doc, texts, 'regular') > pageBottom(doc)) {
      doc.addPage();
      doc.font('regular').fontSize(8).fillColor(MUTED).text(continued);
      doc.moveDown(0.4);
      drawRow(doc, headings, { font: 'bold', shade: true });
    }
    drawRow(doc, texts, { font: 'regular', muted: note });
  }
  return headingsHeight;
}

function keepTogether(doc: Doc, height: number) {
  if (doc.y + height > pageBottom(doc)) doc.addPage();
}

/** The statement of account of one loan on the state's day. */
export async function statementPdf(input: StatementInput): Promise<Uint8Array> {
  const { lender, loan, state, customer, generatedAt } = input;
  const figures = loanFigures({
    loan,
    collections: input.collections,
    reversals: input.reversals ?? [],
    terms: accountTerms(loan),
    state,
  });
  const doc = newDocument(`Statement of account ${loan.loanNo}`, lender, generatedAt);
  letterhead(doc, lender);
  doc.font('bold').fontSize(16).fillColor(INK).text('Statement of account');
  doc.moveDown(0.4);
  const periodEnd = state.closedOn ?? state.asOf;
  facts(doc, [
    ['Loan number', loan.loanNo],
    ['Borrower', customer.name || 'NA'],
    ['PAN', customer.pan ? maskPan(customer.pan) : 'NA'],
    ['Status', isClosed(loan, state) ? `Closed on ${formatDate(periodEnd)}` : 'Active'],
    ['Period', `${formatDate(loan.disbursalDate)} to ${formatDate(periodEnd)}`],
    ['Generated at', stamp(generatedAt)],
  ]);

  heading(doc, 'Terms of the loan');
  const netPaise = loan.principalPaise - loan.processingFeePaise - loan.gstOnFeePaise;
  const afterDue =
    loan.overdueInterestDaysMax > 0
      ? `Interest on the principal unpaid for at most ${loan.overdueInterestDaysMax} days`
      : 'No interest after the due date';
  facts(doc, [
    ['Principal sanctioned', formatPaiseInFull(loan.principalPaise)],
    ['Interest rate', `${formatPercent(loan.dailyRateHundredths / 100)} a day, fixed`],
    ['Tenure', `${loan.tenureDays} days`],
    ['Disbursed on', formatDate(loan.disbursalDate)],
    ['Due date', formatDate(state.dueDate)],
    ['Processing fee deducted', formatPaiseInFull(loan.processingFeePaise)],
    ['GST on fee deducted', formatPaiseInFull(loan.gstOnFeePaise)],
    ['Net amount disbursed', formatPaiseInFull(netPaise)],
    ['After the due date', afterDue],
    [
      'Penal charge (once)',
      loan.penalChargePaise + loan.penalGstPaise > 0
        ? `${formatPaiseInFull(loan.penalChargePaise)} + GST ${formatPaiseInFull(loan.penalGstPaise)}${loan.penalThresholdPaise > 0 ? `, only if ${formatPaiseInFull(loan.penalThresholdPaise)} or more is unpaid at the end of the due date` : ''}`
        : 'None',
    ],
  ]);

  heading(doc, 'Account lines');
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Interest accrues daily on the principal outstanding only. Each payment is applied to charges, then interest, then principal. The balance is what you owe after each line; lines in grey are notes that do not change it.',
    );
  doc.moveDown(0.4);
  linesTable(
    doc,
    statementRows(loan, state.lines, input.collections, input.reversals ?? []),
    `Statement of account ${loan.loanNo} (continued)`,
  );

  const totals: [string, string][] = [
    ['Principal disbursed', formatPaiseInFull(loan.principalPaise)],
    ['Interest charged', formatPaiseInFull(figures.interestChargedPaise)],
    ['Charges (penal and GST)', formatPaiseInFull(figures.chargesPostedPaise)],
    ['Collected and applied', formatPaiseInFull(figures.collectedPaise)],
    ['Principal outstanding', formatPaiseInFull(figures.principalOutstandingPaise)],
    ['Interest outstanding', formatPaiseInFull(figures.interestOutstandingPaise)],
    ['Charges outstanding', formatPaiseInFull(figures.chargesOutstandingPaise)],
  ];
  if (figures.reversedPaise > 0) {
    totals.push([
      'Given back by the payment services (refunds, chargebacks)',
      formatPaiseInFull(figures.reversedPaise),
    ]);
  }
  if (figures.writtenOffPaise > 0) {
    totals.push(['Written off at closure (less than ₹1)', formatPaiseInFull(figures.writtenOffPaise)]);
  }
  if (figures.excessPaise > 0) totals.push(['Excess to be refunded to you', formatPaiseInFull(figures.excessPaise)]);
  totals.push(['Outstanding today (amount to close the loan today)', formatPaiseInFull(figures.closureAmountPaise)]);
  // The totals, their heading and the closing note on one page (heading and note about 60 pt).
  keepTogether(doc, factsHeight(doc, totals, 1) + 60);
  heading(doc, `Totals on ${formatDate(state.asOf)}`);
  facts(doc, totals, 1);
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'This is a computer-generated statement and needs no signature. Please tell us within 30 days if anything in it is not right.',
    );
  footers(doc, lender, `Statement of account ${loan.loanNo}`);
  return finish(doc);
}

/** The certificate that a closed loan has nothing due; throws LoanNotClosed for a loan that is not. */
export async function noDuesCertificatePdf(input: StatementInput): Promise<Uint8Array> {
  const { lender, loan, state, customer, generatedAt } = input;
  if (!isClosed(loan, state)) throw new LoanNotClosed(loan.loanNo);
  const figures = loanFigures({
    loan,
    collections: input.collections,
    reversals: input.reversals ?? [],
    terms: accountTerms(loan),
    state,
  });
  if (figures.closureAmountPaise > 0) throw new LoanNotClosed(loan.loanNo);
  const closedOn = state.closedOn ?? (loan.closedAt ? indiaDate(loan.closedAt) : state.asOf);
  const receivedPaise = input.collections.reduce((sum, row) => sum + row.amountPaise, 0);
  // What the payments paid, less what the providers gave back of it.
  const allocated = { principal: 0, interest: 0, charges: 0 };
  for (const line of state.lines) {
    const sign = line.kind === 'collection' ? 1 : line.kind === 'reversal' ? -1 : 0;
    if (sign === 0 || (line.kind !== 'collection' && line.kind !== 'reversal')) continue;
    const parts = line.kind === 'collection' ? line.allocation : line.reversed;
    allocated.principal += sign * parts.principalPaise;
    allocated.interest += sign * parts.interestPaise;
    allocated.charges += sign * parts.chargesPaise;
  }
  const doc = newDocument(`No-dues certificate ${loan.loanNo}`, lender, generatedAt);
  letterhead(doc, lender);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Date: ${formatDate(generatedAt)}`, { align: 'right' });
  doc.moveDown(1);
  doc.font('bold').fontSize(16).fillColor(INK).text('No-dues certificate', { align: 'center' });
  doc.moveDown(1);
  const borrower = customer.name || 'the borrower';
  const pan = customer.pan ? ` (PAN ${maskPan(customer.pan)})` : '';
  const paragraph = (text: string) => {
    doc.font('regular').fontSize(10.5).fillColor(INK).text(text, { lineGap: 2 });
    doc.moveDown(0.8);
  };
  paragraph(
    `This is to certify that ${borrower}${pan} has repaid in full loan number ${loan.loanNo} of ${formatPaiseInFull(loan.principalPaise)}, disbursed by ${lender.legalName} on ${formatDate(loan.disbursalDate)}. The loan was closed on ${formatDate(closedOn)}.`,
  );
  paragraph(
    `In all ${formatPaiseInFull(figures.collectedPaise)} was paid towards the loan: ${formatPaiseInFull(allocated.principal)} of principal, ${formatPaiseInFull(allocated.interest)} of interest and ${formatPaiseInFull(allocated.charges)} of charges.`,
  );
  paragraph(`Nothing is due from the borrower on this loan, and we have no claim on it.`);
  if (figures.excessPaise > 0) {
    paragraph(
      `${formatPaiseInFull(figures.excessPaise)} was received beyond the dues (in all ${formatPaiseInFull(receivedPaise)} was received); it will be refunded to the borrower's bank account.`,
    );
  }
  facts(
    doc,
    [
      ['Loan number', loan.loanNo],
      ['Borrower', customer.name || 'NA'],
      ['Principal', formatPaiseInFull(loan.principalPaise)],
      ['Disbursed on', formatDate(loan.disbursalDate)],
      ['Closed on', formatDate(closedOn)],
      ['Total paid', formatPaiseInFull(figures.collectedPaise)],
      ['Amount due', formatPaiseInFull(0)],
      ...(figures.excessPaise > 0
        ? ([['Excess to be refunded', formatPaiseInFull(figures.excessPaise)]] as [string, string][])
        : []),
    ],
    1,
  );
  doc.moveDown(2);
  doc.x = PAGE.margin;
  doc.font('bold').fontSize(10.5).fillColor(INK).text(`For ${lender.legalName}`);
  doc.moveDown(0.3);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor(MUTED)
    .text(`Issued on ${stamp(generatedAt)}. This is a computer-generated certificate and needs no signature.`);
  footers(doc, lender, `No-dues certificate ${loan.loanNo}`);
  return finish(doc);
}
