/**
 * The signed-in session as a store (nanostores), backed by the session-storage keys of
 * product.md §3. The island is client-only, so the store is read from storage once in the
 * browser and never rendered on the server: no hydration mismatch is possible.
 */
import { map } from 'nanostores';
import {
  clearSession,
  noteSignedOut,
  readSession,
  SESSION_KEYS,
  type SessionKey,
  signInReturningTo,
  writeSession,
} from '../../../lib/session.ts';

export type SessionValues = Partial<Record<SessionKey, string>>;

function readStored(): SessionValues {
  const values: SessionValues = {};
  for (const key of Object.keys(SESSION_KEYS) as SessionKey[]) {
    const value = readSession(key);
    if (value !== null) values[key] = value;
  }
  return values;
}

export const $session = map<SessionValues>(readStored());

let ending = false;

/**
 * Stores values in session storage and in the store together. Once the session has ended, an answer
 * to a call made before (it arrives while the page goes to sign-in) stores nothing.
 */
export function updateSession(values: SessionValues): void {
  if (ending) return;
  writeSession(values);
  const next = { ...$session.get() };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) next[key as SessionKey] = value;
  $session.set(next);
}

export const SIGN_IN_PATH = '/apply-now';

/**
 * Ends the session in this browser (logout, or a dead session answered Status 4 or 5): every
 * session-storage key goes and the customer goes to sign-in (product.md §4). `returnTo`: a dashboard
 * address sign-in comes back to (a visitor who followed a link; docs/decisions.md, "Links that land").
 */
export function endSession({ returnTo }: { returnTo?: string } = {}): void {
  // Only a customer who was signed in is told so on /apply-now (not a visitor who never was).
  const signedIn = readSession('token') !== null;
  clearSession();
  $session.set({});
  // After the store's listeners, which may end the session again and clear the storage once more.
  if (signedIn) noteSignedOut();
  if (ending) return;
  ending = true;
  window.location.replace(returnTo ? signInReturningTo(SIGN_IN_PATH, returnTo) : SIGN_IN_PATH);
}
