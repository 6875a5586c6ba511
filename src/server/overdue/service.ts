/**
 * End of day (issue 23; docs/decisions.md "Overdue: days past due, SMA and NPA"): after midnight in
 * India, every active or still-flagged loan's days past due and class as of that day, from its
 * account (src/server/loans/account.ts), stored on the loan with its history; then, within the hours
 * borrowers may be contacted (08:00 to 19:00 India time), the notice of a class the borrower has not
 * yet been told of. Both are jobs of src/server/jobs/all.ts: each loan once a day.
 */

import { type AssetClass, classesUpTo, classOf, type OverdueClass } from '../../lib/overdueClasses.ts';
import type { Deps } from '../app/context.ts';
import { sitePageUrl } from '../config/publicUrls.ts';
import type { Database, Transaction } from '../db/client.ts';
import { loanAccount, loanAccountToday } from '../loans/account.ts';
import { enqueueSms, recordSentMessage, type SentStatus } from '../reminders/store.ts';
import { classNoticeMail, classNoticeSms } from './messages.ts';
import { borrowerOf, currentUntold, liftClasses, lockLoan, markTold, recordClass, setLoanClass } from './store.ts';

export interface Classified {
  daysPastDue: number;
  assetClass: AssetClass;
  classSince: string | null;
}

/**
 * One loan's end of day, run on `day` just after midnight: the day-end of the day before. The account
 * as of `day` (nothing paid yet that day) owes since its due date for `daysPastDue` days, which is the
 * RBI's count at the day-end of the day before (the due date's own day-end being the first day). A loan
 * whose account owes nothing (closed) is lifted to standard on the day the arrears were paid; one that
 * owes keeps its class however much of it was paid. A day earlier than the loan's last classification
 * changes nothing.
 */
export async function classifyLoan(tx: Transaction, loanNo: string, day: string): Promise<Classified | null> {
  const loan = await lockLoan(tx, loanNo);
  if (!loan || (loan.classifiedOn !== null && loan.classifiedOn > day)) return null;
  const { state } = await loanAccount(tx, loan, day);
  const assetClass = classOf(state.daysPastDue);
  if (assetClass === 'standard') {
    // All arrears paid (or never overdue): the RBI's upgrade, on the day the last of them was paid.
    const since = loan.assetClass === 'standard' ? loan.classSince : (state.closedOn ?? day);
    if (loan.assetClass !== 'standard') await liftClasses(tx, loan.id, since ?? day);
    const classified = { daysPastDue: 0, assetClass, classSince: since };
    await setLoanClass(tx, loan.id, { ...classified, classifiedOn: day });
    return classified;
  }
  const classes = classesUpTo(state.dueDate, assetClass);
  for (const entered of classes) {
    await recordClass(tx, {
      loanId: loan.id,
      assetClass: entered.overdueClass,
      beganOn: entered.beganOn,
      endedOn: entered.endedOn,
      daysPastDue: state.daysPastDue,
      overduePaise: state.balance.totalPaise,
      recordedOn: day,
    });
  }
  const classSince = classes.at(-1)?.beganOn ?? day;
  const classified = { daysPastDue: state.daysPastDue, assetClass, classSince };
  await setLoanClass(tx, loan.id, { ...classified, classifiedOn: day });
  return classified;
}

const IST_OFFSET_MS = 330 * 60_000;
/** The hours a borrower may be contacted about their loan, in India (the RBI's conduct rules for recovery). */
export const NOTICE_HOURS = { from: 8, until: 19 } as const;

export function inNoticeHours(now: Date): boolean {
  const hour = new Date(now.getTime() + IST_OFFSET_MS).getUTCHours();
  return hour >= NOTICE_HOURS.from && hour < NOTICE_HOURS.until;
}

/**
 * Tells the borrower, once, that the loan entered its current class: SMS and e-mail, both queued in the
 * unit's transaction. Nothing outside the hours, nothing once lifted. Each is recorded in the loan's
 * contact history (loan_messages, kind overdue_class, about the class and the day it began) as reminders
 * are, with its queue's delivery, for staff to see.
 */
export async function noticeClass(
  deps: Deps,
  tx: Transaction,
  loanNo: string,
  now: Date,
  after: (work: () => Promise<void>) => void,
) {
  const loan = await lockLoan(tx, loanNo);
  if (!loan || loan.assetClass === 'standard') return false;
  const row = await currentUntold(tx, loan);
  if (!row || row.assetClass === 'standard') return false;
  // The figures as of the moment it is sent: what closes the loan now.
  const { state } = await loanAccountToday(tx, loan, now);
  if (state.balance.totalPaise === 0) return false;
  const borrower = await borrowerOf(tx, loan.customerId);
  const facts = {
    loanNo: loan.loanNo,
    overdueClass: row.assetClass as OverdueClass,
    daysPastDue: state.daysPastDue,
    dueDate: state.dueDate,
    overduePaise: state.balance.totalPaise,
    repayLink: sitePageUrl(deps.config, '/repayloan'),
  };
  const record = (db: Database | Transaction, channel: 'sms' | 'email', status: SentStatus, more = {}) =>
    recordSentMessage(
      db,
      {
        loanId: loan.id,
        kind: 'overdue_class',
        about: `${row.assetClass} ${row.beganOn}`,
        channel,
        status,
        amountPaise: facts.overduePaise,
        ...more,
      },
      now,
    );
  if (borrower?.mobile) {
    const smsQueueId = await enqueueSms(
      tx,
      {
        to: borrower.mobile,
        body: classNoticeSms(facts, deps.config.sms.senderId),
        senderId: deps.config.sms.senderId,
        templateId: deps.config.sms.templates.overdue_class,
        purpose: 'overdue_notice',
      },
      now,
    );
    await record(tx, 'sms', 'queued', { smsQueueId });
    after(() => deps.sms.wake());
  }
  if (borrower?.email) {
    const mailQueueId = await deps.mail.enqueue(
      tx,
      { to: borrower.email, ...classNoticeMail(facts) },
      'overdue_notice',
    );
    await record(tx, 'email', 'queued', { mailQueueId });
    after(() => deps.mail.wake());
  } else {
    await record(tx, 'email', 'skipped', { outcome: 'no e-mail address' });
  }
  await markTold(tx, row.id, now);
  return true;
}
