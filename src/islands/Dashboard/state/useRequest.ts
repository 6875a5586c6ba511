/**
 * One request at a time per screen: while it runs the screen knows which button started it (that
 * button is disabled and shows progress, product.md §4), and the failures every call can have
 * are handled here once: a network failure becomes an error alert, a dead session is already on
 * its way to sign-in.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { NetworkError, thrownMessage } from '../../../lib/api/client.ts';
import { showAlert } from './alerts.ts';
import { SessionEnded } from './api.ts';

export function useRequest<Name extends string = string>() {
  const [busy, setBusy] = useState<Name | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Runs `job` unless a request is already running; `networkMessage` replaces the plain network message. */
  const run = useCallback(async (name: Name, job: () => Promise<void>, networkMessage?: string) => {
    if (running.current) return;
    running.current = true;
    setBusy(name);
    try {
      await job();
    } catch (error) {
      if (error instanceof SessionEnded || (error as Error).name === 'AbortError') return;
      const message = networkMessage && error instanceof NetworkError ? networkMessage : thrownMessage(error);
      if (!(error instanceof NetworkError)) console.error(error);
      showAlert({ type: 'error', msg: message });
    } finally {
      running.current = false;
      if (mounted.current) setBusy(null);
    }
  }, []);

  return { busy, run };
}
