import { useStore } from '@nanostores/react';
import { $profile, loadProfile } from './profile.ts';
import { useLoaded } from './useLoaded.ts';

const freshProfile = async () => {
  const result = await loadProfile();
  return 'error' in result ? result : { data: result.profile };
};

/**
 * The profile for a screen: fetched fresh when the screen opens (the last one shows meanwhile),
 * with the failure's message and a way to try again (product.md §10.8).
 */
export function useProfile() {
  const profile = useStore($profile);
  const { loading, error, retry } = useLoaded(freshProfile);
  return { profile, loading, error, retry };
}
