/** What a customer asks of their consents and data (issue 24): the dashboard's forms and the API check the same rules. */
import * as v from 'valibot';
import { WITHDRAWABLE_KINDS } from '../consents/kinds.ts';

const note = v.optional(
  v.pipe(v.string(), v.trim(), v.maxLength(1000, 'Your note must be at most 1000 characters')),
  '',
);

export const WithdrawConsentRequest = v.object({
  kind: v.picklist(WITHDRAWABLE_KINDS, 'This consent cannot be withdrawn here.'),
  note,
});

export const DataDeletionRequest = v.object({
  /** The customer confirmed they read what is kept. */
  confirmed: v.pipe(
    v.optional(v.boolean(), false),
    v.literal(true, 'Please confirm that you have read what we must keep.'),
  ),
  note,
});

export type WithdrawConsentRequest = v.InferInput<typeof WithdrawConsentRequest>;
export type DataDeletionRequest = v.InferInput<typeof DataDeletionRequest>;

/** How staff close a deletion request: what the law let us erase was erased, or the records are kept. */
export const PRIVACY_OUTCOMES = ['erased', 'kept'] as const;
export type PrivacyOutcome = (typeof PRIVACY_OUTCOMES)[number];

/**
 * Staff close an open deletion request (staffClosePrivacyRequest): the outcome and the note the customer
 * reads with it, required either way (what was erased, or why the records are kept).
 */
export const ClosePrivacyRequest = v.object({
  request_no: v.pipe(v.string('request_no is required'), v.trim(), v.regex(/^PR-\d{6,}$/, 'No such request.')),
  outcome: v.picklist(PRIVACY_OUTCOMES, 'The outcome is erased or kept.'),
  note: v.pipe(
    v.string('Write what was done, for the customer: what was erased, or why we keep the records.'),
    v.trim(),
    v.nonEmpty('Write what was done, for the customer: what was erased, or why we keep the records.'),
    v.maxLength(1000, 'The note must be at most 1000 characters'),
  ),
});

export type ClosePrivacyRequest = v.InferInput<typeof ClosePrivacyRequest>;
