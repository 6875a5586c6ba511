/**
 * The automatic messages' rows (loan_messages, issue 23): queued once each by (loan, kind, what it is
 * about, channel), claimed by a sender with a lease (FOR UPDATE SKIP LOCKED, as the SMS queue is), and
 * what became of them for the staff's contact history. No text and no address is stored here: the
 * text is written when the message leaves, the address read from the customer then.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Allocation, accountOn } from '../../lib/loanAccount.ts';
import { type Database, queryRows, type Transaction } from '../db/client.ts';
import { collections, loanMessages, loans, mailQueue, smsQueue } from '../db/schema.ts';
import { collectionsOf, reversalsOf } from '../loans/account.ts';
import { accountEvents, accountTerms, type CollectionRow, type LoanRow } from '../loans/accountFigures.ts';

/** The reminders and receipts, which this folder queues and sends. */
export type LoanMessageKind = 'due_in_3' | 'due_in_1' | 'due_today' | 'overdue_1' | 'overdue_7' | 'receipt';
export type LoanMessageChannel = 'sms' | 'email';

export interface NewLoanMessage {
  loanId: string;
  kind: LoanMessageKind;
  about: string;
  channel: LoanMessageChannel;
  collectionId?: number | null;
  notBefore: Date;
}

/** Queues messages; one already queued for the same loan, kind, subject and channel is left as it is. Answers how many are new. */
export async function queueLoanMessages(db: Database | Transaction, rows: readonly NewLoanMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const added = await db
    .insert(loanMessages)
    .values(rows.map((row) => ({ ...row, collectionId: row.collectionId ?? null })))
    .onConflictDoNothing()
    .returning({ id: loanMessages.id });
  return added.length;
}

export interface ClaimedMessage {
  id: number;
  loan_id: string;
  kind: LoanMessageKind;
  about: string;
  channel: LoanMessageChannel;
  collection_id: number | null;
  attempts: number;
}

/**
 * Claims up to `limit` waiting messages whose time has come: their `not_before` moves to the lease's
 * end, so another sender takes one over only if this one stopped before finishing it.
 */
export function claimDueMessages(db: Database | Transaction, now: Date, leaseEnd: Date, limit: number) {
  return queryRows<ClaimedMessage>(
    db,
    sql`update loan_messages set not_before = ${leaseEnd}, attempts = attempts + 1
        where id in (
          select id from loan_messages
          where status = 'waiting' and not_before <= ${now}
          order by not_before, id
          limit ${limit}
          for update skip locked
        )
        returning id, loan_id, kind, about, channel, collection_id::int as collection_id, attempts`,
  );
}

type Outcome =
  | { status: 'waiting'; notBefore: Date; outcome?: string | null }
  | { status: 'queued'; smsQueueId: number; amountPaise: number | null }
  | { status: 'queued'; mailQueueId: number; amountPaise: number | null }
  | { status: 'sent'; amountPaise: number | null }
  | { status: 'skipped' | 'failed'; outcome: string };

/** Records what became of a claimed message. */
export async function settleMessage(db: Database | Transaction, id: number, outcome: Outcome, now: Date) {
  const values =
    outcome.status === 'waiting'
      ? { status: 'waiting', notBefore: outcome.notBefore, outcome: outcome.outcome ?? null }
      : outcome.status === 'queued'
        ? {
            status: 'queued',
            ...('smsQueueId' in outcome ? { smsQueueId: outcome.smsQueueId } : { mailQueueId: outcome.mailQueueId }),
            amountPaise: outcome.amountPaise,
            handledAt: now,
          }
        : outcome.status === 'sent'
          ? { status: 'sent', amountPaise: outcome.amountPaise, outcome: null, handledAt: now }
          : { status: outcome.status, outcome: outcome.outcome, handledAt: now };
  await db
    .update(loanMessages)
    .set(values)
    .where(and(eq(loanMessages.id, id)));
}

/** Hands an SMS to the durable queue (src/server/sms/queue.ts's table) and answers its row's id. */
export async function enqueueSms(
  tx: Transaction,
  message: { to: string; body: string; senderId: string; templateId: string; purpose: string },
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(smsQueue)
    .values({ ...message, nextAttemptAt: now })
    .returning({ id: smsQueue.id });
  if (!row) throw new Error('sms not queued');
  return row.id;
}

/** What became of a message another feature sent itself. */
export type SentStatus = 'queued' | 'sent' | 'failed' | 'skipped';

