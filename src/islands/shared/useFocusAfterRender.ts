import { useEffect, useRef } from 'react';

/**
 * Moves the focus once the next render is on screen, since a step change replaces the fields: set
 * the returned ref's `current` to a target, and `focus` runs after the commit. When `focus` answers
 * false (the element is not there or not usable yet) the target is kept for a later render: an
 * earlier commit's effects (a countdown's tick) can run before the new step is on screen.
 */
export function useFocusAfterRender<Target>(focus: (target: Target) => boolean) {
  const next = useRef<Target | null>(null);
  useEffect(() => {
    const target = next.current;
    if (target === null) return;
    next.current = null;
    if (!focus(target)) next.current = target;
  });
  return next;
}
