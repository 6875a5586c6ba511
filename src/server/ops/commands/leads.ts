/** The application commands of the operations command line: leads, lead, approve, reject, disburse. */
import { formatDate } from '../../../lib/format.ts';
import { formatPaise, formatRupees, paiseFromRupees, rupeesFromPaise } from '../../../lib/money.ts';
import { LOAN_PURPOSES } from '../../../lib/schemas/application.ts';
import { terminalLines, terminalSafe } from '../../../lib/terminalText.ts';
import { createLogger } from '../../app/logger.ts';
import {
  approveLead,
  disburseLead,
  findLead,
  rejectLead,
  type SendBackStep,
  sendBackLead,
} from '../../application/staff.ts';
import type { Config } from '../../config/config.ts';
import { customerById } from '../../customers/store.ts';
import type { OpenDatabase } from '../../db/client.ts';
import { type Quote, quoteRate } from '../../eligibility/policy.ts';
import { kfsOfLead } from '../../kfs/store.ts';
import { documentsOfLead, leadsWithApplicants } from '../../leads/store.ts';
import { loanOfLead } from '../../loans/store.ts';
import { MailQueue } from '../../mail/queue.ts';
import { SmsQueue } from '../../sms/queue.ts';
import { actor } from '../actor.ts';
import { INTEGER_MAX, leadIdOf, option, UsageError, wholeNumber } from '../arguments.ts';
import type { OpsContext } from '../context.ts';
import { table } from '../table.ts';

async function leadById(database: OpenDatabase, idText: string | undefined) {
  return findLead(database.db, leadIdOf(idText));
}

export async function listLeads({ database, write }: OpsContext) {
  const rows = await leadsWithApplicants(database.db);
  write.out(
    table(
      rows.map(({ lead, mobile, name }) => ({
        lead_id: String(lead.id),
        applicant: name ?? '',
        mobile,
        type: lead.userType,
        amount: lead.amountPaise === null ? '' : formatPaise(lead.amountPaise),
        tenure: lead.tenureDays === null ? '' : `${lead.tenureDays} days`,
        step: lead.nextStep,
        status: lead.status,
        applied: formatDate(lead.createdAt),
      })),
    ),
  );
}

/** Where an application stands, in words: its next_step names are the API's, not staff's. */
function stepInWords(step: string): string {
  if (step.endsWith('_upload')) return 'documents';
  const words: Record<string, string> = {
    generate_loan_quote: 'loan quote',
    loan_quotation_decision: 'decision on the quote',
    employment_details: 'employment details',
    banking_details: 'bank details',
    completed: 'complete, waiting for a decision',
  };
  return words[step] ?? step;
}

const dateTime = (at: Date | null) => (at ? `${formatDate(at)} ${at.toISOString().slice(11, 16)} UTC` : '');
const termsText = (paise: number | null, days: number | null, rateHundredths: number | null) =>
  paise === null
    ? ''
    : `${formatPaise(paise)} for ${days ?? '?'} days${rateHundredths === null ? '' : ` at ${rateHundredths / 100}% a day`}`;

