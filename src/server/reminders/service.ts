/**
 * Reminders and notices (issue 23; docs/decisions.md "Reminders: the days, the hours and the texts"):
 * SMS and e-mail three days and one day before the due date, on it, and on the first and seventh day
 * past it, each with what closes the loan that day and the repay link; and the delivery of every
 * automatic message (reminders and payment receipts) from loan_messages.
 *
 * - Once: a message is a row keyed by (loan, kind, due date, channel); a rerun queues nothing new.
 * - Within the hours: reminders leave only between 08:00 and 19:00 in India (the RBI's conduct rules
 *   for recovery, circular of 12 August 2022). Queued outside them (a run at 06:00 or 21:00), a row waits
 *   in loan_messages until the next 08:00; it reaches the SMS queue only when it may leave, so the SMS
 *   queue's own retries never carry it past the hours by more than its backoff.
 * - Never once paid: the loan is read again at the moment each message leaves; a paid loan's
 *   messages are recorded skipped.
 * Each function takes its dependencies and a database handle (a job's transaction, or the database).
 */
import { eq } from 'drizzle-orm';
import { addDays, daysBetween, indiaDate } from '../../lib/dates.ts';
import type { Deps } from '../app/context.ts';
import { sitePageUrl } from '../config/publicUrls.ts';
import { customerById } from '../customers/store.ts';
import type { Database, Transaction } from '../db/client.ts';
import { databaseFailure } from '../db/errors.ts';
import { loans } from '../db/schema.ts';
import { loanAccount } from '../loans/account.ts';
import { type LoanAccount, type LoanRow, loanFigures } from '../loans/accountFigures.ts';
import { REMINDER_KINDS, REMINDER_OFFSETS, type ReminderKind, reminderMail, reminderSms } from './messages.ts';
import { loanScreenLink, receiptFacts, receiptMail, receiptSms } from './receiptMessages.ts';
import {
  type ClaimedMessage,
  claimDueMessages,
  enqueueSms,
  type NewLoanMessage,
  queueLoanMessages,
  receiptOfCollection,
  settleMessage,
} from './store.ts';

/** The hours reminders may leave, in India: from 08:00 to before 19:00. */
export const CONTACT_WINDOW = { fromHour: 8, untilHour: 19 } as const;
const IST_OFFSET_MS = 330 * 60_000;
const LEASE_MS = 5 * 60_000;
const BATCH = 50;

const hourInIndia = (now: Date) => new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();

export function inContactWindow(now: Date): boolean {
  const hour = hourInIndia(now);
  return hour >= CONTACT_WINDOW.fromHour && hour < CONTACT_WINDOW.untilHour;
}

/** Now, inside the hours; else the next 08:00 in India. */
export function nextContactTime(now: Date): Date {
  if (inContactWindow(now)) return now;
  const today = indiaDate(now);
  const day = hourInIndia(now) < CONTACT_WINDOW.fromHour ? today : addDays(today, 1);
  return new Date(Date.parse(`${day}T0${CONTACT_WINDOW.fromHour}:00:00+05:30`));
}

/** The reminder a loan due on `dueDate` has on `day`, if any. */
export function reminderOn(dueDate: string, day: string): ReminderKind | null {
  const offset = daysBetween(dueDate, day);
  return REMINDER_KINDS.find((kind) => REMINDER_OFFSETS[kind] === offset) ?? null;
}

/** Nothing left to pay: closed, or a balance of nil. */
const paid = (account: LoanAccount) =>
  account.loan.status !== 'active' || account.state.closedOn !== null || account.state.balance.totalPaise <= 0;

/**
 * Queues the loan's reminder for `day`, if it has one and is not paid: its SMS and (with an address)
 * its e-mail, to leave now within the hours or at the next 08:00. Answers the kind, or null.
 */
export async function queueReminder(
  db: Database | Transaction,
  loan: LoanRow,
  at: { day: string; now: Date },
): Promise<ReminderKind | null> {
  const account = await loanAccount(db, loan, at.day);
  if (paid(account)) return null;
  const kind = reminderOn(account.state.dueDate, at.day);
  if (!kind) return null;
  const customer = await customerById(db, loan.customerId);
  const base = { loanId: loan.id, kind, about: account.state.dueDate, notBefore: nextContactTime(at.now) };
  const rows: NewLoanMessage[] = [{ ...base, channel: 'sms' }];
  if (customer?.email) rows.push({ ...base, channel: 'email' });
  await queueLoanMessages(db, rows);
  return kind;
}

/** The active loans with a reminder on `day` (the reminders job's keys). */
export async function loansToRemind(db: Database | Transaction, day: string): Promise<LoanRow[]> {
  const rows = await db.select().from(loans).where(eq(loans.status, 'active'));
  const due: LoanRow[] = [];
  for (const loan of rows) {
    const account = await loanAccount(db, loan, day);
    if (!paid(account) && reminderOn(account.state.dueDate, day)) due.push(loan);
  }
  return due;
}

/**
 * One day's reminders as a plain call (tests, development): queues every due loan's, then delivers
 * whatever may leave now. The scheduled job does the same in two steps (./job.ts).
 */
export async function sendDueReminders(deps: Deps, at: { day: string; now: Date }) {
  let queued = 0;
  for (const loan of await loansToRemind(deps.db, at.day)) {
    if (await queueReminder(deps.db, loan, at)) queued += 1;
  }
  const delivered = await deliverLoanMessages(deps, at.now);
  return { loans: queued, ...delivered };
}

