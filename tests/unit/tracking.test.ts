import { describe, expect, it } from 'vitest';
import { UTM_KEYS as fromSchemas } from '../../src/lib/schemas/signIn.ts';
import { trackingParameters, UTM_KEYS } from '../../src/lib/tracking.ts';

describe('tracking parameters (product.md §3)', () => {
  it('reads the five UTM parameters from the address, decoded', () => {
    expect(
      trackingParameters('?utm_source=google&utm_medium=cpc&utm_campaign=diwali%20sale&utm_term=loan&utm_content=a'),
    ).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'diwali sale',
      utm_term: 'loan',
      utm_content: 'a',
    });
  });

  it('gives an empty string for each one absent, and ignores everything else', () => {
    expect(trackingParameters('?gclid=x&utm_source=fb')).toEqual({
      utm_source: 'fb',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
    });
    expect(trackingParameters('')).toEqual(Object.fromEntries(UTM_KEYS.map((key) => [key, ''])));
  });

  it('is the same list the sign-in schemas use', () => {
    expect(fromSchemas).toBe(UTM_KEYS);
  });
});
