import { describe, expect, it } from 'vitest';
import { settle } from '../../src/islands/shared/useCall.ts';
import { ERROR_OCCURRED, NETWORK_ERROR, NetworkError } from '../../src/lib/api/client.ts';
import type { Envelope } from '../../src/lib/api/envelope.ts';

const answer = (envelope: Partial<Envelope>) => () =>
  Promise.resolve({ Status: 0, Message: '', Data: {}, ...envelope } as Envelope);

describe('settle: the one reading of an answer (src/islands/shared/useCall.ts)', () => {
  it('Status 1 gives the envelope', async () => {
    const outcome = await settle(answer({ Status: 1, Message: 'OTP sent', Data: { id: 7 } }));
    expect(outcome).toEqual({ ok: true, envelope: { Status: 1, Message: 'OTP sent', Data: { id: 7 } } });
  });

  it.each([
    ['the server Message first', { Message: 'Invalid OTP', error: 'otp_wrong' }, 'Invalid OTP'],
    ['else its error field', { Message: '', error: 'otp_wrong' }, 'otp_wrong'],
    ['else "An error occurred"', { Message: '' }, ERROR_OCCURRED],
    ['a dead session is a failure like another', { Status: 4, Message: 'Session expired' }, 'Session expired'],
  ])('a refusal shows %s', async (_, envelope, message) => {
    expect(await settle(answer(envelope))).toEqual({ ok: false, message });
  });

  it('a network failure gives the plain network message and what was thrown', async () => {
    const failure = new NetworkError();
    expect(await settle(() => Promise.reject(failure))).toEqual({ ok: false, message: NETWORK_ERROR, thrown: failure });
  });

  it('anything else thrown gives "An error occurred"', async () => {
    const outcome = await settle(() => Promise.reject(new TypeError('x is undefined')));
    expect(outcome).toMatchObject({ ok: false, message: ERROR_OCCURRED });
  });
});
