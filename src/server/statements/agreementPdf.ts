/**
 * The loan agreement as a PDF (issue 24), drawn in the statements' worker pool with their helpers: the
 * numbered clauses of src/lib/agreement.ts, every figure and every Part 2 text taken from the accepted
 * Key Fact Statement as stored (so the two cannot differ), the statement itself as the annex, and an
 * empty signature field for the e-sign provider (pdfSignature.ts). Pure: the same input gives the same
 * document, so its SHA-256 is what the customer signs.
 */
import { AGREEMENT_CLAUSES, AGREEMENT_TITLE, type AgreementClauseId } from '../../lib/agreement.ts';
import { formatDate, formatPercent, maskPan } from '../../lib/format.ts';
import { type KeyFactStatement, KFS_TITLE, kfsSections } from '../../lib/kfs.ts';
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import { signatureField } from '../agreement/pdfSignature.ts';
import { facts, finish, footers, heading, lenderOf, letterhead, newDocument } from './statementPdf.ts';

const LENDER = lenderOf(site);

export interface AgreementPdfInput {
  agreementNo: string;
  /** The application it is made on. */
  leadId: number;
  kfs: KeyFactStatement;
  /** The borrower; the PAN is printed masked. */
  borrower: { name: string; pan: string | null };
  /** When it was drawn (its date). */
  generatedAt: Date;
}

/** Room for a clause's heading and its first lines: less than this left, the clause starts a new page. */
const KEEP_WITH_HEADING = 80;

/** The clauses' words, from the statement's own figures and texts. */
export function agreementClauses(input: AgreementPdfInput): Record<AgreementClauseId, string[]> {
  const { kfs, borrower } = input;
  const c = kfs.contingent;
  const fee = kfs.fees[0];
  const officer = kfs.grievance_officer;
  const nodal = kfs.nodal_officer;
  return {
    parties: [
      `This agreement is made on ${formatDate(input.generatedAt)} between ${LENDER.legalName} (${LENDER.brand}), ${LENDER.registration}, ${LENDER.registeredOffice} (the lender), and ${borrower.name || 'the borrower'}${borrower.pan ? `, PAN ${maskPan(borrower.pan)}` : ''} (the borrower), for the borrower's application ${input.leadId}.`,
    ],
    loan: [
      `The lender lends the borrower ${formatPaise(kfs.sanctioned_amount_paise)} (${kfs.loan_type.toLowerCase()}) for ${kfs.tenure_days} days. Disbursal: ${kfs.disbursal_schedule.toLowerCase()}.`,
      `The net amount paid into the borrower's bank account is ${formatPaise(kfs.disbursed_amount_paise)}, the amount lent less the fees of clause ${AGREEMENT_CLAUSES.fees.number}.`,
    ],
    interest: [
      `Interest is ${formatPercent(kfs.daily_rate_percent)} a day (${formatPercent(kfs.annual_rate_percent)} a year), ${kfs.interest_type.toLowerCase()} for the whole loan, charged on the principal outstanding for each day it is outstanding. It comes to ${formatPaise(kfs.interest_paise)} over the loan term. The annual percentage rate (APR) is ${formatPercent(kfs.apr_percent)}.`,
    ],
    fees: [
      fee
        ? `${fee.name}: ${formatPaise(fee.amount_paise)} plus ${formatPercent(fee.gst_percent)} GST of ${formatPaise(fee.gst_paise)}, payable to ${fee.payable_to}, ${fee.frequency.toLowerCase()}, ${fee.how_collected.toLowerCase()}.`
        : 'No fee is charged.',
      'No other fee or charge of any kind is payable: nothing that this agreement and its Key Fact Statement do not name can be charged.',
    ],
    repayment: [
      `${kfs.instalment.type}. The borrower repays ${formatPaise(kfs.total_repayable_paise)} in ${kfs.instalment.count} instalment, ${kfs.instalment.due} (${formatDate(kfs.instalment.due_if_disbursed_on_issue)} if disbursed on ${formatDate(kfs.issued_on)}); the loan's own due date is confirmed by SMS and e-mail at disbursal.`,
      `The borrower may repay the whole loan at any time before the due date, paying the interest for the days held only: the foreclosure or prepayment charge is ${formatPaise(c.foreclosure_charge_paise)}. Each payment is applied to charges, then interest, then principal.`,
      ...(kfs.excess_refund ? [kfs.excess_refund.text] : []),
    ],
    afterDueDate: [
      `Interest after the due date: ${c.after_due_date_interest.text}`,
      `Penal charge: ${c.penal_charge.text}`,
      `Other charges: ${c.text_other}`,
    ],
    overdueClasses: kfs.recovery.overdue_classes ? [kfs.recovery.overdue_classes] : [],
    creditReporting: kfs.credit_reporting ? [kfs.credit_reporting] : [],
    recovery: [
      kfs.recovery.in_house,
      kfs.recovery.agents,
      'Nobody acting for the lender will threaten, abuse or shame the borrower, contact the borrower’s family, friends or employer about the loan, or call outside 8 a.m. to 7 p.m.',
    ],
    coolingOff: [kfs.cooling_off.text],
    transfer: [kfs.transfer_securitisation, `Lending service providers: ${kfs.lending_service_providers}`],
    grievance: [
      `Grievance redressal officer: ${officer.name}, ${officer.designation}, ${officer.email}, ${officer.phone}; complaints are answered within ${officer.response_days} days.`,
      `Nodal officer: ${nodal.name}, ${nodal.designation}, ${nodal.email}, ${nodal.phone}.`,
      kfs.complaint_escalation.text,
    ],
    keyFactStatement: [
      `The Key Fact Statement ${kfs.kfs_no ?? ''} accepted by the borrower is the annex of this agreement and part of it. Its figures are the figures of this loan.`,
      'The borrower signs this agreement electronically (Aadhaar eSign through an e-sign service provider); the electronic signature binds as a signature on paper does (Information Technology Act, 2000, section 3A and the Second Schedule). The borrower may download the signed agreement from the dashboard at any time.',
    ],
  };
}

