/**
 * The back office's loans (issue 22): collections' queue of active loans by days past due (0, 1-30,
 * 31-60, 61-90, 90+), each loan's account as every reader sees it (src/server/loans/account.ts),
 * offline receipts, contact notes with promises to pay; and support's read-only view of a customer
 * with identity numbers masked.
 */
import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import { maskPan } from '../../lib/format.ts';
import { formatPaise, paiseFromRupees, rupeesFromPaise } from '../../lib/money.ts';
import { entryToPaise } from '../../lib/repayAmount.ts';
import { MessageOnlyAnswer } from '../../lib/schemas/answers/message.ts';
import {
  CustomerViewAnswer,
  LOAN_BUCKETS,
  LoanAccountAnswer,
  LoansQueueAnswer,
  RecordReceiptAnswer,
} from '../../lib/schemas/answers/staffLoans.ts';
import { required } from '../../lib/schemas/fields.ts';
import { customerByMobile } from '../customers/store.ts';
import type { Database } from '../db/client.ts';
import { loanContactNotes, staffMembers } from '../db/schema.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { leadsOf } from '../leads/store.ts';
import { loanAccountToday } from '../loans/account.ts';
import { type LoanRow, loanFigures } from '../loans/accountFigures.ts';
import { loanByNo, loansOf, loansWithBorrowers } from '../loans/store.ts';
import { classificationOf } from '../overdue/store.ts';
import { recordCollection } from '../payments/ledger.ts';
import { messagesOfLoan, queueReceipt } from '../reminders/store.ts';
import { staffActor } from './roles.ts';
import { staffOf } from './session.ts';

const TAG = 'staff';
const BUCKETS = LOAN_BUCKETS;
type Bucket = (typeof BUCKETS)[number];
const LoanNo = v.pipe(v.string('loan_no is required'), v.trim(), v.regex(/^KCL\d{1,12}$/, 'loan_no is not valid'));

/** The RBI's classes, by days past due, as collections work them. */
export function bucketOf(daysPastDue: number): Bucket {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue <= 30) return '1-30';
  if (daysPastDue <= 60) return '31-60';
  if (daysPastDue <= 90) return '61-90';
  return '90+';
}

async function loanOrRefuse(db: Database, loanNo: string): Promise<LoanRow> {
  const loan = await loanByNo(db, loanNo);
  if (!loan) throw new ApiError(404, `There is no loan ${loanNo}.`, 'not_found');
  return loan;
}

function notesOf(db: Database, loanId: string) {
  return db
    .select({ note: loanContactNotes, by: staffMembers.name })
    .from(loanContactNotes)
    .innerJoin(staffMembers, eq(staffMembers.id, loanContactNotes.staffId))
    .where(eq(loanContactNotes.loanId, loanId))
    .orderBy(desc(loanContactNotes.createdAt));
}

/**
 * An automatic message's delivery as staff read it: waiting (for 08:00, or a retry), skipped (the loan
 * was paid), failed, or the SMS queue's own state once handed to it (queued, sending, sent, failed).
 */
function deliveryOf(status: string, queueStatus: string | null): string {
  if (status === 'queued') return queueStatus ?? 'queued';
  return status;
}

