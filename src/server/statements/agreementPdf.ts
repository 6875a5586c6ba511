/**
 * The loan agreement as a PDF (issue 24), drawn in the statements' worker pool with their helpers: the
 * numbered clauses of src/lib/agreement.ts, every figure and every Part 2 text taken from the accepted
 * Key Fact Statement as stored (so the two cannot differ), the statement itself as the annex, and an
 * empty signature field for the e-sign provider (pdfSignature.ts). Pure: the same input gives the same
 * document, so its SHA-256 is what the customer signs.
 */
import { AGREEMENT_CLAUSES, type AgreementClauseId } from '../../lib/agreement.ts';
import { documentTexts, loadDocumentTexts } from '../../lib/documentText/index.ts';
import type { DocumentLanguage } from '../../lib/documentText/languages.ts';
import { formatDate, formatPercent, maskPan } from '../../lib/format.ts';
import { type KeyFactStatement, kfsSections, statementWords } from '../../lib/kfs.ts';
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import { signatureField } from '../agreement/pdfSignature.ts';
import { facts, finish, footers, heading, lenderOf, letterhead, newDocument } from './statementPdf.ts';

export interface AgreementPdfInput {
  agreementNo: string;
  /** The application it is made on. */
  leadId: number;
  kfs: KeyFactStatement;
  /** The borrower; the PAN is printed masked. */
  borrower: { name: string; pan: string | null };
  /** When it was drawn (its date). */
  generatedAt: Date;
  /** The words' language, chosen by the customer (the figures are the same): English when absent. */
  lang?: DocumentLanguage;
}

/** Room for a clause's heading and its first lines: less than this left, the clause starts a new page. */
const KEEP_WITH_HEADING = 80;

/** The clauses' words, from the statement's own figures and texts, in the agreement's language (loaded). */
export function agreementClauses(input: AgreementPdfInput): Record<AgreementClauseId, string[]> {
  const { kfs, borrower } = input;
  const lang = input.lang ?? 'en';
  const texts = documentTexts(lang);
  const t = texts.agreement.clauses;
  const words = statementWords(kfs, lang);
  const name = (english: string) => texts.kfs.names[english] ?? english;
  const c = kfs.contingent;
  const fee = kfs.fees[0];
  const officer = kfs.grievance_officer;
  const nodal = kfs.nodal_officer;
  const person = (o: typeof nodal) => `${o.name}, ${words.designation(o.designation)}, ${o.email}, ${o.phone}`;
  const registration = site.registration;
  return {
    parties: [
      t.parties({
        date: formatDate(input.generatedAt),
        lender: site.legalName,
        brand: site.brand,
        registration: texts.lender.registration(
          name(registration.kind),
          name(registration.regulator),
          registration.number,
          registration.cin,
        ),
        office: texts.lender.registeredOffice(site.offices.registered.label, site.offices.registered.lines),
        borrower: borrower.name || texts.agreement.theBorrower,
        pan: borrower.pan ? maskPan(borrower.pan) : null,
        leadId: input.leadId,
      }),
    ],
    loan: [
      t.lends(formatPaise(kfs.sanctioned_amount_paise), words.loanType, kfs.tenure_days, words.disbursalSchedule),
      t.net(formatPaise(kfs.disbursed_amount_paise), AGREEMENT_CLAUSES.fees.number),
    ],
    interest: [
      t.interest(
        formatPercent(kfs.daily_rate_percent),
        formatPercent(kfs.annual_rate_percent),
        words.interestType,
        formatPaise(kfs.interest_paise),
        formatPercent(kfs.apr_percent),
      ),
    ],
    fees: [
      fee
        ? t.fee({
            ...words.fee(fee),
            amount: formatPaise(fee.amount_paise),
            gstPercent: formatPercent(fee.gst_percent),
            gst: formatPaise(fee.gst_paise),
            payableTo: fee.payable_to,
          })
        : t.noFee,
      t.noOtherFee,
    ],
    repayment: [
      t.repays({
        type: words.instalmentType,
        total: formatPaise(kfs.total_repayable_paise),
        count: kfs.instalment.count,
        due: words.instalmentDue,
        dueDate: formatDate(kfs.instalment.due_if_disbursed_on_issue),
        issued: formatDate(kfs.issued_on),
      }),
      t.prepayment(formatPaise(c.foreclosure_charge_paise)),
      ...(words.excessRefund ? [words.excessRefund] : []),
    ],
    afterDueDate: [
      t.afterDueInterest(words.afterDueInterest),
      t.penalCharge(words.penalCharge),
      t.otherCharges(words.otherCharges),
    ],
    overdueClasses: words.overdueClasses ? [words.overdueClasses] : [],
    creditReporting: words.creditReporting ? [words.creditReporting] : [],
    recovery: [words.inHouse, words.agents, t.conduct],
    coolingOff: [words.coolingOff],
    transfer: [words.transfer, t.lendingServiceProviders(words.lendingServiceProviders)],
    grievance: [
      t.grievanceOfficer(person(officer), officer.response_days),
      t.nodalOfficer(person(nodal)),
      words.escalation,
    ],
    keyFactStatement: [t.annexed(kfs.kfs_no ?? ''), t.esign],
  };
}

export async function agreementPdf(input: AgreementPdfInput): Promise<Uint8Array> {
  const { kfs } = input;
  const lang = input.lang ?? 'en';
  const texts = await loadDocumentTexts(lang);
  const words = texts.agreement;
  const title = `${words.title} ${input.agreementNo}`;
  const lender = lenderOf(site, texts);
  const doc = newDocument(title, lender, input.generatedAt, lang);
  letterhead(doc, lender);
  doc.font('bold').fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('regular')
    .fontSize(9)
    .text(words.onStatement(texts.kfs.title, kfs.kfs_no ?? '', input.leadId, formatDate(input.generatedAt)), {
      align: 'center',
    });
  doc.moveDown(0.4);
  const clauses = agreementClauses(input);
  for (const [id, clause] of Object.entries(AGREEMENT_CLAUSES) as [AgreementClauseId, { number: number }][]) {
    if (doc.y + KEEP_WITH_HEADING > doc.page.height - doc.page.margins.bottom) doc.addPage();
    heading(doc, `${clause.number}. ${words.clauseTitles[id]}`);
    clauses[id].forEach((paragraph, index) => {
      doc
        .font('regular')
        .fontSize(9)
        .text(`${clause.number}.${index + 1} ${paragraph}`, { lineGap: 1 });
      doc.moveDown(0.3);
    });
  }
  doc.moveDown(1);
  doc
    .font('bold')
    .fontSize(10)
    .text(words.signedBy(input.borrower.name || words.theBorrower, lender.legalName));
  doc.addPage();
  doc
    .font('bold')
    .fontSize(14)
    .text(words.annex(texts.kfs.title, kfs.kfs_no ?? ''), { align: 'center' });
  for (const section of kfsSections(kfs, null, lang)) {
    if (doc.y + KEEP_WITH_HEADING > doc.page.height - doc.page.margins.bottom) doc.addPage();
    heading(doc, section.title);
    facts(doc, section.rows, 1);
  }
  footers(doc, lender, title, texts);
  // What a reader's signature panel shows, in the agreement's language (a PDF text string: UTF-16BE with
  // its byte order mark when not ASCII, as pdfkit writes a String).
  signatureField(doc, {
    name: input.borrower.name || texts.signature.signer,
    reason: texts.signature.reason(words.title, input.agreementNo),
    location: texts.signature.location,
  });
  return finish(doc);
}
