/**
 * A credited payment's receipt as a PDF (issue 23), drawn in the statements' worker pool with their
 * helpers (letterhead, facts, footers: ./statementPdf.ts) for src/server/receipts/routes.ts: the amount, what it
 * paid (the allocation stored with the collection), what was left after it and the next date. Pure:
 * the same input gives the same document.
 */
import { formatDate, maskPan } from '../../lib/format.ts';
import type { Allocation } from '../../lib/loanAccount.ts';
import { formatPaiseInFull } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import { paymentSourceLabel } from '../../lib/statementLines.ts';
import { facts, finish, footers, heading, lenderOf, letterhead, newDocument, stamp } from './statementPdf.ts';

const LENDER = lenderOf(site);

export interface ReceiptInput {
  customer: { name: string; pan: string | null };
  loanNo: string;
  collection: {
    id: number;
    source: string;
    reference: string;
    amountPaise: number;
    valueDate: string;
    createdAt: Date;
  };
  allocation: Allocation;
  leftPaise: number;
  closed: boolean;
  dueDate: string;
  generatedAt: Date;
}

/** The receipt's number: the collection's, which never changes. */
export const receiptNumber = (collectionId: number) => `R${String(collectionId).padStart(8, '0')}`;

export async function receiptPdf(input: ReceiptInput): Promise<Uint8Array> {
  const { customer, collection, allocation } = input;
  const lender = LENDER;
  const number = receiptNumber(collection.id);
  const doc = newDocument(`Payment receipt ${number}`, lender, input.generatedAt);
  letterhead(doc, lender);
  doc.font('bold').fontSize(16).text('Payment receipt', { align: 'center' });
  doc.moveDown(0.8);
  facts(doc, [
    ['Receipt number', number],
    ['Loan number', input.loanNo],
    ['Borrower', customer.name || 'NA'],
    ['PAN', customer.pan ? maskPan(customer.pan) : 'NA'],
    ['Received on', stamp(collection.createdAt)],
    ['Counted from', formatDate(collection.valueDate)],
    ['Paid by', paymentSourceLabel(collection.source)],
    ['Reference', collection.reference],
  ]);
  heading(doc, `Amount received: ${formatPaiseInFull(collection.amountPaise)}`);
  facts(
    doc,
    [
      ['Principal', formatPaiseInFull(allocation.principalPaise)],
      ['Interest', formatPaiseInFull(allocation.interestPaise)],
      ['Charges', formatPaiseInFull(allocation.chargesPaise)],
      ...(allocation.excessPaise > 0
        ? ([['Beyond the dues, to refund', formatPaiseInFull(allocation.excessPaise)]] as [string, string][])
        : []),
    ],
    1,
  );
  heading(doc, 'After this payment');
  facts(
    doc,
    input.closed
      ? [
          ['Left to pay', formatPaiseInFull(0)],
          ['Loan', 'Closed'],
        ]
      : [
          ['Left to pay', formatPaiseInFull(input.leftPaise)],
          ['Due date', formatDate(input.dueDate)],
        ],
    1,
  );
  doc.moveDown(1.5);
  doc
    .font('regular')
    .fontSize(8)
    .text(
      `Issued on ${stamp(input.generatedAt)}. "Left to pay" is what closed the loan on the day this payment counted from; interest runs on what is left until it is paid. This is a computer-generated receipt and needs no signature.`,
    );
  footers(doc, lender, `Payment receipt ${number}`);
  return finish(doc);
}
