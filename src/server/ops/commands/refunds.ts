/**
 * Finance's refunds on the server (issues 22 and 23): the money to refund and the requests waiting
 * for a second member; one member requests a refund with the bank transfer's reference, another
 * approves it, which records it paid. Each is a staff route.
 */
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate } from '../../../lib/format.ts';
import { formatRupees, rupeesText } from '../../../lib/money.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { option, rupeesToPaise, UsageError, wholeNumber } from '../arguments.ts';
import type { OpsServerContext } from '../context.ts';
import { printAnswer, table } from '../table.ts';

interface Refunds {
  to_request: {
    count: number;
    items: {
      collection_id: number;
      loan_no: string;
      borrower: string;
      received_on: string;
      reference: string;
      amount: number;
      to_refund: number;
      why: string;
      due_on: string;
      overdue: boolean;
    }[];
  };
  to_approve: {
    count: number;
    items: {
      request_id: number;
      loan_no: string;
      amount: number;
      reference: string;
      requested_by_you: boolean;
      due_on: string;
      overdue: boolean;
    }[];
  };
}

/** "27-11-2026", or "OVERDUE 27-11-2026" once past it (the server lists those first). */
const dueBy = (row: { due_on: string; overdue: boolean }) =>
  `${row.overdue ? 'OVERDUE ' : ''}${formatDate(row.due_on)}`;

export async function listRefundsOnServer(ops: OpsServerContext, args: string[]) {
  const answer = await ops.server.call<Refunds>(STAFF_API.refunds, {
    sort: args.includes('--newest') ? 'newest' : 'oldest',
  });
  printAnswer(ops, answer, () => {
    const { to_request, to_approve } = answer.data;
    ops.write.out(
      `To refund (${to_request.count}): npm run ops -- request-refund <collection_id> <amount> --ref <transfer reference>`,
    );
    ops.write.out(
      table(
        to_request.items.map((row) => ({
          collection_id: String(row.collection_id),
          loan_no: row.loan_no,
          borrower: row.borrower,
          received: formatDate(row.received_on),
          payment: row.reference,
          amount: formatRupees(row.amount),
          to_refund: formatRupees(row.to_refund),
          why: row.why === 'second_payment' ? 'second payment on a paid order' : 'paid beyond the dues',
          due_by: dueBy(row),
        })),
      ),
    );
    ops.write.out(
      `\nTo approve (${to_approve.count}): npm run ops -- approve-refund <request_id>, by another finance member`,
    );
    ops.write.out(
      table(
        to_approve.items.map((row) => ({
          request_id: String(row.request_id),
          loan_no: row.loan_no,
          amount: formatRupees(row.amount),
          reference: row.reference,
          requested_by: row.requested_by_you ? 'you' : 'another member',
          due_by: dueBy(row),
        })),
      ),
    );
  });
}

/** The first pair of eyes: the refund of (part of) a payment's amount to refund, paid by bank transfer. */
export async function requestRefundOnServer(ops: OpsServerContext, args: string[]) {
  const collectionId = wholeNumber(args[0]);
  const amount = args[1] === undefined ? null : rupeesToPaise(args[1]);
  const reference = option(args, 'ref');
  if (collectionId === null || amount === null || !reference)
    throw new UsageError(
      'Usage: npm run ops -- request-refund <collection_id> <amount in rupees> --ref <transfer reference>',
    );
  const answer = await ops.server.call<{ request_id: number }>(STAFF_API.requestRefund, {
    collection_id: collectionId,
    amount: rupeesText(amount),
    reference,
  });
  printAnswer(ops, answer, () =>
    ops.write.out(terminalSafe`Refund request ${answer.data.request_id}: ${answer.message}`),
  );
}

/** The second pair of eyes: another finance member approves; the refund is recorded as paid. */
export async function approveRefundOnServer(ops: OpsServerContext, args: string[]) {
  const requestId = wholeNumber(args[0]);
  if (requestId === null || requestId < 1)
    throw new UsageError('Give the request id, a number: see npm run ops -- refunds');
  const answer = await ops.server.call(STAFF_API.approveRefund, { request_id: requestId });
  printAnswer(ops, answer, () => ops.write.out(terminalSafe`${answer.message}`));
}
