/**
 * The browser session: the session-storage keys of the specifications (public-site-signin-repay.md
 * §3, dashboard.md §3). Read only in the browser, never during pre-rendering.
 */
export const SESSION_KEYS = {
  mobile: 'mobile',
  profileId: 'cust_profile_id',
  nextStep: 'next_step',
  token: 'token',
  eligibility: 'eligibility',
} as const;

const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export function readSession(key: keyof typeof SESSION_KEYS): string | null {
  try {
    return storage()?.getItem(SESSION_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function writeSession(values: Partial<Record<keyof typeof SESSION_KEYS, string>>): void {
  const store = storage();
  if (!store) return;
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) store.setItem(SESSION_KEYS[key as keyof typeof SESSION_KEYS], value);
  }
}

/** Logout: every key goes (dashboard.md §4). */
export function clearSession(): void {
  storage()?.clear();
}

/** Where a signed-in customer belongs: the eligibility page when eligible, else the dashboard. */
export function dashboardHome(eligibility: string | null): string {
  return eligibility === '1' ? '/my-dashboard/eligibility' : '/my-dashboard';
}
