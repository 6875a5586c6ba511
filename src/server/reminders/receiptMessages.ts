/**
 * A credited payment's receipt (issue 23) as SMS and e-mail: the amount, what it paid (from the
 * allocation stored with the collection), what is left after it and the next date. The SMS text has
 * its own DLT template id (SMS_DLT_TEMPLATE_RECEIPT).
 */
import { formatDate } from '../../lib/format.ts';
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import type { Config } from '../config/config.ts';
import { sitePageUrl } from '../config/publicUrls.ts';
import type { LoanRow } from '../loans/accountFigures.ts';
import { smsAmount } from '../sms/messages.ts';
import type { ReceiptOf } from './store.ts';

export interface ReceiptFacts {
  loanNo: string;
  reference: string;
  /** YYYY-MM-DD: the day the money counts from. */
  valueDate: string;
  amountPaise: number;
  principalPaise: number;
  interestPaise: number;
  chargesPaise: number;
  /** Received beyond the dues: refunded to the payer. */
  excessPaise: number;
  /** What closes the loan after this payment, on its day. */
  leftPaise: number;
  closed: boolean;
  /** The due date, while the loan is open. */
  dueDate: string;
  /** Where the borrower downloads the receipt: the dashboard's loan screen. */
  link: string;
}

/** What the payment paid; in an SMS without the parts that are nil beyond principal and interest. */
const paidParts = (facts: ReceiptFacts, money: (paise: number) => string, short = false) =>
  [
    `principal ${money(facts.principalPaise)}`,
    `interest ${money(facts.interestPaise)}`,
    ...(short && facts.chargesPaise === 0 ? [] : [`charges ${money(facts.chargesPaise)}`]),
    ...(facts.excessPaise > 0 ? [`to refund ${money(facts.excessPaise)}`] : []),
  ].join(', ');

/** What is left and what comes next, in one sentence. */
function next(facts: ReceiptFacts, money: (paise: number) => string): string {
  if (facts.closed) return 'Your loan is now closed.';
  return `Left to pay: ${money(facts.leftPaise)}, due on ${formatDate(facts.dueDate)}.`;
}

export function receiptSms(facts: ReceiptFacts, senderId: string): string {
  return `${site.brand}: received ${smsAmount(facts.amountPaise)} for loan ${facts.loanNo} on ${formatDate(facts.valueDate)} (${paidParts(facts, smsAmount, true)}). ${next(facts, smsAmount)} Receipt: ${facts.link} -${senderId}`;
}

export function receiptMail(facts: ReceiptFacts): { subject: string; body: string } {
  return {
    subject: `Payment received: ${formatPaise(facts.amountPaise)} for your loan ${facts.loanNo}`,
    body: [
      'Dear customer,',
      '',
      `We have received your payment of ${formatPaise(facts.amountPaise)} for your ${site.brand} loan ${facts.loanNo}, counted from ${formatDate(facts.valueDate)} (reference ${facts.reference}).`,
      '',
      `It paid: ${paidParts(facts, formatPaise)}.`,
      next(facts, formatPaise),
      ...(facts.excessPaise > 0
        ? ['', `${formatPaise(facts.excessPaise)} was more than the loan owed; we will refund it to you.`]
        : []),
      '',
      `Download the receipt (PDF) from your loan's screen on your dashboard: ${facts.link}`,
      '',
      `${site.brand} support: ${site.contact.supportEmail}, ${site.contact.phone}.`,
    ].join('\n'),
  };
}

/** The dashboard's screen of a loan, where its receipts are downloaded. */
export function loanScreenLink(config: Config, loan: Pick<LoanRow, 'leadId'>): string {
  return loan.leadId
    ? sitePageUrl(config, `/my-dashboard/details?${new URLSearchParams({ lead_id: loan.leadId })}`)
    : sitePageUrl(config, '/my-dashboard/leads');
}

export function receiptFacts(receipt: ReceiptOf, link: string): ReceiptFacts {
  const { loan, collection, allocation } = receipt;
  return {
    loanNo: loan.loanNo,
    reference: collection.reference,
    valueDate: collection.valueDate,
    amountPaise: collection.amountPaise,
    principalPaise: allocation.principalPaise,
    interestPaise: allocation.interestPaise,
    chargesPaise: allocation.chargesPaise,
    excessPaise: allocation.excessPaise,
    leftPaise: receipt.leftPaise,
    closed: receipt.closed,
    dueDate: receipt.dueDate,
    link,
  };
}
