import type { StaffSession } from '../state/session.ts';

/** What every console screen is given by the shell. */
export interface StaffScreenProps {
  /** The signed-in member (null on the sign-in screen). */
  session: StaffSession | null;
  /** The address's query string ('?lead_id=12' or ''). */
  search: string;
  /** Says something in the shell's live region: a confirmation (status) or a failure (alert). */
  announce: (message: string, tone?: 'ok' | 'error') => void;
  /** Signs the member in (the sign-in screen) and goes home. */
  signedIn: (session: StaffSession) => void;
}
