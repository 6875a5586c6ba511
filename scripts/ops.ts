/**
 * The operations command line for staff (decisions.md §3), on the same database settings as the
 * server. Every change is recorded with who and when.
 *
 *   npm run ops -- loans
 *   npm run ops -- loan <loan_no>
 *   npm run ops -- collect <loan_no> <amount in rupees> --ref <bank reference>
 *   npm run ops -- refunds
 *   npm run ops -- leads | lead <lead_id> [--json]
 *   npm run ops -- approve <lead_id> --amount <rupees> --tenure <days> --roi <% a day> [--manager <name>]
 *   npm run ops -- reject <lead_id> --reason <text>
 *   npm run ops -- disburse <lead_id>
 */
import { userInfo } from 'node:os';
import { desc, eq, gt } from 'drizzle-orm';
import { formatDate, formatPaise } from '../src/lib/format.ts';
import { entryToPaise } from '../src/lib/repayAmount.ts';
import { LOAN_PURPOSES } from '../src/lib/schemas/application.ts';
import { describeAllocation, statementAmount, statementRows } from '../src/lib/statementLines.ts';
import { terminalLines, terminalSafe, terminalText } from '../src/lib/terminalText.ts';
import { approveLead, disburseLead, findLead, rejectLead, StaffError } from '../src/server/application/staff.ts';
import { type Config, ConfigError, loadConfig } from '../src/server/config.ts';
import { type OpenDatabase, openDatabase } from '../src/server/db/client.ts';
import { collections, customers, leadDocuments, leads, loans } from '../src/server/db/schema.ts';
import { type Quote, quoteRate } from '../src/server/eligibility/policy.ts';
import { statementsOfLead } from '../src/server/leads/kfsStore.ts';
import { loanAccountToday, loanFigures } from '../src/server/loans/account.ts';
import { loanByNo } from '../src/server/loans/store.ts';
import { createLogger } from '../src/server/logger.ts';
import { recordCollection } from '../src/server/payments/ledger.ts';
import { SmsQueue } from '../src/server/sms/queue.ts';

class UsageError extends Error {}

const USAGE = `Usage: npm run ops -- <command>

  loans                                         every loan with its dues today
  loan <loan_no>                                one loan: dues and collections
  collect <loan_no> <amount> --ref <reference>  record an offline bank transfer (amount in rupees)
  refunds                                       every payment with money to refund (beyond the dues, or held)
  leads                                         every loan application
  lead <lead_id> [--json]                       one application: quote, KFS (every statement), documents, bank, decision
                                                (--json: the stored record, for scripts)
  approve <lead_id> --amount <rupees> --tenure <days> --roi <% a day> [--manager <name>]
  reject <lead_id> --reason <text>
  disburse <lead_id>                            an approved application becomes a loan`;

/** The largest value of a PostgreSQL integer column (amounts in paise, ids, days). */
const INTEGER_MAX = 2_147_483_647;