/**
 * Records in the contact history a message another feature sent itself (the bureau's default notice): handled
 * already, so no sender here claims it; once per (loan, kind, subject, channel), as every message is.
 */
export async function recordSentMessage(
  db: Database | Transaction,
  row: Omit<NewLoanMessage, 'notBefore' | 'collectionId' | 'kind'> & {
    /** The bureau's default notice (src/server/bureau/service.ts), the notice of an overdue class (src/server/overdue/service.ts). */
    kind: 'bureau_notice' | 'overdue_class';
    status: SentStatus;
    smsQueueId?: number;
    mailQueueId?: number;
    amountPaise: number | null;
    outcome?: string;
  },
  now: Date,
): Promise<void> {
  await db
    .insert(loanMessages)
    .values({
      ...row,
      smsQueueId: row.smsQueueId ?? null,
      mailQueueId: row.mailQueueId ?? null,
      outcome: row.outcome ?? null,
      notBefore: now,
      handledAt: now,
    })
    .onConflictDoNothing();
}

/** A loan's automatic messages, newest first, with the queue's delivery state of each SMS or e-mail queued. */
export function messagesOfLoan(db: Database | Transaction, loanId: string) {
  return db
    .select({
      message: loanMessages,
      sms: { status: smsQueue.status, sentAt: smsQueue.sentAt, error: smsQueue.lastError },
      mail: { status: mailQueue.status, sentAt: mailQueue.sentAt, error: mailQueue.lastError },
    })
    .from(loanMessages)
    .leftJoin(smsQueue, eq(smsQueue.id, loanMessages.smsQueueId))
    .leftJoin(mailQueue, eq(mailQueue.id, loanMessages.mailQueueId))
    .where(eq(loanMessages.loanId, loanId))
    .orderBy(desc(loanMessages.createdAt), desc(loanMessages.id));
}

/**
 * Queues the receipt of a collection just recorded, in the transaction that recorded it: a committed
 * credit always has its receipt to send, and a rolled-back one none. Receipts are the borrower's own
 * payment confirmed, not recovery contact: they leave at once, at any hour.
 */
export async function queueReceipt(tx: Transaction, collection: { loanId: string; collectionId: number }, now: Date) {
  await queueLoanMessages(
    tx,
    (['sms', 'email'] as const).map((channel) => ({
      loanId: collection.loanId,
      kind: 'receipt' as const,
      about: String(collection.collectionId),
      channel,
      collectionId: collection.collectionId,
      notBefore: now,
    })),
  );
}

export interface ReceiptOf {
  loan: LoanRow;
  collection: CollectionRow;
  allocation: Allocation;
  leftPaise: number;
  closed: boolean;
  dueDate: string;
}

/** A collection applied to its loan, with what it paid and what it left; null for one held for refund. */
export async function receiptOfCollection(db: Database | Transaction, collectionId: number): Promise<ReceiptOf | null> {
  const [row] = await db
    .select({ collection: collections, loan: loans })
    .from(collections)
    .innerJoin(loans, eq(loans.id, collections.loanId))
    .where(eq(collections.id, collectionId));
  if (!row || row.collection.heldForRefund) return null;
  const { loan, collection } = row;
  // This payment and what was recorded before it (payments and refunds of them), on its value date.
  const upTo = (await collectionsOf(db, loan.id)).filter((c) => !c.heldForRefund && c.id <= collection.id);
  const reversals = (await reversalsOf(db, loan.id)).filter((r) => r.id < collection.id);
  const state = accountOn(accountTerms(loan), accountEvents(upTo, reversals), collection.valueDate);
  const line = state.lines.find((entry) => entry.kind === 'collection' && entry.ref === String(collection.id));
  const computed = line?.kind === 'collection' ? line.allocation : undefined;
  // The allocation stored with the collection when it was recorded; older rows have none and use the account's.
  const allocation: Allocation =
    collection.principalPaise !== null && collection.interestPaise !== null && collection.chargesPaise !== null
      ? {
          principalPaise: collection.principalPaise,
          interestPaise: collection.interestPaise,
          chargesPaise: collection.chargesPaise,
          excessPaise: collection.excessPaise,
        }
      : (computed ?? { principalPaise: 0, interestPaise: 0, chargesPaise: 0, excessPaise: collection.excessPaise });
  return {
    loan,
    collection,
    allocation,
    leftPaise: state.balance.totalPaise,
    closed: state.closedOn !== null,
    dueDate: state.dueDate,
  };
}
