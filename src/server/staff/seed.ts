/**
 * Development staff (issue 22): one member per role, all with DEV_STAFF_PASSWORD, their sign-in codes
 * readable in the development mailbox. Production seeds none (config/staff.ts: no password there);
 * the first production admin is made with `npm run ops -- staff add` (README "Running the back office").
 */
import type { Deps } from '../app/context.ts';
import { staffMembers } from '../db/schema.ts';
import { DEVELOPMENT_COST, hashPassword } from './passwords.ts';
import type { StaffRole } from './roles.ts';

export const DEV_STAFF: readonly { email: string; name: string; mobile: string; roles: StaffRole[] }[] = [
  { email: 'credit@kosh.test', name: 'Neha Rao', mobile: '9810000001', roles: ['credit'] },
  { email: 'finance@kosh.test', name: 'Arjun Mehta', mobile: '9810000002', roles: ['finance'] },
  { email: 'finance2@kosh.test', name: 'Kavya Iyer', mobile: '9810000003', roles: ['finance'] },
  { email: 'collections@kosh.test', name: 'Imran Khan', mobile: '9810000004', roles: ['collections'] },
  { email: 'support@kosh.test', name: 'Meera Pillai', mobile: '9810000005', roles: ['support'] },
  { email: 'admin@kosh.test', name: 'Rohan Das', mobile: '9810000006', roles: ['admin'] },
];

/** Adds the development staff that are missing; a start with them all in place writes nothing. */
export async function seedDevelopmentStaff(deps: Pick<Deps, 'config' | 'db'>): Promise<void> {
  const password = deps.config.staff.devPassword;
  if (password === null) return;
  // One hash for all: the same password, and these are development accounts (a public password, so
  // hashed at the development cost).
  const passwordHash = await hashPassword(password, DEVELOPMENT_COST);
  await deps.db
    .insert(staffMembers)
    .values(DEV_STAFF.map((member) => ({ ...member, passwordHash, roles: [...member.roles] })))
    .onConflictDoNothing({ target: staffMembers.email });
}
