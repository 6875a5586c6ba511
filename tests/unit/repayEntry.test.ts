import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPanPrefix, nextOtp, nextPan } from '../../src/islands/RepayStepper/entry.ts';
import { payuOrderFrom } from '../../src/islands/shared/payment/payu.ts';
import { PAN_PATTERN } from '../../src/lib/schemas/fields.ts';

describe('the PAN field', () => {
  it.each(['', 'A', 'ABCDE', 'ABCDE1', 'ABCDE1234', 'ABCDE1234F'])('%j can still become a PAN', (text) => {
    expect(isPanPrefix(text)).toBe(true);
  });

  it.each(['1', 'a', 'ABCD1', 'ABCDEF', 'ABCDE12A', 'ABCDE1234F1', 'ABCDE12345', 'ABCDE1234FG', 'ABC E'])(
    '%j cannot',
    (text) => {
      expect(isPanPrefix(text)).toBe(false);
    },
  );

  it('every prefix of a valid PAN is accepted, and a 10-character entry is a valid PAN', () => {
    const pan = fc
      .tuple(
        fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), minLength: 5, maxLength: 5 }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 4, maxLength: 4 }),
        fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(pan, (full) => {
        expect(PAN_PATTERN.test(full)).toBe(true);
        for (let end = 0; end <= full.length; end += 1) expect(isPanPrefix(full.slice(0, end))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        if (isPanPrefix(text) && text.length === 10) expect(PAN_PATTERN.test(text)).toBe(true);
      }),
    );
  });

  it('is upper-cased as typed and keeps its last valid value otherwise', () => {
    expect(nextPan('', 'abc')).toBe('ABC');
    expect(nextPan('ABCDE', 'ABCDEF')).toBe('ABCDE');
    expect(nextPan('', '1')).toBe('');
    expect(nextPan('ABC', 'abcde1234f')).toBe('ABCDE1234F');
  });
});

describe('the OTP field', () => {
  it('takes digits only, at most 4', () => {
    expect(nextOtp('', '12')).toBe('12');
    expect(nextOtp('12', '12a')).toBe('12');
    expect(nextOtp('1234', '12345')).toBe('1234');
    expect(nextOtp('12', '')).toBe('');
  });
});

describe('a PayU order reply', () => {
  const parameters = { key: 'k', txnid: 't', amount: '500.00', hash: 'h', productinfo: 'p' };
  it('is read from data (or Data) when it has the address and the hashed parameters', () => {
    expect(payuOrderFrom({ data: { parameters, payment_url: 'https://test.payu.in/_payment' } })).toEqual({
      parameters,
      payment_url: 'https://test.payu.in/_payment',
    });
    expect(payuOrderFrom({ Data: { parameters, payment_url: 'http://127.0.0.1:1/_payment' } })).not.toBeNull();
  });

  it.each([
    [{}],
    [{ data: { parameters } }],
    [{ data: { parameters, payment_url: 'javascript:alert(1)' } }],
    [{ data: { parameters: { ...parameters, hash: '' }, payment_url: 'https://test.payu.in/_payment' } }],
    [{ data: { parameters: { ...parameters, amount: 5 }, payment_url: 'https://test.payu.in/_payment' } }],
  ])('is refused when unusable: %j', (reply) => {
    expect(payuOrderFrom(reply)).toBeNull();
  });
});
