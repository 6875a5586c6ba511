/**
 * The encryption dictionary a PDF's trailer names (ISO 32000-1 §7.6.1, §7.6.3.2), read without
 * decrypting anything.
 */
import { PdfFile, type PdfWork } from './file.ts';
import { PdfFormatError, type PdfValue } from './objects.ts';
import { trailers } from './trailer.ts';

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
    // Version 4 states the key length in its crypt filter, in bytes or bits (ISO 32000-1 §7.6.5).
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
