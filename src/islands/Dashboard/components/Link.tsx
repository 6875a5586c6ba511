import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigate } from '../navigation/router.ts';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A dashboard address (moved to without a page load) or any other address (a normal link). */
  to: string;
  /** History state for the screen opened; anything needed after a reload must also be in `to`. */
  state?: unknown;
}

/** A real link (it opens in a new tab, shows its address), followed inside the page when it can be. */
export function Link({ to, state, onClick, children, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    // A modified click (new tab, new window, download) is the browser's.
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    navigate(to, { state });
  };
  return (
    <a href={to} onClick={follow} {...rest}>
      {children}
    </a>
  );
}
