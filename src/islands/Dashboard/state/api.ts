/**
 * The dashboard's calls, through the one API client (src/lib/api/client.ts): the session token in
 * the Authtoken header, the customer's profile_id in the body, and the session rule of
 * product.md §4 in one place: Status 4 (or 5) on any answer ends the session.
 */
import { type CallOptions, callApi } from '../../../lib/api/client.ts';
import { type Envelope, isSessionDead } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import { $session, endSession } from './sessionStore.ts';

/** Thrown after the session ended: the page is already on its way to sign-in, so nothing more to do. */
export class SessionEnded extends Error {
  constructor() {
    super('The session has ended.');
  }
}

export async function dashboardCall<T = Record<string, unknown>>(
  path: string,
  body: object = {},
  options: Omit<CallOptions, 'token'> = {},
): Promise<Envelope<T>> {
  const { token, profileId } = $session.get();
  if (!token) {
    endSession();
    throw new SessionEnded();
  }
  const envelope = await callApi<T>(
    path,
    { ...(profileId && { profile_id: profileId }), ...body },
    { ...options, token },
  );
  if (isSessionDead(envelope)) {
    endSession();
    throw new SessionEnded();
  }
  return envelope;
}

/** An event of the shared registration endpoint (product.md §7). */
export function registrationEvent<T = Record<string, unknown>>(
  eventName: string,
  payload: object = {},
  options: Omit<CallOptions, 'token'> = {},
): Promise<Envelope<T>> {
  return dashboardCall<T>(API.registration, { event_name: eventName, ...payload }, options);
}

/** The loan quote and the decision on it: saveleadDetails (product.md §7), told apart by event_name. */
export function saveleadDetails<T = Record<string, unknown>>(
  eventName: 'generate_loan_quote' | 'loan_quotation_decision',
  payload: object = {},
): Promise<Envelope<T>> {
  return dashboardCall<T>(API.saveleadDetails, { event_name: eventName, ...payload });
}

/** Logout: the server ends the token, then the browser forgets everything, whatever the answer. */
export async function logout(): Promise<void> {
  const { token } = $session.get();
  try {
    if (token) await callApi(API.logout, {}, { token });
  } catch {
    // Offline or already dead: the session still ends here, and the server's token expires on its own.
  }
  endSession();
}