export function agreementPdf(input: AgreementPdfInput): Promise<Uint8Array> {
  const { kfs } = input;
  const title = `${AGREEMENT_TITLE} ${input.agreementNo}`;
  const doc = newDocument(title, LENDER, input.generatedAt);
  letterhead(doc, LENDER);
  doc.font('bold').fontSize(16).text(title, { align: 'center' });
  doc.moveDown(0.4);
  doc
    .font('regular')
    .fontSize(9)
    .text(`On ${KFS_TITLE} ${kfs.kfs_no ?? ''}, application ${input.leadId}, ${formatDate(input.generatedAt)}`, {
      align: 'center',
    });
  doc.moveDown(0.4);
  const clauses = agreementClauses(input);
  for (const [id, clause] of Object.entries(AGREEMENT_CLAUSES) as [
    AgreementClauseId,
    { number: number; title: string },
  ][]) {
    if (doc.y + KEEP_WITH_HEADING > doc.page.height - doc.page.margins.bottom) doc.addPage();
    heading(doc, `${clause.number}. ${clause.title}`);
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
    .text(
      `Signed electronically by the borrower, ${input.borrower.name || 'the borrower'}. For ${LENDER.legalName}: issued electronically.`,
    );
  doc.addPage();
  doc
    .font('bold')
    .fontSize(14)
    .text(`Annex: ${KFS_TITLE} ${kfs.kfs_no ?? ''}`, { align: 'center' });
  for (const section of kfsSections(kfs)) {
    if (doc.y + KEEP_WITH_HEADING > doc.page.height - doc.page.margins.bottom) doc.addPage();
    heading(doc, section.title);
    facts(doc, section.rows, 1);
  }
  footers(doc, LENDER, title);
  signatureField(doc, {
    name: input.borrower.name || 'Borrower',
    reason: `${AGREEMENT_TITLE} ${input.agreementNo}`,
    location: 'India',
  });
  return finish(doc);
}
