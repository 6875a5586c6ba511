/**
 * The Key Fact Statement's words in the SMS and the e-mail that carry it: its number and a link to it on
 * the dashboard, never the whole statement in the text (its text and sections are src/lib/kfs.ts, shared
 * with the dashboard; the acceptance e-mail attaches its PDF). Each SMS (accepted, issued, disbursed) matches its own DLT template (src/server/config/sms.ts).
 */
import { formatDate } from '../../lib/format.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import { smsAmount } from '../sms/messages.ts';

/**
 * When a statement is sent: acknowledged, issued by staff on other terms (to accept), the loan disbursed
 * on it (with what reached the bank account, the due date and what falls due then: fixed at disbursal).
 */
export type KfsMoment =
  | { kind: 'acknowledged' }
  | { kind: 'issued'; validUntil: string }
  | { kind: 'disbursed'; loanNo: string; creditedPaise: number; dueDate: string; repayablePaise: number };

/**
 * The SMS sent when the customer acknowledges it, when staff issue one on other terms and when the
 * loan is disbursed: its number and a link to it on the dashboard; at disbursal also the amount credited
 * and the one repayment, which are fixed from then on.
 */
export function kfsSms(kfsNo: string, moment: KfsMoment, link: string, senderId: string): string {
  const lead =
    moment.kind === 'acknowledged'
      ? `You accepted Key Fact Statement ${kfsNo} for your ${site.brand} loan.`
      : moment.kind === 'issued'
        ? `Your ${site.brand} loan is approved on new terms: please read and accept Key Fact Statement ${kfsNo} by ${moment.validUntil}.`
        : `Your ${site.brand} loan ${moment.loanNo} is disbursed: ${smsAmount(moment.creditedPaise)} credited to your bank account. Repay ${smsAmount(moment.repayablePaise)} by ${formatDate(moment.dueDate)}. Key Fact Statement ${kfsNo}.`;
  return `${lead} Read it any time: ${link} -${senderId}`;
}

/** The name of the statement's PDF attached to an e-mail: its number (KFS-000123.pdf). */
export const kfsAttachmentName = (kfsNo: string) => `${kfsNo}.pdf`;

/**
 * The e-mail: the figures that matter and the link; with the statement's PDF attached when `attached`
 * (on acceptance, issue 24), else the statement itself is on the dashboard.
 */
export function kfsMail(kfsNo: string, content: KeyFactStatement, moment: KfsMoment, link: string, attached = false) {
  const subject =
    moment.kind === 'acknowledged'
      ? `Your Key Fact Statement ${kfsNo}`
      : moment.kind === 'issued'
        ? `Please accept your new Key Fact Statement ${kfsNo}`
        : `Your ${site.brand} loan ${moment.loanNo} is disbursed: Key Fact Statement ${kfsNo}`;
  const intro =
    moment.kind === 'acknowledged'
      ? 'Thank you for accepting. This is the Key Fact Statement you accepted.'
      : moment.kind === 'issued'
        ? `Our team approved your loan on terms other than those you accepted. Please read the new Key Fact Statement and accept it on your dashboard by ${moment.validUntil}: your loan is paid out only after you accept it.`
        : `Your loan ${moment.loanNo} has been paid into your bank account on the terms of the Key Fact Statement below.`;
  const disbursal =
    moment.kind === 'disbursed'
      ? [
          `Amount credited to your bank account: ${formatPaise(moment.creditedPaise)} (the sanctioned amount less the processing fee and its GST)`,
          `Due date: ${formatDate(moment.dueDate)}, when ${formatPaise(moment.repayablePaise)} closes the loan`,
          '',
        ]
      : [];
  const body = [
    intro,
    '',
    ...disbursal,
    `Key Fact Statement ${kfsNo}`,
    `Sanctioned amount: ${formatPaise(content.sanctioned_amount_paise)}`,
    `Tenure: ${content.tenure_days} days; one repayment ${content.instalment.due}`,
    `Interest: ${content.daily_rate_percent}% a day (${content.annual_rate_percent}% a year), fixed`,
    `APR: ${content.apr_percent}%`,
    `Total amount to be paid: ${formatPaise(content.total_repayable_paise)}`,
    '',
    ...(attached ? [`The whole statement is attached as a PDF (${kfsAttachmentName(kfsNo)}).`] : []),
    `Read the whole statement, print it or save a copy: ${link}`,
    '',
    `${site.legalName} (${site.brand})`,
  ].join('\n');
  return { subject, body };
}