/** Who the operating system says runs this; a container user without a name is known by its uid. */
function osUser(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

/**
 * Who did it, for the audit: the operating-system user, which a staff member cannot choose, and
 * OPS_USER (the name they give, e.g. on a shared account) beside it, never instead of it.
 */
function actor(): string {
  const given = process.env.OPS_USER?.trim();
  const user = osUser();
  if (!given || given === user) return `ops:${user}`;
  if (!/^[\w.@-]{1,64}$/.test(given))
    throw new UsageError('OPS_USER must be a name of letters, digits, ".", "@", "_" or "-" (at most 64).');
  return `ops:${user} as ${given}`;
}

/** Every cell is shown with its control characters escaped (src/lib/terminalText.ts). */
function table(rawRows: Record<string, string>[]): string {
  if (rawRows.length === 0) return '(none)';
  const rows = rawRows.map((row) =>
    Object.fromEntries(Object.entries(row).map(([column, cell]) => [column, terminalText(cell)])),
  );
  const columns = Object.keys(rows[0] as object);
  const widths = columns.map((column) => Math.max(column.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [
    line(columns),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((row) => line(columns.map((c) => row[c] ?? ''))),
  ].join('\n');
}

async function listLoans(database: OpenDatabase) {
  const rows = await database.db
    .select({ loan: loans, mobile: customers.mobile, name: customers.fullName })
    .from(loans)
    .innerJoin(customers, eq(loans.customerId, customers.id))
    .orderBy(desc(loans.createdAt));
  const now = new Date();
  const listed = [];
  for (const { loan, mobile, name } of rows) {
    const figures = loanFigures(await loanAccountToday(database.db, loan, now));
    listed.push({
      loan_no: loan.loanNo,
      borrower: name ?? '',
      mobile,
      principal: formatPaise(loan.principalPaise),
      disbursed: formatDate(loan.disbursalDate),
      due_date: formatDate(loan.repaymentDate),
      to_close_today: formatPaise(figures.closureAmountPaise),
      days_past_due: figures.daysPastDue ? String(figures.daysPastDue) : '',
      excess_to_refund: figures.excessPaise ? formatPaise(figures.excessPaise) : '',
      status: loan.status,
    });
  }
  console.log(table(listed));
}

async function showLoan(database: OpenDatabase, loanNo: string | undefined) {
  if (!loanNo) throw new UsageError('Give the loan number: npm run ops -- loan <loan_no>');
  const loan = await loanByNo(database.db, loanNo);
  if (!loan) throw new UsageError(terminalSafe`There is no loan ${loanNo}. See: npm run ops -- loans`);
  const account = await loanAccountToday(database.db, loan, new Date());
  const figures = loanFigures(account);
  const money = (paise: number) => formatPaise(paise);
  // Each line's values escaped on their own; the line breaks are ours.
  const lines = [
    terminalSafe`Loan ${loan.loanNo} (${loan.status})`,
    terminalSafe`  Principal             ${money(loan.principalPaise)} at ${loan.dailyRateHundredths / 100}% a day, ${loan.tenureDays} days`,
    terminalSafe`  Disbursed             ${formatDate(loan.disbursalDate)}; fee ${money(loan.processingFeePaise)} + GST ${money(loan.gstOnFeePaise)} deducted`,
    terminalSafe`  Due date              ${formatDate(figures.dueDate)}; due then ${money(figures.repaymentAmountPaise)}`,
    terminalSafe`  Cooling-off until     ${formatDate(figures.coolingOffUntil)}${figures.inCoolingOff ? ' (today is in it)' : ''}`,
    terminalSafe`  After the due date    interest for at most ${loan.overdueInterestDaysMax} days; penal charge ${money(loan.penalChargePaise)} + GST ${money(loan.penalGstPaise)}, once`,
    terminalSafe`  Principal outstanding ${money(figures.principalOutstandingPaise)}`,
    terminalSafe`  Interest outstanding  ${money(figures.interestOutstandingPaise)} (charged to date ${money(figures.interestChargedPaise)})`,
    terminalSafe`  Charges outstanding   ${money(figures.chargesOutstandingPaise)}`,
    terminalSafe`  Collected             ${money(figures.collectedPaise)}`,
    terminalSafe`  To close today        ${money(figures.closureAmountPaise)} (no prepayment charge)`,
  ];
  if (figures.daysPastDue) lines.push(terminalSafe`  Days past due         ${figures.daysPastDue}`);
  if (figures.excessPaise) lines.push(terminalSafe`  Excess to refund      ${money(figures.excessPaise)}`);
  console.log(`${lines.join('\n')}\n`);
  // The statement of account: the same rows as the borrower's PDF.
  const rows = statementRows(loan, account.state.lines, account.collections);
  console.log('Statement of account');
  console.log(
    table(
      rows.map((row) => ({
        date: formatDate(row.date),
        description: row.description,
        debit: row.debitPaise === null ? '' : statementAmount(row.debitPaise),
        credit: row.creditPaise === null ? '' : statementAmount(row.creditPaise),
        allocation: row.allocation ? describeAllocation(row.allocation) : '',
        balance: row.balancePaise === null ? '' : statementAmount(row.balancePaise),
      })),
    ),
  );
  console.log('\nCollections');
  console.log(
    table(
      account.collections.map((row) => ({
        when: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
        value_date: formatDate(row.valueDate),
        source: row.source,
        reference: row.reference,
        amount: money(row.amountPaise),
        applied: money(row.appliedPaise),
        excess_to_refund: row.excessPaise ? money(row.excessPaise) : '',
        held: row.heldForRefund ? 'held for refund' : '',
        recorded_by: row.recordedBy,
      })),
    ),
  );
}

function collectArguments(args: string[]) {
  const refAt = args.indexOf('--ref');
  const reference = refAt >= 0 ? args[refAt + 1]?.trim() : undefined;
  const [loanNo, amountText] = args.filter((_, i) => i !== refAt && i !== refAt + 1);
  if (!loanNo || !amountText || !reference) {
    throw new UsageError('Usage: npm run ops -- collect <loan_no> <amount in rupees> --ref <bank reference>');
  }
  const amount = rupeesToPaise(amountText);
  if (amount === null || amount < 100) {
    throw new UsageError(
      terminalSafe`"${amountText}" is not an amount in rupees from 1 to ${formatPaise(INTEGER_MAX)}, digits only (e.g. 5000 or 5000.50).`,
    );
  }
  return { loanNo, amount, reference };
}

async function collect(database: OpenDatabase, args: string[]) {
  const { loanNo, amount, reference } = collectArguments(args);
  const loan = await loanByNo(database.db, loanNo);
  if (!loan) throw new UsageError(terminalSafe`There is no loan ${loanNo}. See: npm run ops -- loans`);
  if (loan.status !== 'active')
    throw new UsageError(terminalSafe`Loan ${loanNo} is ${loan.status}; it takes no collection.`);
  const outcome = await recordCollection(database.db, {
    loanId: loan.id,
    source: 'offline',
    reference,
    amountPaise: amount,
    recordedBy: actor(),
    now: new Date(),
    refuseOverpayment: true,
  });
  if (outcome.kind === 'duplicate')
    throw new UsageError(terminalSafe`A transfer with reference "${reference}" is already recorded.`);
  if (outcome.kind === 'overpayment') {
    throw new UsageError(
      terminalSafe`${formatPaise(amount)} is more than the ${formatPaise(outcome.totalDuePaise)} due today. Record the due and refund the rest.`,
    );
  }
  const { chargesPaise, interestPaise, principalPaise } = outcome.allocation;
  console.log(
    terminalSafe`Recorded ${formatPaise(amount)} on ${loanNo} (ref ${reference}): charges ${formatPaise(chargesPaise)}, interest ${formatPaise(interestPaise)}, principal ${formatPaise(principalPaise)}. To close now: ${formatPaise(outcome.totalDuePaise)}.`,
  );
}

/** Money received that the loans do not owe: paid beyond the dues, or a second payment held on a paid order. */
async function listRefunds(database: OpenDatabase) {
  const rows = await database.db
    .select({ collection: collections, loanNo: loans.loanNo, name: customers.fullName, mobile: customers.mobile })
    .from(collections)
    .innerJoin(loans, eq(collections.loanId, loans.id))
    .innerJoin(customers, eq(loans.customerId, customers.id))
    .where(gt(collections.excessPaise, 0))
    .orderBy(collections.id);
  console.log(
    table(
      rows.map(({ collection, loanNo, name, mobile }) => ({
        loan_no: loanNo,
        borrower: name ?? '',
        mobile,
        received: formatDate(collection.valueDate),
        source: collection.source,
        reference: collection.reference,
        amount: formatPaise(collection.amountPaise),
        to_refund: formatPaise(collection.excessPaise),
        why: collection.heldForRefund ? 'second payment on a paid order' : 'paid beyond the dues',
      })),
    ),
  );
  const total = rows.reduce((sum, { collection }) => sum + collection.excessPaise, 0);
  if (rows.length > 0) console.log(terminalSafe`\n${rows.length} to refund, ${formatPaise(total)} in all.`);
}

/** The value after --name, or undefined. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/**
 * Plain decimal numbers only: no sign, exponent, hex, grouping or spaces (all of which Number() takes),
 * and no more than the integer column holds. null for anything else.
 */
function wholeNumber(text: string | undefined, max = INTEGER_MAX): number | null {
  if (text === undefined || !/^\d{1,16}$/.test(text)) return null;
  const value = Number(text);
  return value <= max ? value : null;
}

/** Rupees with at most two decimals -> paise, within the integer column; null for anything else. */
function rupeesToPaise(text: string): number | null {
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return null;
  const paise = entryToPaise(text);
  return paise !== null && Number.isSafeInteger(paise) && paise <= INTEGER_MAX ? paise : null;
}

/** Lead ids are a bigint column, read as JavaScript numbers: any safe integer from 1. */
function leadIdOf(idText: string | undefined): number {
  const id = wholeNumber(idText, Number.MAX_SAFE_INTEGER);
  if (id === null || id < 1) throw new UsageError('Give the lead id, a number: see npm run ops -- leads');
  return id;
}

async function leadById(database: OpenDatabase, idText: string | undefined) {
  return findLead(database.db, leadIdOf(idText));
}

async function listLeads(database: OpenDatabase) {
  const rows = await database.db
    .select({ lead: leads, mobile: customers.mobile, name: customers.fullName })
    .from(leads)
    .innerJoin(customers, eq(leads.customerId, customers.id))
    .orderBy(desc(leads.createdAt));
  console.log(
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

async function showLead(database: OpenDatabase, idText: string | undefined, json: boolean) {
  const lead = await leadById(database, idText);
  const docs = await database.db.select().from(leadDocuments).where(eq(leadDocuments.leadId, lead.id));
  const rows = await statementsOfLead(database.db, lead.id);
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
    console.log(
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
  const [customer] = await database.db.select().from(customers).where(eq(customers.id, lead.customerId));
  const [loan] = await database.db
    .select({ loanNo: loans.loanNo, status: loans.status })
    .from(loans)
    .where(eq(loans.leadId, String(lead.id)));
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
  ];
  if (quote.min_loan_amount !== undefined)
    lines.push(
      terminalSafe`  Quote                 ${formatPaise((quote.min_loan_amount ?? 0) * 100)} to ${formatPaise((quote.max_loan_amount ?? 0) * 100)}, ${quote.min_loan_tenure} to ${quote.max_loan_tenure} days, ${quoteRate(quote)}% a day`,
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
  console.log(`${lines.join('\n')}\n`);
  console.log('Key Fact Statements');
  console.log(
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
  console.log('\nDocuments');
  console.log(table(docs.map((d) => ({ type: d.docType, uploaded: dateTime(d.uploadedAt), note: d.note ?? '' }))));
}

/**
 * A statement goes to the customer by e-mail through the transport the server uses, and by SMS
 * through the queue: the server's sender (or `npm run sms-sender`) delivers it.
 */
function staffDelivery(config: Config) {
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn');
  return { config, sms: new SmsQueue(() => new Date()), log };
}

function decisionArguments(verb: 'approve' | 'reject', args: string[]) {
  const id = leadIdOf(args[0]);
  if (verb === 'reject') {
    const reason = option(args, 'reason');
    if (!reason) throw new UsageError('Say why: npm run ops -- reject <lead_id> --reason <text>');
    return { verb, id, reason } as const;
  }
  // Within the column's size here; within the loan ranges and the rate policy in approveLead.
  const amountRupees = wholeNumber(option(args, 'amount'), Math.floor(INTEGER_MAX / 100));
  const tenure = wholeNumber(option(args, 'tenure'));
  const roiText = option(args, 'roi');
  const roi = roiText !== undefined && /^\d{1,3}(\.\d{1,4})?$/.test(roiText) ? Number(roiText) : null;
  if (amountRupees === null)
    throw new UsageError(
      `--amount must be whole rupees, digits only, at most ${formatPaise(Math.floor(INTEGER_MAX / 100) * 100)}, e.g. 20000`,
    );
  if (tenure === null) throw new UsageError('--tenure must be a number of days, digits only, e.g. 60');
  if (roi === null) throw new UsageError('--roi must be the daily rate in percent, a plain decimal, e.g. 0.5');
  return { verb, id, amount: amountRupees * 100, tenure, roi, manager: option(args, 'manager') ?? 'Credit Desk' };
}

async function decideLead(database: OpenDatabase, config: Config, verb: 'approve' | 'reject', args: string[]) {
  const decision = decisionArguments(verb, args);
  const lead = await findLead(database.db, decision.id);
  if (decision.verb === 'reject') {
    await rejectLead(database.db, lead.id, decision.reason, actor());
    console.log(terminalSafe`Lead ${lead.id} rejected.`);
    return;
  }
  const { amount, tenure, roi, manager } = decision;
  const approved = await approveLead(
    database.db,
    lead.id,
    { amountPaise: amount, tenureDays: tenure, dailyRatePercent: roi, manager },
    actor(),
    new Date(),
    staffDelivery(config),
  );
  console.log(
    terminalSafe`Lead ${lead.id} approved: ${formatPaise(amount)} for ${tenure} days at ${roi}% a day; credit manager ${manager}.`,
  );
  console.log(
    approved.awaitingAcknowledgement
      ? terminalSafe`These terms differ from the statement the customer accepted: Key Fact Statement ${approved.statement.kfsNo} was issued; the customer must accept it before disbursal.`
      : terminalSafe`Key Fact Statement ${approved.statement.kfsNo}, accepted by the customer, stands.`,
  );
}

async function disburse(database: OpenDatabase, config: Config, idText: string | undefined) {
  const lead = await leadById(database, idText);
  const loan = await disburseLead(database.db, lead.id, actor(), new Date(), staffDelivery(config));
  console.log(
    terminalSafe`Lead ${lead.id} disbursed as loan ${loan.loanNo}: ${formatPaise(loan.principalPaise)}, due ${formatDate(loan.repaymentDate)}.`,
  );
}

const [command, ...given] = process.argv.slice(2);
/** --json (the stored record, for scripts) goes with `lead`; everything else is positional or an option. */
const json = given.includes('--json');
const args = given.filter((arg) => arg !== '--json');
let database: OpenDatabase | undefined;
try {
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    process.exit(command ? 0 : 2);
  }
  if (!['loans', 'loan', 'collect', 'refunds', 'leads', 'lead', 'approve', 'reject', 'disburse'].includes(command))
    throw new UsageError(`${terminalSafe`Unknown command "${command}".`}\n\n${USAGE}`);
  // Typing mistakes are answered before the database is opened: nothing is read or written for them.
  if (command === 'collect') collectArguments(args);
  if (command === 'approve' || command === 'reject') decisionArguments(command, args);
  if (command === 'lead' || command === 'disburse') leadIdOf(args[0]);
  if (json && command !== 'lead') throw new UsageError('--json goes with: npm run ops -- lead <lead_id> --json');
  actor();
  const config = loadConfig();
  database = await openDatabase(config.database);
  if (command === 'loans') await listLoans(database);
  if (command === 'loan') await showLoan(database, args[0]);
  if (command === 'collect') await collect(database, args);
  if (command === 'refunds') await listRefunds(database);
  if (command === 'leads') await listLeads(database);
  if (command === 'lead') await showLead(database, args[0], json);
  if (command === 'approve' || command === 'reject') await decideLead(database, config, command, args);
  if (command === 'disburse') await disburse(database, config, args[0]);
} catch (error) {
  // Messages can quote what was typed or stored (a reference, a database error): escaped too.
  console.error(
    terminalLines(
      error instanceof UsageError || error instanceof ConfigError
        ? error.message
        : `Error: ${(error as Error).message}`,
    ),
  );
  process.exitCode = error instanceof UsageError || error instanceof StaffError ? 2 : 1;
} finally {
  await database?.close();
}
