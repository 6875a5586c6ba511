/**
 * Whether a password opens an encrypted PDF, by the PDF's own Standard security handler
 * (ISO 32000-1 §7.6.3, ISO 32000-2 §7.6.4), with node:crypto only: RC4 40 to 128 bit and AES-128
 * (revisions 2 to 4, MD5 key derivation) and AES-256 (revisions 5 and 6, SHA-2). Only the trailer,
 * the encryption dictionary and the file identifier are read; nothing is decrypted, and the
 * password is never kept.
 */
import { createCipheriv, createHash } from 'node:crypto';

/** The file could not be read as a PDF far enough to find its encryption. */
export class PdfFormatError extends Error {}

export interface PdfEncryption {
  /** The security handler (/Filter); only Standard is a password. */
  filter: string;
  v: number;
  r: number;
  /** Key length in bytes (revisions 2 to 4). */
  keyBytes: number;
  o: Buffer;
  u: Buffer;
  p: number;
  encryptMetadata: boolean;
  /** The first string of the trailer's /ID. */
  id: Buffer;
}

// ---------------------------------------------------------------------------------------------
// Reading PDF objects: enough of the syntax (ISO 32000-1 §7.3) for dictionaries in the trailer.

type PdfValue =
  | { kind: 'name'; value: string }
  | { kind: 'string'; value: Buffer }
  | { kind: 'number'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'null' }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'array'; value: PdfValue[] }
  | { kind: 'dict'; value: Map<string, PdfValue> };

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
/** Nesting deeper than this is not an encryption dictionary: refused instead of exhausting the stack. */
const MAX_DEPTH = 32;

class Parser {
  readonly bytes: Buffer;
  pos: number;
  constructor(bytes: Buffer, start: number) {
    this.bytes = bytes;
    this.pos = start;
  }

  fail(what: string): never {
    throw new PdfFormatError(`${what} at byte ${this.pos}`);
  }

  skipSpace() {
    const { bytes } = this;
    while (this.pos < bytes.length) {
      const byte = bytes[this.pos] as number;
      if (WHITESPACE.has(byte)) this.pos += 1;
      else if (byte === 0x25) {
        // A comment runs to the end of the line.
        while (this.pos < bytes.length && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos += 1;
      } else break;
    }
  }

  /** A run of regular characters (a number, keyword or the body of a name). */
  regular(): string {
    const start = this.pos;
    while (this.pos < this.bytes.length) {
      const byte = this.bytes[this.pos] as number;
      if (WHITESPACE.has(byte) || DELIMITERS.has(byte)) break;
      this.pos += 1;
    }
    return this.bytes.toString('latin1', start, this.pos);
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) this.fail('objects nested too deeply');
    this.skipSpace();
    const { bytes } = this;
    const byte = bytes[this.pos];
    if (byte === undefined) this.fail('unexpected end of file');
    if (byte === 0x2f) {
      this.pos += 1;
      return {
        kind: 'name',
        value: this.regular().replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      };
    }
    if (byte === 0x28) return { kind: 'string', value: this.literalString() };
    if (byte === 0x3c && bytes[this.pos + 1] === 0x3c) return { kind: 'dict', value: this.dictionary(depth) };
    if (byte === 0x3c) return { kind: 'string', value: this.hexString() };
    if (byte === 0x5b) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (bytes[this.pos] === 0x5d) {
          this.pos += 1;
          return { kind: 'array', value: items };
        }
        items.push(this.value(depth + 1));
      }
    }
    const word = this.regular();
    if (word === '') this.fail('unexpected character');
    if (word === 'true' || word === 'false') return { kind: 'bool', value: word === 'true' };
    if (word === 'null') return { kind: 'null' };
    const number = Number(word);
    if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) || !Number.isFinite(number))
      this.fail(`unexpected "${word.slice(0, 20)}"`);
    // "num gen R" is a reference: look ahead without consuming anything else.
    if (/^\d+$/.test(word)) {
      const mark = this.pos;
      this.skipSpace();
      const generation = this.regular();
      if (/^\d+$/.test(generation)) {
        this.skipSpace();
        if (this.regular() === 'R') return { kind: 'ref', num: number, gen: Number(generation) };
      }
      this.pos = mark;
    }
    return { kind: 'number', value: number };
  }

  dictionary(depth = 0): Map<string, PdfValue> {
    this.skipSpace();
    if (this.bytes[this.pos] !== 0x3c || this.bytes[this.pos + 1] !== 0x3c) this.fail('expected a dictionary');
    this.pos += 2;
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipSpace();
      if (this.bytes[this.pos] === 0x3e && this.bytes[this.pos + 1] === 0x3e) {
        this.pos += 2;
        return entries;
      }
      const key = this.value(depth + 1);
      if (key.kind !== 'name') this.fail('expected a name as dictionary key');
      entries.set(key.value, this.value(depth + 1));
    }
  }

  /** ( … ) with balanced parentheses and the escapes of §7.3.4.2. */
  literalString(): Buffer {
    const { bytes } = this;
    const out: number[] = [];
    let depth = 0;
    this.pos += 1;
    for (;;) {
      const byte = bytes[this.pos++];
      if (byte === undefined) this.fail('unterminated string');
      if (byte === 0x28) depth += 1;
      else if (byte === 0x29) {
        if (depth === 0) return Buffer.from(out);
        depth -= 1;
      } else if (byte === 0x5c) {
        const next = bytes[this.pos++];
        if (next === undefined) this.fail('unterminated string');
        const simple: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c };
        if (next in simple) out.push(simple[next] as number);
        else if (next >= 0x30 && next <= 0x37) {
          // Up to three octal digits; the high-order overflow is ignored.
          let code = next - 0x30;
          for (let i = 0; i < 2 && (bytes[this.pos] ?? 0) >= 0x30 && (bytes[this.pos] ?? 0) <= 0x37; i += 1) {
            code = code * 8 + ((bytes[this.pos++] as number) - 0x30);
          }
          out.push(code & 0xff);
        } else if (next === 0x0d) {
          // A backslash at the end of a line continues the string without the line break.
          if (bytes[this.pos] === 0x0a) this.pos += 1;
        } else if (next !== 0x0a) out.push(next);
        continue;
      }
      out.push(byte);
    }
  }

  hexString(): Buffer {
    const end = this.bytes.indexOf(0x3e, this.pos);
    if (end < 0) this.fail('unterminated hex string');
    let hex = this.bytes.toString('latin1', this.pos + 1, end).replace(/[\0\t\n\f\r ]/g, '');
    if (!/^[0-9a-fA-F]*$/.test(hex)) this.fail('bad hex string');
    if (hex.length % 2) hex += '0';
    this.pos = end + 1;
    return Buffer.from(hex, 'hex');
  }
}

