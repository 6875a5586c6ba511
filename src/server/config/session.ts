/** How long a signed-in session lasts, in all and without a request. */
import * as v from 'valibot';
import { int } from './values.ts';

export const SessionSchema = v.pipe(
  v.object({
    SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 30),
    SESSION_IDLE_MINUTES: int(30, 1, 24 * 60),
  }),
  v.transform((e) => ({ session: { absoluteHours: e.SESSION_ABSOLUTE_HOURS, idleMinutes: e.SESSION_IDLE_MINUTES } })),
);
