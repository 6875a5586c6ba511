/**
 * Complaints with a clock (issue 22; docs/decisions.md "Complaints"): a complaint is opened with its
 * number and acknowledged at once, by SMS through the durable queue (in the same transaction) and by
 * e-mail; support answers it; the grievance officer and the principal nodal officer of
 * content/site.json are the escalation levels, and after 30 days without a resolution the customer
 * may go to the RBI's complaint portal (the Integrated Ombudsman Scheme, 2021). Every answer says so.
 */
import { addDays, indiaDate } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import { site } from '../../lib/site.ts';
import type { Deps } from '../app/context.ts';
import { complaintMessage } from '../sms/messages.ts';
import { type Complaint, type NewComplaint, openComplaint } from './store.ts';

const RESPONSE_DAYS = site.grievanceOfficer.responseDays;

/** Where a complaint stands against the RBI's clock, and whom the customer may turn to next. */
export function escalationOf(complaint: Pick<Complaint, 'createdAt' | 'status'>, now: Date) {
  const opened = indiaDate(complaint.createdAt);
  const dueOn = addDays(opened, RESPONSE_DAYS);
  const daysOpen = Math.floor((now.getTime() - complaint.createdAt.getTime()) / 86_400_000);
  return {
    days_open: daysOpen,
    answer_due_on: dueOn,
    /** Past the 30 days and not resolved: the RBI's portal is open to the customer. */
    rbi_portal_open: complaint.status !== 'resolved' && daysOpen >= RESPONSE_DAYS,
    escalation: `If you are not satisfied with our answer, write to our ${site.grievanceOfficer.designation}, ${site.grievanceOfficer.name} (${site.grievanceOfficer.email}), then to our ${site.nodalOfficer.designation}, ${site.nodalOfficer.name} (${site.nodalOfficer.email}). If your complaint is not resolved within ${RESPONSE_DAYS} days (by ${formatDate(dueOn)}), or you are not satisfied with our reply, you may lodge it with the Reserve Bank of India at ${site.regulatorLinks.complaints}.`,
  };
}

/** Opens a complaint and acknowledges it; answers the stored complaint. */
export async function raiseComplaint(deps: Pick<Deps, 'config' | 'db' | 'sms' | 'mail' | 'now'>, values: NewComplaint) {
  const { config, db, sms, mail } = deps;
  const complaint = await db.transaction(async (tx) => {
    const row = await openComplaint(tx, { ...values, createdAt: deps.now() });
    await sms.enqueue(
      tx,
      {
        to: row.phone,
        body: complaintMessage(row.complaintNo, RESPONSE_DAYS, config.sms.senderId),
        senderId: config.sms.senderId,
        templateId: config.sms.templates.complaint,
      },
      'complaint',
    );
    await mail.enqueue(
      tx,
      {
        to: row.email,
        subject: `We have received your complaint ${row.complaintNo}`,
        body: [
          `Dear ${row.name},`,
          '',
          `Thank you for writing to ${site.brand}. Your complaint number is ${row.complaintNo}. We will answer within ${RESPONSE_DAYS} days.`,
          '',
          escalationOf(row, row.createdAt).escalation,
        ].join('\n'),
      },
      'complaint',
    );
    return row;
  });
  await Promise.all([sms.wake(), mail.wake()]);
  return complaint;
}
