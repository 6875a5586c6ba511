/**
 * Consents on record (issue 24): the signed-in customer reads what they agreed to, withdraws the bureau
 * consent and asks for their data to be deleted; staff read a customer's consents and the requests.
 */

import type { Context } from 'hono';
import * as v from 'valibot';
import { CONSENT_PATHS } from '../../lib/api/consentPaths.ts';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import {
  CONSENT_LABELS,
  type ConsentKind,
  isWithdrawable,
  WHAT_WE_DELETE,
  WHAT_WE_KEEP,
} from '../../lib/consents/kinds.ts';
import {
  ConsentsAnswer,
  PrivacyRequestAnswer,
  StaffConsentsAnswer,
  StaffPrivacyRequestsAnswer,
} from '../../lib/schemas/answers/consent.ts';
import { ClosePrivacyRequest, DataDeletionRequest, WithdrawConsentRequest } from '../../lib/schemas/consent.ts';
import type { AppEnv } from '../app/context.ts';
import { ownCustomer } from '../customers/session.ts';
import { customerById, customerByMobile } from '../customers/store.ts';
import { takeSlot } from '../db/rateLimit.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { staffOf } from '../staff/session.ts';
import {
  type ConsentOnRecord,
  type ConsentSource,
  closePrivacyRequest,
  listConsents,
  requestDeletion,
  requestNumber,
  withdrawConsent,
} from './service.ts';
import { openPrivacyRequests, type PrivacyRequest, privacyRequestsOf } from './store.ts';

/** Where a request came from: the address as the rest of the server reads it (TRUST_PROXY), the User-Agent. */
const sourceOf = (c: Context<AppEnv>): ConsentSource => ({
  address: c.get('address'),
  userAgent: c.req.header('user-agent') ?? '',
});

const label = (kind: string) => CONSENT_LABELS[kind as ConsentKind] ?? kind;

const consentView = (row: ConsentOnRecord) => ({
  kind: row.kind,
  label: label(row.kind),
  given_at: row.givenAt.toISOString(),
  text_version: row.textVersion,
  text: row.text,
  reference: row.reference,
  withdrawn_at: row.withdrawnAt?.toISOString() ?? null,
  withdrawable: row.withdrawnAt === null && isWithdrawable(row.kind),
});

const requestView = (row: PrivacyRequest) => ({
  request_no: requestNumber(row.id),
  kind: row.kind,
  consent_kind: row.consentKind,
  note: row.note,
  status: row.status,
  kept: row.kept,
  requested_at: row.createdAt.toISOString(),
  outcome: row.outcome,
  outcome_note: row.outcomeNote,
  closed_at: row.closedAt?.toISOString() ?? null,
});

/** What staff are told once a request is closed. */
const CLOSED: Record<string, string> = {
  erased: 'Closed as erased. The customer sees the outcome and your note on What you agreed to.',
  kept: 'Closed as kept. The customer sees the outcome and your reason on What you agreed to.',
};

/** A slot per customer and hour: requests are few; a loop is not. */
async function takeRequestSlot(c: Context<AppEnv>, customerId: string) {
  const { db, now } = c.get('deps');
  if (!(await takeSlot(db, `privacy:${customerId}`, 10, 3600, now()))) {
    throw new ApiError(
      429,
      'You have sent several requests this hour. Please try again later.',
      'privacy_limit',
      undefined,
      {
        retry_after_seconds: 3600,
      },
    );
  }
}

