/**
 * The shared registration endpoint (product.md §7) serves many calls told apart by `event_name`.
 * Each feature contributes its events here; the endpoint validates the payload of the named event.
 */
import type { Context } from 'hono';
import type * as v from 'valibot';
import type { AppEnv } from '../context.ts';

export interface RegistrationEvent<S extends v.GenericSchema = v.GenericSchema> {
  /** 'client' for the sign-in events, 'session' for everything after sign-in. */
  auth: 'client' | 'session';
  schema: S;
  handle(c: Context<AppEnv>, input: v.InferOutput<S>): Promise<Response>;
}

export const defineEvent = <S extends v.GenericSchema>(event: RegistrationEvent<S>): RegistrationEvent =>
  event as unknown as RegistrationEvent;