/** The dictionary of indirect object num gen (its latest definition, as incremental updates append). */
function indirectDictionary(bytes: Buffer, text: string, num: number, gen: number): Map<string, PdfValue> {
  const pattern = new RegExp(`(?<![0-9])${num}\\s+${gen}\\s+obj(?![A-Za-z0-9])`, 'g');
  let found = -1;
  for (const match of text.matchAll(pattern)) found = match.index + match[0].length;
  if (found < 0) throw new PdfFormatError(`object ${num} ${gen} not found`);
  return new Parser(bytes, found).dictionary();
}

/** The trailer dictionary of the cross-reference section at this offset: a table's or a stream's. */
function trailerAt(bytes: Buffer, text: string, offset: number): Map<string, PdfValue> | undefined {
  try {
    const head = /^\s*(xref\b|\d+\s+\d+\s+obj)/.exec(text.slice(offset, offset + 64));
    if (!head?.[1]) return undefined;
    if (head[1] === 'xref') {
      const keyword = text.indexOf('trailer', offset);
      return keyword < 0 ? undefined : new Parser(bytes, keyword + 'trailer'.length).dictionary();
    }
    return new Parser(bytes, offset + head[0].length).dictionary();
  } catch {
    return undefined;
  }
}

/**
 * The trailer dictionaries, newest first: the one startxref points at and those of earlier
 * revisions (/Prev). When startxref leads nowhere (a damaged file), every trailer and
 * cross-reference stream dictionary in the file, from the end.
 */
function* trailers(bytes: Buffer, text: string): Generator<Map<string, PdfValue>> {
  const startxref = /startxref\s+(\d+)\s*(?:%%EOF)?\s*$/.exec(text.slice(-1024));
  let dict = startxref ? trailerAt(bytes, text, Number(startxref[1])) : undefined;
  if (dict) {
    const seen = new Set<number>();
    while (dict) {
      yield dict;
      const prev = dict.get('Prev');
      if (prev?.kind !== 'number' || seen.has(prev.value) || seen.size >= 100) return;
      seen.add(prev.value);
      dict = trailerAt(bytes, text, prev.value);
    }
    return;
  }
  const starts: number[] = [];
  for (const match of text.matchAll(/trailer\s*<</g)) starts.push(match.index + 'trailer'.length);
  for (const match of text.matchAll(/\/Type\s*\/XRef\b/g)) {
    const obj = text.lastIndexOf('obj', match.index);
    if (obj >= 0 && match.index - obj < 4096) starts.push(obj + 3);
  }
  for (const at of starts.sort((a, b) => b - a)) {
    try {
      yield new Parser(bytes, at).dictionary();
    } catch {}
  }
}

const resolve = (bytes: Buffer, text: string, value: PdfValue | undefined): PdfValue | undefined =>
  value?.kind === 'ref' ? { kind: 'dict', value: indirectDictionary(bytes, text, value.num, value.gen) } : value;