export const consentRoutes = [
  defineRoute({
    method: 'post',
    path: CONSENT_PATHS.list,
    operationId: 'getConsents',
    summary:
      'What the signed-in customer agreed to: each consent with its kind, time and text version, their requests, and what the lender keeps',
    tag: 'Consents',
    auth: 'session',
    answer: ConsentsAnswer,
    async handle(c) {
      const customer = await ownCustomer(c);
      const { db } = c.get('deps');
      return ok(c, {
        consents: (await listConsents(db, customer.id)).map(consentView),
        requests: (await privacyRequestsOf(db, customer.id)).map(requestView),
        what_we_keep: [...WHAT_WE_KEEP],
        what_we_delete: WHAT_WE_DELETE,
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: CONSENT_PATHS.withdraw,
    operationId: 'withdrawConsent',
    summary:
      'The signed-in customer withdraws a consent that may be withdrawn (the bureau check), at once; recorded with what is kept',
    tag: 'Consents',
    auth: 'session',
    body: WithdrawConsentRequest,
    answer: PrivacyRequestAnswer,
    failures: { 409: 'No such consent stands' },
    async handle(c, input) {
      const customer = await ownCustomer(c);
      await takeRequestSlot(c, customer.id);
      const { db, now } = c.get('deps');
      const request = await withdrawConsent(db, {
        customerId: customer.id,
        kind: input.kind,
        note: input.note,
        at: now(),
        ...sourceOf(c),
      });
      return ok(
        c,
        requestView(request),
        `Your consent is withdrawn (request ${requestNumber(request.id)}). We will not check your credit report again unless you consent again.`,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: CONSENT_PATHS.deleteData,
    operationId: 'requestDataDeletion',
    summary:
      'The signed-in customer asks for their data to be deleted: recorded and acknowledged with what the law requires the lender to keep; staff act on it',
    tag: 'Consents',
    auth: 'session',
    body: DataDeletionRequest,
    answer: PrivacyRequestAnswer,
    failures: { 409: 'A deletion request is already open' },
    async handle(c, input) {
      const customer = await ownCustomer(c);
      await takeRequestSlot(c, customer.id);
      const { db, now } = c.get('deps');
      const request = await requestDeletion(db, {
        customerId: customer.id,
        note: input.note,
        at: now(),
        ...sourceOf(c),
      });
      return ok(
        c,
        requestView(request),
        `We have received your request ${requestNumber(request.id)}. We will delete what the law does not require us to keep and tell you what was deleted and what was kept.`,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.customerConsents,
    operationId: 'staffCustomerConsents',
    summary:
      "A customer's consents and privacy requests by mobile, with the address and user agent of each (support, credit)",
    tag: 'staff',
    auth: 'staff',
    roles: ['support', 'credit'],
    body: v.object({
      mobile: v.pipe(v.string('mobile is required'), v.regex(/^[6-9]\d{9}$/, 'Mobile number invalid!')),
    }),
    answer: StaffConsentsAnswer,
    async handle(c, input) {
      const { db } = c.get('deps');
      const customer = await customerByMobile(db, input.mobile);
      if (!customer) throw new ApiError(404, 'No customer has this mobile number.', 'not_found');
      return ok(c, {
        name: customer.fullName ?? '',
        consents: (await listConsents(db, customer.id)).map((row) => ({
          ...consentView(row),
          address: row.address,
          user_agent: row.userAgent,
        })),
        requests: (await privacyRequestsOf(db, customer.id)).map((row) => ({
          ...requestView(row),
          address: row.address,
          user_agent: row.userAgent,
        })),
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.privacyRequests,
    operationId: 'staffPrivacyRequests',
    summary: 'Data deletion requests not yet closed, oldest first, with who asked (support, admin)',
    tag: 'staff',
    auth: 'staff',
    roles: ['support', 'admin'],
    answer: StaffPrivacyRequestsAnswer,
    async handle(c) {
      const { db } = c.get('deps');
      const rows = await openPrivacyRequests(db);
      const items = [];
      for (const row of rows) {
        const customer = await customerById(db, row.customerId);
        items.push({ ...requestView(row), mobile: customer?.mobile ?? '', name: customer?.fullName ?? '' });
      }
      return ok(c, { count: items.length, items });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.closePrivacyRequest,
    operationId: 'staffClosePrivacyRequest',
    summary:
      'Closes an open data deletion request with its outcome (erased or kept) and the note the customer reads; audited (support, admin)',
    tag: 'staff',
    auth: 'staff',
    roles: ['support', 'admin'],
    body: ClosePrivacyRequest,
    answer: PrivacyRequestAnswer,
    failures: { 404: 'No such data deletion request', 409: 'The request is closed already' },
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const closed = await closePrivacyRequest(db, {
        requestNo: input.request_no,
        outcome: input.outcome,
        note: input.note,
        staff: staffOf(c),
        at: now(),
      });
      return ok(c, requestView(closed), `${input.request_no}: ${CLOSED[input.outcome]}`);
    },
  }),
];
