/**
 * A credited payment's receipt as a PDF (issue 23): from /thanku (with the dashboard's session or the
 * repay page's) and from the loan's screen on the dashboard. Only the borrower whose loan it paid may
 * have it, or the repay session during which it was paid (for a day after it ends, as /thanku's
 * figures); anyone else gets the same 404 as for a payment that does not exist.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Context } from 'hono';
import { STATUS } from '../../lib/api/envelope.ts';
import { API, HEADERS } from '../../lib/api/paths.ts';
import { receiptFileName } from '../../lib/receiptPdf.ts';
import { ReceiptPdfRequest } from '../../lib/schemas/receipts.ts';
import type { AppEnv } from '../app/context.ts';
import { customerById } from '../customers/store.ts';
import { collections, loans, paymentOrders } from '../db/schema.ts';
import { ApiError } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { receiptOfCollection } from '../reminders/store.ts';
import { repaySessionWithin } from '../repay/store.ts';

export const RECEIPT_PDF_MESSAGES = {
  signIn: 'Sign in to download the receipt of this payment.',
  /** The same for a payment that does not exist, one not applied to a loan and one that is someone else's. */
  notFound: 'We found no payment of yours with this reference.',
} as const;

/** How long after a repay session ends it may still download what it paid (as /thanku's figures: a day). */
const REPAY_GRACE_MS = 24 * 3_600_000;

/** Who asks: the signed-in customer, or a repay session (possibly just ended). */
async function asker(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const token = c.req.header(HEADERS.token) ?? '';
  if (!token) return null;
  const session = await deps.sessions.find(token);
  if (session) return { customerId: session.customerId } as const;
  const repay = await repaySessionWithin(deps, token, REPAY_GRACE_MS);
  return repay ? ({ repay } as const) : null;
}

export const receiptPdfRoutes = [
  defineRoute({
    method: 'post',
    path: API.receiptPdf,
    operationId: 'downloadReceipt',
    summary:
      'The receipt of a credited payment as a PDF (application/pdf, an attachment): amount, what it paid, what was left, the next date; for the borrower whose loan it paid or the repay session that paid it',
    tag: 'Payments',
    // The Authtoken is a sign-in or a repay session, checked here; a repay session may have just ended.
    auth: 'none',
    body: ReceiptPdfRequest,
    fileResponse: 'application/pdf',
    failures: {
      401: 'No live sign-in or repay session: sign in to download the receipt.',
      404: "No payment applied to a loan with this reference, or one that is not the asker's (the same answer).",
      503: 'Too many documents being drawn at once, or the drawing failed; Retry-After says when to try again.',
    },
    async handle(c, input) {
      const deps = c.get('deps');
      const who = await asker(c);
      if (!who) throw new ApiError(401, RECEIPT_PDF_MESSAGES.signIn, 'sign_in_required', STATUS.invalidSession);
      const notFound = () => new ApiError(404, RECEIPT_PDF_MESSAGES.notFound, 'receipt_not_found');
      // The payment by its own reference, or by its order's (PayU's txnid), on the asker's loans only.
      const owner = 'customerId' in who ? eq(loans.customerId, who.customerId) : eq(loans.id, who.repay.loanId);
      const orders = deps.db
        .select({ id: paymentOrders.id })
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, input.reference));
      const [found] = await deps.db
        .select({ id: collections.id, createdAt: collections.createdAt })
        .from(collections)
        .innerJoin(loans, eq(loans.id, collections.loanId))
        .where(
          and(
            owner,
            eq(collections.heldForRefund, false),
            or(eq(collections.reference, input.reference), inArray(collections.orderId, orders)),
          ),
        )
        .limit(1);
      if (!found) throw notFound();
      // A repay session reads what was paid while it lasted, as /thanku's figures.
      if ('repay' in who) {
        const at = found.createdAt.getTime();
        if (at < who.repay.createdAt.getTime() || at > who.repay.expiresAt.getTime()) throw notFound();
      }
      const receipt = await receiptOfCollection(deps.db, found.id);
      if (!receipt) throw notFound();
      const customer = await customerById(deps.db, receipt.loan.customerId);
      const { collection } = receipt;
      const bytes = await deps.pdfDrawing.draw(
        'receipt',
        {
          customer: { name: customer?.fullName ?? '', pan: customer?.pancard ?? null },
          loanNo: receipt.loan.loanNo,
          collection: {
            id: collection.id,
            source: collection.source,
            reference: collection.reference,
            amountPaise: collection.amountPaise,
            valueDate: collection.valueDate,
            createdAt: collection.createdAt,
          },
          allocation: receipt.allocation,
          leftPaise: receipt.leftPaise,
          closed: receipt.closed,
          dueDate: receipt.dueDate,
          generatedAt: deps.now(),
        },
        c.get('log'),
      );
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${receiptFileName(collection.reference)}"`,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-store',
      });
    },
  }),
];
