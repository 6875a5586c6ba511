import { useEffect } from 'react';
import { navigate } from '../navigation/router.ts';

/** Replaces the current address with `to` (a guard's answer: Back does not return to the refused screen). */
export function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
