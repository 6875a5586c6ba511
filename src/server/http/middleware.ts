/** Request-wide middleware: request id and access log, caller address, credentials. */
import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { HEADERS } from '../../lib/api/paths.ts';
import type { AppEnv, Deps } from '../app/context.ts';
import { ApiError, sessionExpired } from './respond.ts';

export function requestContext(deps: Deps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const log = deps.log.child({ request_id: requestId });
    c.set('deps', deps);
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('address', callerAddress(c, deps.config.trustProxy));
    c.set('session', undefined);
    c.set('staff', undefined);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    // Only the method, the path and the outcome: never a body, a query string or a header value.
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

function callerAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Requests whose session is already looked up: the credential is checked before the body and again by an event. */
const looked = new WeakSet<Context>();

/** Loads the session of the Authtoken header, if any and alive. */
export async function loadSession(c: Context<AppEnv>): Promise<void> {
  if (looked.has(c)) return;
  looked.add(c);
  const token = c.req.header(HEADERS.token);
  if (token) c.set('session', await c.get('deps').sessions.find(token));
}

/**
 * 'client': the public client credential (a public identifier that grants nothing alone) or a
 * live session. 'session': a live session; a missing or dead one gets Status 4.
 */
export async function requireAuth(c: Context<AppEnv>, level: 'none' | 'client' | 'session' | 'staff'): Promise<void> {
  if (level === 'none') return;
  // Staff routes are admitted by their Stafftoken before the body is read (./gate.ts).
  if (level === 'staff') {
    if (!c.get('staff'))
      throw new ApiError(401, 'Your staff session has ended. Please sign in again.', 'staff_session_expired');
    return;
  }
  await loadSession(c);
  if (level === 'session') {
    if (!c.get('session')) throw sessionExpired();
    return;
  }
  if (c.get('session')) return;
  if (c.req.header(HEADERS.token)) throw sessionExpired();
  if (c.req.header(HEADERS.clientKey) !== c.get('deps').config.publicClientKey) {
    throw new ApiError(401, 'This client is not recognised.', 'unknown_client');
  }
}
