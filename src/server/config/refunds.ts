/**
 * Refunds to their deadline (issue 23; docs/decisions.md "Refunds within seven days"): a refund is
 * due this many calendar days after the money arrived (the collection's value date).
 */
import * as v from 'valibot';
import { int } from './values.ts';

export const RefundsSchema = v.pipe(
  v.object({ REFUND_DUE_DAYS: int(7, 1, 30) }),
  v.transform((e) => ({ refunds: { dueDays: e.REFUND_DUE_DAYS } })),
);
