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
import type { DuesFigure } from '../../../lib/loanDues.ts';

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
}

/** A short tag of the token (a 53-bit hash, not a secret's copy): figures kept under another token are not drawn. */
export function tokenTag(token: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < token.length; i += 1) {
    const c = token.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
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

/**
 * What to store after a fresh answer: the part it gives (`loan`, `leads`; null when the answer has
 * none to draw) over what is kept under the same token today.
 */
export function withLastFigures(
  stored: string | null | undefined,
  token: string,
  part: { loan?: LoanView | null; leads?: LeadView[] | null },
  now: number,
): string {
  const kept: LastFigures = readLastFigures(stored, token, now) ?? { tag: tokenTag(token), day: indiaDay(now) };
  if (part.loan) kept.loan = part.loan;
  else if (part.loan === null) delete kept.loan;
  if (part.leads) kept.leads = part.leads;
  else if (part.leads === null) delete kept.leads;
  return JSON.stringify(kept);
}
