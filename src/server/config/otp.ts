/** The one-time sign-in codes: the secret they are derived with, how long they live, how often they may be sent. */
import { randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { rule } from './rules.ts';
import { int, NODE_ENV } from './values.ts';

const OtpVariables = v.object({
  NODE_ENV,
  OTP_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  OTP_TTL_SECONDS: int(300, 30, 3_600),
  OTP_MAX_ATTEMPTS: int(5, 1, 20),
  OTP_RESEND_SECONDS: int(30, 0, 600),
  OTP_MAX_PER_MOBILE_PER_HOUR: int(5, 1, 1_000),
  OTP_MAX_PER_ADDRESS_PER_HOUR: int(20, 1, 100_000),
});
type Variables = v.InferOutput<typeof OtpVariables>;

export const OtpSchema = v.pipe(
  OtpVariables,
  rule<Variables>(
    'OTP_SECRET',
    'must be set in production (32 or more random characters)',
    (e) => e.NODE_ENV === 'production' && e.OTP_SECRET === undefined,
  ),
  v.transform((e) => ({
    otp: {
      // Development only: a secret for this process; codes do not outlive a restart.
      secret: e.OTP_SECRET ?? randomBytes(32).toString('hex'),
      ttlSeconds: e.OTP_TTL_SECONDS,
      maxAttempts: e.OTP_MAX_ATTEMPTS,
      resendSeconds: e.OTP_RESEND_SECONDS,
      maxPerMobilePerHour: e.OTP_MAX_PER_MOBILE_PER_HOUR,
      maxPerAddressPerHour: e.OTP_MAX_PER_ADDRESS_PER_HOUR,
    },
    /** Settings that were defaulted in development and must be set in production, for the start-up log. */
    warnings: e.OTP_SECRET ? [] : ['OTP_SECRET is not set: using a random secret for this process'],
  })),
);
