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
