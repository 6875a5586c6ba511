/**
 * The borrower's downloads from the loan's details screen: the statement of account, and the
 * no-dues certificate once the loan is closed. Both answer a PDF to save (never cached), drawn off
 * the request thread; failures answer the usual envelope.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { STATEMENT_API } from '../../lib/statementLines.ts';
import type { AppEnv } from '../app/context.ts';
import { ownCustomer } from '../customers/session.ts';
import { ApiError } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { statementInput } from './load.ts';
import { isClosed } from './statementPdf.ts';

export const NO_LOAN_DETAILS = 'No loan details available.';
export const NOT_CLOSED = 'This loan is not closed yet; the no-dues certificate is issued once it is repaid in full.';

const DownloadRequest = v.object({
  lead_id: v.pipe(
    v.union([v.string(), v.number()], 'lead_id is required'),
    v.transform(Number),
    v.integer('lead_id is not valid'),
  ),
  profile_id: v.optional(v.pipe(v.string(), v.uuid())),
});
type Download = v.InferOutput<typeof DownloadRequest>;

async function inputFor(c: Context<AppEnv>, body: Download) {
  const customer = await ownCustomer(c, body.profile_id);
  const { db, now } = c.get('deps');
  const input = await statementInput(db, customer.id, body.lead_id, now());
  // Another customer's lead, a missing one and one without a loan get the same answer.
  if (!input) throw new ApiError(404, NO_LOAN_DETAILS, 'not_found');
  return input;
}

function pdfResponse(c: Context<AppEnv>, bytes: Uint8Array, filename: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Content-Length': String(bytes.byteLength),
  });
}

const FAILURES = {
  404: NO_LOAN_DETAILS,
  503: 'Too many documents being drawn at once, or the drawing failed; Retry-After says when to try again.',
};

export const statementRoutes = [
  defineRoute({
    method: 'post',
    path: STATEMENT_API.statement,
    operationId: 'downloadStatement',
    summary:
      'The statement of account of the loan of one of the customer’s applications, as a PDF (application/pdf, an attachment)',
    tag: 'Application',
    auth: 'session',
    body: DownloadRequest,
    fileResponse: 'application/pdf',
    failures: FAILURES,
    async handle(c, body) {
      const input = await inputFor(c, body);
      // Drawn in a worker (drawPool.ts): a burst of downloads never holds the other requests.
      const bytes = await c.get('deps').pdfDrawing.draw('statement', input, c.get('log'));
      return pdfResponse(c, bytes, `statement-${input.loan.loanNo}.pdf`);
    },
  }),
  defineRoute({
    method: 'post',
    path: STATEMENT_API.noDuesCertificate,
    operationId: 'downloadNoDuesCertificate',
    summary: 'The no-dues certificate of a closed loan, as a PDF (application/pdf, an attachment)',
    tag: 'Application',
    auth: 'session',
    body: DownloadRequest,
    fileResponse: 'application/pdf',
    failures: { ...FAILURES, 409: NOT_CLOSED },
    async handle(c, body) {
      const input = await inputFor(c, body);
      if (!isClosed(input.loan, input.state) || input.state.balance.totalPaise > 0) {
        throw new ApiError(409, NOT_CLOSED, 'loan_not_closed');
      }
      const bytes = await c.get('deps').pdfDrawing.draw('noDues', input, c.get('log'));
      return pdfResponse(c, bytes, `no-dues-${input.loan.loanNo}.pdf`);
    },
  }),
];
