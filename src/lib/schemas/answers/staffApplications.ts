/** The credit and finance queues' answers and their decisions (src/server/staff/applicationRoutes.ts), money in rupees. */
import * as v from 'valibot';

/** A queue: its rows, oldest first or newest first, with their count. */
const queue = <Row extends v.GenericSchema>(row: Row) => v.strictObject({ count: v.number(), items: v.array(row) });

/** staffApplications: submitted applications waiting for credit's decision. */
export const ApplicationsQueueAnswer = queue(
  v.strictObject({
    lead_id: v.number(),
    version: v.number(),
    applicant: v.string(),
    amount: v.nullable(v.number()),
    tenure: v.nullable(v.number()),
    user_type: v.string(),
    submitted_at: v.nullable(v.string()),
    age_hours: v.number(),
  }),
);

/** staffDisbursals: accepted applications to request a disbursal for, and requests waiting for a second approver. */
export const DisbursalsAnswer = v.strictObject({
  to_request: queue(
    v.strictObject({
      lead_id: v.number(),
      version: v.number(),
      applicant: v.string(),
      amount: v.number(),
      tenure: v.nullable(v.number()),
      age_hours: v.number(),
    }),
  ),
  to_approve: queue(
    v.strictObject({
      request_id: v.number(),
      lead_id: v.number(),
      amount: v.number(),
      payout_reference: v.string(),
      requested_by: v.string(),
      requested_by_you: v.boolean(),
      age_hours: v.number(),
    }),
  ),
});

/** staffAssign: the application and its new credit manager. */
export const AssignAnswer = v.strictObject({ lead_id: v.number(), manager: v.string() });

/** staffApprove: approved (the customer is to accept the statement sent) or accepted (ready for disbursal). */
export const ApproveAnswer = v.strictObject({
  status: v.picklist(['approved', 'accepted']),
  kfs_no: v.string(),
  awaiting_acknowledgement: v.boolean(),
});

export const SendBackAnswer = v.strictObject({ status: v.literal('sent_back') });
export const RejectAnswer = v.strictObject({ status: v.literal('rejected') });

/** staffRequestDisbursal: the request another finance member approves. */
export const RequestDisbursalAnswer = v.strictObject({ request_id: v.number() });

/** staffApproveDisbursal: the loan made, and its principal. */
export const ApproveDisbursalAnswer = v.strictObject({ loan_no: v.string(), principal: v.number() });
