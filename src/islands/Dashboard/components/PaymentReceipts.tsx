import { API } from '../../../lib/api/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { receiptFileName } from '../../../lib/receiptPdf.ts';
import { type Collection, rupees } from '../state/loans.ts';
import { PdfDownloads } from './PdfDownloads.tsx';

/**
 * The receipt (PDF) of each payment applied to the loan, on its details screen (issue 23): the
 * amount, what it paid, what was left and the next date. Payments held for refund have none.
 */
export function PaymentReceipts({ collections }: { collections: Collection[] }) {
  const documents = collections
    .filter((payment) => !payment.held_for_refund && payment.reference)
    .map((payment) => ({
      key: `${payment.source}-${payment.reference}`,
      label: `Receipt of ${rupees(payment.amount)} paid on ${formatDate(payment.date)} (PDF)`,
      path: API.receiptPdf,
      body: { reference: payment.reference },
      filename: receiptFileName(payment.reference),
    }));
  return (
    <PdfDownloads
      id="payment-receipts"
      title="Receipts"
      hint="The receipt of each payment: what it paid, and what was left after it."
      documents={documents}
    />
  );
}
