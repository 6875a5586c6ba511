/**
 * The payment ledger: every payment or receipt becomes exactly one collection, and the loan's dues
 * change in the same transaction. The loan row is locked while a collection is recorded, so
 * concurrent callbacks and webhooks for one loan take turns; the unique (source, reference) index
 * makes a repeat of the same provider payment a no-op, whichever arrives first.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { indiaDate } from '../../lib/dates.ts';
import { type Database, queryRows } from '../db/client.ts';
import { auditLog, collections, loans, paymentOrders } from '../db/schema.ts';
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

export async function recordCollection(db: Database, input: CollectionInput): Promise<CollectionOutcome> {
  return db.transaction(async (tx) => {
    const [loan] = await queryRows<{ id: string }>(tx, sql`select id from loans where id = ${input.loanId} for update`);
    if (!loan) throw new Error(`no loan ${input.loanId}`);
    const [existing] = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(and(eq(collections.source, input.source), eq(collections.reference, input.reference)));
    if (existing) return { kind: 'duplicate', collectionId: existing.id };

    const [row] = await tx.select().from(loans).where(eq(loans.id, input.loanId));
    if (!row) throw new Error(`no loan ${input.loanId}`);
    const due = duesOn(row, indiaDate(input.now)).totalDuePaise;
    if (input.refuseOverpayment && input.amountPaise > due) return { kind: 'overpayment', totalDuePaise: due };
    const applied = Math.min(input.amountPaise, due);
    const excess = input.amountPaise - applied;

    const [collection] = await tx
      .insert(collections)
      .values({
        loanId: input.loanId,
        orderId: input.orderId ?? null,
        source: input.source,
        reference: input.reference,
        amountPaise: input.amountPaise,
        appliedPaise: applied,
        excessPaise: excess,
        recordedBy: input.recordedBy,
        createdAt: input.now,
      })
      .returning({ id: collections.id });
    if (!collection) throw new Error('collection not stored');
    const remaining = due - applied;
    await tx
      .update(loans)
      .set({
        collectedPaise: sql`${loans.collectedPaise} + ${applied}`,
        ...(remaining === 0 && { status: 'closed', closedAt: input.now }),
      })
      .where(eq(loans.id, input.loanId));
    if (input.orderId) {
      // A paid order never goes back, and stays paid by its first payment.
      await tx
        .update(paymentOrders)
        .set({ status: 'paid', providerPaymentId: input.reference, updatedAt: input.now })
        .where(and(eq(paymentOrders.id, input.orderId), ne(paymentOrders.status, 'paid')));
    }
    await tx.insert(auditLog).values({
      actor: input.recordedBy,
      action: 'collection.recorded',
      subject: row.loanNo,
      detail: {
        source: input.source,
        reference: input.reference,
        amount_paise: input.amountPaise,
        applied_paise: applied,
        excess_paise: excess,
      },
      createdAt: input.now,
    });
    return {
      kind: 'recorded',
      collectionId: collection.id,
      appliedPaise: applied,
      excessPaise: excess,
      totalDuePaise: remaining,
    };
  });
}
