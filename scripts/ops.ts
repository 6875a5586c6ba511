/**
 * The operations command line for staff (decisions.md §3), on the same database settings as the
 * server. Every change is recorded with who and when.
 *
 *   npm run ops -- loans
 *   npm run ops -- loan <loan_no>
 *   npm run ops -- collect <loan_no> <amount in rupees> --ref <bank reference>
 *   npm run ops -- refunds
 *   npm run ops -- leads | lead <lead_id>
 *   npm run ops -- approve <lead_id> --amount <rupees> --tenure <days> --roi <% a day> [--manager <name>]
 *   npm run ops -- reject <lead_id> --reason <text>
 *   npm run ops -- disburse <lead_id>
 */
import { userInfo } from 'node:os';
import { desc, eq, gt } from 'drizzle-orm';
import { formatDate, formatPaise } from '../src/lib/format.ts';
import { entryToPaise } from '../src/lib/repayAmount.ts';
import { describeAllocation, statementAmount, statementRows } from '../src/lib/statementLines.ts';
import { approveLead, disburseLead, findLead, rejectLead, StaffError } from '../src/server/application/staff.ts';
import { statementsOfLead } from '../src/server/application/statements.ts';
import { type Config, ConfigError, loadConfig } from '../src/server/config.ts';
import { type OpenDatabase, openDatabase } from '../src/server/db/client.ts';
import { collections, customers, leadDocuments, leads, loans } from '../src/server/db/schema.ts';
import { loanAccountToday, loanFigures } from '../src/server/loans/account.ts';
import { loanByNo } from '../src/server/loans/store.ts';
import { createLogger } from '../src/server/logger.ts';
import { recordCollection } from '../src/server/payments/ledger.ts';
import { httpTransport } from '../src/server/sms/httpTransport.ts';
import { outboxTransport } from '../src/server/sms/outboxTransport.ts';

class UsageError extends Error {}

const USAGE = `Usage: npm run ops -- <command>

  loans                                         every loan with its dues today
  loan <loan_no>                                one loan: dues and collections
  collect <loan_no> <amount> --ref <reference>  record an offline bank transfer (amount in rupees)
  refunds                                       every payment with money to refund (beyond the dues, or held)
  leads                                         every loan application
  lead <lead_id>                                one application: quote, KFS (every statement), documents, bank, decision
  approve <lead_id> --amount <rupees> --tenure <days> --roi <% a day> [--manager <name>]
  reject <lead_id> --reason <text>
  disburse <lead_id>                            an approved application becomes a loan`;

const actor = () => `ops:${process.env.OPS_USER ?? userInfo().username}`;

