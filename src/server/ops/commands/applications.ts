/**
 * The application commands on the server (issue 22): credit's queue, one application as submitted,
 * the decisions on the version read; finance's disbursals under four eyes. Each is a staff route.
 */
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatRupees, rupeesFromPaise } from '../../../lib/money.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { leadIdOf, option, UsageError, wholeNumber } from '../arguments.ts';
import type { OpsServerContext } from '../context.ts';
import { printAnswer, table } from '../table.ts';
import { decisionArguments } from './leads.ts';

const rupees = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? '' : formatRupees(amount);
/** How long an item has waited, as the console's queues say it. */
const waited = (hours: number) => (hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} days`);
const sortOf = (args: string[]) => (args.includes('--newest') ? 'newest' : 'oldest');

interface QueueItem {
  lead_id: number;
  version: number;
  applicant: string;
  amount: number | null;
  tenure: number | null;
  user_type?: string;
  submitted_at?: string | null;
  age_hours: number;
}

export async function listApplications(ops: OpsServerContext, args: string[]) {
  const answer = await ops.server.call<{ count: number; items: QueueItem[] }>(STAFF_API.applications, {
    sort: sortOf(args),
  });
  printAnswer(ops, answer, () => {
    ops.write.out(
      table(
        answer.data.items.map((item) => ({
          lead_id: String(item.lead_id),
          version: String(item.version),
          applicant: item.applicant,
          type: item.user_type ?? '',
          amount: rupees(item.amount),
          tenure: item.tenure === null ? '' : `${item.tenure} days`,
          submitted: formatDate(item.submitted_at ?? null),
          waiting: waited(item.age_hours),
        })),
      ),
    );
    ops.write.out(`\n${answer.data.count} waiting for a decision.`);
  });
}

interface Application {
  lead_id: number;
  version: number;
  status: string;
  user_type: string;
  submitted_at: string | null;
  sent_back_reason: string | null;
  applicant: { name: string; mobile: string; email: string; pancard: string; monthly_income: number | null };
  quote: { min_loan_amount?: number; max_loan_amount?: number; daily_rate_percent?: number };
  asked: { amount: number | null; tenure: number | null; daily_rate_percent: number | null };
  employment: Record<string, string | number> | null;
  bank: Record<string, string | number> | null;
  documents: { doc_type: string; note: string | null; size_bytes: number | null; uploaded_at: string }[];
  statements: { kfs_no: string; reason: string; current: boolean; issued_at: string; acknowledged_at: string | null }[];
  history: { at: string; actor_name: string; action: string }[];
}

export async function showApplication(ops: OpsServerContext, idText: string | undefined) {
  const answer = await ops.server.call<Application>(STAFF_API.application, { lead_id: leadIdOf(idText) });
  printAnswer(ops, answer, () => {
    const lead = answer.data;
    const { applicant, asked, quote, employment, bank } = lead;
    const lines = [
      terminalSafe`Lead ${lead.lead_id} (${lead.status}), ${lead.user_type} customer`,
      terminalSafe`  Applicant  ${applicant.name}, mobile ${applicant.mobile}, PAN ${applicant.pancard}, income ${rupees(applicant.monthly_income)} a month`,
      terminalSafe`  Submitted  ${formatDate(lead.submitted_at)}`,
      terminalSafe`  Version    ${lead.version} (a decision names it: --version ${lead.version})`,
    ];
    if (quote.min_loan_amount !== undefined)
      lines.push(
        terminalSafe`  Quote      ${rupees(quote.min_loan_amount)} to ${rupees(quote.max_loan_amount)} at ${quote.daily_rate_percent}% a day`,
      );
    if (asked.amount !== null)
      lines.push(
        terminalSafe`  Asked      ${rupees(asked.amount)} for ${asked.tenure} days at ${asked.daily_rate_percent}% a day`,
      );
    if (employment)
      lines.push(terminalSafe`  Employment ${employment.designation ?? ''} at ${employment.company_name ?? ''}`);
    if (bank)
      lines.push(
        terminalSafe`  Bank       ${bank.bank_name || 'bank'} account ending ${String(bank.account_number ?? '').slice(-4)}, IFSC ${bank.account_ifsc ?? ''}`,
      );
    if (lead.sent_back_reason) lines.push(terminalSafe`  Sent back  ${lead.sent_back_reason}`);
    ops.write.out(`${lines.join('\n')}\n`);
    ops.write.out('Documents');
    ops.write.out(
      table(
        lead.documents.map((doc) => ({
          type: doc.doc_type,
          size: doc.size_bytes === null ? '' : `${Math.ceil(doc.size_bytes / 1024)} KB`,
          uploaded: formatDate(doc.uploaded_at),
          check: doc.note ?? '',
        })),
      ),
    );
    ops.write.out('\nKey Fact Statements');
    ops.write.out(
      table(
        lead.statements.map((row) => ({
          kfs_no: row.kfs_no,
          reason: row.reason,
          issued: formatDate(row.issued_at),
          accepted: row.acknowledged_at ? formatDate(row.acknowledged_at) : '',
          standing: row.current ? 'current' : '',
        })),
      ),
    );
    ops.write.out('\nHistory');
    ops.write.out(
      table(lead.history.map((row) => ({ when: formatDate(row.at), by: row.actor_name, action: row.action }))),
    );
  });
}

/** approve, send-back and reject as credit's routes take them: on the version read, the approver the credit manager. */
export async function decideOnServer(ops: OpsServerContext, verb: 'approve' | 'reject' | 'send-back', args: string[]) {
  if (option(args, 'manager') !== undefined)
    throw new UsageError(
      '--manager is not taken on the server: whoever approves becomes the customer’s credit manager.',
    );
  const decision = decisionArguments(verb, args);
  const base = { lead_id: decision.id, version: decision.version };
  const answer =
    decision.verb === 'approve'
      ? await ops.server.call(STAFF_API.approve, {
          ...base,
          amount: rupeesFromPaise(decision.amount),
          tenure: decision.tenure,
          roi: decision.roi,
        })
      : decision.verb === 'reject'
        ? await ops.server.call(STAFF_API.reject, { ...base, reason: decision.reason })
        : await ops.server.call(STAFF_API.sendBack, { ...base, reason: decision.reason, step: decision.step });
  printAnswer(ops, answer, () => ops.write.out(terminalSafe`Lead ${decision.id}: ${answer.message}`));
}

interface Disbursals {
  to_request: { count: number; items: QueueItem[] };
  to_approve: {
    count: number;
    items: {
      request_id: number;
      lead_id: number;
      amount: number;
      payout_reference: string;
      requested_by_you: boolean;
      age_hours: number;
    }[];
  };
}

export async function listDisbursals(ops: OpsServerContext, args: string[]) {
  const answer = await ops.server.call<Disbursals>(STAFF_API.disbursals, { sort: sortOf(args) });
  printAnswer(ops, answer, () => {
    const { to_request, to_approve } = answer.data;
    ops.write.out(
      `To request (${to_request.count}): npm run ops -- request-disbursal <lead_id> --version <n> --ref <payout reference>`,
    );
    ops.write.out(
      table(
        to_request.items.map((item) => ({
          lead_id: String(item.lead_id),
          version: String(item.version),
          applicant: item.applicant,
          amount: rupees(item.amount),
          tenure: item.tenure === null ? '' : `${item.tenure} days`,
          waiting: waited(item.age_hours),
        })),
      ),
    );
    ops.write.out(
      `\nTo approve (${to_approve.count}): npm run ops -- approve-disbursal <request_id>, by another finance member`,
    );
    ops.write.out(
      table(
        to_approve.items.map((item) => ({
          request_id: String(item.request_id),
          lead_id: String(item.lead_id),
          amount: rupees(item.amount),
          payout_reference: item.payout_reference,
          requested_by: item.requested_by_you ? 'you' : 'another member',
          waiting: waited(item.age_hours),
        })),
      ),
    );
  });
}

/** The first pair of eyes: finance asks for the payout of an accepted application, naming the version read. */
export async function requestDisbursalOnServer(ops: OpsServerContext, args: string[]) {
  const leadId = leadIdOf(args[0]);
  const version = wholeNumber(option(args, 'version'));
  const reference = option(args, 'ref');
  if (version === null || !reference)
    throw new UsageError('Usage: npm run ops -- request-disbursal <lead_id> --version <n> --ref <payout reference>');
  const answer = await ops.server.call<{ request_id: number }>(STAFF_API.requestDisbursal, {
    lead_id: leadId,
    version,
    payout_reference: reference,
  });
  printAnswer(ops, answer, () =>
    ops.write.out(terminalSafe`Disbursal request ${answer.data.request_id} for lead ${leadId}: ${answer.message}`),
  );
}

/** The second pair of eyes: another finance member approves the request, which makes the loan. */
export async function approveDisbursalOnServer(ops: OpsServerContext, args: string[]) {
  const requestId = wholeNumber(args[0]);
  if (requestId === null || requestId < 1)
    throw new UsageError('Give the request id, a number: see npm run ops -- disbursals');
  const answer = await ops.server.call<{ loan_no: string; principal: number }>(STAFF_API.approveDisbursal, {
    request_id: requestId,
  });
  printAnswer(ops, answer, () =>
    ops.write.out(terminalSafe`${answer.message} Principal ${rupees(answer.data.principal)}.`),
  );
}
