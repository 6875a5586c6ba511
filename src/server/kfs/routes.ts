/**
 * The Key Fact Statement's routes: the preview of the terms a customer may still choose, and their
 * statements as stored, for the loan's screens (open one again at any time).
 */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { indiaDate } from '../../lib/dates.ts';
import {
  type KeyFactStatement,
  KFS_STATEMENTS_PATH,
  type KfsStanding,
  keyFactStatement,
  type StoredKeyFactStatement,
} from '../../lib/kfs.ts';
import { paiseFromRupees } from '../../lib/money.ts';
import { KeyFactStatementAnswer, StoredStatementsAnswer } from '../../lib/schemas/answers/kfs.ts';
import { site } from '../../lib/site.ts';
import { withinQuote } from '../application/quote.ts';
import { ownCustomer } from '../customers/session.ts';
import { type Quote, quoteRate } from '../eligibility/policy.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { leadOfCustomer, openLeadOf } from '../leads/store.ts';
import { kfsExpired } from './service.ts';
import { type KfsRow, kfsOfLead } from './store.ts';

const NONE = 'No Key Fact Statement available.';

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
      return ok(
        c,
        // The preview has no number: one is given when the customer accepts (docs/decisions.md).
        keyFactStatement(site, {
          amountPaise: paiseFromRupees(amount),
          tenureDays: tenure,
          dailyRatePercent: quoteRate(lead.quote as Quote),
          issuedOn: indiaDate(c.get('deps').now()),
          kfsNo: null,
        }),
      );
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
      }));
      return ok(c, { lead_id: lead.id, status: lead.status, statements });
    },
  }),
];
