/** The sign-in calls' answers (product.md §7, calls 1 to 3) and getUser's. */
import * as v from 'valibot';

/** login and resend_otp: the profile the code was sent for. */
export const LoginAnswer = v.strictObject({ cust_profile_id: v.string() });
export type LoginData = v.InferOutput<typeof LoginAnswer>;

/** otp_verify: the session token, where the customer goes next and whether they are eligible. */
export const VerifyAnswer = v.strictObject({
  next_step: v.string(),
  app_login_token: v.string(),
  eligibility_status: v.picklist([0, 1]),
});
export type VerifyData = v.InferOutput<typeof VerifyAnswer>;

/** getUser: the signed-in customer's profile id, mobile, next step and eligibility. */
export const UserAnswer = v.strictObject({
  cust_profile_id: v.string(),
  mobile: v.string(),
  next_step: v.string(),
  step_percentage: v.number(),
  eligibility_status: v.picklist([0, 1]),
});