export async function showLead({ database, write }: OpsContext, idText: string | undefined, json: boolean) {
  const lead = await leadById(database, idText);
  const docs = await documentsOfLead(database.db, lead.id);
  const rows = await kfsOfLead(database.db, lead.id);
  if (json) {
    const statements = rows.map((row) => ({
      kfs_no: row.kfsNo,
      reason: row.reason,
      current: row.id === lead.kfsId,
      issued: row.issuedAt,
      valid_until: row.validUntil,
      acknowledged: row.acknowledgedAt,
      superseded: row.supersededAt,
    }));
    // JSON escapes C0 controls; terminalLines escapes what it leaves (DEL, C1, bidi) in each line.
    write.out(
      terminalLines(
        JSON.stringify(
          {
            ...lead,
            documents: docs.map((d) => ({ type: d.docType, note: d.note, uploaded: d.uploadedAt })),
            key_fact_statements: statements,
          },
          null,
          2,
        ),
      ),
    );
    return;
  }
  const customer = await customerById(database.db, lead.customerId);
  const loan = await loanOfLead(database.db, lead.id);
  const quote = lead.quote as Partial<Quote>;
  const employment = lead.employment as Record<string, string | number> | null;
  const bank = lead.bank as Record<string, string | number> | null;
  const purpose = lead.purposeId ? LOAN_PURPOSES[lead.purposeId as keyof typeof LOAN_PURPOSES] : '';
  // Each line's values escaped on their own; the line breaks are ours.
  const lines = [
    terminalSafe`Lead ${lead.id} (${lead.status}), ${lead.userType} customer`,
    terminalSafe`  Applicant             ${customer?.fullName ?? '(no name yet)'}, mobile ${customer?.mobile ?? ''}, PAN ${customer?.pancard ?? '(none)'}`,
    terminalSafe`  Applied               ${dateTime(lead.createdAt)}`,
    terminalSafe`  Step                  ${stepInWords(lead.nextStep)} (${lead.stepPercentage}%)`,
    terminalSafe`  Version               ${lead.version} (a decision names it: --version ${lead.version})`,
  ];
  if (lead.status === 'sent_back')
    lines.push(terminalSafe`  Sent back             ${dateTime(lead.sentBackAt)}: ${lead.sentBackReason ?? ''}`);
  if (quote.min_loan_amount !== undefined)
    lines.push(
      terminalSafe`  Quote                 ${formatRupees(quote.min_loan_amount ?? 0)} to ${formatRupees(quote.max_loan_amount ?? 0)}, ${quote.min_loan_tenure} to ${quote.max_loan_tenure} days, ${quoteRate(quote)}% a day`,
    );
  if (lead.amountPaise !== null)
    lines.push(
      terminalSafe`  Asked                 ${termsText(lead.amountPaise, lead.tenureDays, lead.dailyRateHundredths)}${purpose ? `, for ${purpose}` : ''}${lead.kfsAcknowledgedAt ? `; statement accepted ${dateTime(lead.kfsAcknowledgedAt)}` : ''}`,
    );
  if (employment)
    lines.push(
      terminalSafe`  Employment            ${employment.designation ?? ''} at ${employment.company_name ?? ''} (${employment.work_mode ?? ''}), since ${formatDate(String(employment.emp_since ?? ''))}`,
    );
  if (bank)
    lines.push(
      terminalSafe`  Bank                  ${bank.bank_name || 'bank'} account ending ${String(bank.account_number ?? '').slice(-4)}, IFSC ${bank.account_ifsc ?? ''}, in the name of ${bank.account_name ?? ''}`,
    );
  if (lead.status === 'rejected')
    lines.push(
      terminalSafe`  Rejected              ${dateTime(lead.decidedAt)} by ${lead.decidedBy ?? ''}: ${lead.decisionReason ?? ''}`,
    );
  else if (lead.approvedAmountPaise !== null)
    lines.push(
      terminalSafe`  Approved              ${termsText(lead.approvedAmountPaise, lead.approvedTenureDays, lead.approvedRateHundredths)}, ${dateTime(lead.decidedAt)} by ${lead.decidedBy ?? ''}; credit manager ${lead.managerName ?? ''}`,
    );
  if (loan)
    lines.push(
      terminalSafe`  Loan                  ${loan.loanNo} (${loan.status}): npm run ops -- loan ${loan.loanNo}`,
    );
  write.out(`${lines.join('\n')}\n`);
  write.out('Key Fact Statements');
  write.out(
    table(
      rows.map((row) => {
        const content = row.content as {
          sanctioned_amount_paise?: number;
          tenure_days?: number;
          daily_rate_hundredths?: number;
        };
        return {
          kfs_no: row.kfsNo,
          reason: row.reason,
          terms: termsText(
            content.sanctioned_amount_paise ?? null,
            content.tenure_days ?? null,
            content.daily_rate_hundredths ?? null,
          ),
          issued: formatDate(row.issuedAt),
          valid_until: formatDate(row.validUntil),
          accepted: row.acknowledgedAt ? formatDate(row.acknowledgedAt) : '',
          standing: row.supersededAt ? 'replaced' : row.id === lead.kfsId ? 'current' : '',
        };
      }),
    ),
  );
  write.out('\nDocuments');
  write.out(table(docs.map((d) => ({ type: d.docType, uploaded: dateTime(d.uploadedAt), note: d.note ?? '' }))));
}

/**
 * A statement goes to the customer by SMS and e-mail through the queues: the server's senders (or
 * `npm run sms-sender`) deliver them.
 */
function staffDelivery(config: Config) {
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn');
  return { config, sms: new SmsQueue(() => new Date()), mail: new MailQueue(() => new Date()), log };
}

const SEND_BACK_WORDS: Record<string, SendBackStep> = {
  quote: 'loan_quotation_decision',
  employment: 'employment_details',
  documents: 'documents',
  bank: 'banking_details',
};

