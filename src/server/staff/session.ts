/** The staff member of a request, as the gate admitted them (http/gate.ts), for the staff routes. */
import type { Context } from 'hono';
import type { AppEnv } from '../app/context.ts';
import { ApiError } from '../http/respond.ts';
import type { ActiveStaff } from './roles.ts';

export const staffOf = (c: Context<AppEnv>): ActiveStaff => {
  const staff = c.get('staff');
  if (!staff) throw new ApiError(401, 'Your staff session has ended. Please sign in again.', 'staff_session_expired');
  return staff;
};
