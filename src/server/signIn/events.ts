/** Sign-in with a one-time code: calls 1 to 3 of public-site-signin-repay.md §7. */
import { eq, sql } from 'drizzle-orm';
import { LoginRequest, ResendRequest, VerifyRequest } from '../../lib/schemas/signIn.ts';
import type { Deps } from '../context.ts';
import { queryRows, type Transaction } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineEvent } from '../registration/events.ts';
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
    templateId: config.sms.templateId,
  };
}

/**
 * The first login of a mobile creates its profile and keeps the campaign it came from; later logins
 * find it. Runs inside the code's transaction, after the per-address slot: a refused login adds no row.
 */
async function findOrCreateCustomer(tx: Transaction, input: LoginRequest): Promise<string> {
  const found = async () =>
    queryRows<{ id: string }>(
      tx,
      sql`with created as (
            insert into customers (mobile, utm_source, utm_medium, utm_campaign, utm_term, utm_content)
            values (${input.mobile}, ${input.utm_source}, ${input.utm_medium}, ${input.utm_campaign}, ${input.utm_term}, ${input.utm_content})
            on conflict (mobile) do nothing
            returning id
          )
          select id from created
          union all
          select id from customers where mobile = ${input.mobile}
          limit 1`,
    );
  // A first login of the same mobile committed while this statement waited is not in its snapshot: look again.
  let [customer] = await found();
  if (!customer) [customer] = await found();
  if (!customer) throw new Error('customer row missing after insert');
  return customer.id;
}

export const signInEvents = {
  login: defineEvent({
    auth: 'client',
    schema: LoginRequest,
    async handle(c, input) {
      const { config, otp } = c.get('deps');
      const { customerId } = await otp.issue({
        purpose: 'login',
        subject: input.mobile,
        address: c.get('address'),
        recipient: async (tx) => ({ customerId: await findOrCreateCustomer(tx, input), mobile: input.mobile }),
        message: (code, mobile) => loginMessage(config, code, mobile),
      });
      // The same answer, at once, for a new and a known mobile, whatever the SMS gateway does:
      // nothing tells whether someone is a customer.
      return ok(c, { cust_profile_id: customerId }, OTP_SENT);
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
      await deps.otp.issue({
        purpose: 'login',
        subject: customer.mobile,
        address: c.get('address'),
        recipient: async () => ({ customerId: customer.id, mobile: customer.mobile }),
        message: (code, mobile) => loginMessage(deps.config, code, mobile),
      });
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
