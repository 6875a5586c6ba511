/**
 * Whether a password opens an encrypted PDF, by the PDF's own Standard security handler
 * (ISO 32000-1 §7.6.3, ISO 32000-2 §7.6.4), with node:crypto only: RC4 40 to 128 bit and AES-128
 * (revisions 2 to 4, MD5 key derivation) and AES-256 (revisions 5 and 6, SHA-2). Only the trailer,
 * the encryption dictionary and the file identifier are read; nothing is decrypted, and the
 * password is never kept. Runs in the upload check workers (pdfCheckPool.ts), never on a request's thread.
 * The file is read by pdf/encryption.ts; the revisions' password algorithms are pdf/rc4md5.ts and pdf/aes256.ts.
 */
import { isPasswordAes256 } from './pdf/aes256.ts';
import { type PdfEncryption, readEncryption, unsupportedReason } from './pdf/encryption.ts';
import type { PdfWork } from './pdf/file.ts';
import { PdfFormatError } from './pdf/objects.ts';
import { isOwnerPasswordLegacy, isUserPasswordLegacy, padded } from './pdf/rc4md5.ts';

export type { PdfWork };

/**
 * The byte forms a typed password may have had when the PDF was made: revisions 5 and 6 use UTF-8
 * (SASLprep, approximated by NFKC) up to 127 bytes; earlier ones PDFDocEncoding (Latin-1 for what
 * people type), though some writers used UTF-8 there too.
 */
function passwordBytes(r: number, password: string): Buffer[] {
  if (r >= 5) return [Buffer.from(password.normalize('NFKC'), 'utf8').subarray(0, 127)];
  const forms = [Buffer.from(password, 'utf8')];
  if ([...password].every((ch) => ch.charCodeAt(0) < 256)) forms.unshift(Buffer.from(password, 'latin1'));
  return forms;
}

/** Which password this is for the file: the user's, the owner's, or neither. */
export function verifyPassword(enc: PdfEncryption, password: string): 'user' | 'owner' | null {
  const reason = unsupportedReason(enc);
  if (reason) throw new PdfFormatError(`unsupported encryption: ${reason}`);
  for (const bytes of passwordBytes(enc.r, password)) {
    if (enc.r >= 5) {
      if (isPasswordAes256(enc, bytes, 'user')) return 'user';
      if (isPasswordAes256(enc, bytes, 'owner')) return 'owner';
    } else {
      if (isUserPasswordLegacy(enc, padded(bytes))) return 'user';
      if (isOwnerPasswordLegacy(enc, bytes)) return 'owner';
    }
  }
  return null;
}

export type PdfPasswordCheck =
  | { result: 'not_encrypted' }
  /** Encrypted, but with an empty user password: it opens without one (only permissions are set). */
  | { result: 'opens_without_password' }
  | { result: 'accepted'; as: 'user' | 'owner' }
  | { result: 'wrong_password' }
  | { result: 'unsupported'; reason: string }
  | { result: 'unreadable' };

/** The whole check for an upload: is the file encrypted, and does the given password open it? */
export function checkPdfPassword(bytes: Uint8Array, password: string, work?: PdfWork): PdfPasswordCheck {
  let enc: PdfEncryption | null;
  try {
    enc = readEncryption(bytes, work);
  } catch (error) {
    if (error instanceof PdfFormatError) return { result: 'unreadable' };
    throw error;
  }
  if (!enc) return { result: 'not_encrypted' };
  const reason = unsupportedReason(enc);
  if (reason) return { result: 'unsupported', reason };
  if (verifyPassword(enc, '')) return { result: 'opens_without_password' };
  if (!password) return { result: 'wrong_password' };
  const as = verifyPassword(enc, password);
  return as ? { result: 'accepted', as } : { result: 'wrong_password' };
}
