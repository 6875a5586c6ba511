/**
 * Money the providers give back, and their disputes (docs/decisions.md, "Payment orders, write-offs,
 * penal threshold, refunds and disputes"). A refund, or a chargeback lost, is a reversal of one
 * collection: it takes first from what the collection left to refund (money the loan never owed),
 * then gives back what it applied to the loan, principal first, then interest, then charges, so that
 * much is owed again from the day it is recorded. A closed loan that owes again is active again (unless
 * the borrower has another active loan: then it stays closed and staff are told in the audit log). A
 * dispute is kept for staff until it is won, lost or closed; a lost one is a chargeback.
 *
 * Each write locks the loan row (the lock order: loan, then order) and re-reads the loan's
 * collections and reversals inside, like the ledger, so refunds, payments and disputes of one loan
 * take turns. A provider's refund or dispute id is recorded once, whatever deliveries repeat it.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Allocation, accountOn } from '../../lib/loanAccount.ts';
import type { Logger } from '../app/logger.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { auditLog, collectionReversals, collections, loans, paymentDisputes } from '../db/schema.ts';
import { collectionsOf, reversalsOf } from '../loans/account.ts';
import { accountEvents, accountTerms } from '../loans/accountFigures.ts';
import { lockLoan, valueDateAfter } from './ledger.ts';
import type { Provider } from './store.ts';

export interface ReversalInput {
  provider: Provider;
  /** The provider's payment id the money was received with (the collection's reference). */
  paymentReference: string;
  kind: 'refund' | 'chargeback';
  /** The provider's refund id, or the dispute id of a chargeback. */
  providerReference: string;
  amountPaise: number;
  recordedBy: string;
  now: Date;
  log: Logger;
}

export type ReversalOutcome =
  | { kind: 'recorded'; reversed: Allocation; amountPaise: number; reopened: boolean }
  | { kind: 'duplicate' | 'unknown-payment' | 'nothing-left' };

/** The collection a provider payment was recorded as, if it was. */
async function collectionOfPayment(db: Database | Transaction, provider: Provider, reference: string) {
  const [row] = await db
    .select()
    .from(collections)
    .where(and(eq(collections.source, provider), eq(collections.reference, reference)));
  return row;
}

export function recordReversal(db: Database | Transaction, input: ReversalInput): Promise<ReversalOutcome> {
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
    throw new RangeError('a reversal must be a positive whole number of paise');
  }
  return db.transaction(async (tx): Promise<ReversalOutcome> => {
    const collection = await collectionOfPayment(tx, input.provider, input.paymentReference);
    if (!collection) return { kind: 'unknown-payment' };
    const loan = await lockLoan(tx, collection.loanId);
    const [seen] = await tx
      .select({ id: collectionReversals.id })
      .from(collectionReversals)
      .where(
        and(
          eq(collectionReversals.provider, input.provider),
          eq(collectionReversals.kind, input.kind),
          eq(collectionReversals.providerReference, input.providerReference),
        ),
      );
    if (seen) return { kind: 'duplicate' };

    const rows = await collectionsOf(tx, loan.id);
    const reversals = await reversalsOf(tx, loan.id);
    const applied = rows.filter((row) => !row.heldForRefund);
    const events = accountEvents(applied, reversals);
    const valueDate = valueDateAfter(events, input.now);
    const terms = accountTerms(loan);

    // What of the collection is still there to give back: a payment held for refund is all excess.
    let standing: Allocation;
    if (collection.heldForRefund) {
      const refunded = reversals
        .filter((row) => row.collectionId === collection.id)
        .reduce((sum, row) => sum + row.amountPaise, 0);
      standing = {
        chargesPaise: 0,
        interestPaise: 0,
        principalPaise: 0,
        excessPaise: collection.amountPaise - refunded,
      };
    } else {
      standing = accountOn(terms, events, valueDate).standing.get(String(collection.id)) as Allocation;
    }
    const left = standing.excessPaise + standing.principalPaise + standing.interestPaise + standing.chargesPaise;
    if (left <= 0) {
      input.log.warn('reversal of a payment already given back in full', { kind: input.kind, loan: loan.loanNo });
      return { kind: 'nothing-left' };
    }
    // More than the payment left cannot be the loan's: recorded up to what it left, the rest for staff.
    const amount = Math.min(input.amountPaise, left);
    if (amount < input.amountPaise) {
      input.log.warn('reversal larger than the payment left', { kind: input.kind, loan: loan.loanNo });
    }

    let reversed: Allocation;
    let owes = false;
    if (collection.heldForRefund) {
      reversed = { chargesPaise: 0, interestPaise: 0, principalPaise: 0, excessPaise: amount };
    } else {
      const after = accountOn(
        terms,
        [...events, { reverses: String(collection.id), valueDate, amountPaise: amount }],
        valueDate,
      );
      const line = after.lines.findLast((entry) => entry.kind === 'reversal');
      if (line?.kind !== 'reversal') throw new Error('reversal not in the account');
      reversed = line.reversed;
      owes = after.balance.totalPaise > 0;
    }
    const owedAgain = reversed.principalPaise + reversed.interestPaise + reversed.chargesPaise;

    await tx.insert(collectionReversals).values({
      collectionId: collection.id,
      loanId: loan.id,
      kind: input.kind,
      provider: input.provider,
      providerReference: input.providerReference,
      amountPaise: amount,
      ...reversed,
      valueDate,
      recordedBy: input.recordedBy,
      createdAt: input.now,
    });

    // A closed loan that owes again is active again, unless the borrower has another active loan (one
    // active loan per customer): then it stays closed, owing, and the audit line tells staff.
    let reopened = false;
    let reopenBlocked = false;
    if (owes && loan.status === 'closed') {
      const [other] = await tx
        .select({ id: loans.id })
        .from(loans)
        .where(and(eq(loans.customerId, loan.customerId), eq(loans.status, 'active'), ne(loans.id, loan.id)));
      reopenBlocked = Boolean(other);
      reopened = !other;
    }
    await tx
      .update(loans)
      .set({
        collectedPaise: sql`${loans.collectedPaise} - ${owedAgain}`,
        ...(reopened && { status: 'active', closedAt: null }),
      })
      .where(eq(loans.id, loan.id));
    await tx.insert(auditLog).values({
      actor: input.recordedBy,
      action: 'collection.reversed',
      subject: loan.loanNo,
      detail: {
        kind: input.kind,
        provider: input.provider,
        provider_reference: input.providerReference,
        payment_reference: input.paymentReference,
        amount_paise: amount,
        asked_paise: input.amountPaise,
        excess_paise: reversed.excessPaise,
        charges_paise: reversed.chargesPaise,
        interest_paise: reversed.interestPaise,
        principal_paise: reversed.principalPaise,
        value_date: valueDate,
        reopened,
        reopen_blocked_by_another_active_loan: reopenBlocked,
      },
      createdAt: input.now,
    });
    return { kind: 'recorded', reversed, amountPaise: amount, reopened };
  });
}

