/** Sign-in with a one-time code: calls 1 to 3 of public-site-signin-repay.md §7. */
import { eq, sql } from 'drizzle-orm';
import { LoginRequest, ResendRequest, VerifyRequest } from '../../lib/schemas/signIn.ts';
import type { Deps } from '../context.ts';
import { queryRows } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { ApiError, ok } from '../http/respond.ts';
import { SmsNotSent } from '../otp/codes.ts';
import { defineEvent } from '../registration/events.ts';
import { otpMessage } from '../sms/messages.ts';

export const OTP_SENT = 'OTP sent successfully to your mobile number.';
const START_AGAIN = 'Your sign-in has expired. Please enter your mobile number again.';

async function sendLoginCode(deps: Deps, customer: { id: string; mobile: string }, address: string, log: Deps['log']) {
  const { config, otp, sms } = deps;
  try {
    await otp.issue({ purpose: 'login', subject: customer.mobile, customerId: customer.id, address }, (code) =>
      sms.send({
        to: customer.mobile,
        body: otpMessage(code, 'login', config.sms.senderId, Math.round(config.otp.ttlSeconds / 60)),
        senderId: config.sms.senderId,
        templateId: config.sms.templateId,
      }),
    );
  } catch (error) {
    if (error instanceof SmsNotSent) log.error('sms not sent', { transport: sms.name, reason: error.reason });
    throw error;
  }
}

export const signInEvents = {
  login: defineEvent({
    auth: 'client',
    schema: LoginRequest,
    async handle(c, input) {
      const deps = c.get('deps');
      // The first login of a mobile creates its profile and keeps the campaign it came from;
      // later logins find it. One statement either way.
      const [customer] = await queryRows<{ id: string; mobile: string }>(
        deps.db,
        sql`with created as (
              insert into customers (mobile, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
              values (${input.mobile}, ${input.utm_source}, ${input.utm_medium}, ${input.utm_campaign}, ${input.utm_term}, ${input.utm_content})
              on conflict (mobile) do nothing
              returning id, mobile
            )
            select id, mobile from created
            union all
            select id, mobile from customers where mobile = ${input.mobile}
            limit 1`,
      );
      if (!customer) throw new Error('customer row missing after insert');
      await sendLoginCode(deps, customer, c.get('address'), c.get('log'));
      // The same answer for a new and a known mobile: nothing tells whether someone is a customer.
      return ok(c, { cust_profile_id: customer.id }, OTP_SENT);
    },
  }),

  resend_otp: defineEvent({
    auth: 'client',
    schema: ResendRequest,
    async handle(c, input) {
      const deps = c.get('deps');
      const [customer] = await deps.db
        .select({ id: customers.id, mobile: customers.mobile })
        .from(customers)
        .where(eq(customers.id, input.profile_id));
      if (!customer) throw new ApiError(400, START_AGAIN, 'unknown_profile');
      await sendLoginCode(deps, customer, c.get('address'), c.get('log'));
      return ok(c, { cust_profile_id: customer.id }, OTP_SENT);
    },
  }),

  otp_verify: defineEvent({
    auth: 'client',
    schema: VerifyRequest,
    async handle(c, input) {
      const deps = c.get('deps');
      const [customer] = await deps.db.select().from(customers).where(eq(customers.id, input.profile_id));
      if (!customer) throw new ApiError(401, 'The OTP you entered is incorrect.', 'otp_invalid');
      await deps.otp.consume('login', customer.mobile, input.otp);
      if (!customer.verifiedAt) {
        await deps.db.update(customers).set({ verifiedAt: deps.now() }).where(eq(customers.id, customer.id));
      }
      const token = await deps.sessions.open(customer.id);
      return ok(
        c,
        {
          next_step: customer.nextStep,
          app_login_token: token,
          eligibility_status: customer.eligibilityStatus === 1 ? 1 : 0,
        },
        'OTP verified successfully.',
      );
    },
  }),
};
