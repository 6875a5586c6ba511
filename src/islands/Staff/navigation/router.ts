/**
 * The console's own router: one island for every /staff/ address, moving between screens with
 * history.pushState and following Back and Forward (every screen is also a pre-rendered shell page).
 */
import { STAFF_BASE, staffSlugOf } from './screens.ts';

export interface StaffLocation {
  slug: string;
  search: string;
  /** How it was reached: a page load, a push or replace, or Back/Forward. */
  cause: 'load' | 'push' | 'replace' | 'pop';
}

const listeners = new Set<() => void>();
let location: StaffLocation = read('load');

function read(cause: StaffLocation['cause']): StaffLocation {
  if (typeof window === 'undefined') return { slug: '', search: '', cause };
  return { slug: staffSlugOf(window.location.pathname), search: window.location.search, cause };
}

function update(cause: StaffLocation['cause']) {
  location = read(cause);
  for (const listener of listeners) listener();
}

export const currentLocation = (): StaffLocation => location;

/** Subscribes to changes of the address (useSyncExternalStore); Back and Forward included. */
const onPop = () => update('pop');

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', onPop);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', onPop);
  };
}

const isConsolePath = (pathname: string) => pathname === STAFF_BASE || pathname.startsWith(`${STAFF_BASE}/`);

/** Goes to `to`: console addresses through history, any other by a page load. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isConsolePath(url.pathname)) {
    window.location.assign(url.href);
    return;
  }
  const address = `${url.pathname}${url.search}`;
  if (options.replace) history.replaceState(null, '', address);
  else {
    history.pushState(null, '', address);
    window.scrollTo(0, 0);
  }
  update(options.replace ? 'replace' : 'push');
}
