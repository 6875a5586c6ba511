/**
 * The customer's complaints (issue 22): raised from the Complaints screen, read back with their
 * status, support's answer and where to escalate. Only that screen imports this module, so the
 * complaint paths stay out of every other screen's code.
 */
import type * as v from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { COMPLAINT_PATHS } from '../../../lib/api/complaintPaths.ts';
import { type Envelope, STATUS } from '../../../lib/api/envelope.ts';
import type { ComplaintsAnswer, CustomerComplaint } from '../../../lib/schemas/answers/complaint.ts';
import type { ComplaintRequest } from '../../../lib/schemas/complaint.ts';
import { dashboardCall } from './api.ts';
import type { Loaded } from './useLoaded.ts';

export const NO_COMPLAINTS = 'You have not raised any complaints.';

/** The session's customer's complaints, newest first. */
export async function loadComplaints(): Promise<Loaded<CustomerComplaint[]>> {
  const envelope = await dashboardCall<v.InferOutput<typeof ComplaintsAnswer>>(COMPLAINT_PATHS.list);
  if (envelope.Status !== STATUS.ok) return { error: failureMessage(envelope) };
  return { data: envelope.Data.complaints };
}

/** Opens a complaint; the answer's Message carries its number. */
export function raiseComplaint(complaint: ComplaintRequest): Promise<Envelope<CustomerComplaint>> {
  return dashboardCall<CustomerComplaint>(COMPLAINT_PATHS.raise, complaint);
}

const STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  answered: 'Answered',
  resolved: 'Resolved',
};
export const complaintStatusLabel = (status: string) => STATUS_LABELS[status] ?? status;
