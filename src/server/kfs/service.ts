/**
 * What a Key Fact Statement means once stored (./store.ts): when it has expired, the terms a
 * loan takes from it, and its delivery by SMS and e-mail. A loan is disbursed only on an acknowledged
 * current statement, with exactly its terms.
 */
import { indiaDate } from '../../lib/dates.ts';
import type { KeyFactStatement, KfsLoan } from '../../lib/kfs.ts';
import { errorFields, type Logger } from '../app/logger.ts';
import type { Config } from '../config/config.ts';
import { sitePageUrl } from '../config/publicUrls.ts';
import { contactOfLead } from '../customers/store.ts';
import type { Database } from '../db/client.ts';
import { databaseFailure } from '../db/errors.ts';
import type { RequestScope } from '../http/scope.ts';
import { mailTransportFor } from '../mail/index.ts';
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

// Where a statement states exactly these terms: the store, which finds a preview by them.
export { statesTerms } from './store.ts';

export interface KfsDelivery {
  config: Config;
  db: Database;
  /** The SMS queue: the link leaves through it, delivered (and retried) by the sender. */
  sms: SmsQueue;
  log: Logger;
  /** The PDF workers and the clock: the acceptance e-mail attaches the statement's PDF (issue 24). */
  pdf?: { drawing: Pick<PdfDrawPool, 'draw'>; now: () => Date };
}

/** How a request delivers a statement: the app's transports (the link never comes from the request). */
export const kfsDelivery = ({ deps, log }: RequestScope): KfsDelivery => ({
  config: deps.config,
  db: deps.db,
  sms: deps.sms,
  log,
  pdf: { drawing: deps.pdfDrawing, now: deps.now },
});

/**
 * The statement's PDF as the customer downloads it (drawn in the PDF workers), as an e-mail attachment;
 * none when drawing is refused or fails (the e-mail still carries the link), logged without its content.
 */
export async function kfsAttachment(
  pdf: NonNullable<KfsDelivery['pdf']>,
  row: Pick<KfsRow, 'kfsNo' | 'content'>,
  loan: KfsLoan | null,
  log: Logger,
): Promise<MailAttachment | undefined> {
  try {
    const content = await pdf.drawing.draw(
      'kfs',
      { kfs: row.content as KeyFactStatement, loan, generatedAt: pdf.now() },
      log,
    );
    return { filename: kfsAttachmentName(row.kfsNo), contentType: 'application/pdf', content };
  } catch (error) {
    log.warn('kfs pdf not attached', { kfs_no: row.kfsNo, ...errorFields(error) });
    return undefined;
  }
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
 * Sends the statement's link by SMS (queued; the sender delivers it), and by e-mail where the
 * customer gave an address. A failing transport never undoes what happened (the statement stays on the dashboard): it is logged without
 * the address or the number, and the caller carries on.
 */
export async function deliverKfs(delivery: KfsDelivery, row: KfsRow, moment: KfsMoment): Promise<void> {
  const content = row.content as KeyFactStatement;
  const link = kfsLink(delivery, row.leadId);
  const customer = await contactOfLead(delivery.db, row.leadId);
  if (!customer) return;
  const facts = { kfs_no: row.kfsNo, moment: moment.kind };
  try {
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
    await delivery.sms.wake();
  } catch (error) {
    // Only the database can fail here (the gateway is the sender's business): its code, never its parameters.
    delivery.log.warn('kfs sms not queued', { ...facts, db_code: databaseFailure(error)?.code ?? 'unknown' });
  }
  if (!customer.email) return;
  // On acceptance the statement itself goes too, as a PDF (issue 24); drawn after the caller's commit.
  const attachment =
    moment.kind === 'acknowledged' && delivery.pdf
      ? await kfsAttachment(delivery.pdf, row, null, delivery.log)
      : undefined;
  const mail = kfsMail(row.kfsNo, content, moment, link, attachment !== undefined);
  try {
    await mailTransportFor(delivery.config, delivery.db, delivery.log).send({
      to: customer.email,
      subject: mail.subject,
      body: mail.body,
      ...(attachment && { attachments: [attachment] }),
    });
  } catch (error) {
    delivery.log.warn('kfs mail not sent', { ...facts, ...errorFields(error) });
  }
}
