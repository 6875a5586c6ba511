/**
 * A dashboard screen's requests, one at a time (useCall): while one runs the screen knows which
 * button started it (that button is disabled and shows progress, product.md §4), and the failures
 * every call can have are handled here once: a network failure becomes an error alert, a dead
 * session (Status 4 or 5, ended by dashboardCall) is already on its way to sign-in.
 */
import { useCallback } from 'react';
import { NetworkError, thrownMessage } from '../../../lib/api/client.ts';
import { useCall } from '../../shared/useCall.ts';
import { showAlert } from './alerts.ts';
import { SessionEnded } from './api.ts';

export function useRequest<Name extends string = string>() {
  const { busy, run: runOne } = useCall<Name>();

  /** Runs `job` unless a request is already running; `networkMessage` replaces the plain network message. */
  const run = useCallback(
    (name: Name, job: () => Promise<void>, networkMessage?: string) =>
      runOne(name, async () => {
        try {
          await job();
        } catch (error) {
          if (error instanceof SessionEnded || (error as Error).name === 'AbortError') return;
          const message = networkMessage && error instanceof NetworkError ? networkMessage : thrownMessage(error);
          if (!(error instanceof NetworkError)) console.error(error);
          showAlert({ type: 'error', msg: message });
        }
      }),
    [runOne],
  );

  return { busy, run };
}
