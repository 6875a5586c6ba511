/**
 * Refunds to their deadline (issue 23; docs/decisions.md "Refunds within seven days"): a refund is
 * due this many calendar days after the money arrived (the collection's value date). The default is
 * the figure the pages state (content/site.json, loan.refundDays); set it only to something shorter.
 */
import * as v from 'valibot';
import { site } from '../../lib/site.ts';
import { int } from './values.ts';

export const RefundsSchema = v.pipe(
  v.object({ REFUND_DUE_DAYS: int(site.loan.refundDays, 1, site.loan.refundDays) }),
  v.transform((e) => ({ refunds: { dueDays: e.REFUND_DUE_DAYS } })),
);
