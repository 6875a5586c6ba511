/**
 * The notice a borrower gets before a default is first reported to the credit bureaus (issue 23;
 * docs/decisions.md "Credit bureau reporting"): plain words, the figures, and what to do. The SMS text
 * matches its own DLT template (SMS_DLT_TEMPLATE_BUREAU_NOTICE).
 */
import { formatDate } from '../../lib/format.ts';
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import { smsAmount } from '../sms/messages.ts';

export interface DefaultNotice {
  loanNo: string;
  daysPastDue: number;
  overduePaise: number;
  dueDate: string;
  /** The reporting date whose file first shows it. */
  asOf: string;
  /** By when that file reaches the bureaus. */
  submitBy: string;
  repayLink: string;
}

const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

export function defaultNoticeSms(notice: DefaultNotice, senderId: string): string {
  return `Your ${site.brand} loan ${notice.loanNo} is ${days(notice.daysPastDue)} overdue with ${smsAmount(notice.overduePaise)} unpaid. We report this to the credit bureaus by ${formatDate(notice.submitBy)}; paying now stops it growing. Pay: ${notice.repayLink} -${senderId}`;
}

export function defaultNoticeMail(notice: DefaultNotice, name: string) {
  return {
    subject: `Loan ${notice.loanNo}: your overdue amount will be reported to the credit bureaus`,
    body: [
      `Dear ${name},`,
      '',
      `Your ${site.brand} loan ${notice.loanNo} was due on ${formatDate(notice.dueDate)}. On ${formatDate(notice.asOf)} it was ${days(notice.daysPastDue)} past that date, with ${formatPaise(notice.overduePaise)} unpaid.`,
      '',
      `Every lender in India must report its loans to the credit information companies (TransUnion CIBIL, Equifax, Experian and CRIF High Mark) on dates the Reserve Bank of India sets. Our report as on ${formatDate(notice.asOf)} shows this loan as overdue by ${days(notice.daysPastDue)}, and reaches the bureaus by ${formatDate(notice.submitBy)}. Lenders who look at your credit report will see it.`,
      '',
      `When you pay the whole amount, our next report shows the loan closed. You can pay at ${notice.repayLink}.`,
      '',
      `If you think this is wrong, or you cannot pay, reply to this e-mail or write to ${site.contact.supportEmail}: we will talk it through with you.`,
    ].join('\n'),
  };
}
