import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readEncryption } from '../../src/server/storage/pdf/encryption.ts';
import { MAX_SECTIONS, type PdfWork, workBudget } from '../../src/server/storage/pdf/file.ts';
import { rc4 } from '../../src/server/storage/pdf/rc4md5.ts';
import { checkPdfPassword } from '../../src/server/storage/pdfPassword.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/pdf/${name}`, import.meta.url));

const ENCRYPTED = [
  ['rc4-40-r2.pdf', 2],
  ['rc4-128-r3.pdf', 3],
  ['aes-128-r4.pdf', 4],
  ['aes-256-r5.pdf', 5],
  ['aes-256-r6.pdf', 6],
] as const;

describe('PDF password check', () => {
  it('RC4 matches the published test vector', () => {
    // "Key" / "Plaintext" from the RC4 article's test vectors.
    expect(rc4(Buffer.from('Key'), Buffer.from('Plaintext')).toString('hex')).toBe('bbf316e8d940af0ad3');
  });

  it('reads no encryption from a plain PDF', () => {
    expect(readEncryption(fixture('plain.pdf'))).toBeNull();
    expect(checkPdfPassword(fixture('plain.pdf'), 'anything')).toEqual({ result: 'not_encrypted' });
  });

  it.each(ENCRYPTED)('%s: the user and the owner password open it, nothing else does', (name, revision) => {
    const bytes = fixture(name);
    expect(readEncryption(bytes)).toMatchObject({ filter: 'Standard', r: revision });
    expect(checkPdfPassword(bytes, `kosh-user-r${revision}`)).toEqual({ result: 'accepted', as: 'user' });
    expect(checkPdfPassword(bytes, `kosh-owner-r${revision}`)).toEqual({ result: 'accepted', as: 'owner' });
    for (const wrong of ['', 'N/A', `kosh-user-r${revision}x`, `KOSH-USER-R${revision}`, 'kosh-user']) {
      expect(checkPdfPassword(bytes, wrong), wrong).toEqual({ result: 'wrong_password' });
    }
  });

  it('a PDF with an empty user password opens without one', () => {
    expect(checkPdfPassword(fixture('owner-only-r6.pdf'), '')).toEqual({ result: 'opens_without_password' });
  });

  it('key lengths and the encryption dictionary are read from classic trailers and cross-reference streams', () => {
    expect(readEncryption(fixture('rc4-40-r2.pdf'))).toMatchObject({ keyBytes: 5, p: -4 });
    expect(readEncryption(fixture('rc4-128-r3.pdf'))).toMatchObject({ keyBytes: 16 });
    expect(readEncryption(fixture('aes-128-r4.pdf'))).toMatchObject({ v: 4, keyBytes: 16 });
    expect(fixture('aes-256-r6.pdf').includes('/XRef')).toBe(true);
    expect(readEncryption(fixture('aes-256-r6.pdf'))?.id.length).toBe(16);
  });

  it('finds the encryption when startxref is wrong, and refuses other handlers and broken dictionaries', () => {
    const damaged = Buffer.from(
      fixture('rc4-128-r3.pdf')
        .toString('latin1')
        .replace(/startxref\s+\d+/, 'startxref\n7'),
      'latin1',
    );
    expect(checkPdfPassword(damaged, 'kosh-user-r3')).toEqual({ result: 'accepted', as: 'user' });
    const publicKey = Buffer.from(
      '%PDF-1.7\n1 0 obj<</Filter/Adobe.PubSec/V 4/R 4/SubFilter/adbe.pkcs7.s5>>endobj\ntrailer<</Root 2 0 R/Encrypt 1 0 R>>\n%%EOF\n',
    );
    expect(checkPdfPassword(publicKey, 'x')).toMatchObject({ result: 'unsupported' });
    const missing = Buffer.from('%PDF-1.4\ntrailer<</Encrypt 5 0 R>>\n%%EOF');
    expect(checkPdfPassword(missing, 'x')).toEqual({ result: 'unreadable' });
    const literal = Buffer.from(
      `%PDF-1.4\n1 0 obj<</Filter/Standard/V 2/R 3/Length 128/O (a\\)b\\051\\n(nested)) /U <41 4>/P -4>>endobj\ntrailer<</Encrypt 1 0 R/ID[<00>(x)]>>\n%%EOF`,
    );
    const read = readEncryption(literal);
    expect(read?.o.toString('latin1')).toBe('a)b)\n(nested)');
    expect(read?.u.toString('hex')).toBe('4140');
    expect(checkPdfPassword(literal, 'x')).toMatchObject({ result: 'unsupported', reason: 'O or U entry too short' });
  });
});

