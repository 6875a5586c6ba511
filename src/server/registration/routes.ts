/** The shared registration endpoint: one path, the call chosen by `event_name` (./events.ts dispatches). */
import { API } from '../../lib/api/paths.ts';
import { applicationEvents } from '../application/events.ts';
import { kfsEvents } from '../kfs/events.ts';
import { profileEvents } from '../profile/events.ts';
import { signInEvents } from '../signIn/events.ts';
import { type EventTable, eventRoute } from './events.ts';

export const registrationEvents: EventTable = {
  ...signInEvents,
  ...profileEvents,
  ...applicationEvents,
  ...kfsEvents,
};

export const registrationRoutes = [
  eventRoute({
    path: API.registration,
    operationId: 'appCustomerRegisteration',
    summary: 'Sign-in and profile registration; the call is chosen by event_name',
    tag: 'Registration',
    // Each event checks its own credential: the client key for sign-in, a session afterwards.
    auth: 'none',
    events: registrationEvents,
    unknown: (name) => `Unknown event_name "${name}".`,
    failures: { 503: 'The SMS could not be sent; try again.' },
  }),
];
