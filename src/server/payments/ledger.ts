/**
 * The payment ledger: every payment or receipt becomes exactly one collection, and the loan's dues
 * change in the same transaction. The loan row is locked while a collection is recorded, so
 * concurrent callbacks and webhooks for one loan take turns; the unique (source, reference) index
 * makes a repeat of the same provider payment a no-op, whichever arrives first.
 */
import { sql } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { crashPoint } from '../faults.ts';
import { duesOn } from '../loans/dues.ts';

export interface CollectionInput {
  loanId: string;
  orderId?: string | null;
  source: 'razorpay' | 'payu' | 'offline';
  reference: string;
  amountPaise: number;
  recordedBy: string;
  now: Date;
  /** Offline receipts are typed by staff: refuse one that is more than the dues instead of keeping an excess. */
  refuseOverpayment?: boolean;
}

export type CollectionOutcome =
  | { kind: 'recorded'; collectionId: number; appliedPaise: number; excessPaise: number; totalDuePaise: number }
  | { kind: 'duplicate'; collectionId: number }
  | { kind: 'overpayment'; totalDuePaise: number };

export async function recordCollection(db: Database | Transaction, input: CollectionInput): Promise<CollectionOutcome> {
  return db.transaction(async (tx) => {
    // The loan row, locked: collections for one loan are recorded one at a time.
    const [loan] = await queryRows<{
      loan_no: string;
      principal_paise: number;
      daily_rate_hundredths: number;
      tenure_days: number;
      disbursal_date: string | Date;
      repayment_date: string | Date;
      collected_paise: number;
    }>(tx, sql`select * from loans where id = ${input.loanId} for update`);
    if (!loan) throw new Error(`no loan ${input.loanId}`);
    const [existing] = await queryRows<{ id: number }>(
      tx,
      sql`select id from collections where source = ${input.source} and reference = ${input.reference}`,
    );
    if (existing) return { kind: 'duplicate', collectionId: existing.id };

    const due = duesOn(
      {
        loanNo: loan.loan_no,
        principalPaise: loan.principal_paise,
        dailyRateHundredths: loan.daily_rate_hundredths,
        tenureDays: loan.tenure_days,
        disbursalDate: isoDay(loan.disbursal_date),
        repaymentDate: isoDay(loan.repayment_date),
        collectedPaise: loan.collected_paise,
      },
      indiaDate(input.now),
    ).totalDuePaise;
    if (input.refuseOverpayment && input.amountPaise > due) return { kind: 'overpayment', totalDuePaise: due };
    const applied = Math.min(input.amountPaise, due);
    const excess = input.amountPaise - applied;
    const remaining = due - applied;
    const detail = JSON.stringify({
      source: input.source,
      reference: input.reference,
      amount_paise: input.amountPaise,
      applied_paise: applied,
      excess_paise: excess,
    });
    // The collection, the loan's dues, the order and the audit line in one statement.
    const [collection] = await queryRows<{ id: number }>(
      tx,
      sql`with collection as (
            insert into collections (loan_id, order_id, source, reference, amount_paise, applied_paise, excess_paise, recorded_by, created_at)
            values (${input.loanId}, ${input.orderId ?? null}, ${input.source}, ${input.reference}, ${input.amountPaise}, ${applied}, ${excess}, ${input.recordedBy}, ${input.now})
            returning id
          ), loan as (
            update loans set collected_paise = collected_paise + ${applied},
              status = case when ${remaining} = 0 then 'closed' else status end,
              closed_at = case when ${remaining} = 0 then ${input.now}::timestamptz else closed_at end
            where id = ${input.loanId}
          ), paid as (
            -- A paid order never goes back, and stays paid by its first payment.
            update payment_orders set status = 'paid', provider_payment_id = ${input.reference}, updated_at = ${input.now}
            where id = ${input.orderId ?? null} and status <> 'paid'
          ), audit as (
            insert into audit_log (actor, action, subject, detail, created_at)
            values (${input.recordedBy}, 'collection.recorded', ${loan.loan_no}, ${detail}::jsonb, ${input.now})
          )
          select id from collection`,
    );
    if (!collection) throw new Error('collection not stored');
    crashPoint('payment.before-commit');
    return {
      kind: 'recorded',
      collectionId: collection.id,
      appliedPaise: applied,
      excessPaise: excess,
      totalDuePaise: remaining,
    };
  });
}

/** A date column as YYYY-MM-DD, whichever driver read it. */
function isoDay(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}
