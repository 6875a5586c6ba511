import { useCallback, useEffect, useRef, useState } from 'react';
import { thrownMessage } from '../../../lib/api/client.ts';
import { SessionEnded } from './api.ts';

/** What a loader gives: its data, or the server's message when it refused. */
export type Loaded<T> = { data: T } | { error: string };

/**
 * Data a screen reads when it opens, with the failure's message and a way to try again
 * (product.md §10.8: nothing is only logged). A dead session is already on its way to sign-in.
 */
export function useLoaded<T>(load: () => Promise<Loaded<T>>, initial: T | null = null) {
  // `initial`: what the page's first paint already shows (issue 25), drawn while the load runs.
  const [data, setData] = useState<T | null>(initial);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(load);
  latest.current = load;

  const run = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const result = await latest.current();
      if ('error' in result) setError(result.error);
      else setData(result.data);
    } catch (failure) {
      if (failure instanceof SessionEnded) return;
      setError(thrownMessage(failure));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void run();
  }, [run]);

  return { data, loading, error, retry: run };
}