export const staffLoanRoutes = [
  defineRoute({
    method: 'post',
    path: STAFF_API.loans,
    operationId: 'staffLoans',
    summary:
      'Active loans by days past due, most overdue first, with each class’s count (collections, finance, support)',
    tag: TAG,
    auth: 'staff',
    roles: ['collections', 'finance', 'support'],
    body: v.object({ bucket: v.optional(v.picklist(BUCKETS, `bucket is one of ${BUCKETS.join(', ')}`)) }),
    answer: LoansQueueAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const at = now();
      const rows: {
        loan_no: string;
        borrower: string;
        due_date: string;
        days_past_due: number;
        bucket: Bucket;
        to_close_today: number;
      }[] = [];
      for (const { loan, name } of await loansWithBorrowers(db)) {
        if (loan.status !== 'active') continue;
        const figures = loanFigures(await loanAccountToday(db, loan, at));
        rows.push({
          loan_no: loan.loanNo,
          borrower: name ?? '',
          due_date: figures.dueDate,
          days_past_due: figures.daysPastDue,
          bucket: bucketOf(figures.daysPastDue),
          to_close_today: rupeesFromPaise(figures.closureAmountPaise),
        });
      }
      rows.sort((a, b) => b.days_past_due - a.days_past_due);
      const counts = Object.fromEntries(
        BUCKETS.map((bucket) => [bucket, rows.filter((row) => row.bucket === bucket).length]),
      );
      const items = input.bucket ? rows.filter((row) => row.bucket === input.bucket) : rows;
      return ok(c, { counts, count: items.length, items });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.loan,
    operationId: 'staffLoan',
    summary: 'One loan’s account today, its payments and the contact notes (collections, finance, support)',
    tag: TAG,
    auth: 'staff',
    roles: ['collections', 'finance', 'support'],
    body: v.object({ loan_no: LoanNo }),
    answer: LoanAccountAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const loan = await loanOrRefuse(db, input.loan_no);
      const account = await loanAccountToday(db, loan, now());
      const figures = loanFigures(account);
      return ok(c, {
        loan_no: loan.loanNo,
        status: loan.status,
        bucket: bucketOf(figures.daysPastDue),
        days_past_due: figures.daysPastDue,
        due_date: figures.dueDate,
        principal: rupeesFromPaise(figures.principalPaise),
        to_close_today: rupeesFromPaise(figures.closureAmountPaise),
        due_on_due_date: rupeesFromPaise(figures.repaymentAmountPaise),
        collected: rupeesFromPaise(figures.collectedPaise),
        excess_to_refund: rupeesFromPaise(figures.excessPaise),
        payments: account.collections.map((row) => ({
          value_date: row.valueDate,
          amount: rupeesFromPaise(row.amountPaise),
          source: row.source,
          reference: row.reference,
        })),
        messages: (await messagesOfLoan(db, loan.id)).map(({ message, sms, mail }) => ({
          at: (message.handledAt ?? message.createdAt).toISOString(),
          kind: message.kind,
          channel: message.channel,
          status: deliveryOf(message.status, sms?.status ?? mail?.status ?? null),
          outcome: message.outcome ?? sms?.error ?? mail?.error ?? null,
          amount: message.amountPaise === null ? null : rupeesFromPaise(message.amountPaise),
        })),
        classification: await classificationOf(db, loan),
        notes: (await notesOf(db, loan.id)).map(({ note, by }) => ({
          at: note.createdAt.toISOString(),
          by,
          note: note.note,
          promised_on: note.promisedOn,
          promised_amount: note.promisedPaise === null ? null : rupeesFromPaise(note.promisedPaise),
        })),
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.recordReceipt,
    operationId: 'staffRecordReceipt',
    summary:
      'Records an offline receipt (a bank transfer) with its reference, allocated as every payment is (collections)',
    tag: TAG,
    auth: 'staff',
    roles: ['collections'],
    body: v.object({
      loan_no: LoanNo,
      amount: v.pipe(
        v.string('amount is required'),
        v.trim(),
        v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the amount in rupees, e.g. 1500 or 1500.50.'),
      ),
      reference: v.pipe(
        v.string('reference is required'),
        v.trim(),
        v.regex(/^[\w-]{4,40}$/, 'The reference is 4 to 40 letters, digits, dashes or underscores.'),
      ),
    }),
    answer: RecordReceiptAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const loan = await loanOrRefuse(db, input.loan_no);
      if (loan.status !== 'active')
        throw new ApiError(409, `Loan ${loan.loanNo} is ${loan.status}; it takes no receipt.`, 'loan_closed');
      const amountPaise = entryToPaise(input.amount) ?? 0;
      if (amountPaise < 100) throw new ApiError(400, 'The amount must be at least ₹1.', 'amount_too_small');
      const at = now();
      // The receipt to the borrower is queued with the collection: committed together, or neither.
      const outcome = await db.transaction(async (tx) => {
        const recorded = await recordCollection(tx, {
          loanId: loan.id,
          source: 'offline',
          reference: input.reference,
          amountPaise,
          recordedBy: staffActor(staffOf(c)),
          now: at,
          refuseOverpayment: true,
        });
        if (recorded.kind === 'recorded')
          await queueReceipt(tx, { loanId: loan.id, collectionId: recorded.collectionId }, at);
        return recorded;
      });
      if (outcome.kind === 'duplicate')
        throw new ApiError(409, `A receipt with reference ${input.reference} is already recorded.`, 'duplicate');
      if (outcome.kind === 'overpayment') {
        throw new ApiError(
          409,
          `This is more than the ${formatPaise(outcome.totalDuePaise)} due today. Record the due and refund the rest.`,
          'overpayment',
        );
      }
      return ok(c, { to_close_today: rupeesFromPaise(outcome.totalDuePaise) }, 'Receipt recorded.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.contactNote,
    operationId: 'staffContactNote',
    summary: 'Records a contact with the borrower, and a promise to pay when one was made (collections)',
    tag: TAG,
    auth: 'staff',
    roles: ['collections'],
    body: v.object({
      loan_no: LoanNo,
      note: required('Note', 1000),
      promised_on: v.optional(v.pipe(v.string(), v.isoDate('promised_on is a date, YYYY-MM-DD'))),
      promised_amount: v.optional(v.pipe(v.number(), v.minValue(1, 'The promised amount must be at least ₹1.'))),
    }),
    answer: MessageOnlyAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const loan = await loanOrRefuse(db, input.loan_no);
      if ((input.promised_on === undefined) !== (input.promised_amount === undefined)) {
        throw new ApiError(400, 'A promise to pay needs both its date and its amount.', 'validation_failed');
      }
      await db.insert(loanContactNotes).values({
        loanId: loan.id,
        staffId: staffOf(c).staffId,
        note: input.note,
        promisedOn: input.promised_on ?? null,
        promisedPaise: input.promised_amount === undefined ? null : paiseFromRupees(input.promised_amount),
        createdAt: now(),
      });
      return ok(c, {}, 'Noted.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.customer,
    operationId: 'staffCustomer',
    summary: 'A customer by mobile, read-only, with the PAN masked: applications, loans (support)',
    tag: TAG,
    auth: 'staff',
    roles: ['support'],
    body: v.object({
      mobile: v.pipe(v.string('mobile is required'), v.regex(/^[6-9]\d{9}$/, 'Mobile number invalid!')),
    }),
    answer: CustomerViewAnswer,
    async handle(c, input) {
      const { db } = c.get('deps');
      const customer = await customerByMobile(db, input.mobile);
      if (!customer) throw new ApiError(404, 'No customer has this mobile number.', 'not_found');
      return ok(c, {
        name: customer.fullName ?? '',
        mobile: customer.mobile,
        email: customer.email ?? '',
        pancard: customer.pancard ? maskPan(customer.pancard) : '',
        applications: (await leadsOf(db, customer.id)).map((lead) => ({
          lead_id: lead.id,
          status: lead.status,
          applied_on: lead.createdAt.toISOString(),
        })),
        loans: (await loansOf(db, customer.id)).map((loan) => ({ loan_no: loan.loanNo, status: loan.status })),
      });
    },
  }),
];