/**
 * A reminder whose day has passed while it waited is left when a later one took its place: the next
 * morning is itself a reminder day (a due-tomorrow text on the due date), or more than a night went by.
 */
function superseded(kind: ReminderKind, dueDate: string, today: string): boolean {
  const meant = addDays(dueDate, REMINDER_OFFSETS[kind]);
  if (today <= meant) return false;
  return daysBetween(meant, today) > 1 || reminderOn(dueDate, today) !== null;
}

type Composed =
  | { skip: string }
  | { wait: Date }
  | {
      sms: string;
      mail: { subject: string; body: string };
      amountPaise: number | null;
      templateKind: ReminderKind | 'receipt';
    };

/** The message as it leaves now, from the loan as it is now; or why it does not. */
async function compose(deps: Deps, row: ClaimedMessage, now: Date): Promise<Composed> {
  const { config, db } = deps;
  const sender = config.sms.senderId;
  if (row.kind === 'receipt') {
    const receipt = row.collection_id === null ? null : await receiptOfCollection(db, row.collection_id);
    if (!receipt) return { skip: 'no payment applied to the loan' };
    const facts = receiptFacts(receipt, loanScreenLink(config, receipt.loan));
    return {
      sms: receiptSms(facts, sender),
      mail: receiptMail(facts),
      amountPaise: facts.amountPaise,
      templateKind: 'receipt',
    };
  }
  if (!inContactWindow(now)) return { wait: nextContactTime(now) };
  const [loan] = await db.select().from(loans).where(eq(loans.id, row.loan_id));
  if (!loan) return { skip: 'no such loan' };
  const today = indiaDate(now);
  const account = await loanAccount(db, loan, today);
  if (paid(account)) return { skip: 'the loan was paid' };
  if (superseded(row.kind, row.about, today)) return { skip: 'a later reminder took its place' };
  const figures = loanFigures(account);
  const facts = {
    loanNo: loan.loanNo,
    dueDate: figures.dueDate,
    toPayTodayPaise: figures.closureAmountPaise,
    daysPastDue: figures.daysPastDue,
    repayLink: sitePageUrl(config, '/repayloan'),
  };
  return {
    sms: reminderSms(row.kind, facts, sender),
    mail: reminderMail(row.kind, facts),
    amountPaise: facts.toPayTodayPaise,
    templateKind: row.kind,
  };
}

async function deliverOne(deps: Deps, row: ClaimedMessage, now: Date): Promise<'sms' | 'email' | 'other'> {
  const { db } = deps;
  const composed = await compose(deps, row, now);
  if ('skip' in composed) {
    await settleMessage(db, row.id, { status: 'skipped', outcome: composed.skip }, now);
    return 'other';
  }
  if ('wait' in composed) {
    await settleMessage(db, row.id, { status: 'waiting', notBefore: composed.wait, outcome: 'waiting for 08:00' }, now);
    return 'other';
  }
  const [loan] = await db.select({ customerId: loans.customerId }).from(loans).where(eq(loans.id, row.loan_id));
  const customer = loan ? await customerById(db, loan.customerId) : undefined;
  if (row.channel === 'sms') {
    if (!customer?.mobile) {
      await settleMessage(db, row.id, { status: 'skipped', outcome: 'no mobile number' }, now);
      return 'other';
    }
    await db.transaction(async (tx) => {
      const smsQueueId = await enqueueSms(
        tx,
        {
          to: customer.mobile,
          body: composed.sms,
          senderId: deps.config.sms.senderId,
          templateId: deps.config.sms.templates[composed.templateKind],
          purpose: row.kind === 'receipt' ? 'receipt' : 'reminder',
        },
        now,
      );
      await settleMessage(tx, row.id, { status: 'queued', smsQueueId, amountPaise: composed.amountPaise }, now);
    });
    return 'sms';
  }
  if (!customer?.email) {
    await settleMessage(db, row.id, { status: 'skipped', outcome: 'no e-mail address' }, now);
    return 'other';
  }
  const email = customer.email;
  // Into the mail queue with the row's settling (its sender delivers it, retries it and records the outcome).
  await db.transaction(async (tx) => {
    const mailQueueId = await deps.mail.enqueue(
      tx,
      { to: email, ...composed.mail },
      row.kind === 'receipt' ? 'receipt' : 'reminder',
    );
    await settleMessage(tx, row.id, { status: 'queued', mailQueueId, amountPaise: composed.amountPaise }, now);
  });
  return 'email';
}

/**
 * Delivers every automatic message whose time has come: SMS into the SMS queue and e-mail into the mail
 * queue (their senders deliver them and record the outcome). Safe to run in several processes at once
 * (rows are claimed with a lease).
 */
export async function deliverLoanMessages(deps: Deps, now: Date = deps.now()) {
  const counts = { sms: 0, email: 0 };
  for (;;) {
    const claimed = await claimDueMessages(deps.db, now, new Date(now.getTime() + LEASE_MS), BATCH);
    for (const row of claimed) {
      try {
        const done = await deliverOne(deps, row, now);
        if (done !== 'other') counts[done] += 1;
      } catch (error) {
        // Left claimed: the lease runs out and a later round tries again.
        const failure = databaseFailure(error);
        deps.log.error('loan message not delivered', {
          message_id: row.id,
          ...(failure ? { db_code: failure.code } : { error: error instanceof Error ? error.name : 'unknown' }),
        });
      }
    }
    if (claimed.length < BATCH) break;
  }
  if (counts.sms > 0) await deps.sms.wake();
  if (counts.email > 0) await deps.mail.wake();
  return counts;
}
