/**
 * The repay page's verified state, kept in session storage for the repay session's life (issue 25,
 * finding 5): a reload at the pay step (a phone switching to a UPI app and back) returns to it, and
 * an expired session returns to the PAN with a message. The tab's storage only, gone with the tab.
 */
import type { RepaymentData } from '../../lib/schemas/answers/repay.ts';

/** What OTP verification gave: the loan, its order for the full due, the repay token and the checkout. */
export interface Loan {
  data: RepaymentData;
  orderId: string;
  token: string;
  razorpayKey: string;
  checkoutUrl: string;
}

interface Saved {
  pan: string;
  loan: Loan;
  /** When the repay token expires (milliseconds since the epoch). */
  expiresAt: number;
}

const KEY = 'repay_state';

export function saveRepay(saved: Saved): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(saved));
  } catch {
    // Storage refused: a reload then starts from the PAN, as before.
  }
}

export function forgetRepay(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/** The kept state: its PAN, and its loan while the session lasts (null once it has expired); null if none. */
export function readRepay(): { pan: string; loan: Loan | null } | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Saved | null;
    if (!saved?.loan?.token || typeof saved.pan !== 'string') return null;
    if (saved.expiresAt > Date.now()) return saved;
    forgetRepay();
    return { pan: saved.pan, loan: null };
  } catch {
    return null;
  }
}
