/**
 * The public repay page's calls, as a borrower's browser makes them: a repay session for a PAN (the
 * code read from the outbox), Razorpay orders, and Checkout's result verified with the sandbox secret.
 */
import { expect } from 'vitest';
import { REPAY_OTP_SENT } from '../../../src/lib/schemas/repay.ts';
import { REPAY_PATHS } from '../../../src/server/payments/paths.ts';
import { razorpayCheckoutResult } from './providers.ts';
import type { TestServer } from './server.ts';
import { latestCode } from './signIn.ts';

/** PAN and code verified: the repay token, the order placed for the full due, and the whole answer. */
export async function repaySession(server: TestServer, pancard: string, mobile: string) {
  const sent = await server.post(REPAY_PATHS.sendOtp, { pancard });
  expect(sent.body).toMatchObject({ Status: 1, Message: REPAY_OTP_SENT });
  const verified = await server.post(REPAY_PATHS.verifyOtp, {
    panNumber: pancard,
    otp: await latestCode(server, mobile),
  });
  expect(verified.body.Status).toBe(1);
  return {
    token: verified.body.Data.repay_token as string,
    orderId: verified.body.order_id as string,
    body: verified.body,
  };
}

/** A Razorpay order for `rzp_amount` rupees ('' for the whole due). */
export const razorpayOrder = (server: TestServer, token: string, rzp_amount: string | number) =>
  server.post(REPAY_PATHS.razorpayOrder, { rzp_amount }, { token });

/** Checkout's result for the order, verified as its handler does. */
export const razorpayPay = (server: TestServer, orderId: string, paymentId: string, signature?: string) =>
  server.post(REPAY_PATHS.razorpayVerify, razorpayCheckoutResult(orderId, paymentId, signature));

/** A Razorpay payment of `rupees` through the repay session, verified; answers the order's id. */
export async function payRazorpay(server: TestServer, token: string, rupees: string, paymentId: string) {
  const order = await razorpayOrder(server, token, rupees);
  expect(order.body.Status).toBe(1);
  expect((await razorpayPay(server, order.body.Data.order_id, paymentId)).body.status).toBe('SUCCESS');
  return order.body.Data.order_id as string;
}
