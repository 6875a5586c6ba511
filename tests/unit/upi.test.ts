import { describe, expect, it } from 'vitest';
import { upiPayUri } from '../../src/lib/upi.ts';

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
