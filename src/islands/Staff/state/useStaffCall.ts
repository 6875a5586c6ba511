/**
 * One action's call: one request at a time (a second press while it runs does nothing), progress
 * while it runs, and the server's message afterwards, for the action's live region.
 */
import { useCallback, useRef, useState } from 'react';
import { type Answer, staffCall } from './api.ts';

export interface CallMessage {
  text: string;
  tone: 'ok' | 'error';
  /** The server's reason on a failure (e.g. stale_version). */
  error?: string | undefined;
}

export function useStaffCall() {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<CallMessage | null>(null);

  const run = useCallback(async <T = Record<string, unknown>>(path: string, body: object = {}) => {
    if (running.current) return null;
    running.current = true;
    setBusy(true);
    setMessage(null);
    let answer: Answer<T>;
    try {
      answer = await staffCall<T>(path, body);
    } finally {
      running.current = false;
      setBusy(false);
    }
    // The session ended: the shell is returning to sign-in, which says so.
    if (answer.ended) return null;
    setMessage(
      answer.ok
        ? { text: answer.Message, tone: 'ok' }
        : { text: answer.Message || 'Something went wrong.', tone: 'error', error: answer.error },
    );
    return answer;
  }, []);

  return { busy, message, setMessage, run };
}
