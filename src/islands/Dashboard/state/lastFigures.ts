/**
 * The last known figures (issue 25; docs/decisions.md, "A dashboard as fast as the site"): what the
 * dashboard's first paint draws, kept in the tab's session storage (session key lastFigures) whenever
 * the island has a successful getProfile or getLeadList answer, so that the next page load of the tab
 * draws them at once, before any request, and then replaces them with the fresh answer.
 *
 * Only what the first paint shows, as shown (text already formatted, so that drawing it builds no
 * number or date format before the first paint): the loan's number, its dues and due date, and loan
 * history's cards (application number, amount, status, day applied). Never the PAN, the mobile, the
 * e-mail or the date of birth. The key goes with the session's keys (logout, a dead session clear the
 * tab's storage); it is kept with a tag of the token it was read with and the day (in India) it was read
 * on, and is drawn only for the same token on the same day ("3 days left" is true for a day).
 *
 * Pure functions, no imports but types: the page's inline script bundles this module.
 */
import type { Dues, DuesFigure } from '../../../lib/loanDues.ts';

/** What the first paint reads of getProfile's Data. */
export interface ProfileFigures {
  eligibility_status?: number;
  active_loan_details?: (Dues & { loan_no: string }) | null;
}

/** What the first paint reads of one of getLeadList's applications. */
export interface LeadFigures {
  lead_id: number;
  loan_amount: number | null;
  status: string | null;
  lead_entry_date: string;
}

/** The loan home's summary and repayment's dues, as drawn. */
export interface LoanView {
  loanNo: string;
  figures: DuesFigure[];
  /** Which figure to pay, in one sentence; with nothing due, that nothing is. */
  which: string;
  nothingDue: boolean;
}

/** One of loan history's cards, as drawn. */
export interface LeadView {
  id: number;
  amount: string | null;
  status: string;
  applied: string;
}

export interface LastFigures {
  tag: string;
  day: string;
  loan?: LoanView;
  leads?: LeadView[];
  /** What each part was drawn from (loanSource, leadsSource): a fresh answer from the same is not drawn again. */
  from?: { loan?: string; leads?: string };
}

/**
 * The answer's fields the loan's summary is drawn from, as one string: a fresh answer with the same
 * draws the same words, so the page can tell without building a number or date format.
 */
export function loanSource(profile: ProfileFigures | undefined): string {
  const loan = profile?.active_loan_details;
  return JSON.stringify([
    profile?.eligibility_status,
    loan?.loan_no,
    loan?.repayment_date,
    loan?.repayment_amount,
    loan?.total_due,
    loan?.days_to_due,
    loan?.days_past_due,
  ]);
}

/** The answer's fields loan history's cards are drawn from, as one string. */
export function leadsSource(leads: LeadFigures[] | undefined): string {
  return JSON.stringify(
    (leads ?? []).map((lead) => [lead.lead_id, lead.loan_amount, lead.status, lead.lead_entry_date]),
  );
}

/**
 * A short tag of the token (a 32-bit FNV-1a hash, not a copy of the secret): figures kept under another
 * token are not drawn. Small, as the page's inline script carries it.
 */
export function tokenTag(token: string): string {
  let hash = 2166136261;
  for (let i = 0; i < token.length; i += 1) hash = Math.imul(hash ^ token.charCodeAt(i), 16777619);
  return (hash >>> 0).toString(36);
}

const IST_OFFSET_MS = 330 * 60_000;
/** The day in India (YYYY-MM-DD): the server counts days to the due date by it. */
export const indiaDay = (now: number): string => new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The figures stored in the tab, when kept under this token today; else null. */
export function readLastFigures(stored: string | null | undefined, token: string | null | undefined, now: number) {
  if (!stored || !token) return null;
  try {
    const kept = JSON.parse(stored) as LastFigures;
    return kept?.tag === tokenTag(token) && kept.day === indiaDay(now) ? kept : null;
  } catch {
    return null;
  }
}

/** A fresh answer's part: what it draws (null: nothing) and what that was drawn from. */
export type FreshPart =
  | { loan: LoanView | null; from: string; leads?: undefined }
  | { leads: LeadView[] | null; from: string; loan?: undefined };

/**
 * What to store after a fresh answer: the part it gives (`loan`, `leads`; null when the answer has
 * none to draw, which removes it) over what is kept under the same token today.
 */
export function withLastFigures(
  stored: string | null | undefined,
  token: string,
  part: FreshPart,
  now: number,
): string {
  const kept: LastFigures = readLastFigures(stored, token, now) ?? { tag: tokenTag(token), day: indiaDay(now) };
  const from = { ...kept.from };
  const which = part.leads === undefined ? 'loan' : 'leads';
  const view = part.leads === undefined ? part.loan : part.leads;
  if (view) {
    Object.assign(kept, { [which]: view });
    from[which] = part.from;
  } else {
    delete kept[which];
    delete from[which];
  }
  kept.from = from;
  return JSON.stringify(kept);
}
