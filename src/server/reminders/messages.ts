/**
 * The reminders' texts (issue 23), SMS and e-mail: each kind is its own text, registered on DLT under
 * its own template id (src/server/config/sms.ts). They name the due date as a date, never as "in three
 * days", so a text that waited for the morning (outside 08:00 to 19:00) is still true when it leaves;
 * the amount is what closes the loan on the day it is sent, read from the loan account then.
 */
import { formatDate } from '../../lib/format.ts';
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import { smsAmount } from '../sms/messages.ts';

export const REMINDER_KINDS = ['due_in_3', 'due_in_1', 'due_today', 'overdue_1', 'overdue_7'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The day of each reminder, counted from the due date (-3: three days before it). */
export const REMINDER_OFFSETS: Record<ReminderKind, number> = {
  due_in_3: -3,
  due_in_1: -1,
  due_today: 0,
  overdue_1: 1,
  overdue_7: 7,
};

export interface ReminderFacts {
  loanNo: string;
  /** YYYY-MM-DD */
  dueDate: string;
  /** What closes the loan on the day the message is sent. */
  toPayTodayPaise: number;
  daysPastDue: number;
  /** The public repay page, /repayloan. */
  repayLink: string;
}

export function reminderSms(kind: ReminderKind, facts: ReminderFacts, senderId: string): string {
  const { loanNo, repayLink } = facts;
  const due = formatDate(facts.dueDate);
  const amount = smsAmount(facts.toPayTodayPaise);
  const brand = site.brand;
  switch (kind) {
    case 'due_in_3':
      return `Reminder: your ${brand} loan ${loanNo} is due on ${due}. ${amount} closes it today. Repay: ${repayLink} -${senderId}`;
    case 'due_in_1':
      return `Your ${brand} loan ${loanNo} falls due on ${due}. Pay ${amount} today to close it: ${repayLink} -${senderId}`;
    case 'due_today':
      return `Your ${brand} loan ${loanNo} is due today, ${due}. Pay ${amount} today to close it: ${repayLink} -${senderId}`;
    case 'overdue_1':
      return `Your ${brand} loan ${loanNo} was due on ${due} and is unpaid. Pay ${amount} today to close it: ${repayLink} -${senderId}`;
    case 'overdue_7':
      return `Your ${brand} loan ${loanNo} is ${facts.daysPastDue} days past its due date of ${due}. Pay ${amount} today to close it: ${repayLink} or call ${site.contact.phone} -${senderId}`;
  }
}

const SUBJECTS: Record<ReminderKind, (loanNo: string, due: string) => string> = {
  due_in_3: (loanNo, due) => `Your loan ${loanNo} is due on ${due}`,
  due_in_1: (loanNo, due) => `Reminder: your loan ${loanNo} falls due on ${due}`,
  due_today: (loanNo) => `Your loan ${loanNo} is due today`,
  overdue_1: (loanNo) => `Your loan ${loanNo} is past its due date`,
  overdue_7: (loanNo) => `Your loan ${loanNo} is overdue: please repay`,
};

const LEADS: Record<ReminderKind, (facts: ReminderFacts, due: string) => string> = {
  due_in_3: (facts, due) => `This is a reminder that your ${site.brand} loan ${facts.loanNo} is due on ${due}.`,
  due_in_1: (facts, due) => `Your ${site.brand} loan ${facts.loanNo} falls due on ${due}.`,
  due_today: (facts, due) => `Your ${site.brand} loan ${facts.loanNo} is due today, ${due}.`,
  overdue_1: (facts, due) =>
    `Your ${site.brand} loan ${facts.loanNo} was due on ${due} and we have not received the full amount.`,
  overdue_7: (facts, due) =>
    `Your ${site.brand} loan ${facts.loanNo} is ${facts.daysPastDue} days past its due date of ${due}.`,
};

export function reminderMail(kind: ReminderKind, facts: ReminderFacts): { subject: string; body: string } {
  const due = formatDate(facts.dueDate);
  const overdue = kind === 'overdue_1' || kind === 'overdue_7';
  return {
    subject: SUBJECTS[kind](facts.loanNo, due),
    body: [
      'Dear customer,',
      '',
      LEADS[kind](facts, due),
      '',
      `Amount to pay today to close the loan: ${formatPaise(facts.toPayTodayPaise)}.`,
      `Repay online with your PAN: ${facts.repayLink} (or from the Repayment screen of your dashboard).`,
      '',
      overdue
        ? 'Interest and the charges your Key Fact Statement names apply after the due date, and a payment past it is reported to the credit bureaus. If you cannot pay, or think this is a mistake, please write to us or call us.'
        : 'If you have already paid, thank you: please ignore this message.',
      '',
      `${site.brand} support: ${site.contact.supportEmail}, ${site.contact.phone}.`,
    ].join('\n'),
  };
}
