/**
 * What a Key Fact Statement means once stored (leads/kfsStore.ts): when it has expired, the terms a
 * loan takes from it, and its delivery by SMS and e-mail. A loan is disbursed only on an acknowledged
 * current statement, with exactly its terms.
 */
import { indiaDate } from '../../lib/dates.ts';
import type { KeyFactStatement } from '../../lib/kfs.ts';
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';
import { errorFields, type Logger } from '../app/logger.ts';
import type { Config } from '../config/config.ts';
import { contactOfLead } from '../customers/store.ts';
import type { Database } from '../db/client.ts';
import { databaseFailure } from '../db/errors.ts';
import type { StatementRow, StatementTerms } from '../leads/kfsStore.ts';
import { mailTransportFor } from '../mail/index.ts';
import { type KfsMoment, kfsMessage } from '../sms/messages.ts';
import type { SmsQueue } from '../sms/queue.ts';

/** Expired: its last day of validity (India) has passed with no acknowledgement. */
export const expired = (row: StatementRow, now: Date) => row.acknowledgedAt === null && row.validUntil < indiaDate(now);

/** The statement's figures as the loan takes them. */
export function loanTermsOf(content: KeyFactStatement) {
  return {
    principalPaise: content.sanctioned_amount_paise,
    dailyRatePercent: content.daily_rate_hundredths / 100,
    tenureDays: content.tenure_days,
    terms: content.terms,
  };
}

/** Whether a statement states exactly these terms. */
export const states = (content: KeyFactStatement, figures: StatementTerms) =>
  content.sanctioned_amount_paise === figures.amountPaise &&
  content.tenure_days === figures.tenureDays &&
  content.daily_rate_hundredths === Math.round(figures.dailyRatePercent * 100);

export interface Delivery {
  config: Config;
  db: Database;
  /** The SMS queue: the link leaves through it, delivered (and retried) by the sender. */
  sms: SmsQueue;
  log: Logger;
  /** The request's origin, when there is a request: the site's address when PUBLIC_SITE_URL is unset. */
  origin?: string;
}

/** Where the customer opens the statement again: the application screen of the dashboard. */
export function statementLink(delivery: Pick<Delivery, 'config' | 'origin'>, leadId: number): string {
  const base = delivery.config.payments.siteUrl ?? delivery.origin ?? site.siteUrl;
  return `${base.replace(/\/$/, '')}/my-dashboard/lead-preview?lead_id=${leadId}#key-fact-statement`;
}

function mailBody(content: KeyFactStatement, intro: string, link: string): string {
  // The e-mail carries the figures that matter and the link; the statement itself is on the dashboard.
  return [
    intro,
    '',
    `Key Fact Statement ${content.kfs_no}`,
    `Sanctioned amount: ${formatPaise(content.sanctioned_amount_paise)}`,
    `Tenure: ${content.tenure_days} days; one repayment ${content.instalment.due}`,
    `Interest: ${content.daily_rate_percent}% a day (${content.annual_rate_percent}% a year), fixed`,
    `APR: ${content.apr_percent}%`,
    `Total amount to be paid: ${formatPaise(content.total_repayable_paise)}`,
    '',
    `Read the whole statement, print it or save a copy: ${link}`,
    '',
    `${site.legalName} (${site.brand})`,
  ].join('\n');
}

/**
 * Sends the statement's link by SMS (queued; the sender delivers it), and by e-mail where the
 * customer gave an address. A failing transport never undoes what happened (the statement stays on the dashboard): it is logged without
 * the address or the number, and the caller carries on.
 */
export async function deliverStatement(delivery: Delivery, row: StatementRow, moment: KfsMoment): Promise<void> {
  const content = row.content as KeyFactStatement;
  const link = statementLink(delivery, row.leadId);
  const customer = await contactOfLead(delivery.db, row.leadId);
  if (!customer) return;
  const facts = { kfs_no: row.kfsNo, moment: moment.kind };
  try {
    await delivery.sms.enqueue(
      delivery.db,
      {
        to: customer.mobile,
        body: kfsMessage(row.kfsNo, moment, link, delivery.config.sms.senderId),
        senderId: delivery.config.sms.senderId,
        templateId: delivery.config.sms.templateId,
      },
      'kfs',
    );
    await delivery.sms.wake();
  } catch (error) {
    // Only the database can fail here (the gateway is the sender's business): its code, never its parameters.
    delivery.log.warn('kfs sms not queued', { ...facts, db_code: databaseFailure(error)?.code ?? 'unknown' });
  }
  if (!customer.email) return;
  const subject =
    moment.kind === 'acknowledged'
      ? `Your Key Fact Statement ${row.kfsNo}`
      : moment.kind === 'issued'
        ? `Please accept your new Key Fact Statement ${row.kfsNo}`
        : `Your ${site.brand} loan ${moment.loanNo} is disbursed: Key Fact Statement ${row.kfsNo}`;
  const intro =
    moment.kind === 'acknowledged'
      ? 'Thank you for accepting. This is the Key Fact Statement you accepted.'
      : moment.kind === 'issued'
        ? `Our team approved your loan on terms other than those you accepted. Please read the new Key Fact Statement and accept it on your dashboard by ${moment.validUntil}: your loan is paid out only after you accept it.`
        : `Your loan ${moment.loanNo} has been paid into your bank account on the terms of the Key Fact Statement below.`;
  try {
    await mailTransportFor(delivery.config, delivery.db, delivery.log).send({
      to: customer.email,
      subject,
      body: mailBody(content, intro, link),
    });
  } catch (error) {
    delivery.log.warn('kfs mail not sent', { ...facts, ...errorFields(error) });
  }
}
