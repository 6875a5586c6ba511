/**
 * Fault injection for the crash-safety tests (issue 7): named points in the middle of multi-step
 * writes where the process can be killed outright, as an out-of-memory kill or a power cut would,
 * with no clean-up. Outside production only, and only the one point CRASH_AT names.
 */
import { writeSync } from 'node:fs';

export const CRASH_POINTS = [
  /** Razorpay Checkout's signature checked, the payment not yet in the ledger. */
  'payment.verified',
  /** The collection, dues, order and audit line written, their transaction not yet committed. */
  'payment.before-commit',
  /** The payment committed, the payer not yet answered. */
  'payment.committed',
  /** PayU's return checked, the payment not yet in the ledger. */
  'payu.verified',
  /** A provider's webhook marked received, its payment not yet recorded. */
  'webhook.accepted',
  /** An uploaded file stored with its row, not yet attached to the profile or the application. */
  'upload.stored',
  /** An application document recorded, the application not yet moved to its next step. */
  'document.recorded',
  /** The application's next step written on the lead, not yet on the customer. */
  'application.advance',
  /** The loan created from a lead, the lead not yet marked disbursed. */
  'disburse.loan-created',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

const inProduction = process.env.NODE_ENV === 'production';
let armed = inProduction ? undefined : process.env.CRASH_AT;

/**
 * Arms one point in the running process (the development route /__dev/crash), so a test kills the
 * server in the middle of a write without first restarting it with CRASH_AT: one start per crash
 * instead of two. Never in production.
 */
export function armCrashPoint(name: CrashPoint): void {
  if (inProduction) throw new Error('crash points are never armed in production');
  armed = name;
}

export function crashPoint(name: CrashPoint): void {
  if (armed !== name) return;
  // Written synchronously so the test can tell which point was reached before the kill.
  writeSync(2, `crash point ${name}: SIGKILL\n`);
  process.kill(process.pid, 'SIGKILL');
}
