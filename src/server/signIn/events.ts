/** Sign-in with a one-time code: calls 1 to 3 of product.md §7. */
import { LoginAnswer, VerifyAnswer } from '../../lib/schemas/answers/signIn.ts';
import { LoginRequest, ResendRequest, VerifyRequest } from '../../lib/schemas/signIn.ts';
import type { Deps } from '../app/context.ts';
import { recordSignInConsent, signInConsentShown } from '../consents/service.ts';
import { customerById, findOrCreateCustomer, updateCustomer } from '../customers/store.ts';
import { ApiError } from '../http/respond.ts';
import { answer, defineEvent } from '../registration/events.ts';
import { otpMessage } from '../sms/messages.ts';
import type { SmsMessage } from '../sms/transport.ts';

export const OTP_SENT = 'OTP sent successfully to your mobile number.';
const START_AGAIN = 'Your sign-in has expired. Please enter your mobile number again.';

/** The SMS carrying a sign-in code. */
function loginMessage(config: Deps['config'], code: string, mobile: string): SmsMessage {
  return {
    to: mobile,
    body: otpMessage(code, 'login', config.sms.senderId, Math.round(config.otp.ttlSeconds / 60)),
    senderId: config.sms.senderId,
    templateId: config.sms.templates.sign_in_code,
  };
}

export const signInEvents = {
  login: defineEvent({
    auth: 'client',
    schema: LoginRequest,
    answer: LoginAnswer,
    async handle(call, input) {
      const { config, otp } = call.deps;
      const { customerId } = await otp.issue({
        purpose: 'login',
        subject: input.mobile,
        address: call.address,
        recipient: async (tx) => ({ customerId: await findOrCreateCustomer(tx, input), mobile: input.mobile }),
        message: (code, mobile) => loginMessage(config, code, mobile),
      });
      // The recipient above always names the customer (found or made), so the code has one.
      if (!customerId) throw new Error('a sign-in code was issued without a customer');
      // The same answer, at once, for a new and a known mobile, whatever the SMS gateway does:
      // nothing tells whether someone is a customer.
      return answer({ cust_profile_id: customerId }, OTP_SENT);
    },
  }),

  resend_otp: defineEvent({
    auth: 'client',
    schema: ResendRequest,
    answer: LoginAnswer,
    async handle(call, input) {
      const { deps } = call;
      const customer = await customerById(deps.db, input.profile_id);
      if (!customer) throw new ApiError(400, START_AGAIN, 'unknown_profile');
      await deps.otp.issue({
        purpose: 'login',
        subject: customer.mobile,
        address: call.address,
        recipient: async () => ({ customerId: customer.id, mobile: customer.mobile }),
        message: (code, mobile) => loginMessage(deps.config, code, mobile),
      });
      return answer({ cust_profile_id: customer.id }, OTP_SENT);
    },
  }),

  otp_verify: defineEvent({
    auth: 'client',
    schema: VerifyRequest,
    answer: VerifyAnswer,
    async handle(call, input) {
      const { deps } = call;
      const customer = await customerById(deps.db, input.profile_id);
      if (!customer) throw new ApiError(401, 'The OTP you entered is incorrect.', 'otp_invalid');
      // The consent shown is checked before the code is used, so a stale page costs no code.
      const shown = await signInConsentShown(deps.db, input.consent_version);
      await deps.otp.consume('login', customer.mobile, input.otp);
      const now = deps.now();
      await deps.db.transaction(async (tx) => {
        if (!customer.verifiedAt) await updateCustomer(tx, customer.id, { verifiedAt: now });
        // Recorded once the code proves the mobile: nobody puts consents on another's record.
        await recordSignInConsent(tx, customer.id, shown, call, now);
      });
      const token = await deps.sessions.open(customer.id);
      return answer(
        {
          next_step: customer.nextStep,
          app_login_token: token,
          eligibility_status: customer.eligibilityStatus === 1 ? (1 as const) : (0 as const),
        },
        'OTP verified successfully.',
      );
    },
  }),
};
