/**
 * The customer's loan agreement routes (session): ask to sign it once the Key Fact Statement is accepted
 * (answers where the e-sign provider's signing page is), where it stands (asking the provider when a
 * request is pending: the customer returns from the signing page to this), and the PDF, signed or not.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import { AGREEMENT_API, NO_AGREEMENT } from '../../lib/agreement.ts';
import { LanguageField } from '../../lib/documentText/schema.ts';
import { AgreementAnswer, SigningStartedAnswer } from '../../lib/schemas/answers/agreement.ts';
import type { AppEnv } from '../app/context.ts';
import { ownCustomer } from '../customers/session.ts';
import { ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { scopeOf } from '../http/scope.ts';
import { type AgreementView, agreementDocument, agreementStanding, requestSigning } from './service.ts';

const AgreementRequest = v.object({
  lead_id: v.pipe(
    v.union([v.string(), v.number()], 'lead_id is required'),
    v.transform(Number),
    v.integer('lead_id is not valid'),
  ),
  /** The language to draw and sign it in, the customer's choice: "en" (when absent) or "hi". */
  lang: LanguageField,
});

const from = (c: Context<AppEnv>) => ({ address: c.get('address'), userAgent: c.req.header('user-agent') ?? '' });

const answerOf = (view: AgreementView) => ({
  lead_id: view.leadId,
  agreement_no: view.agreementNo,
  kfs_no: view.kfsNo,
  status: view.status,
  can_sign: view.canSign,
  decided_at: view.decidedAt?.toISOString() ?? null,
  document_sha256: view.documentSha256,
  language: view.language,
});

const CHANGED =
  'The agreement changed meanwhile, or it cannot be signed now (signed already, or the application is no longer waiting for its loan).';

export const agreementRoutes = [
  defineRoute({
    method: 'post',
    path: AGREEMENT_API.sign,
    operationId: 'signLoanAgreement',
    summary:
      "Sends the loan agreement of the customer's accepted Key Fact Statement, drawn in the language chosen (lang), to the e-sign provider: where to send the customer to sign it",
    tag: 'Application',
    auth: 'session',
    body: AgreementRequest,
    answer: SigningStartedAnswer,
    failures: { 404: NO_AGREEMENT, 409: CHANGED, 503: 'The e-sign provider could not be reached; try again later.' },
    async handle(c, body) {
      const customer = await ownCustomer(c);
      const started = await requestSigning(scopeOf(c), from(c), customer, body.lead_id, body.lang);
      return ok(c, { agreement: answerOf(started.view), redirect_url: started.redirectUrl });
    },
  }),
  defineRoute({
    method: 'post',
    path: AGREEMENT_API.status,
    operationId: 'getLoanAgreement',
    summary:
      "Where the loan agreement of one of the customer's applications stands; a signing request at the provider is asked about first and its outcome recorded",
    tag: 'Application',
    auth: 'session',
    body: AgreementRequest,
    answer: AgreementAnswer,
    failures: { 404: NO_AGREEMENT },
    async handle(c, body) {
      const customer = await ownCustomer(c);
      return ok(c, answerOf(await agreementStanding(scopeOf(c), from(c), customer, body.lead_id)));
    },
  }),
  defineRoute({
    method: 'post',
    path: AGREEMENT_API.download,
    operationId: 'downloadLoanAgreement',
    summary:
      'The loan agreement of one of the customer’s applications as a PDF (application/pdf, an attachment): the signed one once signed (in the language it was signed in), else as drawn in the language asked for (lang)',
    tag: 'Application',
    auth: 'session',
    body: AgreementRequest,
    fileResponse: 'application/pdf',
    failures: {
      404: NO_AGREEMENT,
      503: 'Too many documents being drawn at once, or the drawing failed; Retry-After says when to try again.',
    },
    async handle(c, body) {
      const customer = await ownCustomer(c);
      const { bytes, fileName } = await agreementDocument(scopeOf(c), from(c), customer, body.lead_id, body.lang);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${fileName}"`,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-store',
      });
    },
  }),
];
