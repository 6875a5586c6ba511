/**
 * An uploaded PDF, read within a work budget. Uploads are hostile, so the work is bounded by the
 * file's size (issue 13): the file is scanned forward only, each scan once; every dictionary is read
 * within a window of MAX_SPAN bytes; at most MAX_SECTIONS trailers or cross-reference sections and
 * MAX_LOOKUPS indirect objects are read. Every byte examined is counted, and reading stops
 * (PdfFormatError) past workBudget(size), so even a shape nobody thought of cannot make the work
 * grow faster than the file.
 */
import { isDigit, isWordByte, Parser, PdfFormatError, type PdfValue, WHITESPACE } from './objects.ts';

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

/** The file and the work done on it so far. */
export class PdfFile {
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
