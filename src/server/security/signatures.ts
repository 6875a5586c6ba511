/**
 * Comparing a signature someone sent with the one we computed, in constant time: payment providers'
 * signatures (Razorpay, PayU) and the server's own signed file addresses.
 */
import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two hex signatures. */
export function sameSignature(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}
