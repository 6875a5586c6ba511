/** The SMS texts, each matching a template registered on DLT under the configured template id. */
import { site } from '../../lib/site.ts';

export function otpMessage(code: string, purpose: 'login' | 'repay', senderId: string, validMinutes: number): string {
  const action = purpose === 'login' ? 'sign in to' : 'repay your loan with';
  return `${code} is your one-time code to ${action} ${site.brand}. It is valid for ${validMinutes} minutes. Never share it with anyone. -${senderId}`;
}

/** A complaint's acknowledgement: its number, and when to expect the answer. */
export function complaintMessage(complaintNo: string, responseDays: number, senderId: string): string {
  return `We have received your complaint ${complaintNo} to ${site.brand}. We will answer within ${responseDays} days; follow it on your dashboard. -${senderId}`;
}

/** When a statement is sent: acknowledged, issued by staff on other terms (to accept), the loan disbursed on it. */
export type KfsMoment =
  | { kind: 'acknowledged' }
  | { kind: 'issued'; validUntil: string }
  | { kind: 'disbursed'; loanNo: string };

/**
 * The Key Fact Statement, sent when the customer acknowledges it, when staff issue one on other terms
 * and when the loan is disbursed: its
 * number and a link to it on the dashboard (never a figure that could go stale).
 */
export function kfsMessage(kfsNo: string, moment: KfsMoment, link: string, senderId: string): string {
  const lead =
    moment.kind === 'acknowledged'
      ? `You accepted Key Fact Statement ${kfsNo} for your ${site.brand} loan.`
      : moment.kind === 'issued'
        ? `Your ${site.brand} loan is approved on new terms: please read and accept Key Fact Statement ${kfsNo} by ${moment.validUntil}.`
        : `Your ${site.brand} loan ${moment.loanNo} is disbursed on Key Fact Statement ${kfsNo}.`;
  return `${lead} Read it any time: ${link} -${senderId}`;
}