function numberOf(dict: Map<string, PdfValue>, key: string, fallback: number): number {
  const value = dict.get(key);
  return value?.kind === 'number' ? value.value : fallback;
}

/**
 * The PDF's encryption, or null when it is not encrypted. Throws PdfFormatError when the trailer
 * names an encryption dictionary that cannot be read.
 */
export function readEncryption(input: Uint8Array): PdfEncryption | null {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const text = bytes.toString('latin1');
  for (const trailer of trailers(bytes, text)) {
    const entry = trailer.get('Encrypt');
    if (!entry || entry.kind === 'null') continue;
    const encrypt = resolve(bytes, text, entry);
    if (encrypt?.kind !== 'dict') throw new PdfFormatError('the encryption dictionary is not a dictionary');
    const dict = encrypt.value;
    const filter = dict.get('Filter');
    const v = numberOf(dict, 'V', 0);
    const r = numberOf(dict, 'R', 0);
    const string = (key: string) => {
      const value = dict.get(key);
      return value?.kind === 'string' ? value.value : Buffer.alloc(0);
    };
    let bits = numberOf(dict, 'Length', 40);
    // Version 4 states the key length in its crypt filter, in bytes or bits (§7.6.5).
    if (v === 4) {
      const filters = resolve(bytes, text, dict.get('CF'));
      const stream = dict.get('StmF');
      const cf =
        filters?.kind === 'dict' && stream?.kind === 'name'
          ? resolve(bytes, text, filters.value.get(stream.value))
          : undefined;
      const length = cf?.kind === 'dict' ? numberOf(cf.value, 'Length', 128) : 128;
      bits = length < 40 ? length * 8 : length;
    }
    const ids = trailer.get('ID');
    const first = ids?.kind === 'array' ? ids.value[0] : undefined;
    const metadata = dict.get('EncryptMetadata');
    return {
      filter: filter?.kind === 'name' ? filter.value : '',
      v,
      r,
      keyBytes: r === 2 ? 5 : Math.min(16, Math.max(5, Math.floor(bits / 8))),
      o: string('O'),
      u: string('U'),
      p: numberOf(dict, 'P', 0),
      encryptMetadata: metadata?.kind === 'bool' ? metadata.value : true,
      id: first?.kind === 'string' ? first.value : Buffer.alloc(0),
    };
  }
  return null;
}

/** Why this encryption cannot be checked here, or null when it can. */
export function unsupportedReason(encryption: PdfEncryption): string | null {
  if (encryption.filter !== 'Standard') return `security handler ${encryption.filter || '(none)'}`;
  if (![2, 3, 4, 5, 6].includes(encryption.r)) return `revision ${encryption.r}`;
  const needed = encryption.r >= 5 ? 48 : 32;
  if (encryption.o.length < needed || encryption.u.length < needed) return 'O or U entry too short';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Revisions 2 to 4: MD5 and RC4 (§7.6.3.3, Algorithms 2, 3, 4, 5, 6, 7).

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

const padded = (password: Buffer) => Buffer.concat([password.subarray(0, 32), PADDING]).subarray(0, 32);

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
function isUserPasswordLegacy(enc: PdfEncryption, paddedPassword: Buffer): boolean {
  const key = fileKey(enc, paddedPassword);
  if (enc.r === 2) return rc4(key, PADDING).equals(enc.u.subarray(0, 32));
  const expected = rc4Rounds(key, md5(PADDING, enc.id), 'up');
  return expected.equals(enc.u.subarray(0, 16));
}

/** Algorithm 7: the owner password decrypts O into the user password. */
function isOwnerPasswordLegacy(enc: PdfEncryption, password: Buffer): boolean {
  let hash = md5(padded(password));
  if (enc.r >= 3) for (let i = 0; i < 50; i += 1) hash = md5(hash);
  const key = hash.subarray(0, enc.keyBytes);
  const o = enc.o.subarray(0, 32);
  const userPassword = enc.r === 2 ? rc4(key, o) : rc4Rounds(key, o, 'down');
  return isUserPasswordLegacy(enc, userPassword);
}

// ---------------------------------------------------------------------------------------------
// Revisions 5 and 6: AES-256 with SHA-2 (ISO 32000-2 §7.6.4.3.3, Algorithms 2.A, 2.B, 11, 12).

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

function isPasswordAes256(enc: PdfEncryption, password: Buffer, as: 'user' | 'owner'): boolean {
  const u = enc.u.subarray(0, 48);
  const [stored, salt, extra] =
    as === 'user' ? [u, u.subarray(32, 40), Buffer.alloc(0)] : [enc.o, enc.o.subarray(32, 40), u];
  return hardenedHash(enc.r, password, salt, extra).equals(stored.subarray(0, 32));
}

// ---------------------------------------------------------------------------------------------

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
export function checkPdfPassword(bytes: Uint8Array, password: string): PdfPasswordCheck {
  let enc: PdfEncryption | null;
  try {
    enc = readEncryption(bytes);
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
