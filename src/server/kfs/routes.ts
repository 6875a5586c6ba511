/**
 * The Key Fact Statement's routes: the preview of the terms a customer may still choose (numbered: the
 * number stays when they accept), their statements as stored, for the loan's screens (open one again at
 * any time), and any of them as a PDF.
 */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { LanguageField } from '../../lib/documentText/schema.ts';
import {
  type KeyFactStatement,
  KFS_PDF_PATH,
  KFS_STATEMENTS_PATH,
  type KfsLoan,
  type KfsStanding,
  kfsFileName,
  type StoredKeyFactStatement,
} from '../../lib/kfs.ts';
import { paiseFromRupees } from '../../lib/money.ts';
import { KeyFactStatementAnswer, StoredStatementsAnswer } from '../../lib/schemas/answers/kfs.ts';
import { withinQuote } from '../application/quote.ts';
import { ownCustomer } from '../customers/session.ts';
import { type Quote, quoteRate } from '../eligibility/policy.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { leadOfCustomer, openLeadOf } from '../leads/store.ts';
import { kfsExpired } from './service.ts';
import { customerKfs, type KfsRow, kfsOfLead, loansOfKfs, previewKfs } from './store.ts';

const NONE = 'No Key Fact Statement available.';

const KfsPdfRequest = v.object({
  kfs_no: v.pipe(v.string('kfs_no is required'), v.regex(/^KFS-\d{6,}$/, 'kfs_no is not valid')),
  profile_id: v.optional(v.pipe(v.string(), v.uuid())),
  /** The words' language, the customer's choice: "en" (when absent) or "hi". */
  lang: LanguageField,
});

function standing(row: KfsRow, now: Date): KfsStanding {
  if (row.supersededAt) return 'superseded';
  if (row.acknowledgedAt) return 'accepted';
  return kfsExpired(row, now) ? 'expired' : 'awaiting';
}

export const kfsRoutes = [
  defineRoute({
    method: 'post',
    path: API.keyFactStatement,
    operationId: 'getKeyFactStatement',
    summary: 'The Key Fact Statement for an amount and tenure within the quote, before acceptance',
    tag: 'Application',
    auth: 'session',
    body: v.object({
      amount: v.pipe(v.number(), v.integer(), v.minValue(1)),
      tenure: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
    answer: KeyFactStatementAnswer,
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const lead = await openLeadOf(c.get('deps').db, customer.id);
      if (!lead)
        throw new ApiError(409, 'Start your loan application with the loan calculator first.', 'no_application');
      // Only what the customer could accept: terms within their quote (each field's message otherwise).
      const { amount, tenure } = withinQuote(lead.quote as Quote, input);
      const { db, now } = c.get('deps');
      // Numbered and stored, so the statement read is the one accepted (docs/decisions.md, "The KFS number on the preview").
      const row = await previewKfs(
        db,
        lead.id,
        { amountPaise: paiseFromRupees(amount), tenureDays: tenure, dailyRatePercent: quoteRate(lead.quote as Quote) },
        now(),
      );
      return ok(c, row.content as KeyFactStatement);
    },
  }),
  defineRoute({
    method: 'post',
    path: KFS_STATEMENTS_PATH,
    operationId: 'getKeyFactStatements',
    summary:
      "The signed-in customer's Key Fact Statements of one application, latest first, exactly as issued; the current one may await their acceptance (event kfs_acknowledgement)",
    tag: 'Application',
    auth: 'session',
    body: v.object({
      lead_id: v.pipe(
        v.union([v.string(), v.number()], 'lead_id is required'),
        v.transform(Number),
        v.integer('lead_id is not valid'),
      ),
    }),
    answer: StoredStatementsAnswer,
    failures: { 404: NONE },
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const { db, now } = c.get('deps');
      const lead = await leadOfCustomer(db, input.lead_id, customer.id);
      // Another customer's application and one with no statement get the same answer.
      const rows = lead ? await kfsOfLead(db, lead.id) : [];
      if (!lead || rows.length === 0) throw new ApiError(404, NONE, 'not_found');
      const at = now();
      const made = await loansOfKfs(
        db,
        rows.map((row) => row.id),
      );
      const statements: StoredKeyFactStatement[] = rows.map((row) => ({
        kfs_no: row.kfsNo,
        reason: row.reason as 'quote' | 'approval',
        standing: standing(row, at),
        current: row.id === lead.kfsId,
        issued_at: row.issuedAt.toISOString(),
        valid_until: row.validUntil,
        acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
        superseded_at: row.supersededAt?.toISOString() ?? null,
        content: row.content as KeyFactStatement,
        loan: made.get(row.id) ?? null,
      }));
      return ok(c, { lead_id: lead.id, status: lead.status, statements });
    },
  }),
  defineRoute({
    method: 'post',
    path: KFS_PDF_PATH,
    operationId: 'downloadKeyFactStatement',
    summary:
      "One of the signed-in customer's Key Fact Statements (a preview they read, or one issued) as a PDF (application/pdf, an attachment), in English or Hindi (lang), with its loan's account number once paid out",
    tag: 'Application',
    auth: 'session',
    body: KfsPdfRequest,
    fileResponse: 'application/pdf',
    failures: {
      404: NONE,
      503: 'Too many documents being drawn at once, or the drawing failed; Retry-After says when to try again.',
    },
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      const { db, now, pdfDrawing } = c.get('deps');
      // Another customer's statement and one that does not exist get the same answer.
      const found = await customerKfs(db, input.kfs_no, customer.id, { previews: true });
      if (!found) throw new ApiError(404, NONE, 'not_found');
      const loan = found.loan?.loan_no ? (found.loan as KfsLoan) : null;
      // Drawn in the PDF workers (src/server/statements/drawPool.ts), as the statement of account is.
      const bytes = await pdfDrawing.draw(
        'kfs',
        { kfs: found.row.content as KeyFactStatement, loan, generatedAt: now(), lang: input.lang },
        c.get('log'),
      );
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${kfsFileName(found.row.kfsNo, input.lang)}"`,
        'Content-Length': String(bytes.byteLength),
        'Cache-Control': 'no-store',
      });
    },
  }),
];
