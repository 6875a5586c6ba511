/**
 * The browser session: the session-storage keys of the specifications (product.md §3). Read only in the browser, never during pre-rendering.
 */
export const SESSION_KEYS = {
  mobile: 'mobile',
  profileId: 'cust_profile_id',
  nextStep: 'next_step',
  token: 'token',
  eligibility: 'eligibility',
  /** Registration progress (0 to 100), from the server's step_percentage. */
  stepPercent: 'step_percent',
  /** Loan application progress, kept apart from registration progress (product.md §4). */
  percent: 'percent',
  pancard: 'pancard',
  /** The PAN holder's name from the PAN check, shown read-only on the personal details step. */
  fullName: 'fullName',
  /** The selfie's address from the last upload. */
  selfie: 'selfie',
  /** The last getDashboardData answer (JSON), so the top bar shows at once on the next page load. */
  dashboardData: 'dashboardData',
  leadId: 'lead_id',
  /**
   * What the dashboard's first paint last drew (issue 25), as drawn: the loan's number, dues and due
   * date, loan history's cards; tied to the token and the day (src/islands/Dashboard/state/lastFigures.ts).
   * Not a specification key: it goes with them (logout, a dead session).
   */
  lastFigures: 'last_figures',
} as const;
export type SessionKey = keyof typeof SESSION_KEYS;

/** Set when a session ends in this tab (logout or an expired session), so sign-in can say so once. */
const SIGNED_OUT_KEY = 'signed_out';

const storage = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

export function readSession(key: SessionKey): string | null {
  try {
    return storage()?.getItem(SESSION_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function writeSession(values: Partial<Record<SessionKey, string>>): void {
  const store = storage();
  if (!store) return;
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) store.setItem(SESSION_KEYS[key as SessionKey], value);
  }
}

/** Logout: every key goes (product.md §4), but the note that a session just ended, which is not one of them. */
export function clearSession(): void {
  const store = storage();
  const signedOut = store?.getItem(SIGNED_OUT_KEY);
  store?.clear();
  if (signedOut) store?.setItem(SIGNED_OUT_KEY, signedOut);
}

export function noteSignedOut(): void {
  try {
    storage()?.setItem(SIGNED_OUT_KEY, '1');
  } catch {
    // Storage refused: the sign-in page simply says nothing.
  }
}

/** Whether a session just ended in this tab; the note is removed, so a reload does not repeat it. */
export function takeSignedOut(): boolean {
  try {
    const store = storage();
    const noted = store?.getItem(SIGNED_OUT_KEY) === '1';
    store?.removeItem(SIGNED_OUT_KEY);
    return noted;
  } catch {
    return false;
  }
}

/** Where a signed-in customer belongs: the eligibility page when eligible, else the dashboard. */
export function dashboardHome(eligibility: string | null): string {
  return eligibility === '1' ? '/my-dashboard/eligibility' : '/my-dashboard';
}

const DASHBOARD = '/my-dashboard/';
/** Sign-in's parameter naming the dashboard address to return to (docs/decisions.md, "Links that land"). */
const RETURN_PARAMETER = 'next';

/** Sign-in's address that comes back to `here` (a dashboard address: path, query and fragment). */
export function signInReturningTo(signInPath: string, here: string): string {
  return `${signInPath}?${new URLSearchParams({ [RETURN_PARAMETER]: here })}`;
}

/**
 * The dashboard address sign-in returns to, from its own query (`?next=`), or null: only a path under
 * /my-dashboard/ of this site, so a link can never send a customer elsewhere after they sign in.
 */
export function returnAddress(search: string, origin: string): string | null {
  const next = new URLSearchParams(search).get(RETURN_PARAMETER);
  if (!next?.startsWith(DASHBOARD)) return null;
  const url = new URL(next, origin);
  return url.origin === origin && url.pathname.startsWith(DASHBOARD) ? `${url.pathname}${url.search}${url.hash}` : null;
}
