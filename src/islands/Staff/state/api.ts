/**
 * The console's calls to /Api/Staff/: POST with JSON and the staff token in the Stafftoken header
 * (never the customer's Authtoken nor the public credential), the envelope read whatever the status.
 * A 401 `staff_session_expired` from any call ends the session in this tab and returns to sign-in.
 */
import type { Envelope } from '../../../lib/api/envelope.ts';
import { HEADERS } from '../../../lib/api/paths.ts';
import { clearStaffSession, readStaffSession } from './session.ts';

export const SESSION_EXPIRED = 'staff_session_expired';

/**
 * Where the API is (as src/lib/api/client.ts says it), read here rather than imported: that module's
 * chunk carries ofetch, about 5 KB gzip the console's plain fetch does not need.
 */
const API_BASE: string = import.meta.env.PUBLIC_API_BASE ?? '';
const NETWORK_ERROR = 'We could not reach our servers. Please check your internet connection and try again.';

/** What the shell does when the server has ended the session (back to sign-in). */
let onSessionEnded: () => void = () => {};
export function whenSessionEnds(handler: () => void): void {
  onSessionEnded = handler;
}

/** The answer of a call; `ended` when the session ended (the shell is already on its way to sign-in). */
export type Answer<T> = (Envelope<T> & { ok: boolean; ended: boolean; status: number }) | NetworkFailure;
interface NetworkFailure {
  ok: false;
  ended: false;
  status: 0;
  Status: 0;
  Message: string;
  Data: undefined;
  error: 'network';
}

export async function staffCall<T = Record<string, unknown>>(path: string, body: object = {}): Promise<Answer<T>> {
  const token = readStaffSession()?.token;
  let response: Response;
  let envelope: Envelope<T>;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { [HEADERS.staffToken]: token }) },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    return { ok: false, ended: false, status: 0, Status: 0, Message: NETWORK_ERROR, Data: undefined, error: 'network' };
  }
  const ended = response.status === 401 && envelope.error === SESSION_EXPIRED;
  if (ended) {
    clearStaffSession(true);
    onSessionEnded();
  }
  return { ...envelope, ok: response.ok && envelope.Status === 1, ended, status: response.status };
}

/** A file a staff route answers (a PDF), or the envelope's message when it is refused. */
export type FileAnswer = { ok: true; blob: Blob } | { ok: false; Message: string };

/** A staff route that answers a file: its bytes as a Blob; a 401 ends the session as staffCall does. */
export async function staffFile(path: string, body: object = {}): Promise<FileAnswer> {
  const token = readStaffSession()?.token;
  try {
    const response = await fetch(`${API_BASE}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { [HEADERS.staffToken]: token }) },
      body: JSON.stringify(body),
      credentials: 'omit',
    });
    if (response.ok) return { ok: true, blob: await response.blob() };
    const envelope = (await response.json()) as Envelope<unknown>;
    if (response.status === 401 && envelope.error === SESSION_EXPIRED) {
      clearStaffSession(true);
      onSessionEnded();
    }
    return { ok: false, Message: envelope.Message || 'Something went wrong.' };
  } catch {
    return { ok: false, Message: NETWORK_ERROR };
  }
}
