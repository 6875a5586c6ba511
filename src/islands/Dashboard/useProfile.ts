import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { NetworkError } from '../../lib/api/client.ts';
import { SessionEnded } from './api.ts';
import { $profile, loadProfile } from './profile.ts';

/**
 * The profile for a screen: fetched fresh when the screen opens (the last one shows meanwhile),
 * with the failure's message and a way to try again (decisions.md §8).
 */
export function useProfile() {
  const profile = useStore($profile);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      const result = await loadProfile();
      if ('error' in result) setError(result.error);
    } catch (failure) {
      if (failure instanceof SessionEnded) return;
      setError(failure instanceof NetworkError ? failure.message : 'An error occurred');
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  return { profile, loading, error, retry: load };
}
