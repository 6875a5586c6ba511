/** The shared registration endpoint: one path, the call chosen by `event_name`. */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { applicationEvents } from '../application/events.ts';
import { validate } from '../http/body.ts';
import { requireAuth } from '../http/middleware.ts';
import { ApiError } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { kfsEvents } from '../kfs/events.ts';
import { profileEvents } from '../profile/events.ts';
import { signInEvents } from '../signIn/events.ts';
import { answerOfEvents, type DefinedEvent } from './events.ts';

export const registrationEvents: Record<string, DefinedEvent> = {
  ...signInEvents,
  ...profileEvents,
  ...applicationEvents,
  ...kfsEvents,
};

const EventName = v.object({ event_name: v.string('event_name is required') });

export const registrationRoutes = [
  defineRoute({
    method: 'post',
    path: API.registration,
    operationId: 'appCustomerRegisteration',
    summary: 'Sign-in and profile registration; the call is chosen by event_name',
    tag: 'Registration',
    // Each event checks its own credential: the client key for sign-in, a session afterwards.
    auth: 'none',
    body: v.variant(
      'event_name',
      Object.values(registrationEvents).map((event) => event.schema) as unknown as v.VariantOptions<'event_name'>,
    ),
    ownValidation: true,
    answer: answerOfEvents(registrationEvents),
    failures: { 503: 'The SMS could not be sent; try again.' },
    // event_name first (a clear message for an unknown one), then that event's credential and payload.
    async handle(c, body: unknown) {
      const { event_name: name } = validate(EventName, body);
      const event = Object.hasOwn(registrationEvents, name) ? registrationEvents[name] : undefined;
      if (!event) throw new ApiError(400, `Unknown event_name "${name.slice(0, 40)}".`, 'unknown_event');
      await requireAuth(c, event.auth);
      return event.handle(c, validate(event.schema, body));
    },
  }),
];
