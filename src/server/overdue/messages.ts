/**
 * The notice a borrower gets the first time their loan enters each class, in plain words with the
 * figures: how many days past due, what closes the loan today, what the class means and what follows.
 * The SMS text matches the DLT template SMS_DLT_TEMPLATE_OVERDUE_CLASS.
 */
import { formatDate } from '../../lib/format.ts';
import { formatPaise } from '../../lib/money.ts';
import { CLASS_NAMES, CLASS_RANGES, type OverdueClass } from '../../lib/overdueClasses.ts';
import { site } from '../../lib/site.ts';
import { smsAmount } from '../sms/messages.ts';

export interface ClassNoticeFacts {
  loanNo: string;
  overdueClass: OverdueClass;
  daysPastDue: number;
  dueDate: string;
  /** What closes the loan today. */
  overduePaise: number;
  repayLink: string;
}

const whatFollows = (overdueClass: OverdueClass) =>
  overdueClass === 'npa'
    ? 'It is now a non-performing asset (NPA), and is reported so to the credit bureaus.'
    : 'If it stays unpaid for more than 90 days past due it becomes a non-performing asset (NPA), reported so to the credit bureaus.';

export function classNoticeSms(facts: ClassNoticeFacts, senderId: string): string {
  return `Your ${site.brand} loan ${facts.loanNo} is ${facts.daysPastDue} days past its due date ${formatDate(facts.dueDate)} and is now classified ${CLASS_NAMES[facts.overdueClass]} (${CLASS_RANGES[facts.overdueClass]}). ${smsAmount(facts.overduePaise)} closes it today. Pay: ${facts.repayLink} -${senderId}`;
}

export function classNoticeMail(facts: ClassNoticeFacts): { subject: string; body: string } {
  const name = CLASS_NAMES[facts.overdueClass];
  return {
    subject: `Your loan ${facts.loanNo} is ${facts.daysPastDue} days overdue: classified ${name}`,
    body: [
      `Your ${site.brand} loan ${facts.loanNo} was due on ${formatDate(facts.dueDate)} and is not yet fully repaid.`,
      `It is ${facts.daysPastDue} days past due, so as the Reserve Bank of India requires of every lender we now classify it ${name}: ${CLASS_RANGES[facts.overdueClass]}.`,
      `${formatPaise(facts.overduePaise)} closes the loan today (interest runs on until it is paid).`,
      whatFollows(facts.overdueClass),
      'The classification is lifted only when everything overdue is paid; paying part of it does not lift it.',
      `Pay now: ${facts.repayLink}`,
      `If you have already paid, or cannot pay, write to ${site.contact.supportEmail} or call ${site.contact.phone}.`,
    ].join('\n\n'),
  };
}
