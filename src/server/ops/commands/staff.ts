/**
 * The back office's first admin (README "Running the back office"): production seeds no staff, so
 * the first admin is added on the database by whoever runs the server; once there is one, every
 * member is added by an admin, signed in (team.ts, or the console). The password comes from
 * NEW_STAFF_PASSWORD, never the command line (shell history, the process list).
 */
import { and, arrayContains, isNull, sql } from 'drizzle-orm';
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

/** Only while no active admin exists: the table is locked so two first admins cannot both be added. */
export async function addFirstAdmin({ database, write }: OpsContext, args: string[]) {
  const input = staffArguments(args);
  const { password, ...member } = input;
  if (!member.roles.includes('admin'))
    throw new UsageError('On the database only the first admin is added: --roles admin[,credit,…]');
  const passwordHash = await hashPassword(password);
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${staffMembers} in share row exclusive mode`);
      const [admin] = await tx
        .select({ id: staffMembers.id })
        .from(staffMembers)
        .where(and(arrayContains(staffMembers.roles, ['admin']), isNull(staffMembers.disabledAt)))
        .limit(1);
      if (admin)
        throw new UsageError(
          'An admin exists: an admin adds staff, signed in (npm run ops -- login, then staff-add) or in /staff/.',
        );
      const [row] = await tx
        .insert(staffMembers)
        .values({ ...member, passwordHash })
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
