/** Sign-in calls 1 to 3 of product.md §7, on the shared registration endpoint. */
import * as v from 'valibot';
import { loginMobile, otp } from './fields.ts';

const utm = v.optional(v.pipe(v.string(), v.maxLength(200, 'Tracking parameters must be at most 200 characters')), '');
export const profileId = v.pipe(v.string('profile_id is required'), v.uuid('profile_id is not valid'));

const tracking = {
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_term: utm,
  utm_content: utm,
};

export const LoginRequest = v.object({ event_name: v.literal('login'), mobile: loginMobile, ...tracking });

/** product.md §7: the same call as the first request, with profile_id in place of mobile. */
export const ResendRequest = v.object({ event_name: v.literal('resend_otp'), profile_id: profileId, ...tracking });

/**
 * consent_version (ours, issue 24): the SHA-256 of the consent text the card showed (src/lib/consents/signIn.ts),
 * recorded with the sign-in; a client without it is taken to have shown the current text.
 */
export const VerifyRequest = v.object({
  event_name: v.literal('otp_verify'),
  profile_id: profileId,
  otp,
  consent_version: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/, 'consent_version is not valid'))),
});

export type LoginRequest = v.InferInput<typeof LoginRequest>;
export type VerifyRequest = v.InferInput<typeof VerifyRequest>;

/** The tracking parameters read from the page address; each is '' when absent (product.md §3). */
export { UTM_KEYS } from '../tracking.ts';