function table(rows: Record<string, string>[]): string {
  if (rows.length === 0) return '(none)';
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
  if (!loan) throw new UsageError(`There is no loan ${loanNo}. See: npm run ops -- loans`);
  const account = await loanAccountToday(database.db, loan, new Date());
  const figures = loanFigures(account);
  const money = (paise: number) => formatPaise(paise);
  console.log(`Loan ${loan.loanNo} (${loan.status})
  Principal             ${money(loan.principalPaise)} at ${loan.dailyRateHundredths / 100}% a day, ${loan.tenureDays} days
  Disbursed             ${formatDate(loan.disbursalDate)}; fee ${money(loan.processingFeePaise)} + GST ${money(loan.gstOnFeePaise)} deducted
  Due date              ${formatDate(figures.dueDate)}; due then ${money(figures.repaymentAmountPaise)}
  Cooling-off until     ${formatDate(figures.coolingOffUntil)}${figures.inCoolingOff ? ' (today is in it)' : ''}
  After the due date    interest for at most ${loan.overdueInterestDaysMax} days; penal charge ${money(loan.penalChargePaise)} + GST ${money(loan.penalGstPaise)}, once
  Principal outstanding ${money(figures.principalOutstandingPaise)}
  Interest outstanding  ${money(figures.interestOutstandingPaise)} (charged to date ${money(figures.interestChargedPaise)})
  Charges outstanding   ${money(figures.chargesOutstandingPaise)}
  Collected             ${money(figures.collectedPaise)}
  To close today        ${money(figures.closureAmountPaise)} (no prepayment charge)${figures.daysPastDue ? `\n  Days past due         ${figures.daysPastDue}` : ''}${figures.excessPaise ? `\n  Excess to refund      ${money(figures.excessPaise)}` : ''}
`);
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

async function collect(database: OpenDatabase, args: string[]) {
  const refAt = args.indexOf('--ref');
  const reference = refAt >= 0 ? args[refAt + 1]?.trim() : undefined;
  const [loanNo, amountText] = args.filter((_, i) => i !== refAt && i !== refAt + 1);
  if (!loanNo || !amountText || !reference) {
    throw new UsageError('Usage: npm run ops -- collect <loan_no> <amount in rupees> --ref <bank reference>');
  }
  const amount = entryToPaise(amountText);
  if (amount === null || Number.isNaN(amount) || amount < 100) {
    throw new UsageError(`"${amountText}" is not an amount in rupees of at least 1 (e.g. 5000 or 5000.50).`);
  }
  const loan = await loanByNo(database.db, loanNo);
  if (!loan) throw new UsageError(`There is no loan ${loanNo}. See: npm run ops -- loans`);
  if (loan.status !== 'active') throw new UsageError(`Loan ${loanNo} is ${loan.status}; it takes no collection.`);
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
    throw new UsageError(`A transfer with reference "${reference}" is already recorded.`);
  if (outcome.kind === 'overpayment') {
    throw new UsageError(
      `${formatPaise(amount)} is more than the ${formatPaise(outcome.totalDuePaise)} due today. Record the due and refund the rest.`,
    );
  }
  const { chargesPaise, interestPaise, principalPaise } = outcome.allocation;
  console.log(
    `Recorded ${formatPaise(amount)} on ${loanNo} (ref ${reference}): charges ${formatPaise(chargesPaise)}, interest ${formatPaise(interestPaise)}, principal ${formatPaise(principalPaise)}. To close now: ${formatPaise(outcome.totalDuePaise)}.`,
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
  if (rows.length > 0) console.log(`\n${rows.length} to refund, ${formatPaise(total)} in all.`);
}

/** The value after --name, or undefined. */
function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

async function leadById(database: OpenDatabase, idText: string | undefined) {
  if (!idText || !/^\d+$/.test(idText)) throw new UsageError('Give the lead id, a number: see npm run ops -- leads');
  return findLead(database.db, Number(idText));
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

async function showLead(database: OpenDatabase, idText: string | undefined) {
  const lead = await leadById(database, idText);
  const docs = await database.db.select().from(leadDocuments).where(eq(leadDocuments.leadId, lead.id));
  const statements = (await statementsOfLead(database.db, lead.id)).map((row) => ({
    kfs_no: row.kfsNo,
    reason: row.reason,
    current: row.id === lead.kfsId,
    issued: row.issuedAt,
    valid_until: row.validUntil,
    acknowledged: row.acknowledgedAt,
    superseded: row.supersededAt,
  }));
  console.log(
    JSON.stringify(
      {
        ...lead,
        documents: docs.map((d) => ({ type: d.docType, note: d.note, uploaded: d.uploadedAt })),
        key_fact_statements: statements,
      },
      null,
      2,
    ),
  );
}

/** A statement goes to the customer by SMS and e-mail through the transports the server uses. */
function staffDelivery(database: OpenDatabase, config: Config) {
  const log = createLogger(config.logLevel === 'silent' ? 'silent' : 'warn');
  const sms = config.sms.transport === 'http' ? httpTransport(config.sms) : outboxTransport(database.db, log);
  return { config, sms, log };
}

async function decideLead(database: OpenDatabase, config: Config, verb: 'approve' | 'reject', args: string[]) {
  const lead = await leadById(database, args[0]);
  if (verb === 'reject') {
    const reason = option(args, 'reason');
    if (!reason) throw new UsageError('Say why: npm run ops -- reject <lead_id> --reason <text>');
    await rejectLead(database.db, lead.id, reason, actor());
    console.log(`Lead ${lead.id} rejected.`);
    return;
  }
  // Plain decimal numbers only: no signs, exponents, grouping or hex that Number() would take.
  const decimal = (text: string | undefined) =>
    text !== undefined && /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
  const amountRupees = decimal(option(args, 'amount'));
  const tenureText = option(args, 'tenure');
  const roi = decimal(option(args, 'roi'));
  if (amountRupees === null || !Number.isInteger(amountRupees))
    throw new UsageError('--amount must be whole rupees, digits only, e.g. 20000');
  if (tenureText === undefined || !/^\d+$/.test(tenureText))
    throw new UsageError('--tenure must be a number of days, digits only, e.g. 60');
  if (roi === null) throw new UsageError('--roi must be the daily rate in percent, a plain decimal, e.g. 0.5');
  const amount = amountRupees * 100;
  const tenure = Number(tenureText);
  const manager = option(args, 'manager') ?? 'Credit Desk';
  const approved = await approveLead(
    database.db,
    lead.id,
    { amountPaise: amount, tenureDays: tenure, dailyRatePercent: roi, manager },
    actor(),
    new Date(),
    staffDelivery(database, config),
  );
  console.log(
    `Lead ${lead.id} approved: ${formatPaise(amount)} for ${tenure} days at ${roi}% a day; credit manager ${manager}.`,
  );
  console.log(
    approved.awaitingAcknowledgement
      ? `These terms differ from the statement the customer accepted: Key Fact Statement ${approved.statement.kfsNo} was issued; the customer must accept it before disbursal.`
      : `Key Fact Statement ${approved.statement.kfsNo}, accepted by the customer, stands.`,
  );
}

async function disburse(database: OpenDatabase, config: Config, idText: string | undefined) {
  const lead = await leadById(database, idText);
  const loan = await disburseLead(database.db, lead.id, actor(), new Date(), staffDelivery(database, config));
  console.log(
    `Lead ${lead.id} disbursed as loan ${loan.loanNo}: ${formatPaise(loan.principalPaise)}, due ${formatDate(loan.repaymentDate)}.`,
  );
}

const [command, ...args] = process.argv.slice(2);
let database: OpenDatabase | undefined;
try {
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    process.exit(command ? 0 : 2);
  }
  if (!['loans', 'loan', 'collect', 'refunds', 'leads', 'lead', 'approve', 'reject', 'disburse'].includes(command))
    throw new UsageError(`Unknown command "${command}".\n\n${USAGE}`);
  const config = loadConfig();
  database = await openDatabase(config.database);
  if (command === 'loans') await listLoans(database);
  if (command === 'loan') await showLoan(database, args[0]);
  if (command === 'collect') await collect(database, args);
  if (command === 'refunds') await listRefunds(database);
  if (command === 'leads') await listLeads(database);
  if (command === 'lead') await showLead(database, args[0]);
  if (command === 'approve' || command === 'reject') await decideLead(database, config, command, args);
  if (command === 'disburse') await disburse(database, config, args[0]);
} catch (error) {
  console.error(
    error instanceof UsageError || error instanceof ConfigError ? error.message : `Error: ${(error as Error).message}`,
  );
  process.exitCode = error instanceof UsageError || error instanceof StaffError ? 2 : 1;
} finally {
  await database?.close();
}
