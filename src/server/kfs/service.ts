/**
 * What a Key Fact Statement means once stored (./store.ts): when it has expired, the terms a
 * loan takes from it, and its delivery by SMS and e-mail. A loan is disbursed only on an acknowledged
 * current statement, with exactly its terms.
 */
import { indiaDate } from '../../lib/dates.ts';
import type { DocumentLanguage } from '../../lib/documentText/languages.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import type { Logger } from '../app/logger.ts';
import type { Config } from '../config/config.ts';
import { sitePageUrl } from '../config/publicUrls.ts';
import { contactOfLead } from '../customers/store.ts';
import type { Database, Transaction } from '../db/client.ts';
import { databaseFailure } from '../db/errors.ts';
import type { RequestScope } from '../http/scope.ts';
import { kfsPdfReference, type MailQueue } from '../mail/queue.ts';
import type { MailAttachment } from '../mail/transport.ts';
import type { SmsQueue } from '../sms/queue.ts';
import type { PdfDrawPool } from '../statements/drawPool.ts';
import { type KfsMoment, kfsAttachmentName, kfsMail, kfsSms } from './messages.ts';
import type { KfsRow } from './store.ts';

/** Expired: its last day of validity (India) has passed with no acknowledgement. */
export const kfsExpired = (row: KfsRow, now: Date) => row.acknowledgedAt === null && row.validUntil < indiaDate(now);

/** The statement's figures as the loan takes them. */
export function loanTermsOf(content: KeyFactStatement) {
  return {
    principalPaise: content.sanctioned_amount_paise,
    dailyRatePercent: content.daily_rate_hundredths / 100,
    tenureDays: content.tenure_days,
    terms: content.terms,
  };
}

// The PDF's name as the e-mails attach it.
export { kfsAttachmentName } from './messages.ts';

// Where a statement states exactly these terms: the store, which finds a preview by them.
export { statesTerms } from './store.ts';

export interface KfsDelivery {
  config: Config;
  /** The database, or the transaction whose commit the messages go with. */
  db: Database | Transaction;
  /** The SMS queue: the link leaves through it, delivered (and retried) by the sender. */
  sms: SmsQueue;
  /** The mail queue: the e-mail, its PDF attached by reference and drawn by the sender (issue 24). */
  mail: MailQueue;
  log: Logger;
}

/** How a request delivers a statement: the app's queues (the link never comes from the request). */
export const kfsDelivery = ({ deps, log }: RequestScope): Omit<KfsDelivery, 'db'> => ({
  config: deps.config,
  sms: deps.sms,
  mail: deps.mail,
  log,
});

/**
 * The statement's PDF as the customer downloads it (drawn in the PDF workers), as an e-mail attachment:
 * the mail sender draws it when it sends (src/server/mail/sender.ts). A refused or failed drawing throws.
 */
export async function kfsPdf(
  pdf: { drawing: Pick<PdfDrawPool, 'draw'>; now: () => Date },
  row: Pick<KfsRow, 'kfsNo' | 'content'>,
  log: Logger,
  lang?: DocumentLanguage,
): Promise<MailAttachment> {
  const content = await pdf.drawing.draw(
    'kfs',
    { kfs: row.content as KeyFactStatement, loan: null, generatedAt: pdf.now(), ...(lang && { lang }) },
    log,
  );
  return { filename: kfsAttachmentName(row.kfsNo), contentType: 'application/pdf', content };
}

/** Where the customer opens the statement again: the application screen of the dashboard. */
export function kfsLink(delivery: Pick<KfsDelivery, 'config'>, leadId: number): string {
  return sitePageUrl(delivery.config, `/my-dashboard/lead-preview?lead_id=${leadId}#key-fact-statement`);
}

/** What the disbursal's messages need of the new loan. */
interface DisbursedLoan {
  loanNo: string;
  principalPaise: number;
  processingFeePaise: number;
  gstOnFeePaise: number;
  repaymentDate: string;
}

/**
 * Tells the borrower the loan is disbursed (whoever disbursed it: one member, or a second finance member
 * approving a request): what reached the bank account (the sanctioned amount less the fee and its GST),
 * the due date and what falls due then, and the statement's link.
 */
export function deliverDisbursal(delivery: KfsDelivery, made: { loan: DisbursedLoan; kfs: KfsRow }): Promise<void> {
  const { loan, kfs } = made;
  return deliverKfs(delivery, kfs, {
    kind: 'disbursed',
    loanNo: loan.loanNo,
    creditedPaise: loan.principalPaise - loan.processingFeePaise - loan.gstOnFeePaise,
    dueDate: loan.repaymentDate,
    repayablePaise: (kfs.content as KeyFactStatement).total_repayable_paise,
  });
}

/** Each moment's SMS is its own text, under its own DLT template id. */
const KFS_TEMPLATES = { acknowledged: 'kfs_accepted', issued: 'kfs_issued', disbursed: 'disbursed' } as const;

/**
 * Queues the statement's link by SMS, and by e-mail where the customer gave an address, in the caller's
 * transaction (`delivery.db`): a rollback sends nothing, a commit never loses them. On acceptance the
 * e-mail attaches the statement's PDF by reference: the mail sender draws it, not the request (issue 24).
 * After the commit, `wakeSenders` starts this process's senders at once.
 */
export async function queueKfsMessages(delivery: KfsDelivery, row: KfsRow, moment: KfsMoment): Promise<void> {
  const content = row.content as KeyFactStatement;
  const link = kfsLink(delivery, row.leadId);
  const customer = await contactOfLead(delivery.db, row.leadId);
  if (!customer) return;
  await delivery.sms.enqueue(
    delivery.db,
    {
      to: customer.mobile,
      body: kfsSms(row.kfsNo, moment, link, delivery.config.sms.senderId),
      senderId: delivery.config.sms.senderId,
      templateId: delivery.config.sms.templates[KFS_TEMPLATES[moment.kind]],
    },
    'kfs',
  );
  if (!customer.email) return;
  const attached = moment.kind === 'acknowledged';
  const mail = kfsMail(row.kfsNo, content, moment, link, attached);
  await delivery.mail.enqueue(
    delivery.db,
    {
      to: customer.email,
      subject: mail.subject,
      body: mail.body,
      ...(attached && { attachments: [kfsPdfReference(row)] }),
    },
    'kfs',
  );
}

/** After the commit: this process's senders start on what was just queued. */
export async function wakeSenders(delivery: Pick<KfsDelivery, 'sms' | 'mail'>): Promise<void> {
  await Promise.all([delivery.sms.wake(), delivery.mail.wake()]);
}

/**
 * Queues the statement's messages after the caller's own commit (staff's decisions and disbursals), in a
 * transaction of their own. A failure never undoes what happened (the statement stays on the dashboard):
 * it is logged without the address or the number, and the caller carries on.
 */
export async function deliverKfs(delivery: KfsDelivery, row: KfsRow, moment: KfsMoment): Promise<void> {
  try {
    await delivery.db.transaction((tx) => queueKfsMessages({ ...delivery, db: tx }, row, moment));
  } catch (error) {
    // Only the database can fail here (the gateways are the senders' business): its code, never its parameters.
    delivery.log.warn('kfs messages not queued', {
      kfs_no: row.kfsNo,
      moment: moment.kind,
      db_code: databaseFailure(error)?.code ?? 'unknown',
    });
    return;
  }
  await wakeSenders(delivery);
}
