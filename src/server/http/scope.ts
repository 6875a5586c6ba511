/**
 * What a service may know of the request it serves (docs/decisions.md, "One calling convention"): the
 * route reads it from the Hono Context and passes it on; no service takes the Context itself.
 */
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../app/context.ts';
import type { Logger } from '../app/logger.ts';

export interface RequestScope {
  deps: Deps;
  /** The request's logger: its lines carry the request id. */
  log: Logger;
  /** The request's own origin: the base of links when the public addresses are unset (outside production). */
  origin: string;
  /** The caller's User-Agent header ('' when absent): consents are recorded with it. */
  userAgent: string;
}

export const scopeOf = (c: Context<AppEnv>): RequestScope => ({
  deps: c.get('deps'),
  log: c.get('log'),
  origin: new URL(c.req.url).origin,
  userAgent: c.req.header('user-agent') ?? '',
});
