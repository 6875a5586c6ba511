/**
 * The back office's sign-in and staff administration (issue 22): POST /Api/Staff/login (e-mail and
 * password) answers a challenge whose code is e-mailed; /verify answers the staff token and roles;
 * admins add staff, change their roles and disable them (which ends their sessions at once).
 */
import * as v from 'valibot';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import { MessageOnlyAnswer } from '../../lib/schemas/answers/message.ts';
import {
  StaffListAnswer,
  StaffLoginAnswer,
  StaffMeAnswer,
  StaffMemberAnswer,
  StaffVerifyAnswer,
} from '../../lib/schemas/answers/staff.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { auditLog, staffMembers } from '../db/schema.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { endStaffSession, finishStaffSignIn, startStaffSignIn } from './auth.ts';
import { hashPassword } from './passwords.ts';
import { type ActiveStaff, STAFF_ROLES, staffActor } from './roles.ts';
import { staffOf } from './session.ts';
import { allStaff, revokeSessionsOf, type StaffMember, staffById, updateStaff } from './store.ts';

const TAG = 'staff';
const Email = v.pipe(
  v.string('email is required'),
  v.trim(),
  v.toLowerCase(),
  v.email('Enter a valid e-mail address.'),
);
const Roles = v.pipe(
  v.array(v.picklist(STAFF_ROLES, `Roles are ${STAFF_ROLES.join(', ')}.`)),
  v.minLength(1, 'Give at least one role.'),
);
/** At least 12 characters: staff move money. */
const Password = v.pipe(
  v.string('password is required'),
  v.minLength(12, 'The password must be at least 12 characters.'),
);

const shown = (member: StaffMember) => ({
  staff_id: member.id,
  email: member.email,
  name: member.name,
  mobile: member.mobile,
  roles: member.roles,
  disabled: member.disabledAt !== null,
});

async function audit(db: Database, actor: ActiveStaff, action: string, subject: string, detail: object, now: Date) {
  await db.insert(auditLog).values({ actor: staffActor(actor), action, subject, detail, createdAt: now });
}

export const staffRoutes = [
  defineRoute({
    method: 'post',
    path: STAFF_API.login,
    operationId: 'staffLogin',
    summary: 'Staff sign-in, step one: e-mail and password; a code is e-mailed to the staff member',
    tag: TAG,
    auth: 'none',
    body: v.object({ email: Email, password: v.string('password is required') }),
    answer: StaffLoginAnswer,
    failures: { 401: 'The e-mail or the password is not correct.', 429: 'Too many failed sign-ins.' },
    async handle(c, input) {
      const challengeId = await startStaffSignIn(c.get('deps'), input.email, input.password);
      return ok(c, { challenge_id: challengeId }, 'We have e-mailed you a sign-in code.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.verify,
    operationId: 'staffVerify',
    summary: 'Staff sign-in, step two: the e-mailed code; answers the staff token (Stafftoken) and roles',
    tag: TAG,
    auth: 'none',
    body: v.object({
      challenge_id: v.pipe(v.string('challenge_id is required'), v.uuid('challenge_id is not valid')),
      code: v.pipe(v.string('code is required'), v.regex(/^\d{6}$/, 'Enter the 6-digit code.')),
    }),
    answer: StaffVerifyAnswer,
    async handle(c, input) {
      const { token, staff } = await finishStaffSignIn(c.get('deps'), input.challenge_id, input.code);
      return ok(c, { staff_token: token, roles: staff.roles, name: staff.name }, `Welcome, ${staff.name}.`);
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.logout,
    operationId: 'staffLogout',
    summary: 'Ends the staff session',
    tag: TAG,
    auth: 'staff',
    answer: MessageOnlyAnswer,
    async handle(c) {
      await endStaffSession(c.get('deps'), staffOf(c).sessionId);
      return ok(c, {}, 'You have been signed out.');
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.me,
    operationId: 'staffMe',
    summary: 'The signed-in staff member: name, e-mail and roles',
    tag: TAG,
    auth: 'staff',
    answer: StaffMeAnswer,
    async handle(c) {
      const staff = staffOf(c);
      return ok(c, { staff_id: staff.staffId, name: staff.name, email: staff.email, roles: staff.roles });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.staffList,
    operationId: 'staffList',
    summary: 'Every staff member with their roles (admin)',
    tag: TAG,
    auth: 'staff',
    roles: ['admin'],
    answer: StaffListAnswer,
    async handle(c) {
      const rows = await allStaff(c.get('deps').db);
      return ok(c, { staff: rows.map(shown), count: rows.length });
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.addStaff,
    operationId: 'staffAdd',
    summary: 'Adds a staff member with their roles and a first password (admin)',
    tag: TAG,
    auth: 'staff',
    roles: ['admin'],
    body: v.object({
      email: Email,
      name: v.pipe(v.string('name is required'), v.trim(), v.minLength(1, 'name is required!'), v.maxLength(80)),
      // Optional: empty or a valid mobile (the customer sees it when this member is their credit manager).
      mobile: v.optional(
        v.union(
          [v.literal(''), v.pipe(v.string(), v.regex(/^[6-9]\d{9}$/, 'Mobile number invalid!'))],
          'Mobile number invalid!',
        ),
        '',
      ),
      roles: Roles,
      password: Password,
    }),
    answer: StaffMemberAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const passwordHash = await hashPassword(input.password);
      let member: StaffMember | undefined;
      try {
        [member] = await db
          .insert(staffMembers)
          .values({ email: input.email, name: input.name, mobile: input.mobile, roles: input.roles, passwordHash })
          .returning();
      } catch (error) {
        if (isUniqueViolation(error)) throw new ApiError(409, 'A staff member with this e-mail exists.', 'conflict');
        throw error;
      }
      if (!member) throw new Error('staff member not stored');
      await audit(db, staffOf(c), 'staff.added', member.id, { roles: input.roles }, now());
      return ok(c, shown(member), `${member.name} can now sign in.`);
    },
  }),
  defineRoute({
    method: 'post',
    path: STAFF_API.updateStaff,
    operationId: 'staffUpdate',
    summary: "Changes a staff member's roles, or disables or enables them; their sessions end (admin)",
    tag: TAG,
    auth: 'staff',
    roles: ['admin'],
    body: v.object({
      staff_id: v.pipe(v.string('staff_id is required'), v.uuid('staff_id is not valid')),
      roles: v.optional(Roles),
      disabled: v.optional(v.boolean()),
    }),
    answer: StaffMemberAnswer,
    async handle(c, input) {
      const { db, now } = c.get('deps');
      const admin = staffOf(c);
      const member = await staffById(db, input.staff_id);
      if (!member) throw new ApiError(404, 'There is no such staff member.', 'not_found');
      if (member.id === admin.staffId && (input.disabled || (input.roles && !input.roles.includes('admin')))) {
        throw new ApiError(409, 'You cannot disable yourself or take away your own admin role.', 'conflict');
      }
      const at = now();
      await db.transaction(async (tx) => {
        await updateStaff(tx, member.id, {
          ...(input.roles && { roles: input.roles }),
          ...(input.disabled !== undefined && { disabledAt: input.disabled ? at : null }),
        });
        // What they may do changed: they sign in again (a disabled member cannot).
        await revokeSessionsOf(tx, member.id, at);
      });
      await audit(db, admin, 'staff.updated', member.id, { roles: input.roles, disabled: input.disabled }, at);
      const updated = (await staffById(db, member.id)) as StaffMember;
      return ok(c, shown(updated), `${updated.name} updated; their sessions have ended.`);
    },
  }),
];
