/**
 * The loan commands of the operations command line: loans, loan, collect, refunds. A loan with an
 * open dispute is flagged in both lists; `loan` shows its write-offs, the providers' refunds and
 * chargebacks (each against its payment) and its disputes.
 */
import { indiaDate } from '../../../lib/dates.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatPaise, formatPaiseInFull } from '../../../lib/money.ts';
import { describeAllocation, statementRows } from '../../../lib/statementLines.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { loanAccountToday } from '../../loans/account.ts';
import { loanFigures } from '../../loans/accountFigures.ts';
import { loanByNo, loansWithBorrowers } from '../../loans/store.ts';
import { classificationOf } from '../../overdue/store.ts';
import { recordCollection } from '../../payments/ledger.ts';
import { disputesOf, openDisputeCounts } from '../../payments/reversals.ts';
import { collectionsToRefund } from '../../payments/store.ts';
import { openRefundRequests, paidRefunds, refundDueOn } from '../../refunds/store.ts';
import { queueReceipt } from '../../reminders/store.ts';
import { actor } from '../actor.ts';
import { INTEGER_MAX, rupeesToPaise, UsageError } from '../arguments.ts';
import type { OpsContext } from '../context.ts';
import { table } from '../table.ts';

/** How many refunds paid `refunds` shows, newest first. */
const RECENT_REFUNDS = 20;

export async function listLoans({ database, write }: OpsContext) {
  const rows = await loansWithBorrowers(database.db);
  const disputes = await openDisputeCounts(database.db);
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
      flag: disputes.get(loan.id) ? `DISPUTE (${disputes.get(loan.id)} open)` : '',
    });
  }
  write.out(table(listed));
}

export async function showLoan({ database, write }: OpsContext, loanNo: string | undefined) {
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
    terminalSafe`  After the due date    interest for at most ${loan.overdueInterestDaysMax} days; penal charge ${money(loan.penalChargePaise)} + GST ${money(loan.penalGstPaise)}, once, if ${money(loan.penalThresholdPaise)} or more is unpaid at the due date's end`,
    terminalSafe`  Principal outstanding ${money(figures.principalOutstandingPaise)}`,
    terminalSafe`  Interest outstanding  ${money(figures.interestOutstandingPaise)} (charged to date ${money(figures.interestChargedPaise)})`,
    terminalSafe`  Charges outstanding   ${money(figures.chargesOutstandingPaise)}`,
    terminalSafe`  Collected             ${money(figures.collectedPaise)}`,
    terminalSafe`  To close today        ${money(figures.closureAmountPaise)} (no prepayment charge)`,
  ];
  if (figures.daysPastDue) lines.push(terminalSafe`  Days past due         ${figures.daysPastDue}`);
  const classification = await classificationOf(database.db, loan);
  lines.push(
    terminalSafe`  RBI class             ${classification.name}${classification.since ? ` since ${formatDate(classification.since)}` : ''}${classification.classified_on ? ` (end of day run ${formatDate(classification.classified_on)})` : ''}`,
  );
  if (figures.excessPaise) lines.push(terminalSafe`  Excess to refund      ${money(figures.excessPaise)}`);
  if (figures.writtenOffPaise) {
    lines.push(terminalSafe`  Written off           ${money(figures.writtenOffPaise)} (less than ₹1 left at closure)`);
  }
  if (figures.reversedPaise) {
    lines.push(
      terminalSafe`  Given back            ${money(figures.reversedPaise)} by the payment services (refunds, chargebacks)`,
    );
  }
  const disputes = await disputesOf(database.db, loan.id);
  const open = disputes.filter((row) => row.open);
  if (open.length) lines.push(terminalSafe`  DISPUTE               ${open.length} open: see Disputes below`);
  write.out(`${lines.join('\n')}\n`);
  // The statement of account: the same rows as the borrower's PDF.
  const rows = statementRows(loan, account.state.lines, account.collections, account.reversals);
  write.out('Statement of account');
  write.out(
    table(
      rows.map((row) => ({
        date: formatDate(row.date),
        description: row.description,
        debit: row.debitPaise === null ? '' : formatPaiseInFull(row.debitPaise),
        credit: row.creditPaise === null ? '' : formatPaiseInFull(row.creditPaise),
        allocation: row.allocation ? describeAllocation(row.allocation) : '',
        balance: row.balancePaise === null ? '' : formatPaiseInFull(row.balancePaise),
      })),
    ),
  );
  write.out('\nCollections');
  write.out(
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
        written_off: row.writtenOffPaise ? money(row.writtenOffPaise) : '',
        recorded_by: row.recordedBy,
      })),
    ),
  );
  if (account.reversals.length) {
    const paymentRef = new Map(account.collections.map((row) => [row.id, row.reference]));
    write.out('\nGiven back by the payment services');
    write.out(
      table(
        account.reversals.map((row) => ({
          when: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
          value_date: formatDate(row.valueDate),
          kind: row.kind,
          provider: row.provider,
          reference: row.providerReference,
          of_payment: paymentRef.get(row.collectionId) ?? '',
          amount: money(row.amountPaise),
          owed_again: money(row.principalPaise + row.interestPaise + row.chargesPaise),
          off_excess: row.excessPaise ? money(row.excessPaise) : '',
          recorded_by: row.recordedBy,
        })),
      ),
    );
  }
  if (disputes.length) {
    const paymentRef = new Map(account.collections.map((row) => [row.id, row.reference]));
    write.out('\nDisputes');
    write.out(
      table(
        disputes.map((row) => ({
          opened: row.createdAt.toISOString().replace('T', ' ').slice(0, 19),
          provider: row.provider,
          dispute: row.disputeId,
          of_payment: paymentRef.get(row.collectionId) ?? '',
          amount: money(row.amountPaise),
          status: row.status,
          open: row.open ? 'OPEN' : 'settled',
        })),
      ),
    );
  }
}

