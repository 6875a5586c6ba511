/**
 * The staff session in this tab's sessionStorage, under its own key: never the customer's `token`
 * (a staff token is no customer's, and a customer signed in on the same browser keeps theirs).
 */
export interface StaffSession {
  token: string;
  name: string;
  roles: string[];
}

export const STAFF_SESSION_KEY = 'kosh_staff_session';
/** Set when the server ended the session, so sign-in says so once. */
const ENDED_KEY = 'kosh_staff_session_ended';

export const SESSION_ENDED_MESSAGE = 'Your staff session has ended. Please sign in again.';

export function readStaffSession(): StaffSession | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STAFF_SESSION_KEY) ?? 'null') as StaffSession | null;
    return stored && typeof stored.token === 'string' && Array.isArray(stored.roles) ? stored : null;
  } catch {
    return null;
  }
}

export function writeStaffSession(session: StaffSession): void {
  sessionStorage.setItem(STAFF_SESSION_KEY, JSON.stringify(session));
  sessionStorage.removeItem(ENDED_KEY);
}

/** Forgets the session; `ended` when the server ended it (sign-in then says so). */
export function clearStaffSession(ended = false): void {
  sessionStorage.removeItem(STAFF_SESSION_KEY);
  if (ended) sessionStorage.setItem(ENDED_KEY, '1');
}

/** Whether the last session was ended by the server; asked once. */
export function takeSessionEnded(): boolean {
  const ended = sessionStorage.getItem(ENDED_KEY) === '1';
  sessionStorage.removeItem(ENDED_KEY);
  return ended;
}
