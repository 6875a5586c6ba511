/** The back office's sign-in and staff administration answers (src/server/staff/routes.ts). */
import * as v from 'valibot';

/** staffLogin: the challenge the e-mailed code answers. */
export const StaffLoginAnswer = v.strictObject({ challenge_id: v.string() });

/** staffVerify: the staff token (sent as Stafftoken), the member's roles and name. */
export const StaffVerifyAnswer = v.strictObject({
  staff_token: v.string(),
  roles: v.array(v.string()),
  name: v.string(),
});

export const StaffMeAnswer = v.strictObject({
  staff_id: v.string(),
  name: v.string(),
  email: v.string(),
  roles: v.array(v.string()),
});

/** A staff member as the admin screen shows them; added and updated members are answered the same way. */
export const StaffMemberAnswer = v.strictObject({
  staff_id: v.string(),
  email: v.string(),
  name: v.string(),
  mobile: v.string(),
  roles: v.array(v.string()),
  disabled: v.boolean(),
});

export const StaffListAnswer = v.strictObject({ staff: v.array(StaffMemberAnswer), count: v.number() });
