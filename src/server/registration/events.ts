/**
 * The shared registration endpoint (product.md §7) serves many calls told apart by `event_name`.
 * Each feature contributes its events here; the endpoint validates the payload of the named event.
 */
import type { Context } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../app/context.ts';
import type { Answer } from '../http/respond.ts';
import type { HandlerAnswer } from '../http/routes.ts';

export interface RegistrationEvent<
  S extends v.GenericSchema = v.GenericSchema,
  A extends v.GenericSchema | undefined = v.GenericSchema | undefined,
> {
  /** 'client' for the sign-in events, 'session' for everything after sign-in. */
  auth: 'client' | 'session';
  schema: S;
  /** The shape of `Data` on success (src/lib/schemas/answers), typing the handler as a route's `answer` does. */
  answer?: A;
  handle(c: Context<AppEnv>, input: v.InferOutput<S>): Promise<HandlerAnswer<A>>;
}

/**
 * An event as the endpoint holds it. Its handler was checked against its own answer where it was
 * defined, so what it returns fits the endpoint's answer, the union of the events' (Answer<never>).
 */
export interface DefinedEvent extends Omit<RegistrationEvent, 'handle'> {
  handle(c: Context<AppEnv>, input: unknown): Promise<Answer<never>>;
}

export const defineEvent = <S extends v.GenericSchema, A extends v.GenericSchema | undefined = undefined>(
  event: RegistrationEvent<S, A>,
): DefinedEvent => event as unknown as DefinedEvent;

/** The answer of an endpoint that serves several events: any one of theirs. */
export const answerOfEvents = (events: Record<string, DefinedEvent>) =>
  v.union(Object.values(events).flatMap((event) => (event.answer ? [event.answer] : [])));
