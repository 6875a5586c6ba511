/**
 * The shared endpoints that serve many calls told apart by `event_name` (product.md §7): each feature
 * lists its events in a table (name → EventSpec), and one dispatcher (`eventRoute`) serves a table:
 * it reads `event_name` (a clear message for an unknown one), checks that event's credential, validates
 * its payload and hands the handler an `EventCall`, never the request itself (docs/decisions.md, "One
 * calling convention").
 */
import * as v from 'valibot';
import { validate } from '../http/body.ts';
import { requireAuth } from '../http/middleware.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute, type RouteSpec } from '../http/routes.ts';
import { type RequestScope, scopeOf } from '../http/scope.ts';
import type { ActiveSession } from '../signIn/sessions.ts';

/** What an event's handler is given: the app's dependencies and what the dispatcher read of the request. */
export interface EventCall extends RequestScope {
  /** The caller's address, for the per-address caps. */
  address: string;
  /** The live session of the Authtoken header: always set for a 'session' event. */
  session: ActiveSession | undefined;
}

/** An event's success: its `Data` (typed by the event's answer schema) and the envelope's Message. */
export interface EventAnswer<T> {
  data: T;
  message: string;
}

/** A success of an event. `T` comes from the event's answer schema, never from `data` (as ok() does). */
export const answer = <T extends object>(data: NoInfer<T>, message = 'Success'): EventAnswer<T> => ({ data, message });

/** One event of a shared endpoint, and its row in the feature's table. */
export interface EventSpec<S extends v.GenericSchema = v.GenericSchema, A extends v.GenericSchema = v.GenericSchema> {
  /** 'client' for the sign-in events, 'session' for everything after sign-in. */
  auth: 'client' | 'session';
  /** The payload, `event_name` included (a literal), validated whole before the handler runs. */
  schema: S;
  /** The shape of `Data` on success (src/lib/schemas/answers), typing the handler as a route's `answer` does. */
  answer: A;
  handle(call: EventCall, input: v.InferOutput<S>): Promise<EventAnswer<v.InferOutput<A>>>;
}

/** A table of events: its handlers were checked against their own answers where they were defined. */
export type EventTable = Record<string, EventSpec>;

export const defineEvent = <S extends v.GenericSchema, A extends v.GenericSchema>(event: EventSpec<S, A>): EventSpec =>
  event as unknown as EventSpec;

const EventName = v.object({ event_name: v.string('event_name is required') });

/**
 * The route of a shared endpoint serving `events`: its body is the union of their payloads and its
 * answer the union of their answers (for the document and the API tests).
 */
export function eventRoute(
  route: Pick<RouteSpec, 'path' | 'operationId' | 'summary' | 'tag' | 'failures'> & {
    /** The endpoint's own credential, checked before the body is read; each event then checks its own. */
    auth: 'none' | 'session';
    events: EventTable;
    /** The message for an event_name the endpoint does not serve (the name, cut to 40 characters, given). */
    unknown: (name: string) => string;
  },
): RouteSpec {
  const { events, unknown, ...spec } = route;
  // A table's key is the event_name its schema takes: a row under another name could never be reached.
  for (const [name, event] of Object.entries(events)) {
    const named = 'entries' in event.schema ? (event.schema.entries as { event_name?: { literal?: unknown } }) : {};
    if (named.event_name?.literal !== name) throw new Error(`the event ${name} takes another event_name`);
  }
  return defineRoute({
    ...spec,
    method: 'post',
    body: v.variant(
      'event_name',
      Object.values(events).map((event) => event.schema) as unknown as v.VariantOptions<'event_name'>,
    ),
    ownValidation: true,
    answer: v.union(Object.values(events).map((event) => event.answer)),
    // event_name first (a clear message for an unknown one), then that event's credential and payload.
    async handle(c, body: unknown) {
      const { event_name: name } = validate(EventName, body);
      const event = Object.hasOwn(events, name) ? events[name] : undefined;
      if (!event) throw new ApiError(400, unknown(name.slice(0, 40)), 'unknown_event');
      await requireAuth(c, event.auth);
      const input = validate(event.schema, body);
      const call: EventCall = { ...scopeOf(c), address: c.get('address'), session: c.get('session') };
      const done = await event.handle(call, input);
      return ok(c, done.data as never, done.message);
    },
  });
}