export interface DisputeInput {
  provider: Provider;
  paymentReference: string;
  disputeId: string;
  amountPaise: number;
  /** The provider's status word: open, under_review, action_required, won, lost, closed… */
  status: string;
  /** Whether staff still have something to do; by default, until the status is won, lost or closed. */
  open?: boolean;
  recordedBy: string;
  now: Date;
}

/** Statuses after which staff have nothing more to do about a dispute. */
const SETTLED = new Set(['won', 'lost', 'closed']);

/**
 * A dispute's news: stored (one row per provider dispute, its status the latest word), flagged open
 * for staff until it is won, lost or closed. A status that does not move it (an older delivery after
 * a settled one) leaves it as it is. Answers whether the loan has the dispute now, and its row.
 */
export function recordDispute(db: Database | Transaction, input: DisputeInput) {
  return db.transaction(async (tx) => {
    const collection = await collectionOfPayment(tx, input.provider, input.paymentReference);
    if (!collection) return { kind: 'unknown-payment' as const };
    const loan = await lockLoan(tx, collection.loanId);
    const open = input.open ?? !SETTLED.has(input.status);
    const [row] = await queryRows<{ id: number; status: string; open: boolean }>(
      tx,
      sql`insert into payment_disputes (loan_id, collection_id, provider, dispute_id, amount_paise, status, open, created_at, updated_at)
          values (${loan.id}, ${collection.id}, ${input.provider}, ${input.disputeId}, ${input.amountPaise},
            ${input.status}, ${open}, ${input.now}, ${input.now})
          on conflict (provider, dispute_id) do update set
            status = excluded.status, open = excluded.open, amount_paise = excluded.amount_paise, updated_at = excluded.updated_at
            -- A settled dispute stays settled whatever older news arrives after.
            where payment_disputes.open
          returning id, status, open`,
    );
    await tx.insert(auditLog).values({
      actor: input.recordedBy,
      action: 'payment.dispute',
      subject: loan.loanNo,
      detail: {
        provider: input.provider,
        dispute_id: input.disputeId,
        payment_reference: input.paymentReference,
        amount_paise: input.amountPaise,
        status: input.status,
        applied: Boolean(row),
      },
      createdAt: input.now,
    });
    return { kind: 'recorded' as const, changed: Boolean(row) };
  });
}

/** The loan's disputes, newest first (staff's view). */
export function disputesOf(db: Database | Transaction, loanId: string) {
  return db.select().from(paymentDisputes).where(eq(paymentDisputes.loanId, loanId)).orderBy(paymentDisputes.id);
}

/** Loans with a dispute still open: how many each (staff's list of loans). */
export async function openDisputeCounts(db: Database | Transaction): Promise<Map<string, number>> {
  const rows = await queryRows<{ loan_id: string; n: string | number }>(
    db,
    sql`select loan_id, count(*) as n from payment_disputes where open group by loan_id`,
  );
  return new Map(rows.map((row) => [row.loan_id, Number(row.n)]));
}
