/**
 * The loan commands on the server (issue 22): the active loans by days past due, one loan's account
 * with its payments and contact notes, and an offline receipt. Each is a staff route.
 */
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatPaise, formatRupees, rupeesText } from '../../../lib/money.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { option, UsageError } from '../arguments.ts';
import type { OpsServerContext } from '../context.ts';
import { printAnswer, table } from '../table.ts';
import { collectArguments } from './loans.ts';

interface LoanRow {
  loan_no: string;
  borrower: string;
  due_date: string;
  days_past_due: number;
  bucket: string;
  to_close_today: number;
}

export async function listLoansOnServer(ops: OpsServerContext, args: string[]) {
  const bucket = option(args, 'bucket');
  const answer = await ops.server.call<{ counts: Record<string, number>; count: number; items: LoanRow[] }>(
    STAFF_API.loans,
    bucket === undefined ? {} : { bucket },
  );
  printAnswer(ops, answer, () => {
    ops.write.out(
      table(
        answer.data.items.map((row) => ({
          loan_no: row.loan_no,
          borrower: row.borrower,
          due_date: formatDate(row.due_date),
          days_past_due: row.days_past_due ? String(row.days_past_due) : '',
          bucket: row.bucket,
          to_close_today: formatRupees(row.to_close_today),
        })),
      ),
    );
    const counts = Object.entries(answer.data.counts).map(([name, count]) => `${name} ${count}`);
    ops.write.out(`\nActive loans by days past due: ${counts.join(', ')}.`);
  });
}

interface LoanAccount {
  loan_no: string;
  status: string;
  bucket: string;
  days_past_due: number;
  due_date: string;
  principal: number;
  to_close_today: number;
  due_on_due_date: number;
  collected: number;
  excess_to_refund: number;
  payments: { value_date: string; amount: number; source: string; reference: string }[];
  classification: {
    name: string;
    since: string | null;
    days_past_due: number;
    classified_on: string | null;
    history: { name: string; began_on: string; ended_on: string | null; told_at: string | null }[];
  };
  notes: { at: string; by: string; note: string; promised_on: string | null; promised_amount: number | null }[];
  /** The automatic messages (reminders, receipts) and their delivery (src/server/reminders/). */
  messages: {
    at: string;
    kind: string;
    channel: string;
    status: string;
    outcome: string | null;
    amount: number | null;
  }[];
}

export async function showLoanOnServer(ops: OpsServerContext, loanNo: string | undefined) {
  if (!loanNo) throw new UsageError('Give the loan number: npm run ops -- loan <loan_no>');
  const answer = await ops.server.call<LoanAccount>(STAFF_API.loan, { loan_no: loanNo });
  printAnswer(ops, answer, () => {
    const loan = answer.data;
    const lines = [
      terminalSafe`Loan ${loan.loan_no} (${loan.status})`,
      terminalSafe`  Principal        ${formatRupees(loan.principal)}`,
      terminalSafe`  Due date         ${formatDate(loan.due_date)}; due then ${formatRupees(loan.due_on_due_date)}`,
      terminalSafe`  Collected        ${formatRupees(loan.collected)}`,
      terminalSafe`  To close today   ${formatRupees(loan.to_close_today)} (no prepayment charge)`,
    ];
    if (loan.days_past_due) lines.push(terminalSafe`  Days past due    ${loan.days_past_due} (${loan.bucket})`);
    if (loan.excess_to_refund) lines.push(terminalSafe`  Excess to refund ${formatRupees(loan.excess_to_refund)}`);
    const { classification } = loan;
    lines.push(
      terminalSafe`  RBI class        ${classification.name}${classification.since ? ` since ${formatDate(classification.since)}` : ''}${classification.classified_on ? `; ${classification.days_past_due} days past due at the end of day run ${formatDate(classification.classified_on)}` : ''}`,
    );
    ops.write.out(`${lines.join('\n')}\n`);
    if (classification.history.length) {
      ops.write.out('Classes entered');
      ops.write.out(
        table(
          classification.history.map((row) => ({
            class: row.name,
            from: formatDate(row.began_on),
            to: row.ended_on ? formatDate(row.ended_on) : 'now',
            'borrower told': row.told_at ? formatDate(row.told_at) : 'no',
          })),
        ),
      );
      ops.write.out('');
    }
    ops.write.out('Payments');
    ops.write.out(
      table(
        loan.payments.map((row) => ({
          value_date: formatDate(row.value_date),
          source: row.source,
          reference: row.reference,
          amount: formatRupees(row.amount),
        })),
      ),
    );
    ops.write.out('\nContact notes');
    ops.write.out(
      table(
        loan.notes.map((row) => ({
          when: formatDate(row.at),
          by: row.by,
          note: row.note,
          promised: row.promised_on
            ? `${formatRupees(row.promised_amount ?? 0)} by ${formatDate(row.promised_on)}`
            : '',
        })),
      ),
    );
    ops.write.out('\nAutomatic messages');
    ops.write.out(
      table(
        loan.messages.map((row) => ({
          when: formatDate(row.at),
          message: row.kind,
          by: row.channel,
          delivery: row.outcome ? `${row.status} (${row.outcome})` : row.status,
          stated: row.amount === null ? '' : formatRupees(row.amount),
        })),
      ),
    );
  });
}

/** An offline receipt, recorded by collections and allocated as every payment is. */
export async function collectOnServer(ops: OpsServerContext, args: string[]) {
  const { loanNo, amount, reference } = collectArguments(args);
  const answer = await ops.server.call<{ to_close_today: number }>(STAFF_API.recordReceipt, {
    loan_no: loanNo,
    amount: rupeesText(amount),
    reference,
  });
  printAnswer(ops, answer, () =>
    ops.write.out(
      terminalSafe`${answer.message} ${formatPaise(amount)} on ${loanNo} (ref ${reference}). To close now: ${formatRupees(answer.data.to_close_today)}.`,
    ),
  );
}