/** A decision's arguments, checked before the database is opened; every decision names the version it was made on. */
export function decisionArguments(verb: 'approve' | 'reject' | 'send-back', args: string[]) {
  const id = leadIdOf(args[0]);
  const version = wholeNumber(option(args, 'version'));
  if (version === null)
    throw new UsageError(
      `Say which version of the application you decided on: --version <n> (npm run ops -- lead ${id} shows it).`,
    );
  if (verb === 'reject' || verb === 'send-back') {
    const reason = option(args, 'reason');
    if (!reason) throw new UsageError(`Say why: npm run ops -- ${verb} <lead_id> --reason <text> --version <n>`);
    if (verb === 'reject') return { verb, id, version, reason } as const;
    const stepWord = option(args, 'step') ?? 'documents';
    const step = Object.hasOwn(SEND_BACK_WORDS, stepWord) ? SEND_BACK_WORDS[stepWord] : undefined;
    if (!step) throw new UsageError(`--step is one of ${Object.keys(SEND_BACK_WORDS).join(', ')}`);
    return { verb, id, version, reason, step } as const;
  }
  // Within the column's size here; within the loan ranges and the rate policy in approveLead.
  const amountRupees = wholeNumber(option(args, 'amount'), Math.floor(rupeesFromPaise(INTEGER_MAX)));
  const tenure = wholeNumber(option(args, 'tenure'));
  const roiText = option(args, 'roi');
  const roi = roiText !== undefined && /^\d{1,3}(\.\d{1,4})?$/.test(roiText) ? Number(roiText) : null;
  if (amountRupees === null)
    throw new UsageError(
      `--amount must be whole rupees, digits only, at most ${formatRupees(Math.floor(rupeesFromPaise(INTEGER_MAX)))}, e.g. 20000`,
    );
  if (tenure === null) throw new UsageError('--tenure must be a number of days, digits only, e.g. 60');
  if (roi === null) throw new UsageError('--roi must be the daily rate in percent, a plain decimal, e.g. 0.5');
  return {
    verb,
    id,
    version,
    amount: paiseFromRupees(amountRupees),
    tenure,
    roi,
    manager: option(args, 'manager') ?? 'Credit Desk',
  } as const;
}

export async function decideLead(
  { database, config, write }: OpsContext,
  verb: 'approve' | 'reject' | 'send-back',
  args: string[],
) {
  const decision = decisionArguments(verb, args);
  const lead = await findLead(database.db, decision.id);
  if (decision.verb === 'reject') {
    await rejectLead(database.db, lead.id, decision.reason, actor(), new Date(), decision.version);
    write.out(terminalSafe`Lead ${lead.id} rejected.`);
    return;
  }
  if (decision.verb === 'send-back') {
    const { reason, step, version } = decision;
    await sendBackLead(database.db, lead.id, { reason, step, version }, actor());
    write.out(terminalSafe`Lead ${lead.id} sent back to the customer (${stepInWords(step)}): ${reason}`);
    return;
  }
  const { amount, tenure, roi, manager, version } = decision;
  const approved = await approveLead(
    database.db,
    lead.id,
    { amountPaise: amount, tenureDays: tenure, dailyRatePercent: roi, manager, version },
    actor(),
    new Date(),
    staffDelivery(config),
  );
  write.out(
    terminalSafe`Lead ${lead.id} approved: ${formatPaise(amount)} for ${tenure} days at ${roi}% a day; credit manager ${manager}.`,
  );
  write.out(
    approved.awaitingAcknowledgement
      ? terminalSafe`These terms differ from the statement the customer accepted: Key Fact Statement ${approved.kfs.kfsNo} was issued; the customer must accept it before disbursal.`
      : terminalSafe`Key Fact Statement ${approved.kfs.kfsNo}, accepted by the customer, stands.`,
  );
}

/**
 * One person's disbursal, for development and tests only: in production money leaves under four
 * eyes, one finance member requesting and another approving (issue 22); run.ts refuses it there.
 */
export async function disburse({ database, config, write }: OpsContext, idText: string | undefined) {
  const lead = await leadById(database, idText);
  const loan = await disburseLead(database.db, lead.id, actor(), new Date(), staffDelivery(config));
  write.out(
    terminalSafe`Lead ${lead.id} disbursed as loan ${loan.loanNo}: ${formatPaise(loan.principalPaise)}, due ${formatDate(loan.repaymentDate)}.`,
  );
}
