import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { qrPath, upiPayUri, upiQrPath, upiQrSvg } from '../../src/lib/upi.ts';

describe('upiPayUri', () => {
  it('builds a upi://pay link with the payee, name, currency and note', () => {
    expect(
      upiPayUri({
        upiId: 'koshfinvest.aravali@exampleupi',
        name: 'Kosh Finvest Private Limited',
        note: 'Loan repayment',
      }),
    ).toBe(
      'upi://pay?pa=koshfinvest.aravali%40exampleupi&pn=Kosh%20Finvest%20Private%20Limited&cu=INR&tn=Loan%20repayment',
    );
  });

  it('leaves out tn when there is no note', () => {
    const uri = upiPayUri({ upiId: 'someone@bank', name: 'Someone' });
    expect(uri).toBe('upi://pay?pa=someone%40bank&pn=Someone&cu=INR');
    expect(uri).not.toContain('tn=');
    expect(upiPayUri({ upiId: 'someone@bank', name: 'Someone', note: '' })).not.toContain('tn=');
  });

  it('encodes characters that would otherwise break the query', () => {
    const uri = upiPayUri({ upiId: 'a.b@c', name: 'A & B = C?', note: 'Loan #42 / part 1+2' });
    const params = new URLSearchParams(uri.slice(uri.indexOf('?') + 1));
    expect([...params.keys()]).toEqual(['pa', 'pn', 'cu', 'tn']);
    expect(params.get('pa')).toBe('a.b@c');
    expect(params.get('pn')).toBe('A & B = C?');
    expect(params.get('tn')).toBe('Loan #42 / part 1+2');
    expect(params.get('cu')).toBe('INR');
    expect(uri).not.toMatch(/[ #]/);
    expect(uri.match(/&/g)).toHaveLength(3);
  });

  it('encodes non-ASCII names', () => {
    const uri = upiPayUri({ upiId: 'x@y', name: 'कोष' });
    expect(uri).toBe(`upi://pay?pa=x%40y&pn=${encodeURIComponent('कोष')}&cu=INR`);
    expect(uri).toMatch(/^[\x21-\x7e]+$/);
  });
});

describe('qrPath', () => {
  /** Reads the path back into modules, so the test checks what a scanner would see. */
  function modulesOf(path: string, size: number): boolean[][] {
    const modules = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let i = 0; i < Number(run); i += 1) (modules[Number(y)] as boolean[])[Number(x) + i] = true;
    }
    return modules;
  }

  it('draws exactly the dark modules of a real UPI code, one run per stretch of dark modules', () => {
    const qr = encode(upiPayUri({ upiId: 'koshfinvest.aravali@exampleupi', name: 'Kosh Finvest' }), { ecc: 'M' });
    const path = qrPath(qr.data);
    expect(modulesOf(path, qr.size)).toEqual(qr.data);
    expect(path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    const runs = qr.data.flatMap((row) => row.map((dark, x) => dark && !row[x - 1])).filter(Boolean).length;
    expect(path.match(/M/g)).toHaveLength(runs);
  });

  it('draws nothing for a light row and one run for a dark one', () => {
    expect(qrPath([[false, false, false]])).toBe('');
    expect(qrPath([[true, true, true]])).toBe('M0 0h3v1h-3z');
    expect(qrPath([[true, false, true]])).toBe('M0 0h1v1h-1zM2 0h1v1h-1z');
  });
});

describe('upiQrSvg', () => {
  const payee = { upiId: 'koshfinvest.aravali@exampleupi', name: 'Kosh Finvest', note: 'Loan repayment' };

  it("is a square SVG of the payee's UPI link: white ground, a 2-module light border, the dark modules drawn", () => {
    const svg = upiQrSvg(payee);
    const qr = encode(upiPayUri(payee), { ecc: 'M', border: 2 });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
    expect(svg).toContain(`viewBox="0 0 ${qr.size} ${qr.size}"`);
    expect(svg).toContain(`<rect fill="white" width="${qr.size}" height="${qr.size}"/>`);
    expect(svg).toContain(`<path fill="black" d="${qrPath(qr.data)}"/>`);
    // The quiet zone a scanner needs: the outer two rows and columns are light.
    const edge = [0, 1, qr.size - 2, qr.size - 1];
    expect(qr.data.filter((_, y) => edge.includes(y)).flat()).not.toContain(true);
    expect(qr.data.flatMap((row) => edge.map((x) => row[x]))).not.toContain(true);
  });

  it('differs from payee to payee, and is served under the UPI id', () => {
    expect(upiQrSvg(payee)).not.toBe(upiQrSvg({ ...payee, upiId: 'koshfinvest.kurukshetra@exampleupi' }));
    expect(upiQrPath(payee.upiId)).toBe('/upi-qr/koshfinvest.aravali@exampleupi.svg');
  });
});
