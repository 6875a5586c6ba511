/**
 * The back office's first admin (README "Running the back office"): production seeds no staff, so
 * the first admin is added here by whoever runs the server; every later change is made in the
 * console by an admin. The password comes from NEW_STAFF_PASSWORD, never the command line (shell
 * history, the process list).
 */
import { terminalSafe } from '../../../lib/terminalText.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { auditLog, staffMembers } from '../../db/schema.ts';
import { hashPassword } from '../../staff/passwords.ts';
import { STAFF_ROLES, type StaffRole } from '../../staff/roles.ts';
import { actor } from '../actor.ts';
import { option, UsageError } from '../arguments.ts';
import type { OpsContext } from '../context.ts';

export function staffArguments(args: string[]) {
  const email = args[0]?.trim().toLowerCase() ?? '';
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
    throw new UsageError('Give the e-mail: npm run ops -- staff-add <email> --name <name> --roles admin');
  const name = option(args, 'name')?.trim();
  if (!name) throw new UsageError('Give the name: --name "<name>"');
  const roles = (option(args, 'roles') ?? '').split(',').filter(Boolean);
  if (roles.length === 0 || !roles.every((role) => (STAFF_ROLES as readonly string[]).includes(role)))
    throw new UsageError(`--roles is a comma-separated list of ${STAFF_ROLES.join(', ')}`);
  const password = process.env.NEW_STAFF_PASSWORD ?? '';
  if (password.length < 12)
    throw new UsageError('Set NEW_STAFF_PASSWORD (at least 12 characters) for the new staff member’s first password.');
  return { email, name, roles: roles as StaffRole[], password, mobile: option(args, 'mobile') ?? '' };
}

export async function addStaff({ database, write }: OpsContext, args: string[]) {
  const input = staffArguments(args);
  const { password, ...member } = input;
  try {
    await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staffMembers)
        .values({ ...member, passwordHash: await hashPassword(password) })
        .returning({ id: staffMembers.id });
      await tx
        .insert(auditLog)
        .values({ actor: actor(), action: 'staff.added', subject: row?.id ?? '', detail: { roles: member.roles } });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new UsageError(terminalSafe`A staff member with e-mail ${member.email} exists.`);
    throw error;
  }
  write.out(terminalSafe`${member.name} (${member.roles.join(', ')}) can now sign in at /staff/ with ${member.email}.`);
}
