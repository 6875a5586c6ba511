/**
 * The shared registration endpoint (product.md §7) serves many calls told apart by `event_name`.
 * Each feature contributes its events here; the endpoint validates the payload of the named event.
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../context.ts';
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

export const defineEvent = <S extends v.GenericSchema, A extends v.GenericSchema | undefined = undefined>(
  event: RegistrationEvent<S, A>,
): RegistrationEvent => event as unknown as RegistrationEvent;
