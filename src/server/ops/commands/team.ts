/**
 * The admin's and support's commands on the server (issue 22): the staff list, adding a member,
 * changing their roles or disabling them (their sessions end), and the open complaints with an answer.
 */
import { STAFF_API } from '../../../lib/api/staffPaths.ts';
import { formatDate } from '../../../lib/format.ts';
import { terminalSafe } from '../../../lib/terminalText.ts';
import { STAFF_ROLES } from '../../staff/roles.ts';
import { option, UsageError, wholeNumber } from '../arguments.ts';
import type { OpsServerContext } from '../context.ts';
import { printAnswer, table } from '../table.ts';
import { staffArguments } from './staff.ts';

interface Member {
  staff_id: string;
  email: string;
  name: string;
  mobile: string;
  roles: string[];
  disabled: boolean;
}

const staffList = (ops: OpsServerContext) => ops.server.call<{ staff: Member[]; count: number }>(STAFF_API.staffList);

export async function listStaff(ops: OpsServerContext) {
  const answer = await staffList(ops);
  printAnswer(ops, answer, () =>
    ops.write.out(
      table(
        answer.data.staff.map((member) => ({
          name: member.name,
          email: member.email,
          roles: member.roles.join(', '),
          standing: member.disabled ? 'disabled' : 'active',
        })),
      ),
    ),
  );
}

export async function addStaffOnServer(ops: OpsServerContext, args: string[]) {
  const { email, name, roles, password, mobile } = staffArguments(args);
  const answer = await ops.server.call<Member>(STAFF_API.addStaff, { email, name, roles, password, mobile });
  printAnswer(ops, answer, () =>
    ops.write.out(terminalSafe`${name} (${roles.join(', ')}) can now sign in at /staff/ with ${email}.`),
  );
}

/** staff-update's arguments: the member's e-mail, then new roles, --disable or --enable. */
function updateArguments(args: string[]) {
  const email = args[0]?.trim().toLowerCase();
  const rolesText = option(args, 'roles');
  const roles = rolesText?.split(',').filter(Boolean);
  const disable = args.includes('--disable');
  const enable = args.includes('--enable');
  if (!email || (roles === undefined && !disable && !enable) || (disable && enable))
    throw new UsageError(
      'Usage: npm run ops -- staff-update <email> [--roles credit,finance,…] [--disable | --enable]',
    );
  if (roles && (roles.length === 0 || !roles.every((role) => (STAFF_ROLES as readonly string[]).includes(role))))
    throw new UsageError(`--roles is a comma-separated list of ${STAFF_ROLES.join(', ')}`);
  return { email, roles, disabled: disable ? true : enable ? false : undefined };
}

export async function updateStaffOnServer(ops: OpsServerContext, args: string[]) {
  const { email, roles, disabled } = updateArguments(args);
  const member = (await staffList(ops)).data.staff.find((row) => row.email === email);
  if (!member)
    throw new UsageError(terminalSafe`There is no staff member with e-mail ${email}: see npm run ops -- staff`);
  const answer = await ops.server.call<Member>(STAFF_API.updateStaff, {
    staff_id: member.staff_id,
    ...(roles && { roles }),
    ...(disabled !== undefined && { disabled }),
  });
  printAnswer(ops, answer, () => ops.write.out(terminalSafe`${answer.message}`));
}

interface Complaint {
  complaint_id: number;
  complaint_no: string;
  subject: string;
  status: string;
  raised_at: string;
  days_open: number;
  answer_due_on: string;
  rbi_portal_open: boolean;
  channel: string;
  name: string;
}

export async function listComplaints(ops: OpsServerContext) {
  const answer = await ops.server.call<{ count: number; items: Complaint[] }>(STAFF_API.complaints);
  printAnswer(ops, answer, () => {
    ops.write.out(
      table(
        answer.data.items.map((row) => ({
          complaint_id: String(row.complaint_id),
          complaint_no: row.complaint_no,
          from: row.name,
          channel: row.channel,
          subject: row.subject,
          status: row.status,
          raised: formatDate(row.raised_at),
          answer_due: formatDate(row.answer_due_on),
          days_open: `${row.days_open}${row.rbi_portal_open ? ' (RBI portal open)' : ''}`,
        })),
      ),
    );
    ops.write.out(`\n${answer.data.count} not yet resolved.`);
  });
}

export async function answerComplaintOnServer(ops: OpsServerContext, args: string[]) {
  const complaintId = wholeNumber(args[0]);
  const text = option(args, 'answer')?.trim();
  if (complaintId === null || complaintId < 1 || !text)
    throw new UsageError('Usage: npm run ops -- answer-complaint <complaint_id> --answer <text> [--resolved]');
  const answer = await ops.server.call(STAFF_API.answerComplaint, {
    complaint_id: complaintId,
    answer: text,
    resolved: args.includes('--resolved'),
  });
  printAnswer(ops, answer, () => ops.write.out(terminalSafe`Complaint ${complaintId}: ${answer.message}`));
}
