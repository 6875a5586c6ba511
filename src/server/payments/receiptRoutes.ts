/** The payment result page's receipt (/thanku): the route; ./receipt.ts finds it and says who may read it. */
import { HEADERS } from '../../lib/api/paths.ts';
import { RECEIPT_PATH } from '../../lib/receipt.ts';
import { ReceiptAnswer } from '../../lib/schemas/answers/receipt.ts';
import { ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { paymentReceipt, ReceiptRequest } from './receipt.ts';

export const receiptRoutes = [
  defineRoute({
    method: 'post',
    path: RECEIPT_PATH,
    operationId: 'paymentReceipt',
    summary:
      "One payment's receipt by its transaction id (amount, loan, date, reference, balance left), for the signed-in customer whose loan it paid or the repay session that made it",
    tag: 'Payments',
    // The Authtoken is a sign-in or a repay session, checked here; a repay session may have just ended.
    auth: 'none',
    body: ReceiptRequest,
    answer: ReceiptAnswer,
    failures: {
      401: 'No live sign-in or repay session: sign in to see the details.',
      404: "No payment with this transaction ID, or one that is not the asker's (the same answer).",
    },
    async handle(c, input) {
      return ok(c, await paymentReceipt(c.get('deps'), c.req.header(HEADERS.token) ?? '', input.txnId));
    },
  }),
];
