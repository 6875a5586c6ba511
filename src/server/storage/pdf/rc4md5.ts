/**
 * Revisions 2 to 4 of the Standard security handler: MD5 and RC4 (ISO 32000-1 §7.6.3.3,
 * Algorithms 2 to 7).
 */
import { createHash } from 'node:crypto';
import type { PdfEncryption } from './encryption.ts';

/** The 32-byte padding string of Algorithm 2. */
const PADDING = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

/** RC4 (ARCFOUR): tiny, and no longer offered by OpenSSL 3's default provider. */
export function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i += 1) s[i] = i;
  for (let i = 0, j = 0; i < 256; i += 1) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n += 1) {
    i = (i + 1) & 0xff;
    j = (j + (s[i] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[j] as number)) & 0xff] as number);
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

export const padded = (password: Buffer) => Buffer.concat([password.subarray(0, 32), PADDING]).subarray(0, 32);

/** Algorithm 2: the file key from a (padded) user password. */
function fileKey(enc: PdfEncryption, paddedPassword: Buffer): Buffer {
  const p = Buffer.alloc(4);
  p.writeInt32LE(enc.p | 0);
  const parts = [paddedPassword, enc.o.subarray(0, 32), p, enc.id];
  if (enc.r >= 4 && !enc.encryptMetadata) parts.push(Buffer.from([0xff, 0xff, 0xff, 0xff]));
  let hash = md5(...parts);
  if (enc.r >= 3) for (let i = 0; i < 50; i += 1) hash = md5(hash.subarray(0, enc.keyBytes));
  return hash.subarray(0, enc.keyBytes);
}

/** RC4 repeated 20 times with the key XORed with 0..19 (or 19..0), as Algorithms 3, 5 and 7 do. */
function rc4Rounds(key: Buffer, data: Buffer, order: 'up' | 'down'): Buffer {
  let out = data;
  for (let n = 0; n < 20; n += 1) {
    const round = order === 'up' ? n : 19 - n;
    out = rc4(
      key.map((byte) => byte ^ round),
      out,
    );
  }
  return out;
}

/** Algorithms 4, 5 and 6: does this padded password give the stored U? */
export function isUserPasswordLegacy(enc: PdfEncryption, paddedPassword: Buffer): boolean {
  const key = fileKey(enc, paddedPassword);
  if (enc.r === 2) return rc4(key, PADDING).equals(enc.u.subarray(0, 32));
  const expected = rc4Rounds(key, md5(PADDING, enc.id), 'up');
  return expected.equals(enc.u.subarray(0, 16));
}

/** Algorithm 7: the owner password decrypts O into the user password. */
export function isOwnerPasswordLegacy(enc: PdfEncryption, password: Buffer): boolean {
  let hash = md5(padded(password));
  if (enc.r >= 3) for (let i = 0; i < 50; i += 1) hash = md5(hash);
  const key = hash.subarray(0, enc.keyBytes);
  const o = enc.o.subarray(0, 32);
  const userPassword = enc.r === 2 ? rc4(key, o) : rc4Rounds(key, o, 'down');
  return isUserPasswordLegacy(enc, userPassword);
}
