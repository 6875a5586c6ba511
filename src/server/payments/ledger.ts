/**
 * The payment ledger: every payment or receipt becomes exactly one collection, allocated by the loan
 * account (src/lib/loanAccount.ts: charges, then interest, then principal, the rest an excess to
 * refund), and the allocation is stored with it. The loan row is locked while a collection is
 * recorded, so concurrent callbacks and webhooks for one loan take turns and each allocation follows
 * the one before. A provider order is credited at most once (product.md §10.5): a second collection for
 * the same order, or for the same provider payment id, is a no-op whichever arrives first. A collection
 * that leaves less than ₹1 owed writes that rest off and closes the loan, with an audit line
 * (docs/decisions.md, issue 20): no payment service can take it, and it would draw the penal charge.
 */
import { eq, sql } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { type AccountEvent, type Allocation, accountOn, type StatementLine } from '../../lib/loanAccount.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { loans } from '../db/schema.ts';
import { crashPoint } from '../dev/faults.ts';
import { reversalsOf } from '../loans/account.ts';
import { accountEvents, accountTerms } from '../loans/accountFigures.ts';

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
  | {
      kind: 'recorded';
      collectionId: number;
      appliedPaise: number;
      excessPaise: number;
      allocation: Allocation;
      /** What closes the loan after this collection, on its day. */
      totalDuePaise: number;
      /** A rest of less than ₹1 this collection left, written off (the loan closed). */
      writtenOffPaise: number;
    }
  | { kind: 'duplicate'; collectionId: number }
  | { kind: 'overpayment'; totalDuePaise: number };

/** The loan, locked until the transaction ends: collections for one loan are recorded one at a time. */
export async function lockLoan(tx: Transaction, loanId: string) {
  const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
  if (!loan) throw new Error(`no loan ${loanId}`);
  return loan;
}

