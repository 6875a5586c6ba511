import { describe, expect, it } from 'vitest';
import { returnAddress, signInReturningTo } from '../../src/lib/session.ts';

const ORIGIN = 'https://www.koshcredit.example';
const returnedFor = (next: string) => returnAddress(`?${new URLSearchParams({ next })}`, ORIGIN);

describe('the address sign-in returns to (src/lib/session.ts)', () => {
  it('is the dashboard address a link named, with its query and fragment', () => {
    const here = '/my-dashboard/lead-preview?lead_id=42#key-fact-statement';
    expect(returnAddress(new URL(signInReturningTo('/apply-now', here), ORIGIN).search, ORIGIN)).toBe(here);
    expect(returnedFor('/my-dashboard/details?lead_id=7')).toBe('/my-dashboard/details?lead_id=7');
  });

  it.each([
    ['another site', 'https://evil.example/my-dashboard/'],
    ['a protocol-relative address', '//evil.example/my-dashboard/'],
    ['a page outside the dashboard', '/repayloan'],
    ['a path that climbs out of the dashboard', '/my-dashboard/../repayloan'],
    ['a path that becomes another host', '/my-dashboard/..//evil.example/'],
    ['a script', 'javascript:alert(1)'],
    ['nothing', ''],
  ])('is nothing for %s', (_, next) => {
    expect(returnedFor(next)).toBeNull();
  });

  it('is nothing when sign-in was opened without one', () => {
    expect(returnAddress('', ORIGIN)).toBeNull();
    expect(returnAddress('?utm_source=sms', ORIGIN)).toBeNull();
  });
});
