/** The complaints' answers: as the customer reads one (raiseComplaint, getComplaints) and support's queue. */
import * as v from 'valibot';

/** A complaint as the customer reads it (getComplaints, and raiseComplaint's answer). */
export const ComplaintAnswer = v.strictObject({
  complaint_no: v.string(),
  subject: v.string(),
  message: v.string(),
  /** open, answered (support replied, the complaint stays open) or resolved. */
  status: v.string(),
  /** ISO instant. */
  raised_at: v.string(),
  answer: v.nullable(v.string()),
  answered_at: v.nullable(v.string()),
  days_open: v.number(),
  /** YYYY-MM-DD: the 30th day (site.json grievanceOfficer.responseDays). */
  answer_due_on: v.string(),
  /** Unresolved after the 30 days: the RBI's complaint portal is open to the customer. */
  rbi_portal_open: v.boolean(),
  /** Whom to turn to next: the grievance officer, the nodal officer, then the RBI's portal. */
  escalation: v.string(),
});
export type CustomerComplaint = v.InferOutput<typeof ComplaintAnswer>;

export const ComplaintsAnswer = v.strictObject({ complaints: v.array(ComplaintAnswer) });

/** Support's queue (staffComplaints): each complaint with its id, how it came and who raised it. */
export const StaffComplaintsAnswer = v.strictObject({
  count: v.number(),
  items: v.array(
    v.strictObject({ complaint_id: v.number(), ...ComplaintAnswer.entries, channel: v.string(), name: v.string() }),
  ),
});
