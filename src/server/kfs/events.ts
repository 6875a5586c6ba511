/**
 * The Key Fact Statement's event on the shared registration endpoint: the customer accepts a statement
 * staff issued on approving other terms (product.md §4); disbursal waits for it.
 */
import type * as v from 'valibot';
import { KFS_ACKNOWLEDGEMENT_LABELS } from '../../lib/consents/kinds.ts';
import { formatDate } from '../../lib/format.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { KfsAcknowledgementAnswer } from '../../lib/schemas/answers/application.ts';
import { KFS_REQUIRED, KfsAcknowledgementRequest } from '../../lib/schemas/application.ts';
import { allows, lockedLead } from '../application/lifecycle.ts';
import { recordKfsAcknowledgement } from '../consents/service.ts';
import { signedInCustomer } from '../customers/session.ts';
import { retryingTransaction } from '../db/retry.ts';
import { ApiError } from '../http/respond.ts';
import type { Lead } from '../leads/store.ts';
import { answer, defineEvent } from '../registration/events.ts';
import { kfsDelivery, kfsExpired, queueKfsMessages, wakeSenders } from './service.ts';
import { acknowledgeKfs, customerKfs, type KfsRow, lockedKfs } from './store.ts';

export const kfsEvents = {
  kfs_acknowledgement: defineEvent({
    auth: 'session',
    schema: KfsAcknowledgementRequest,
    answer: KfsAcknowledgementAnswer,
    async handle(call, input) {
      const customer = await signedInCustomer(call, input.profile_id);
      if (input.kfs_acknowledged !== true) throw new ApiError(400, KFS_REQUIRED, 'kfs_required');
      const { deps } = call;
      const found = await customerKfs(deps.db, input.kfs_no, customer.id);
      // Another customer's statement and one that does not exist get the same answer.
      if (!found) throw new ApiError(404, 'No Key Fact Statement available.', 'not_found');
      const already = (at: Date) =>
        answer<v.InferOutput<typeof KfsAcknowledgementAnswer>>(
          { kfs_no: found.row.kfsNo, acknowledged_at: at.toISOString() },
          'You have already accepted this Key Fact Statement.',
        );
      if (found.row.acknowledgedAt) return already(found.row.acknowledgedAt);
      const now = deps.now();
      // The lead, then its statement (the one lock order): a staff decision on the lead waits or is waited for.
      const outcome = await retryingTransaction(deps.db, async (tx) => {
        const lead = (await lockedLead(tx, found.lead.id)) as Lead;
        const row = (await lockedKfs(tx, found.row.id)) as KfsRow;
        if (row.acknowledgedAt) return { already: row.acknowledgedAt };
        if (lead.kfsId !== row.id || row.supersededAt || !allows(lead, 'accept_statement')) {
          throw new ApiError(
            409,
            'This Key Fact Statement has been replaced. Please read the latest one.',
            'kfs_superseded',
          );
        }
        if (kfsExpired(row, now)) {
          throw new ApiError(
            409,
            `This Key Fact Statement was valid until ${formatDate(row.validUntil)}. Please contact us for a new one.`,
            'kfs_expired',
          );
        }
        const acknowledged = await acknowledgeKfs(tx, row, lead, now);
        // The consent on record with the acceptance, or neither (issue 24).
        await recordKfsAcknowledgement(
          tx,
          {
            customerId: customer.id,
            kfsNo: row.kfsNo,
            content: row.content,
            label: KFS_ACKNOWLEDGEMENT_LABELS.statement,
            at: now,
          },
          call,
        );
        // The SMS and the e-mail (its PDF by reference) go with the acceptance's commit, or not at all.
        await queueKfsMessages({ ...kfsDelivery(call), db: tx }, acknowledged, { kind: 'acknowledged' });
        return { acknowledged, lead };
      });
      // A second acknowledgement at the same moment found it done: one delivery.
      if ('already' in outcome) return already(outcome.already);
      const { acknowledged, lead } = outcome;
      await wakeSenders(deps);
      const row = acknowledged;
      const content = row.content as KeyFactStatement;
      return answer(
        {
          kfs_no: row.kfsNo,
          acknowledged_at: (acknowledged.acknowledgedAt ?? now).toISOString(),
          lead_id: lead.id,
          sanctioned_amount_paise: content.sanctioned_amount_paise,
        },
        `Thank you. You have accepted Key Fact Statement ${row.kfsNo}.`,
      );
    },
  }),
};
