/**
 * Revisions 5 and 6 of the Standard security handler: AES-256 with SHA-2 (ISO 32000-2 §7.6.4.3.3,
 * Algorithms 2.A, 2.B, 11, 12).
 */
import { createCipheriv, createHash } from 'node:crypto';
import type { PdfEncryption } from './encryption.ts';

const sha = (algorithm: 'sha256' | 'sha384' | 'sha512', ...parts: Uint8Array[]) => {
  const hash = createHash(algorithm);
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/** Algorithm 2.B (revision 6); revision 5 is a single SHA-256. */
function hardenedHash(r: number, password: Buffer, salt: Buffer, userKey: Buffer): Buffer {
  let k = sha('sha256', password, salt, userKey);
  if (r === 5) return k;
  for (let round = 0; ; round += 1) {
    const k1 = Buffer.concat([password, k, userKey]);
    const cipher = createCipheriv('aes-128-cbc', k.subarray(0, 16), k.subarray(16, 32));
    cipher.setAutoPadding(false);
    const e = Buffer.concat([cipher.update(Buffer.concat(Array(64).fill(k1))), cipher.final()]);
    let sum = 0;
    for (let i = 0; i < 16; i += 1) sum += e[i] as number;
    k = sha((['sha256', 'sha384', 'sha512'] as const)[sum % 3] as 'sha256', e);
    if (round >= 63 && (e[e.length - 1] as number) <= round - 31) break;
  }
  return k.subarray(0, 32);
}

export function isPasswordAes256(enc: PdfEncryption, password: Buffer, as: 'user' | 'owner'): boolean {
  const u = enc.u.subarray(0, 48);
  const [stored, salt, extra] =
    as === 'user' ? [u, u.subarray(32, 40), Buffer.alloc(0)] : [enc.o, enc.o.subarray(32, 40), u];
  return hardenedHash(enc.r, password, salt, extra).equals(stored.subarray(0, 32));
}
