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
