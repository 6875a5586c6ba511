import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkPdfPassword, rc4, readEncryption } from '../../src/server/storage/pdfPassword.ts';

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
