/**
 * Reading PDF objects: enough of the syntax (ISO 32000-1 §7.3) for the dictionaries of the trailer
 * and the encryption. The parser reads within a window and counts the bytes it examines, for the
 * file's work budget (file.ts).
 */

/** The file could not be read as a PDF far enough to find its encryption. */
export class PdfFormatError extends Error {}

export type PdfValue =
  | { kind: 'name'; value: string }
  | { kind: 'string'; value: Buffer }
  | { kind: 'number'; value: number }
  | { kind: 'bool'; value: boolean }
  | { kind: 'null' }
  | { kind: 'ref'; num: number; gen: number }
  | { kind: 'array'; value: PdfValue[] }
  | { kind: 'dict'; value: Map<string, PdfValue> };

export const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
export const isWordByte = (byte: number | undefined) =>
  byte !== undefined &&
  ((byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === 0x5f);
export const isDigit = (byte: number | undefined) => byte !== undefined && byte >= 0x30 && byte <= 0x39;
/** Nesting deeper than this is not an encryption dictionary: refused instead of exhausting the stack. */
const MAX_DEPTH = 32;

export class Parser {
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

  /** ( … ) with balanced parentheses and the escapes of ISO 32000-1 §7.3.4.2. */
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
