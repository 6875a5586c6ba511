/** The signed-in customer's account basics and logout. */
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { MessageOnlyAnswer } from '../../lib/schemas/answers/message.ts';
import { UserAnswer } from '../../lib/schemas/answers/signIn.ts';
import { ownCustomer } from '../customers/session.ts';
import { ok, sessionExpired } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';

export const signInRoutes = [
  defineRoute({
    method: 'post',
    path: API.getUser,
    operationId: 'getUser',
    summary: "The signed-in customer's profile id, mobile, next step and eligibility",
    tag: 'Sign-in',
    auth: 'session',
    body: v.object({}),
    answer: UserAnswer,
    async handle(c) {
      const customer = await ownCustomer(c);
      return ok(c, {
        cust_profile_id: customer.id,
        mobile: customer.mobile,
        next_step: customer.nextStep,
        step_percentage: customer.stepPercentage,
        eligibility_status: customer.eligibilityStatus === 1 ? 1 : 0,
      });
    },
  }),
  defineRoute({
    method: 'post',
    path: API.logout,
    operationId: 'logout',
    summary: 'Ends the session; its token stops working at once',
    tag: 'Sign-in',
    auth: 'session',
    body: v.object({}),
    answer: MessageOnlyAnswer,
    async handle(c) {
      const session = c.get('session');
      if (!session) throw sessionExpired();
      await c.get('deps').sessions.revoke(session.sessionId);
      return ok(c, {}, 'You have been signed out.');
    },
  }),
];
