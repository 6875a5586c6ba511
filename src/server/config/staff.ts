/** The back office's staff sign-in (issue 22): sessions, lock-out, the e-mailed code, development accounts. */
import * as v from 'valibot';
import { int, NODE_ENV, text } from './values.ts';

export const StaffSchema = v.pipe(
  v.object({
    NODE_ENV,
    STAFF_SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
    STAFF_SESSION_ABSOLUTE_HOURS: int(12, 1, 24),
    STAFF_MAX_FAILED_SIGN_INS: int(5, 1, 100),
    STAFF_LOCK_MINUTES: int(15, 1, 24 * 60),
    STAFF_CODE_TTL_SECONDS: int(300, 30, 3600),
    /** The password of the development staff accounts (README "Running the back office"); production seeds none. */
    DEV_STAFF_PASSWORD: text('kosh-staff-dev'),
  }),
  v.transform((e) => ({
    staff: {
      idleMinutes: e.STAFF_SESSION_IDLE_MINUTES,
      absoluteHours: e.STAFF_SESSION_ABSOLUTE_HOURS,
      maxFailedSignIns: e.STAFF_MAX_FAILED_SIGN_INS,
      lockMinutes: e.STAFF_LOCK_MINUTES,
      codeTtlSeconds: e.STAFF_CODE_TTL_SECONDS,
      /** Null in production: no development accounts there. */
      devPassword: e.NODE_ENV === 'production' ? null : e.DEV_STAFF_PASSWORD,
    },
  })),
);