/** A file of `size` bytes or a little more: a PDF header, then `unit` over and over. */
const repeated = (unit: string, size: number, tail = '') =>
  Buffer.from(`%PDF-1.7\n${unit.repeat(Math.ceil(size / unit.length))}${tail}`, 'latin1');

/**
 * Classic cross-reference sections chained by /Prev, newest last; `prevOfFirst` lets the oldest
 * point back into the chain (a loop). startxref names the newest.
 */
function prevChain(sections: number, prevOfFirst?: (offsets: number[]) => number) {
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let i = 0; i < sections; i += 1) {
    offsets.push(text.length);
    const prev = i === 0 ? '' : `/Prev ${offsets[i - 1]}`;
    text += `xref\n0 1\n0000000000 65535 f \ntrailer<</Size 1${prev}${i === 0 ? '/Prev PREV_OF_FIRST' : ''}>>\n`;
  }
  text = text.replace('PREV_OF_FIRST', String(prevOfFirst?.(offsets) ?? 0).padStart(10, '0'));
  return Buffer.from(`${text}startxref\n${offsets.at(-1)}\n%%EOF\n`, 'latin1');
}

// Issue 13: shapes whose work grew with the square of the size took seconds for 50 KB and held the
// server. The work is counted (bytes examined), never timed; the old code had no count, and the
// 200 KB string shape alone took about 45 s there (the test's time limit stops it first).
describe('PDF reading stays within work linear in the file size', () => {
  const shapes: [string, Buffer][] = [
    [
      '200 KB of "trailer<</A(" (each trailer a string running to the end), no startxref',
      repeated('trailer<</A(', 200_000),
    ],
    ['1 MB of "trailer<<" without startxref', repeated('trailer<<', 1_000_000)],
    ['1 MB of "trailer<</A<" (unterminated hex strings)', repeated('trailer<</A<', 1_000_000)],
    ['1 MB of "/Type/XRef" without any "obj"', repeated('/Type/XRef ', 1_000_000)],
    [
      '1 MB of "/Type /XRef" each after an "obj" with a string to the end',
      repeated('1 0 obj<</Type /XRef/A(', 1_000_000),
    ],
    [
      '1 MB of object headers, the encryption dictionary a reference to look up',
      repeated('1 0 obj 2 0 obj ', 1_000_000, 'trailer<</Encrypt 1 0 R>>\n%%EOF'),
    ],
    ['1 MB of white space before "obj"', repeated(' ', 1_000_000, '1 0 obj<<>>\ntrailer<</Encrypt 1 0 R>>')],
    ['10 000 cross-reference sections chained by /Prev', prevChain(10_000)],
    ['a /Prev loop back to the newest section', prevChain(1_000, (offsets) => offsets.at(-1) as number)],
  ];

  it.each(shapes)('%s', (_, bytes) => {
    const work: PdfWork = { bytes: 0 };
    const check = checkPdfPassword(bytes, 'x', work);
    // Within the linear bound, so never refused by the budget (which refuses only once the count passes it).
    expect(['not_encrypted', 'unsupported', 'unreadable']).toContain(check.result);
    expect(work.bytes).toBeGreaterThan(0);
    expect(work.bytes).toBeLessThanOrEqual(workBudget(bytes.length));
  });

  it('the shapes that are not damaged are read as before, the budget never reached', () => {
    for (const bytes of [repeated('trailer<</A(', 200_000), prevChain(10_000)]) {
      const work: PdfWork = { bytes: 0 };
      expect(checkPdfPassword(bytes, 'x', work)).toEqual({ result: 'not_encrypted' });
      expect(work.bytes).toBeLessThan(workBudget(bytes.length));
    }
  });

  it('a /Prev chain is followed only MAX_SECTIONS deep: an /Encrypt further back is not looked for', () => {
    const chain = prevChain(MAX_SECTIONS + 5)
      .toString('latin1')
      .replace('<</Size 1/Prev', '<</Size 1/Encrypt 9 0 R/Prev');
    expect(checkPdfPassword(Buffer.from(chain, 'latin1'), 'x')).toEqual({ result: 'not_encrypted' });
    const near = prevChain(MAX_SECTIONS).toString('latin1').replace('<</Size 1/Prev', '<</Size 1/Encrypt 9 0 R/Prev');
    // Within reach the missing object 9 makes the file unreadable, as before.
    expect(checkPdfPassword(Buffer.from(near, 'latin1'), 'x')).toEqual({ result: 'unreadable' });
  });

  it('the work on the real fixtures is a few times their size', () => {
    for (const [name] of ENCRYPTED) {
      const bytes = fixture(name);
      const work: PdfWork = { bytes: 0 };
      readEncryption(bytes, work);
      expect(work.bytes, name).toBeLessThanOrEqual(workBudget(bytes.length));
    }
  });
});
