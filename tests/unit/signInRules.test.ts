import { safeParse } from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginMobile, otp } from '../../src/lib/schemas/fields.ts';
import { mobileProblem, otpProblem } from '../../src/lib/schemas/signInRules.ts';

// The card checks with the plain rules, the server with the valibot schemas: they must agree.
describe('the sign-in rules, in the card and on the server', () => {
  it.each(['', '98765', '98765432101', '98765abcde', '5876543210', '9876543210', '6000000000', ' 9876543210'])(
    'mobile "%s" gets the same answer from both',
    (mobile) => {
      const parsed = safeParse(loginMobile, mobile);
      expect(mobileProblem(mobile)).toBe(parsed.success ? undefined : parsed.issues[0].message);
    },
  );
  it('names the short mobile with the specification message', () => {
    expect(mobileProblem('98765')).toBe('The Mobile field must be at least 10 characters in length.');
  });
  it('names a number not starting with 6 to 9 with the specification message (product.md §5)', () => {
    expect(mobileProblem('5876543210')).toBe('Mobile number invalid!');
    expect(mobileProblem('0123456789')).toBe('Mobile number invalid!');
  });
  it.each(['', '123', '12345', '12a4', '1234', '0000'])('code "%s" gets the same answer from both', (code) => {
    const parsed = safeParse(otp, code);
    expect(otpProblem(code)).toBe(parsed.success ? undefined : parsed.issues[0].message);
  });
  it('names a short code with the specification message', () => {
    expect(otpProblem('123')).toBe('Please enter 4 digits OTP');
  });
});
