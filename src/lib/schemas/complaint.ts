/** A complaint the signed-in customer raises (issue 22): the dashboard's form and the API check the same rules. */
import * as v from 'valibot';
import { required } from './fields.ts';

export const ComplaintRequest = v.object({
  subject: required('Subject', 150),
  message: required('Message', 2000),
});

export type ComplaintRequest = v.InferInput<typeof ComplaintRequest>;

/** A complaint as the customer reads it (getComplaints, and raiseComplaint's answer). */
export interface CustomerComplaint {
  complaint_no: string;
  subject: string;
  message: string;
  /** open, answered (support replied, the complaint stays open) or resolved. */
  status: string;
  /** ISO instant. */
  raised_at: string;
  answer: string | null;
  answered_at: string | null;
  days_open: number;
  /** YYYY-MM-DD: the 30th day (site.json grievanceOfficer.responseDays). */
  answer_due_on: string;
  /** Unresolved after the 30 days: the RBI's complaint portal is open to the customer. */
  rbi_portal_open: boolean;
  /** Whom to turn to next: the grievance officer, the nodal officer, then the RBI's portal. */
  escalation: string;
}
