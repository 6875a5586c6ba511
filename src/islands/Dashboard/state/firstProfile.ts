/**
 * The hand-over between the dashboard's first paint and the island (issue 25; docs/decisions.md, "A
 * dashboard as fast as the site"). The page's inline script (src/scripts/dashboardFirstPaint.inline.ts)
 * asks for the profile (getProfile) as the page is read, before React has arrived, and draws the
 * screen's first figures from the answer; it leaves its request here. The profile store's first load
 * takes it instead of asking again (one request, not two), and the store starts from its answer when
 * it has already come, so the island's first draw shows the same figures where they stand.
 */

/** What the first paint leaves: the session token it asked with, its request, and its answer once come. */
export interface FirstProfile {
  token: string;
  /** getProfile's parsed answer (the envelope); rejected when the network failed or it was not JSON. */
  answer: Promise<unknown>;
  /** The answer, once it has come. */
  settled?: unknown;
}

const KEY = '__koshFirstProfile';
type Holder = { [KEY]?: FirstProfile };
const holder = (): Holder => (typeof window === 'undefined' ? {} : (window as unknown as Holder));

/** The first paint leaves its request (the inline script). */
export function leaveFirstProfile(first: FirstProfile): void {
  holder()[KEY] = first;
}

/** The first paint's answer if it has come, asked with this token, and a success; else null. Leaves it in place. */
export function settledFirstProfile(token: string | undefined): unknown {
  const first = holder()[KEY];
  if (!token || first?.token !== token) return null;
  const answer = first.settled as { Status?: unknown } | undefined;
  return answer?.Status === 1 ? answer : null;
}

/** The first paint's request, taken once (a later load asks afresh), if it was made with this token. */
export function takeFirstProfile(token: string | undefined): Promise<unknown> | null {
  const store = holder();
  const first = store[KEY];
  delete store[KEY];
  return token && first?.token === token ? first.answer : null;
}

/**
 * Loan history's first paint asks for getLeadList at once, beside the page (the server answers for the
 * session's customer; the PAN the island would send is optional), and leaves its request the same way.
 */
const LEADS_KEY = '__koshFirstLeads';
type LeadsHolder = { [LEADS_KEY]?: FirstProfile };

/** The first paint leaves its getLeadList request (the inline script). */
export function leaveFirstLeads(first: FirstProfile): void {
  (holder() as LeadsHolder)[LEADS_KEY] = first;
}

/** The first paint's getLeadList request, taken once, if it was made with this token. */
export function takeFirstLeads(token: string | undefined): Promise<unknown> | null {
  const store = holder() as LeadsHolder;
  const first = store[LEADS_KEY];
  delete store[LEADS_KEY];
  return token && first?.token === token ? first.answer : null;
}

/** The first paint's getLeadList answer if it has come, asked with this token, and a success; else null. */
export function settledFirstLeads(token: string | undefined): unknown {
  const first = (holder() as LeadsHolder)[LEADS_KEY];
  if (!token || first?.token !== token) return null;
  const answer = first.settled as { Status?: unknown } | undefined;
  return answer?.Status === 1 ? answer : null;
}
