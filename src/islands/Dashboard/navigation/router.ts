/**
 * The dashboard's own router: one island for every /my-dashboard/ address, moving between screens
 * with history.pushState (no page load), following Back and Forward, and reading a full page load
 * of any address (every screen is also pre-rendered as a shell page, so a static host serves it).
 */
import { atom } from 'nanostores';
import { DASHBOARD_BASE } from './screens.ts';

export interface DashboardLocation {
  /** The screen's slug ('' for the dashboard itself). */
  slug: string;
  /** The query string, '?…' or ''. */
  search: string;
  /** The history entry's state (e.g. {action: 'update'}); null on a fresh page load. */
  state: unknown;
  /** How the screen was reached: a page load, a push or replace, or Back/Forward. */
  cause: 'load' | 'push' | 'replace' | 'pop';
}

/** The slug of a dashboard address: /my-dashboard, /my-dashboard/ -> '', /my-dashboard/kyc/ -> 'kyc'. */
export function slugOf(pathname: string): string {
  const rest = pathname.startsWith(DASHBOARD_BASE) ? pathname.slice(DASHBOARD_BASE.length) : pathname;
  return rest.replace(/^\/+|\/+$/g, '');
}

function current(cause: DashboardLocation['cause']): DashboardLocation {
  if (typeof window === 'undefined') return { slug: '', search: '', state: null, cause };
  return { slug: slugOf(window.location.pathname), search: window.location.search, state: history.state, cause };
}

export const $location = atom<DashboardLocation>(current('load'));

export interface NavigateOptions {
  /** Kept in the history entry; anything needed after a reload must also be in the address. */
  state?: unknown;
  /** Replace the current entry instead of adding one (redirects). */
  replace?: boolean;
}

/** Whether an address belongs to the dashboard (and so stays in this page). */
export function isDashboardPath(pathname: string): boolean {
  return pathname === DASHBOARD_BASE || pathname.startsWith(`${DASHBOARD_BASE}/`);
}

/** Goes to `to`: dashboard addresses through history, any other address by a normal page load. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const url = new URL(to, window.location.href);
  if (url.origin !== window.location.origin || !isDashboardPath(url.pathname)) {
    if (options.replace) window.location.replace(url.href);
    else window.location.assign(url.href);
    return;
  }
  const state = options.state ?? null;
  const address = `${url.pathname}${url.search}${url.hash}`;
  if (options.replace) history.replaceState(state, '', address);
  else history.pushState(state, '', address);
  if (!options.replace) window.scrollTo(0, 0);
  $location.set(current(options.replace ? 'replace' : 'push'));
}

/** Follows Back and Forward; returns the clean-up. */
export function listenToHistory(): () => void {
  const onPop = () => $location.set(current('pop'));
  window.addEventListener('popstate', onPop);
  return () => window.removeEventListener('popstate', onPop);
}
