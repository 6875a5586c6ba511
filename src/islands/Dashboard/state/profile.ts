/**
 * The customer's profile (getProfile) and the dashboard frame's data (getDashboardData) as
 * stores, typed by the answers' schemas (src/lib/schemas/answers/profile.ts). Screens ask for a fresh profile when they
 * open; the frame's data is also kept in session storage (dashboardData) for the next page load.
 */
import { atom } from 'nanostores';
import type * as v from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import type { DashboardAnswer, ProfileAnswer } from '../../../lib/schemas/answers/profile.ts';
import { dashboardCall } from './api.ts';
import { loanView } from './firstPaintView.ts';
import { settledFirstProfile, takeFirstProfile } from './firstProfile.ts';
import { type FreshPart, loanSource, withLastFigures } from './lastFigures.ts';
import { $session, updateSession } from './sessionStore.ts';

export type Profile = v.InferOutput<typeof ProfileAnswer>;
export type ProfileDetails = Profile['profile_details'];
export type ActiveLoan = NonNullable<Profile['active_loan_details']>;
export type DashboardData = v.InferOutput<typeof DashboardAnswer>;

/**
 * Starts from the first paint's answer when it has come before the island (issue 25), so the screen's
 * first draw shows what the page already shows; the screen's own load still runs (and takes that answer).
 */
export const $profile = atom<Profile | null>(
  (settledFirstProfile($session.get().token) as { Data: Profile } | null)?.Data ?? null,
);

/**
 * When the progress on record, and the profile shown, were asked of the server. An answer asked for
 * earlier and come later (a screen's getProfile still on its way when Check Eligibility's answer came)
 * tells of the customer before the step: it must not take them back (found eligible, then sent from
 * the loan's screens to the registration home by a late answer of "not eligible").
 */
let progressAskedAt = -1;
let profileAskedAt = -1;

/**
 * The server's word on progress and eligibility replaces what the browser had stored, unless a later
 * word is already on record. `askedAt` (performance.now()): when the request that brought it was sent;
 * an event's own answer is the newest word there is when it comes.
 */
export function storeProgress(
  progress: { next_step?: string; step_percentage?: number; eligibility_status?: number },
  askedAt = performance.now(),
) {
  if (askedAt < progressAskedAt) return;
  progressAskedAt = askedAt;
  updateSession({
    ...(progress.next_step && { nextStep: progress.next_step }),
    ...(progress.step_percentage !== undefined && { stepPercent: String(progress.step_percentage) }),
    ...(progress.eligibility_status !== undefined && { eligibility: String(progress.eligibility_status) }),
  });
}

/** A fresh profile, or the server's message when it refused. */
export async function loadProfile(): Promise<{ profile: Profile } | { error: string }> {
  // The first load takes the request the page's first paint made, read like any answer (session, failure).
  const first = takeFirstProfile($session.get().token);
  // The first paint's request was sent at the page's load, before anything else.
  const askedAt = first ? 0 : performance.now();
  const envelope = await dashboardCall<Profile>(API.getProfile, {}, first ? { transport: () => first } : {});
  if (envelope.Status !== STATUS.ok) return { error: failureMessage(envelope) };
  const profile = envelope.Data;
  // A later answer already drawn stays: this screen shows it (its load ended all the same).
  if (askedAt < profileAskedAt) return { profile: $profile.get() ?? profile };
  profileAskedAt = askedAt;
  $profile.set(profile);
  keepLastFigures({ loan: loanView(profile), from: loanSource(profile) });
  storeProgress(
    {
      next_step: profile.next_event_name,
      step_percentage: profile.profile_filled_percent,
      eligibility_status: profile.eligibility_status,
    },
    askedAt,
  );
  // The application's progress is kept apart from registration's (product.md §4).
  updateSession({ percent: String(profile.application_filled_percent) });
  if (profile.profile_details.full_name) updateSession({ fullName: profile.profile_details.full_name });
  // getLeadList sends the PAN (product.md §7); a sign-in in another tab never went through the PAN step here.
  if (profile.profile_details.pancard) updateSession({ pancard: profile.profile_details.pancard });
  return { profile };
}

/**
 * Keeps what the next page load's first paint draws at once (issue 25, state/lastFigures.ts) from a
 * fresh answer: the loan's summary (getProfile), loan history's cards (getLeadList).
 */
export function keepLastFigures(part: FreshPart): void {
  const { token, lastFigures } = $session.get();
  if (token) updateSession({ lastFigures: withLastFigures(lastFigures, token, part, Date.now()) });
}

function storedDashboardData(): DashboardData | null {
  try {
    const stored = $session.get().dashboardData;
    return stored ? (JSON.parse(stored) as DashboardData) : null;
  } catch {
    return null;
  }
}

export const $dashboardData = atom<DashboardData | null>(storedDashboardData());

/** The frame's data; used only when Status is 1, otherwise nothing happens (product.md §8). */
export async function loadDashboardData(): Promise<void> {
  const askedAt = performance.now();
  const envelope = await dashboardCall<DashboardData>(API.dashboardData);
  if (envelope.Status !== STATUS.ok) return;
  $dashboardData.set(envelope.Data);
  updateSession({ dashboardData: JSON.stringify(envelope.Data) });
  storeProgress(envelope.Data, askedAt);
}
