/**
 * Nothing heavy before the credential (issue 20; docs/decisions.md): a route's credential and its
 * body limit are checked from the headers before a byte of its body is read. A request without the
 * credential is answered 401 with its body unread (the server discards what is still coming and
 * drops the connection shortly after), a declared Content-Length over the limit 413 at once, and a
 * body is then read against the limit and a deadline, so a slow sender is dropped, not waited on.
 */
import type { Context } from 'hono';
import { STATUS } from '../../lib/api/envelope.ts';
import { HEADERS } from '../../lib/api/paths.ts';
import type { AppEnv } from '../app/context.ts';
import { isSessionToken, repaySessionLoan } from '../repay/store.ts';
import { findStaffSession, STAFF_MESSAGES, staffSessionExpired } from '../staff/auth.ts';
import type { StaffRole } from '../staff/roles.ts';
import { loadSession, requireAuth } from './middleware.ts';
import { ApiError } from './respond.ts';

/**
 * What a caller shows before the body is read. 'client': the public client key or a live session;
 * 'session': a live session; 'payer': a live sign-in or repay session (the payment calls); 'none':
 * nothing (webhooks and PayU's returns carry a signature inside the body instead).
 */
export type Credential = 'none' | 'client' | 'session' | 'payer' | 'staff';

export interface BodyRule {
  bytes: number;
  /** The whole body must have arrived within this many milliseconds of the start of reading it. */
  deadlineMs: number;
  /** Message of the 413. */
  tooLarge: string;
}

export interface BodyRules {
  /** Every route with a credential. */
  ordinary: BodyRule;
  /** Routes declared `bodyLimit: 'upload'` (files as base64 in JSON), for a caller with a live session. */
  upload: BodyRule;
  /** Routes with no credential: small, as nothing vouches for the sender before the body is read. */
  noCredential: BodyRule;
}

export interface Gated {
  auth: Credential;
  credential?: Credential;
  bodyLimit?: 'upload';
  /** Staff routes: the roles that may call it (any one of them). */
  roles?: readonly StaffRole[];
}

const PAYER_EXPIRED = 'This payment session has expired. Please enter your PAN again.';

/**
 * A staff route takes only a live staff session (the Stafftoken header), never a customer's token or
 * the public credential, and only for a role the route names (403 otherwise).
 */
async function showStaff(c: Context<AppEnv>, roles: readonly StaffRole[] | undefined): Promise<void> {
  const token = c.req.header(HEADERS.staffToken) ?? '';
  const staff = token ? await findStaffSession(c.get('deps'), token) : undefined;
  if (!staff) throw staffSessionExpired();
  c.set('staff', staff);
  if (roles && !roles.some((role) => staff.roles.includes(role))) {
    throw new ApiError(403, STAFF_MESSAGES.role, 'staff_role_refused');
  }
}

async function showCredential(c: Context<AppEnv>, credential: Credential, roles?: readonly StaffRole[]): Promise<void> {
  if (credential === 'staff') return showStaff(c, roles);
  if (credential !== 'payer') return requireAuth(c, credential);
  const token = c.req.header(HEADERS.token) ?? '';
  if (isSessionToken(token) && (await repaySessionLoan(c.get('deps'), token))) return;
  await loadSession(c);
  if (c.get('session')) return;
  // The answer the payment calls give themselves (payments/payer.ts).
  throw new ApiError(401, PAYER_EXPIRED, 'session_expired', STATUS.invalidSession);
}

const tooLarge = (rule: BodyRule) => new ApiError(413, rule.tooLarge, 'body_too_large');

/** Checks the route's credential and body limit, then reads its body (if any) within both. */
export async function admit(c: Context<AppEnv>, route: Gated, rules: BodyRules): Promise<void> {
  const credential = route.credential ?? route.auth;
  const hasBody = c.req.raw.body !== null;
  const declared = Number(c.req.header('content-length') ?? 0);
  const ruleFor = (session: boolean) =>
    credential === 'none'
      ? rules.noCredential
      : route.bodyLimit === 'upload' && session
        ? rules.upload
        : rules.ordinary;
  // A body refused while still arriving is not read afterwards either: the connection closes once
  // the answer is sent, rather than taking in (and throwing away) megabytes on the request thread.
  // One already all here (a small JSON body) keeps its connection.
  const incoming = (c.env as { incoming?: { complete: boolean } } | undefined)?.incoming;
  const unread = hasBody && incoming !== undefined && !incoming.complete;
  const refuse = (error: ApiError) => {
    if (unread) c.header('Connection', 'close');
    return error;
  };
  // Over even the largest this route ever takes: refused before anything else, the database included.
  if (hasBody && declared > ruleFor(true).bytes) throw refuse(tooLarge(ruleFor(true)));
  try {
    await showCredential(c, credential, route.roles);
  } catch (error) {
    throw error instanceof ApiError ? refuse(error) : error;
  }
  const rule = ruleFor(c.get('session') !== undefined);
  if (!hasBody) return;
  if (declared > rule.bytes) throw refuse(tooLarge(rule));
  c.req.raw = new Request(c.req.raw, { body: await readWithin(c, rule, refuse) });
}

/** The body, refused once it passes the limit or its deadline (then the connection is closed). */
async function readWithin(
  c: Context<AppEnv>,
  rule: BodyRule,
  refuse: (error: ApiError) => ApiError,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = (c.req.raw.body as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), rule.deadlineMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        throw refuse(new ApiError(408, 'The request took too long to arrive. Please try again.', 'request_timeout'));
      }
      if (next.done) break;
      size += next.value.byteLength;
      if (size > rule.bytes) throw refuse(tooLarge(rule));
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
