import { describe, expect, it } from 'vitest';
import { findLeaks, testDatesOfBirth } from '../../scripts/checkLogs.ts';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ time: '2026-11-23T10:00:00.000Z', level: 'info', request_id: crypto.randomUUID(), ...fields });

describe('the log check', () => {
  it('passes what the server logs on purpose', () => {
    const lines = [
      line({ msg: 'request', method: 'POST', path: '/Api/CustomerDetails/Sendotp', status: 200, ms: 12.5 }),
      line({
        msg: 'unique key conflict',
        error: 'DrizzleQueryError',
        db_code: '23505',
        constraint: 'customers_pancard_unique',
      }),
      line({ msg: 'payu response hash mismatch', txnid: 'KCM3F2A9B1C4D5E6F7A8B9C0D1' }),
      line({ msg: 'sms outbox', template_id: '1007000000000000001', read_at: '/__dev/outbox?to=<mobile>' }),
      line({ msg: 'listening', address: 'http://127.0.0.1:4321/', pid: 4021 }),
      // A thousand request ids: their digits never read as a mobile.
      ...Array.from({ length: 1000 }, () => line({ msg: 'request', status: 404 })),
    ];
    expect(findLeaks(lines, ['1990-05-17'])).toEqual([]);
  });

  it.each([
    ['PAN', line({ msg: 'x', detail: 'Key (pancard)=(ABCPE1234F) already exists.' })],
    ['mobile', line({ msg: 'sms outbox', to: '9876500001' })],
    ['mobile', line({ msg: 'x', detail: 'params: +91 9876500001' })],
    ['e-mail', line({ msg: 'x', detail: 'params: asha@example.in,1990-05-17' })],
    ['date of birth', line({ msg: 'x', detail: 'params: 1990-05-17,2' })],
    ['date of birth field', line({ msg: 'x', dob: 'redacted' })],
    ['one-time code', line({ msg: 'x', otp: '1234' })],
    ['one-time code', line({ msg: 'x', body: '0421 is your one-time code to sign in.' })],
    ['one-time code', line({ msg: 'x', body: 'Your code is 0421' })],
    ['token', line({ msg: 'x', token: 'Zk3Jx0a_Q1-hTqYpWm9vB2nLc8rE5sD7uG4fH6iK0oA' })],
  ])('finds a %s', (kind, text) => {
    expect(findLeaks([text], ['1990-05-17']).map((leak) => leak.kind)).toContain(kind);
  });

  it('reports without repeating the value', () => {
    const [leak] = findLeaks([line({ msg: 'sms outbox', to: '9876500001' })], []);
    expect(leak?.excerpt).toContain('<mobile>');
    expect(leak?.excerpt).not.toContain('9876500001');
  });

  it('knows the dates of birth the tests use', async () => {
    expect(await testDatesOfBirth()).toEqual(expect.arrayContaining(['1990-05-17', '1990-01-01']));
  });
});
