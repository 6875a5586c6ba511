/**
 * Whether a password opens an encrypted PDF, by the PDF's own Standard security handler
 * (ISO 32000-1 §7.6.3, ISO 32000-2 §7.6.4), with node:crypto only: RC4 40 to 128 bit and AES-128
 * (revisions 2 to 4, MD5 key derivation) and AES-256 (revisions 5 and 6, SHA-2). Only the trailer,
 * the encryption dictionary and the file identifier are read; nothing is decrypted, and the
 * password is never kept. Runs in the upload check workers (pdfCheckPool.ts), never on a request's thread.
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
//
// Uploads are hostile, so the work is bounded by the file's size (issue 13): the file is scanned
// forward only, each scan once; every dictionary is read within a window of MAX_SPAN bytes; at most
// MAX_SECTIONS trailers or cross-reference sections and MAX_LOOKUPS indirect objects are read. Every
// byte examined is counted, and reading stops (PdfFormatError) past workBudget(size), so even a
// shape nobody thought of cannot make the work grow faster than the file.

/** Bytes examined reading one file: the bound the tests check, and the budget enforced. */
export interface PdfWork {
  bytes: number;
}

/** Bytes one dictionary may span: trailers and encryption dictionaries are a few hundred. */
export const MAX_SPAN = 32 * 1024;
/** Trailers or cross-reference sections read (a /Prev chain, or candidates in a damaged file). */
export const MAX_SECTIONS = 32;
/** Indirect objects looked up (the encryption dictionary and its crypt filters). */
export const MAX_LOOKUPS = 4;
/**
 * The most bytes reading a file of this size may examine: three forward scans (trailer keywords;
 * "/XRef" and "obj" in step), two per object lookup (forward to each "obj", back over the gap
 * before it), and each
 * dictionary read at most three times over its window (a number is read again when it is not a reference).
 */
export const workBudget = (size: number) =>
  (3 + 2 * MAX_LOOKUPS) * size + (2 * MAX_SECTIONS + MAX_LOOKUPS) * 3 * MAX_SPAN + 4096;

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
const isWordByte = (byte: number | undefined) =>
  byte !== undefined &&
  ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f);
const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
/** Nesting deeper than this is not an encryption dictionary: refused instead of exhausting the stack. */
const MAX_DEPTH = 32;

/** The file and the work done on it so far. */
class PdfFile {
  readonly bytes: Buffer;
  readonly work: PdfWork;
  readonly budget: number;
  lookups = 0;
  #trailerKeywords: number[] | undefined;

  constructor(bytes: Buffer, work: PdfWork) {
    this.bytes = bytes;
    this.work = work;
    this.budget = workBudget(bytes.length);
  }

  charge(bytes: number) {
    this.work.bytes += bytes;
    if (this.work.bytes > this.budget) throw new PdfFormatError('too much work for the file size');
  }

  /** Where `token` next occurs from `from` (or -1), counting the bytes passed over. */
  find(token: string, from: number): number {
    const at = this.bytes.indexOf(token, from, 'latin1');
    this.charge((at < 0 ? this.bytes.length : at + token.length) - from);
    return at;
  }

  /** Every "trailer" keyword's end, in order: one forward scan, done once. */
  trailerKeywords(): number[] {
    if (!this.#trailerKeywords) {
      const found: number[] = [];
      for (let at = this.find('trailer', 0); at >= 0; at = this.find('trailer', at + 7)) found.push(at + 7);
      this.#trailerKeywords = found;
    }
    return this.#trailerKeywords;
  }

  /** The first "trailer" keyword's end at or after `offset` (binary search, no scan). */
  trailerKeywordAfter(offset: number): number | undefined {
    const keywords = this.trailerKeywords();
    let low = 0;
    let high = keywords.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((keywords[middle] as number) - 7 < offset) low = middle + 1;
      else high = middle;
    }
    return keywords[low];
  }

  /** The dictionary at `at`, read within MAX_SPAN bytes. */
  dictionaryAt(at: number): Map<string, PdfValue> {
    const parser = new Parser(this.bytes, at, Math.min(this.bytes.length, at + MAX_SPAN));
    try {
      return parser.dictionary();
    } finally {
      this.charge(parser.steps);
    }
  }

  /**
   * Where the latest definition of object num gen starts its value (incremental updates append):
   * one forward scan over the "obj" keywords, each checked backwards over the gap since the previous one.
   */
  objectStart(num: number, gen: number): number {
    this.lookups += 1;
    if (this.lookups > MAX_LOOKUPS) throw new PdfFormatError('too many indirect objects');
    let found = -1;
    for (let at = this.find('obj', 0); at >= 0; at = this.find('obj', at + 3)) {
      if (!isWordByte(this.bytes[at + 3]) && this.#definedBefore(at, String(num), String(gen))) found = at + 3;
    }
    if (found < 0) throw new PdfFormatError(`object ${num} ${gen} not found`);
    return found;
  }

  /**
   * Whether "num gen " ends just before `at`, after a non-digit or at the file's start. The walk
   * back crosses only white space and the two numbers, so never the previous "obj".
   */
  #definedBefore(at: number, num: string, gen: string): boolean {
    const { bytes } = this;
    let pos = at;
    const space = () => {
      const start = pos;
      while (pos > 0 && WHITESPACE.has(bytes[pos - 1] as number)) pos -= 1;
      return pos < start;
    };
    const word = (text: string) => {
      if (pos < text.length || bytes.toString('latin1', pos - text.length, pos) !== text) return false;
      pos -= text.length;
      return true;
    };
    try {
      return space() && word(gen) && space() && word(num) && (pos === 0 || !isDigit(bytes[pos - 1]));
    } finally {
      this.charge(at - pos + num.length + 1);
    }
  }
}

