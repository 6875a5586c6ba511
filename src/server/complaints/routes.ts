/**
 * Complaints (issue 22): the signed-in customer raises one from the dashboard and reads its status
 * and answer; support answers them in the back office, oldest first, with the RBI's clock beside each.
 */
import * as v from 'valibot';
import { COMPLAINT_PATHS } from '../../lib/api/complaintPaths.ts';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import {
  ComplaintAnswer,
  ComplaintsAnswer,
  type CustomerComplaint,
  StaffComplaintsAnswer,
} from '../../lib/schemas/answers/complaint.ts';
import { ComplaintRequest } from '../../lib/schemas/complaint.ts';
import { required } from '../../lib/schemas/fields.ts';
import { ownCustomer } from '../customers/session.ts';
import { takeSlot } from '../db/rateLimit.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { staffOf } from '../staff/session.ts';
import { escalationOf, raiseComplaint } from './service.ts';
import { answerComplaint, type Complaint, complaintsOfCustomer, unresolvedComplaints } from './store.ts';

/** Defined in src/lib/api/complaintPaths.ts (the dashboard's screen reads them too); named here for the API tests. */
export { COMPLAINT_PATHS };

const forCustomer = (complaint: Complaint, now: Date): CustomerComplaint => ({
  complaint_no: complaint.complaintNo,
  subject: complaint.subject,
  message: complaint.message,
  status: complaint.status,
  raised_at: complaint.createdAt.toISOString(),
  answer: complaint.answer,
  answered_at: complaint.answeredAt?.toISOString() ?? null,
  ...escalationOf(complaint, now),
});

export const complaintRoutes = [
  defineRoute({
    method: 'post',
    path: COMPLAINT_PATHS.raise,
    operationId: 'raiseComplaint',
    summary: 'The signed-in customer raises a complaint: a number at once, acknowledged by SMS and e-mail',
    tag: 'Complaints',
    auth: 'session',
    body: ComplaintRequest,
    answer: ComplaintAnswer,
    async handle(c, input) {
      const customer = await ownCustomer(c);
      const deps = c.get('deps');
      if (!(await takeSlot(deps.db, `complaint:${customer.id}`, 5, 3600, deps.now()))) {
        throw new ApiError(
          429,
          'You have raised several complaints this hour. Please try again later, or call us.',
          'complaint_limit',
          undefined,
          {
            retry_after_seconds: 3600,
          },
        );
      }
      const complaint = await raiseComplaint(deps, {
        customerId: customer.id,
        channel: 'dashboard',
        name: customer.fullName ?? 'Customer',
        email: customer.email ?? '',
        phone: customer.mobile,
        subject: input.subject,
        message: input.message,
      });
      return ok(
        c,
        forCustomer(complaint, deps.now()),
        `Your complaint number is ${complaint.complaintNo}. We will answer within 30 days.`,
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: COMPLAINT_PATHS.list,
    operationId: 'getComplaints',
    summary: "The signed-in customer's complaints, newest first, with their status, answer and where to escalate",
    tag: 'Complaints',
    auth: 'session',
    answer: ComplaintsAnswer,
    async handle(c) {
      const customer = await ownCustomer(c);
      const { db, now } = c.get('deps');
      const rows = await complaintsOfCustomer(db, customer.id);
      return ok(c, { complaints: rows.map((row) => forCustomer(row, now())) });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.complaints,
    operationId: 'staffComplaints',
    summary: 'Complaints not yet resolved, oldest first, with the days each has been open (support)',
    tag: 'staff',
    auth: 'staff',
    roles: ['support'],
    answer: StaffComplaintsAnswer,
    async handle(c) {
      const { db, now } = c.get('deps');
      const rows = await unresolvedComplaints(db);
      return ok(c, {
        count: rows.length,
        items: rows.map((row) => ({
          complaint_id: row.id,
          ...forCustomer(row, now()),
          channel: row.channel,
          name: row.name,
        })),
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.answerComplaint,
    operationId: 'staffAnswerComplaint',
    summary: 'Answers a complaint, resolving it or leaving it open; the customer reads it on the dashboard (support)',
    tag: 'staff',
    auth: 'staff',
    roles: ['support'],
    body: v.object({
      complaint_id: v.pipe(v.number('complaint_id is required'), v.integer(), v.minValue(1)),
      answer: required('Answer', 4000),
      resolved: v.optional(v.boolean(), false),
    }),
    answer: ComplaintAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const row = await answerComplaint(db, input.complaint_id, {
        text: input.answer,
        resolved: input.resolved,
        staffId: staffOf(c).staffId,
        at: now(),
      });
      if (!row) throw new ApiError(409, 'This complaint is resolved already, or does not exist.', 'conflict');
      return ok(c, forCustomer(row, now()), input.resolved ? 'Answered and resolved.' : 'Answered.');
    },
  }),
];
