/**
 * Staff passwords, kept only as scrypt hashes (memory-hard, in Node's crypto): `scrypt$N$r$p$salt$hash`,
 * so the cost can rise later and old hashes still verify. Compared in constant time.
 */
import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

const COST = { N: 2 ** 15, r: 8, p: 1 };
/**
 * For the development staff's password only, which is public (DEV_STAFF_PASSWORD's default is in the
 * code): a memory-hard cost protects nothing there, and every development and test server start hashed
 * it, and every sign-in of theirs verified it, at a tenth of a second of CPU each (docs/decisions.md,
 * "A test suite in half the time").
 */
export const DEVELOPMENT_COST = { N: 2 ** 10, r: 8, p: 1 };
const KEY_BYTES = 32;
/** N=2^15, r=8 needs 32 MiB; Node's default ceiling is exactly that, so a little room is given. */
const MAX_MEMORY = 64 * 1024 * 1024;

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, KEY_BYTES, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

export async function hashPassword(password: string, cost: typeof COST = COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let unknown: Promise<string> | undefined;
/** A hash of nothing anyone knows: an unknown e-mail costs the same time as a wrong password. */
export const unknownStaffHash = () => {
  unknown ??= hashPassword(randomBytes(16).toString('hex'));
  return unknown;
};
