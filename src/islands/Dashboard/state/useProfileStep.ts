import { useEffect, useRef } from 'react';
import { useStepForm } from './forms.ts';
import type { Profile } from './profile.ts';
import { useProfile } from './useProfile.ts';
import { useRequest } from './useRequest.ts';

/**
 * A registration step's screen: its form, filled from what the profile already holds when the
 * step is redone (unless the customer has begun typing), and one save at a time. `saved` picks the
 * step's answers out of the profile; `afterFill` runs when they went in.
 */
export function useProfileStep<Values extends { [Name in keyof Values]: string }>(
  empty: Values,
  saved: (profile: Profile) => Partial<Values> | null | undefined,
  afterFill?: (profile: Profile) => void,
) {
  const { profile } = useProfile();
  const form = useRef<HTMLFormElement>(null);
  const stepForm = useStepForm(form, empty);
  const request = useRequest<'save'>();
  // The latest callbacks, so that a screen's inline functions do not refill the form on every render.
  const latest = useRef({ saved, afterFill });
  latest.current = { saved, afterFill };
  const { fill } = stepForm;
  useEffect(() => {
    if (!profile) return;
    const answers = latest.current.saved(profile);
    if (answers && fill(answers)) latest.current.afterFill?.(profile);
  }, [profile, fill]);
  return { profile, form, ...stepForm, ...request };
}