/** The collection already recorded for this order or this provider payment, if any. */
async function existingCollection(tx: Transaction, input: Pick<CollectionInput, 'orderId' | 'source' | 'reference'>) {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from collections
        where (${input.orderId ?? null}::uuid is not null and order_id = ${input.orderId ?? null}::uuid)
           or (source = ${input.source} and reference = ${input.reference})
        order by id limit 1`,
  );
  return row;
}

interface CollectionSeen {
  id: number;
  loan_id: string;
  order_id: string | null;
  source: string;
  reference: string;
  amount_paise: number;
  value_date: string | Date;
  held_for_refund: boolean;
  written_off_paise: number;
}

/**
 * In one statement: the loan's collections (to allocate the new one after them) and any collection of
 * this order or provider payment, on whatever loan.
 */
async function collectionsSeen(tx: Transaction, input: CollectionInput) {
  const rows = await queryRows<CollectionSeen>(
    tx,
    sql`select id, loan_id, order_id, source, reference, amount_paise, value_date, held_for_refund, written_off_paise from collections
        where loan_id = ${input.loanId}
           or (${input.orderId ?? null}::uuid is not null and order_id = ${input.orderId ?? null}::uuid)
           or (source = ${input.source} and reference = ${input.reference})
        order by id`,
  );
  const duplicate = rows.find(
    (row) =>
      (input.orderId && row.order_id === input.orderId) ||
      (row.source === input.source && row.reference === input.reference),
  );
  const earlier = rows
    .filter((row) => row.loan_id === input.loanId && !row.held_for_refund)
    .map((row) => ({
      id: row.id,
      valueDate: isoDay(row.value_date),
      amountPaise: row.amount_paise,
      writtenOffPaise: row.written_off_paise,
    }));
  return { duplicate, earlier };
}

/** The rest written off after the last collection of these lines, if it wrote one off. */
export function writtenOffAfterLast(lines: readonly StatementLine[]): number {
  const last = lines.findLastIndex((line) => line.kind === 'collection');
  const line = lines.slice(last + 1).find((entry) => entry.kind === 'writeoff');
  return line?.amountPaise ?? 0;
}

/**
 * The day new money (or money given back) counts from: today in India, and never before the last
 * event already recorded (a clock that moved back does not date it earlier).
 */
export function valueDateAfter(events: readonly AccountEvent[], now: Date): string {
  const dates = [indiaDate(now), ...events.map((event) => event.valueDate)].sort();
  return dates.at(-1) as string;
}

/** A date column as YYYY-MM-DD, whichever driver read it. */
export const isoDay = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

export async function recordCollection(db: Database | Transaction, input: CollectionInput): Promise<CollectionOutcome> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
    throw new RangeError('a collection must be a positive whole number of paise');
  }
  return db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId);
    const { duplicate, earlier } = await collectionsSeen(tx, input);
    if (duplicate) return { kind: 'duplicate', collectionId: duplicate.id };
    const events = accountEvents(earlier, await reversalsOf(tx, loan.id));

    const valueDate = valueDateAfter(events, input.now);
    const state = accountOn(
      accountTerms(loan),
      [...events, { valueDate, amountPaise: input.amountPaise, writesOff: true }],
      valueDate,
    );
    const allocation = state.allocations.at(-1) as Allocation;
    const applied = input.amountPaise - allocation.excessPaise;
    if (input.refuseOverpayment && allocation.excessPaise > 0) return { kind: 'overpayment', totalDuePaise: applied };
    const closed = state.closedOn !== null;
    const writtenOff = writtenOffAfterLast(state.lines);
    const writeOffDetail = JSON.stringify({ reference: input.reference, written_off_paise: writtenOff });
    const detail = JSON.stringify({
      source: input.source,
      reference: input.reference,
      amount_paise: input.amountPaise,
      value_date: valueDate,
      charges_paise: allocation.chargesPaise,
      interest_paise: allocation.interestPaise,
      principal_paise: allocation.principalPaise,
      excess_paise: allocation.excessPaise,
    });
    // The collection, the loan's totals, the order and the audit line in one statement.
    const [collection] = await queryRows<{ id: number }>(
      tx,
      sql`with collection as (
            insert into collections (loan_id, order_id, source, reference, amount_paise, applied_paise, excess_paise,
              charges_paise, interest_paise, principal_paise, value_date, written_off_paise, recorded_by, created_at)
            values (${loan.id}, ${input.orderId ?? null}, ${input.source}, ${input.reference}, ${input.amountPaise},
              ${applied}, ${allocation.excessPaise}, ${allocation.chargesPaise}, ${allocation.interestPaise},
              ${allocation.principalPaise}, ${valueDate}, ${writtenOff}, ${input.recordedBy}, ${input.now})
            returning id
          ), loan as (
            update loans set collected_paise = collected_paise + ${applied},
              status = case when ${closed} then 'closed' else status end,
              closed_at = case when ${closed} and closed_at is null then ${input.now}::timestamptz else closed_at end
            where id = ${loan.id}
          ), paid as (
            -- A paid order never goes back, and stays paid by its first payment.
            update payment_orders set status = 'paid', provider_payment_id = ${input.reference}, updated_at = ${input.now}
            where id = ${input.orderId ?? null} and status <> 'paid'
          ), audit as (
            insert into audit_log (actor, action, subject, detail, created_at)
            values (${input.recordedBy}, 'collection.recorded', ${loan.loanNo}, ${detail}::jsonb, ${input.now})
          ), write_off as (
            insert into audit_log (actor, action, subject, detail, created_at)
            select ${input.recordedBy}, 'loan.written_off', ${loan.loanNo}, ${writeOffDetail}::jsonb, ${input.now}
            where ${writtenOff}::int > 0
          )
          select id from collection`,
    );
    if (!collection) throw new Error('collection not stored');
    crashPoint('payment.before-commit');
    return {
      kind: 'recorded',
      collectionId: collection.id,
      appliedPaise: applied,
      excessPaise: allocation.excessPaise,
      allocation,
      totalDuePaise: state.balance.totalPaise,
      writtenOffPaise: writtenOff,
    };
  });
}

export interface UnallocatedReceiptInput {
  loanId: string;
  /** The order it was paid against (already credited by another payment); kept in the audit line. */
  orderId: string | null;
  source: 'razorpay' | 'payu';
  /** The provider's payment id of this second payment. */
  reference: string;
  amountPaise: number;
  recordedBy: string;
  now: Date;
  /** Why it is held, for staff. */
  reason: string;
}

/**
 * Real money that must not reduce the loan: a second payment captured on an order already credited.
 * It is stored as a collection held for refund (applied nil, all of it excess), so it is never lost
 * and staff see it, and never allocated. A repeat of the same provider payment is a no-op.
 */
export async function recordUnallocatedReceipt(
  db: Database | Transaction,
  input: UnallocatedReceiptInput,
): Promise<{ kind: 'held' | 'duplicate'; collectionId: number }> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
    throw new RangeError('a receipt must be a positive whole number of paise');
  }
  return db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId);
    const existing = await existingCollection(tx, { source: input.source, reference: input.reference });
    if (existing) return { kind: 'duplicate', collectionId: existing.id };
    const detail = JSON.stringify({
      source: input.source,
      reference: input.reference,
      order_id: input.orderId,
      amount_paise: input.amountPaise,
      reason: input.reason,
    });
    const [collection] = await queryRows<{ id: number }>(
      tx,
      sql`with collection as (
            insert into collections (loan_id, order_id, source, reference, amount_paise, applied_paise, excess_paise,
              charges_paise, interest_paise, principal_paise, value_date, held_for_refund, recorded_by, created_at)
            values (${loan.id}, null, ${input.source}, ${input.reference}, ${input.amountPaise}, 0, ${input.amountPaise},
              0, 0, 0, ${indiaDate(input.now)}, true, ${input.recordedBy}, ${input.now})
            returning id
          ), audit as (
            insert into audit_log (actor, action, subject, detail, created_at)
            values (${input.recordedBy}, 'collection.held_for_refund', ${loan.loanNo}, ${detail}::jsonb, ${input.now})
          )
          select id from collection`,
    );
    if (!collection) throw new Error('receipt not stored');
    return { kind: 'held', collectionId: collection.id };
  });
}