/** collect's arguments, checked before the database is opened: a loan number, rupees and --ref. */
export function collectArguments(args: string[]) {
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

export async function collect({ database, write }: OpsContext, args: string[]) {
  const { loanNo, amount, reference } = collectArguments(args);
  const loan = await loanByNo(database.db, loanNo);
  if (!loan) throw new UsageError(terminalSafe`There is no loan ${loanNo}. See: npm run ops -- loans`);
  if (loan.status !== 'active')
    throw new UsageError(terminalSafe`Loan ${loanNo} is ${loan.status}; it takes no collection.`);
  const now = new Date();
  // The borrower's receipt is queued with the collection, as the staff route does (src/server/reminders/).
  const outcome = await database.db.transaction(async (tx) => {
    const recorded = await recordCollection(tx, {
      loanId: loan.id,
      source: 'offline',
      reference,
      amountPaise: amount,
      recordedBy: actor(),
      now,
      refuseOverpayment: true,
    });
    if (recorded.kind === 'recorded')
      await queueReceipt(tx, { loanId: loan.id, collectionId: recorded.collectionId }, now);
    return recorded;
  });
  if (outcome.kind === 'duplicate')
    throw new UsageError(terminalSafe`A transfer with reference "${reference}" is already recorded.`);
  if (outcome.kind === 'overpayment') {
    throw new UsageError(
      terminalSafe`${formatPaise(amount)} is more than the ${formatPaise(outcome.totalDuePaise)} due today. Record the due and refund the rest.`,
    );
  }
  const { chargesPaise, interestPaise, principalPaise } = outcome.allocation;
  write.out(
    terminalSafe`Recorded ${formatPaise(amount)} on ${loanNo} (ref ${reference}): charges ${formatPaise(chargesPaise)}, interest ${formatPaise(interestPaise)}, principal ${formatPaise(principalPaise)}. To close now: ${formatPaise(outcome.totalDuePaise)}.`,
  );
  if (outcome.writtenOffPaise > 0) {
    write.out(
      terminalSafe`The ${formatPaise(outcome.writtenOffPaise)} left (under ₹1, which no payment service takes) is written off: ${loanNo} is closed.`,
    );
  }
}

/** Money received that the loans do not owe: paid beyond the dues, or a second payment held on a paid order. */
/** "27-11-2026", or "OVERDUE 27-11-2026" once past it. */
const dueBy = (dueOn: string, today: string) => `${today > dueOn ? 'OVERDUE ' : ''}${formatDate(dueOn)}`;

export async function listRefunds({ database, write, config }: OpsContext) {
  const today = indiaDate(new Date());
  const rows = await collectionsToRefund(database.db);
  // A refund finance requested waits for a second member's approval (the back office's four eyes).
  const requested = new Map((await openRefundRequests(database.db)).map((row) => [row.request.collectionId, row]));
  write.out(
    table(
      rows.map(({ collection, toRefundPaise, loanNo, name, mobile }) => {
        const waiting = requested.get(collection.id);
        return {
          loan_no: loanNo,
          borrower: name ?? '',
          mobile,
          received: formatDate(collection.valueDate),
          source: collection.source,
          reference: collection.reference,
          amount: formatPaise(collection.amountPaise),
          to_refund: formatPaise(toRefundPaise),
          why: collection.heldForRefund ? 'second payment on a paid order' : 'paid beyond the dues',
          due_by: dueBy(refundDueOn(collection.valueDate, config.refunds.dueDays), today),
          requested: waiting
            ? `${formatPaise(waiting.request.amountPaise)} ref. ${waiting.request.reference} by ${waiting.requestedBy}, to approve`
            : '',
        };
      }),
    ),
  );
  const total = rows.reduce((sum, { toRefundPaise }) => sum + toRefundPaise, 0);
  if (rows.length > 0) write.out(terminalSafe`\n${rows.length} to refund, ${formatPaise(total)} in all.`);
  const paid = await paidRefunds(database.db, RECENT_REFUNDS);
  if (paid.length > 0) {
    write.out(terminalSafe`\nRefunds paid (the latest ${RECENT_REFUNDS}):`);
    write.out(
      table(
        paid.map((row) => ({
          loan_no: row.loanNo,
          borrower: row.borrower ?? '',
          payment: row.collectionReference,
          refunded: formatPaise(row.request.amountPaise),
          method: row.request.method,
          reference: row.request.reference,
          paid_on: row.request.decidedAt ? formatDate(indiaDate(row.request.decidedAt)) : '',
          requested_by: row.requestedBy,
          approved_by: row.decidedBy ?? '',
        })),
      ),
    );
  }
}