class Parser {
  readonly bytes: Buffer;
  readonly end: number;
  pos: number;
  /** Bytes examined, for the file's work budget. */
  steps = 0;
  constructor(bytes: Buffer, start: number, end: number) {
    this.bytes = bytes;
    this.pos = start;
    this.end = end;
  }

  fail(what: string): never {
    throw new PdfFormatError(`${what} at byte ${this.pos}`);
  }

  /** The byte at the read position, or undefined at the end of the window. */
  peek(offset = 0): number | undefined {
    return this.pos + offset < this.end ? this.bytes[this.pos + offset] : undefined;
  }

  skipSpace() {
    const start = this.pos;
    const { bytes, end } = this;
    while (this.pos < end) {
      const byte = bytes[this.pos] as number;
      if (WHITESPACE.has(byte)) this.pos += 1;
      else if (byte === 0x25) {
        // A comment runs to the end of the line.
        while (this.pos < end && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos += 1;
      } else break;
    }
    this.steps += this.pos - start;
  }

  /** A run of regular characters (a number, keyword or the body of a name). */
  regular(): string {
    const start = this.pos;
    while (this.pos < this.end) {
      const byte = this.bytes[this.pos] as number;
      if (WHITESPACE.has(byte) || DELIMITERS.has(byte)) break;
      this.pos += 1;
    }
    this.steps += this.pos - start;
    return this.bytes.toString('latin1', start, this.pos);
  }

  value(depth = 0): PdfValue {
    if (depth > MAX_DEPTH) this.fail('objects nested too deeply');
    this.skipSpace();
    const byte = this.peek();
    if (byte === undefined) this.fail('unexpected end of file');
    if (byte === 0x2f) {
      this.pos += 1;
      return {
        kind: 'name',
        value: this.regular().replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      };
    }
    if (byte === 0x28) return { kind: 'string', value: this.literalString() };
    if (byte === 0x3c && this.peek(1) === 0x3c) return { kind: 'dict', value: this.dictionary(depth) };
    if (byte === 0x3c) return { kind: 'string', value: this.hexString() };
    if (byte === 0x5b) {
      this.pos += 1;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (this.peek() === 0x5d) {
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
    if (this.peek() !== 0x3c || this.peek(1) !== 0x3c) this.fail('expected a dictionary');
    this.pos += 2;
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipSpace();
      if (this.peek() === 0x3e && this.peek(1) === 0x3e) {
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
    const { bytes, end } = this;
    const start = this.pos;
    const out: number[] = [];
    let depth = 0;
    this.pos += 1;
    try {
      for (;;) {
        if (this.pos >= end) this.fail('unterminated string');
        const byte = bytes[this.pos++] as number;
        if (byte === 0x28) depth += 1;
        else if (byte === 0x29) {
          if (depth === 0) return Buffer.from(out);
          depth -= 1;
        } else if (byte === 0x5c) {
          if (this.pos >= end) this.fail('unterminated string');
          const next = bytes[this.pos++] as number;
          const simple: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 98: 0x08, 102: 0x0c };
          if (next in simple) out.push(simple[next] as number);
          else if (next >= 0x30 && next <= 0x37) {
            // Up to three octal digits; the high-order overflow is ignored.
            let code = next - 0x30;
            for (
              let i = 0;
              i < 2 && this.pos < end && (bytes[this.pos] as number) >= 0x30 && (bytes[this.pos] as number) <= 0x37;
              i += 1
            ) {
              code = code * 8 + ((bytes[this.pos++] as number) - 0x30);
            }
            out.push(code & 0xff);
          } else if (next === 0x0d) {
            // A backslash at the end of a line continues the string without the line break.
            if (this.peek() === 0x0a) this.pos += 1;
          } else if (next !== 0x0a) out.push(next);
          continue;
        }
        out.push(byte);
      }
    } finally {
      this.steps += this.pos - start;
    }
  }

  hexString(): Buffer {
    const close = this.bytes.subarray(this.pos, this.end).indexOf(0x3e);
    this.steps += close < 0 ? this.end - this.pos : close + 1;
    if (close < 0) this.fail('unterminated hex string');
    const end = this.pos + close;
    let hex = this.bytes.toString('latin1', this.pos + 1, end).replace(/[\0\t\n\f\r ]/g, '');
    if (!/^[0-9a-fA-F]*$/.test(hex)) this.fail('bad hex string');
    if (hex.length % 2) hex += '0';
    this.pos = end + 1;
    return Buffer.from(hex, 'hex');
  }
}

/** The trailer dictionary of the cross-reference section at this offset: a table's or a stream's. */
function sectionAt(file: PdfFile, offset: number): Map<string, PdfValue> | undefined {
  if (!Number.isSafeInteger(offset) || offset < 0 || offset >= file.bytes.length) return undefined;
  try {
    file.charge(64);
    const head = /^\s*(xref\b|\d+\s+\d+\s+obj)/.exec(file.bytes.toString('latin1', offset, offset + 64));
    if (!head?.[1]) return undefined;
    if (head[1] === 'xref') {
      const keyword = file.trailerKeywordAfter(offset);
      return keyword === undefined ? undefined : file.dictionaryAt(keyword);
    }
    return file.dictionaryAt(offset + head[0].length);
  } catch (error) {
    if (error instanceof PdfFormatError && error.message.startsWith('too much work')) throw error;
    return undefined;
  }
}

/**
 * Where a damaged file's trailers may start, newest first: after each "trailer" keyword, and at
 * each "obj" that opens a cross-reference stream (a "/Type /XRef" within 4096 bytes after it).
 * "/XRef" and "obj" are found by two forward scans advanced in step, so nothing is searched twice.
 */
function candidateSections(file: PdfFile): number[] {
  const { bytes } = file;
  const streams: number[] = [];
  let lastObj = -1;
  let nextObj = file.find('obj', 0);
  for (let at = file.find('/XRef', 0); at >= 0; at = file.find('/XRef', at + 5)) {
    while (nextObj >= 0 && nextObj < at) {
      lastObj = nextObj;
      nextObj = file.find('obj', nextObj + 3);
    }
    if (isWordByte(bytes[at + 5])) continue;
    // "/Type", then optional white space, just before.
    let before = at;
    while (before > 0 && at - before < 32 && WHITESPACE.has(bytes[before - 1] as number)) before -= 1;
    file.charge(at - before + 5);
    if (before < 5 || bytes.toString('latin1', before - 5, before) !== '/Type') continue;
    if (lastObj >= 0 && at - lastObj < 4096 && streams.at(-1) !== lastObj + 3) streams.push(lastObj + 3);
  }
  // Both lists are in file order: only their newest ends are sorted together.
  const starts = [...file.trailerKeywords().slice(-MAX_SECTIONS), ...streams.slice(-MAX_SECTIONS)];
  return [...new Set(starts)].sort((a, b) => b - a).slice(0, MAX_SECTIONS);
}

/**
 * The trailer dictionaries, newest first: the one startxref points at and those of earlier
 * revisions (/Prev), at most MAX_SECTIONS. When startxref leads nowhere (a damaged file), the
 * newest MAX_SECTIONS trailers and cross-reference stream dictionaries in the file.
 */
function* trailers(file: PdfFile): Generator<Map<string, PdfValue>> {
  const tailStart = Math.max(0, file.bytes.length - 1024);
  file.charge(file.bytes.length - tailStart);
  const startxref = /startxref\s+(\d+)\s*(?:%%EOF)?\s*$/.exec(file.bytes.toString('latin1', tailStart));
  let dict = startxref ? sectionAt(file, Number(startxref[1])) : undefined;
  if (dict) {
    const seen = new Set<number>();
    while (dict) {
      yield dict;
      const prev = dict.get('Prev');
      if (prev?.kind !== 'number' || seen.has(prev.value) || seen.size + 1 >= MAX_SECTIONS) return;
      seen.add(prev.value);
      dict = sectionAt(file, prev.value);
    }
    return;
  }
  for (const at of candidateSections(file)) {
    try {
      yield file.dictionaryAt(at);
    } catch (error) {
      if (error instanceof PdfFormatError && error.message.startsWith('too much work')) throw error;
    }
  }
}

const resolve = (file: PdfFile, value: PdfValue | undefined): PdfValue | undefined =>
  value?.kind === 'ref' ? { kind: 'dict', value: file.dictionaryAt(file.objectStart(value.num, value.gen)) } : value;

function numberOf(dict: Map<string, PdfValue>, key: string, fallback: number): number {
  const value = dict.get(key);
  return value?.kind === 'number' ? value.value : fallback;
}

/**
 * The PDF's encryption, or null when it is not encrypted. Throws PdfFormatError when the trailer
 * names an encryption dictionary that cannot be read, or the file takes more work than its size
 * allows. `work` receives the bytes examined.
 */
export function readEncryption(input: Uint8Array, work: PdfWork = { bytes: 0 }): PdfEncryption | null {
  const file = new PdfFile(Buffer.from(input.buffer, input.byteOffset, input.byteLength), work);
  for (const trailer of trailers(file)) {
    const entry = trailer.get('Encrypt');
    if (!entry || entry.kind === 'null') continue;
    const encrypt = resolve(file, entry);
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
      const filters = resolve(file, dict.get('CF'));
      const stream = dict.get('StmF');
      const cf =
        filters?.kind === 'dict' && stream?.kind === 'name'
          ? resolve(file, filters.value.get(stream.value))
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
