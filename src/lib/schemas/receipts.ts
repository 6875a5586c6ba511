/** The payment receipt PDF's request (src/server/receipts/routes.ts), shared by /thanku and the dashboard. */
import * as v from 'valibot';

/** A payment by the id the borrower knows it by: the provider's payment id, PayU's txnid, or a bank reference. */
export const ReceiptPdfRequest = v.object({
  reference: v.pipe(
    v.string('reference is required'),
    v.trim(),
    v.regex(/^[\w-]{1,80}$/, 'reference is not a payment reference'),
  ),
});
