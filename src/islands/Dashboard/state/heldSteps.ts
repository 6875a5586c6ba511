/**
 * A step already done, opened again (issue 25, docs/screens-review.md "Fix next" 9): the screen shows
 * what is held with a "Change" that opens the step's form, prefilled where the server gives the values.
 * Whether a change is still possible follows the server: the profile's steps are locked once it is found
 * eligible (server/profile/events.ts), an application's answers while it is with our team or its loan
 * is made (server/application/lifecycle.ts: a customer's 'change' only from applied or sent back).
 */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { HOME, screenOfEvent, screenPath } from '../navigation/screens.ts';
import type { Profile } from './profile.ts';

/** The server's own words for a profile step after the eligibility check (profile_locked). */
export const PROFILE_LOCKED = 'Your profile has been checked and found eligible; it can no longer be changed here.';

/** Why the latest application's answers can no longer be changed: with our team, its loan made, or closed. */
export type ApplicationLock = 'review' | 'lent' | 'ended';

const LOCKS: Record<string, ApplicationLock> = {
  submitted: 'review',
  approved: 'review',
  accepted: 'review',
  disbursed: 'lent',
  closed: 'lent',
  rejected: 'ended',
  withdrawn: 'ended',
};

/** The latest application's lock, or null while it may be changed (applied, sent back) or there is none. */
export function applicationLock(profile: Profile | null): ApplicationLock | null {
  if (profile?.active_loan_details) return 'lent';
  return LOCKS[profile?.lead_details?.status ?? ''] ?? null;
}

/** Why a document on file can no longer be replaced, by the application's lock. */
export const DOCUMENT_LOCKED: Record<ApplicationLock, string> = {
  review: 'Your application is with our team: this document can no longer be replaced.',
  lent: 'Your loan is paid out: the documents it was made on are kept as they are.',
  ended: 'Kept with your last application, which is closed.',
};

/** A repeat borrower (a loan repaid before): their new application asks less (product.md §2). */
export const isRepeat = (profile: Profile | null) => profile !== null && profile.user_type !== 'NEW';

/** A bank account as the customer sees it: only its last four digits (the loan details' bank_account). */
export interface HeldAccount {
  bank_name: string;
  account_last4: string;
  verified_at: string | null;
}
export const accountName = (account: HeldAccount) =>
  `${account.bank_name || 'Bank'} account ending ${account.account_last4}`;
export const verifiedText = (account: HeldAccount) =>
  account.verified_at ? `Verified with your bank on ${formatDate(account.verified_at)}` : 'Not verified yet';

/**
 * Where to go on from a step already done: the customer's next step when it is another screen (a profile
 * step's only before the eligibility check), else the loan home once eligible.
 */
export function onwards(
  profile: Profile | null,
  here: string,
  step: 'profile' | 'application' = 'profile',
): { to: string; label: string } | null {
  if (!profile) return null;
  const eligible = profile.eligibility_status === 1;
  const next = screenOfEvent(profile.next_event_name);
  if (next && next.slug !== here && (step === 'application' || !eligible))
    return { to: screenPath(next.slug), label: `Continue to ${next.title}` };
  return eligible ? { to: screenPath(HOME.loan), label: 'Go to your loan' } : null;
}

/**
 * The held view's "Change" and the form's "Cancel": which one shows, the keyboard taken to the form's
 * first field on Change and back to the held view's heading on Cancel.
 */
export function useChange(form: RefObject<HTMLElement | null>) {
  const [changing, setChanging] = useState(false);
  const [returned, setReturned] = useState(false);
  const asked = useRef(false);
  useEffect(() => {
    if (!changing || !asked.current) return;
    asked.current = false;
    form.current
      ?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select, textarea, button')
      ?.focus();
  }, [changing, form]);
  const change = useCallback(() => {
    asked.current = true;
    setChanging(true);
  }, []);
  const keep = useCallback(() => {
    setReturned(true);
    setChanging(false);
  }, []);
  return { changing, change, keep, returned };
}
