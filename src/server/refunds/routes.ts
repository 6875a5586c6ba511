/**
 * Finance's refunds under four eyes (issue 22): the queue of money to refund (paid beyond the dues,
 * second payments held) oldest first with the requests waiting for a second member; a request with
 * the bank transfer's reference; the approval by another finance member, which records it paid.
 */
import * as v from 'valibot';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import { indiaDate } from '../../lib/dates.ts';
import { formatPaise, rupeesFromPaise } from '../../lib/money.ts';
import { entryToPaise } from '../../lib/repayAmount.ts';
import {
  ApproveRefundAnswer,
  CancelRefundAnswer,
  RefundsAnswer,
  RequestRefundAnswer,
} from '../../lib/schemas/answers/refunds.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { collectionsToRefund } from '../payments/store.ts';
import { staffOf } from '../staff/session.ts';
import { overdueFirst } from './deadline.ts';
import { approveRefund, cancelRefund, REFUND_METHODS, type RefundMethod, requestRefund } from './service.ts';
import { openRefundRequests, refundDueOn } from './store.ts';

const TAG = 'staff';
const Sort = v.optional(v.picklist(['oldest', 'newest'], 'sort is oldest or newest'), 'oldest');
const Id = (name: string) => v.pipe(v.number(`${name} is required`), v.integer(`${name} is not valid`), v.minValue(1));

const hoursSince = (at: Date, now: Date) => Math.max(0, Math.floor((now.getTime() - at.getTime()) / 3_600_000));
const inOrder = <T>(rows: T[], sort: 'oldest' | 'newest') => (sort === 'newest' ? [...rows].reverse() : rows);

export const refundRoutes = [
  defineRoute({
    method: 'post',
    path: STAFF_API.refunds,
    operationId: 'staffRefunds',
    summary:
      'Money to refund (paid beyond the dues, second payments held) and refunds waiting for a second approver, each with the day it is due; those past it first, then oldest first (finance)',
    tag: TAG,
    auth: 'staff',
    roles: ['finance'],
    body: v.object({ sort: Sort }),
    answer: RefundsAnswer,
    async handle(c, input) {
      const { db, now, config } = c.get('deps');
      const at = now();
      const today = indiaDate(at);
      const due = (receivedOn: string) => {
        const dueOn = refundDueOn(receivedOn, config.refunds.dueDays);
        return { due_on: dueOn, overdue: today > dueOn };
      };
      const staffId = staffOf(c).staffId;
      const requests = await openRefundRequests(db);
      const requested = new Set(requests.map((row) => row.request.collectionId));
      const toRequest = (await collectionsToRefund(db))
        .filter(({ collection }) => !requested.has(collection.id))
        .map(({ collection, toRefundPaise, loanNo, name }) => ({
          collection_id: collection.id,
          loan_no: loanNo,
          borrower: name ?? '',
          received_on: collection.valueDate,
          source: collection.source,
          reference: collection.reference,
          amount: rupeesFromPaise(collection.amountPaise),
          to_refund: rupeesFromPaise(toRefundPaise),
          why: collection.heldForRefund ? ('second_payment' as const) : ('excess' as const),
          age_hours: hoursSince(collection.createdAt, at),
          ...due(collection.valueDate),
        }));
      const toApprove = requests.map(({ request, loanNo, borrower, collectionReference, requestedBy, receivedOn }) => ({
        request_id: request.id,
        collection_id: request.collectionId,
        loan_no: loanNo,
        borrower: borrower ?? '',
        payment_reference: collectionReference,
        amount: rupeesFromPaise(request.amountPaise),
        // The store keeps only these (refunds/service.ts writes them).
        method: request.method as RefundMethod,
        // sending: a second member approved and the provider is being asked (or the process died doing so).
        status: request.status as 'requested' | 'sending',
        reference: request.reference,
        requested_by: requestedBy,
        requested_by_you: request.requestedBy === staffId,
        age_hours: hoursSince(request.requestedAt, at),
        received_on: receivedOn,
        ...due(receivedOn),
      }));
      return ok(c, {
        to_request: { count: toRequest.length, items: overdueFirst(inOrder(toRequest, input.sort)) },
        to_approve: { count: toApprove.length, items: overdueFirst(inOrder(toApprove, input.sort)) },
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.requestRefund,
    operationId: 'staffRequestRefund',
    summary:
      "Requests the refund of a payment's amount to refund, by bank transfer with its reference or through the payment's provider, Razorpay or PayU (finance, first pair of eyes)",
    tag: TAG,
    auth: 'staff',
    roles: ['finance'],
    body: v.object({
      collection_id: Id('collection_id'),
      amount: v.pipe(
        v.string('amount is required'),
        v.trim(),
        v.regex(/^\d{1,9}(\.\d{1,2})?$/, 'Enter the amount in rupees, e.g. 1500 or 1500.50.'),
      ),
      method: v.optional(v.picklist(REFUND_METHODS, 'method is bank_transfer, razorpay or payu'), 'bank_transfer'),
      // The bank transfer's; none through Razorpay (its refund id is recorded).
      reference: v.optional(
        v.pipe(
          v.string('reference is a text'),
          v.trim(),
          v.regex(/^[A-Za-z0-9-]{6,40}$/, "The transfer's reference (UTR) is 6 to 40 letters, digits or dashes."),
        ),
      ),
    }),
    answer: RequestRefundAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const amountPaise = entryToPaise(input.amount) ?? 0;
      if (amountPaise < 100) throw new ApiError(400, 'The amount must be at least ₹1.', 'amount_too_small');
      const id = await requestRefund(
        db,
        { collectionId: input.collection_id, amountPaise, method: input.method, reference: input.reference },
        staffOf(c),
        now(),
      );
      return ok(c, { request_id: id }, 'Requested: another finance member must approve the refund.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.approveRefund,
    operationId: 'staffApproveRefund',
    summary:
      "Approves another finance member's refund request: a transfer is recorded paid; a provider's refund is sent with its idempotency key (token), then recorded (finance, second pair of eyes)",
    tag: TAG,
    auth: 'staff',
    roles: ['finance'],
    body: v.object({ request_id: Id('request_id') }),
    answer: ApproveRefundAnswer,
    async handle(c, input) {
      const paid = await approveRefund({ ...c.get('deps'), log: c.get('log') }, input.request_id, staffOf(c));
      return ok(
        c,
        { loan_no: paid.loanNo, amount: rupeesFromPaise(paid.amountPaise) },
        `Refund of ${formatPaise(paid.amountPaise)} on loan ${paid.loanNo} recorded as paid.`,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.cancelRefund,
    operationId: 'staffCancelRefund',
    summary: 'Withdraws a refund request still waiting for approval, so the payment can be requested again (finance)',
    tag: TAG,
    auth: 'staff',
    roles: ['finance'],
    body: v.object({ request_id: Id('request_id') }),
    answer: CancelRefundAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const withdrawn = await cancelRefund(db, input.request_id, staffOf(c), now());
      return ok(c, { loan_no: withdrawn.loanNo }, 'Withdrawn: the payment is back in the refunds to pay.');
    },
  }),
];
