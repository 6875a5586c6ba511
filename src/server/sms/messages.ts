/**
 * The SMS texts, each matching a template registered on DLT under its own template id
 * (src/server/config/sms.ts), and how an SMS writes an amount.
 */
import { formatPaise } from '../../lib/money.ts';
import { site } from '../../lib/site.ts';

/**
 * An amount in an SMS: "Rs.3,000". The rupee sign is not in the GSM alphabet, and one such character
 * makes the whole text Unicode, 70 characters a part instead of 160; e-mails keep the sign.
 */
export const smsAmount = (paise: number) => formatPaise(paise).replace('₹', 'Rs.');

export function otpMessage(code: string, purpose: 'login' | 'repay', senderId: string, validMinutes: number): string {
  const action = purpose === 'login' ? 'sign in to' : 'repay your loan with';
  return `${code} is your one-time code to ${action} ${site.brand}. It is valid for ${validMinutes} minutes. Never share it with anyone. -${senderId}`;
}

/** A complaint's acknowledgement: its number, and when to expect the answer. */
export function complaintMessage(complaintNo: string, responseDays: number, senderId: string): string {
  return `We have received your complaint ${complaintNo} to ${site.brand}. We will answer within ${responseDays} days; follow it on your dashboard. -${senderId}`;
}
