import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { REPAY_OTP_SENT } from '../../src/lib/schemas/repay.ts';
import { SANDBOX_CREDENTIALS } from '../../src/server/config.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { requestHash } from '../../src/server/payments/payu.ts';
import { paymentSignature } from '../../src/server/payments/razorpay.ts';
import { WEBHOOK_PATHS } from '../../src/server/repay/providerRoutes.ts';
import { REPAY_PATHS } from '../../src/server/repay/routes.ts';
import { createBorrower, randomPan } from './support/borrower.ts';
import { payuResponse, postForm, razorpayCheckoutResult, razorpayWebhook } from './support/providers.ts';
import { ENGINES, startServer, type TestServer, testClock } from './support/server.ts';
import { latestCode } from './support/signIn.ts';

const { key: payuKey, salt: payuSalt } = SANDBOX_CREDENTIALS.payu;

describe.each(ENGINES)('repayment and the payment ledger (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.now());

  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());

  async function repaySession(pancard: string, mobile: string) {
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

  const order = (token: string, rzp_amount: string | number) =>
    server.post(REPAY_PATHS.razorpayOrder, { rzp_amount }, { token });

  const pay = (orderId: string, paymentId: string, signature?: string) =>
    server.post(REPAY_PATHS.razorpayVerify, razorpayCheckoutResult(orderId, paymentId, signature));

  const webhook = (event: string, orderId: string, paymentId: string, amount: number, eventId?: string) =>
    razorpayWebhook(server.url, event, { orderId, paymentId, amountPaise: amount }, eventId);

  async function ledger(loanId: string) {
    const rows = await queryRows<{
      reference: string;
      amount_paise: number;
      applied_paise: number;
      excess_paise: number;
    }>(
      server.database.db,
      sql`select reference, amount_paise, applied_paise, excess_paise from collections where loan_id = ${loanId} order by id`,
    );
    const [loan] = await queryRows<{ collected_paise: number; status: string }>(
      server.database.db,
      sql`select collected_paise, status from loans where id = ${loanId}`,
    );
    return { rows, loan };
  }

  it('answers a PAN with and without a loan in the same words, and spaces requests for both', async () => {
    const { pancard } = await createBorrower(server, clock.now());
    const stranger = randomPan();
    const known = await server.post(REPAY_PATHS.sendOtp, { pancard });
    const unknown = await server.post(REPAY_PATHS.sendOtp, { pancard: stranger });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const knownAgain = await server.post(REPAY_PATHS.sendOtp, { pancard });
    const unknownAgain = await server.post(REPAY_PATHS.sendOtp, { pancard: stranger });
    expect(knownAgain.status).toBe(429);
    expect(unknownAgain.status).toBe(429);
    expect(unknownAgain.body.Message).toBe(knownAgain.body.Message);
    const bad = await server.post(REPAY_PATHS.sendOtp, { pancard: 'ABC12' });
    expect(bad.body).toMatchObject({ Status: 0, Message: 'Please enter valid pan number!' });
  });

  it('verifies the code and answers repayment_data with the full due and an order for it', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now(), {
      principalRupees: 10_000,
      ratePercent: 1,
      daysAgo: 10,
    });
    const { body, orderId } = await repaySession(pancard, mobile);
    expect(body.repayment_data).toEqual({
      loan_no: loan.loanNo,
      disbursal_date: loan.disbursalDate,
      repayment_date: loan.repaymentDate,
      repayment_amount: 16_000,
      loan_recommended: 10_000,
      real_interest: 1_000,
      total_due_amount: 11_000,
      full_name: 'Test Borrower',
      email: `${mobile}@example.in`,
      mobile,
      lead_id: '',
    });
    expect(orderId).toMatch(/^order_/);
    const [stored] = await queryRows<{ amount_paise: number }>(
      server.database.db,
      sql`select amount_paise from payment_orders where provider_order_id = ${orderId}`,
    );
    expect(stored?.amount_paise).toBe(1_100_000);
  });

  it('decides the amount: empty or above the due charges the due, less is a part, never under ₹1', async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const { token } = await repaySession(pancard, mobile);
    expect((await order(token, '')).body.Data.amount).toBe(11_000);
    expect((await order(token, '999999')).body.Data.amount).toBe(11_000);
    expect((await order(token, '2500.50')).body.Data.amount).toBe(2500.5);
    expect((await order(token, 1500)).body.Data.amount).toBe(1500);
    const tiny = await order(token, '0.50');
    expect(tiny.status).toBe(400);
    expect(tiny.body.Message).toBe('The amount must be at least ₹1.');
    expect((await order(token, '12.345')).status).toBe(400);
    const noSession = await server.post(REPAY_PATHS.razorpayOrder, { rzp_amount: '' });
    expect(noSession.body.Status).toBe(4);
  });

  it('callback then webhook: one collection, the dues reduced once', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(pancard, mobile);
    const { order_id: orderId } = (await order(token, '3000')).body.Data;
    const verified = await pay(orderId, 'pay_callbackfirst01');
    expect(verified.body).toMatchObject({
      Status: 1,
      Message: 'Payment Successful',
      status: 'SUCCESS',
      txnId: 'pay_callbackfirst01',
    });
    expect((await webhook('payment.captured', orderId, 'pay_callbackfirst01', 300_000)).status).toBe(200);
    expect((await webhook('order.paid', orderId, 'pay_callbackfirst01', 300_000)).status).toBe(200);
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toEqual([
      { reference: 'pay_callbackfirst01', amount_paise: 300_000, applied_paise: 300_000, excess_paise: 0 },
    ]);
    expect(after?.collected_paise).toBe(300_000);
  });

  it('webhook then callback, and the same webhook twice: still one collection', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(pancard, mobile);
    const { order_id: orderId } = (await order(token, '2000')).body.Data;
    await webhook('payment.captured', orderId, 'pay_webhookfirst01', 200_000, 'evt_same');
    await webhook('payment.captured', orderId, 'pay_webhookfirst01', 200_000, 'evt_same');
    expect((await pay(orderId, 'pay_webhookfirst01')).body.status).toBe('SUCCESS');
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toHaveLength(1);
    expect(after?.collected_paise).toBe(200_000);
  });

  it('concurrent callbacks and webhooks for one payment record it once', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(pancard, mobile);
    const { order_id: orderId } = (await order(token, '1000')).body.Data;
    const replies = await Promise.all([
      pay(orderId, 'pay_concurrent0001'),
      pay(orderId, 'pay_concurrent0001'),
      webhook('payment.captured', orderId, 'pay_concurrent0001', 100_000, 'evt_c1'),
      webhook('order.paid', orderId, 'pay_concurrent0001', 100_000, 'evt_c2'),
    ]);
    for (const reply of replies) expect(reply.status).toBeLessThan(500);
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toHaveLength(1);
    expect(after?.collected_paise).toBe(100_000);
  });

  it('a forged signature records nothing', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(pancard, mobile);
    const { order_id: orderId } = (await order(token, '1000')).body.Data;
    const forged = await pay(
      orderId,
      'pay_forged0000001',
      paymentSignature(orderId, 'pay_forged0000001', 'not-the-secret'),
    );
    expect(forged.status).toBe(400);
    expect(forged.body).toMatchObject({ Status: 0, Message: 'Payment Verification Failed', status: 'FAILED' });
    const badWebhook = await fetch(`${server.url}${WEBHOOK_PATHS.razorpay}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Razorpay-Signature': 'a'.repeat(64) },
      body: JSON.stringify({
        event: 'payment.captured',
        payload: { payment: { entity: { id: 'pay_forged0000002', order_id: orderId, amount: 100_000 } } },
      }),
    });
    expect(badWebhook.status).toBe(400);
    expect((await ledger(loan.id)).rows).toHaveLength(0);
  });

  it('a payment counts for the loan its order was made for, never another', async () => {
    const a = await createBorrower(server, clock.now());
    const b = await createBorrower(server, clock.now());
    const sessionA = await repaySession(a.pancard, a.mobile);
    const { order_id: orderA } = (await order(sessionA.token, '1000')).body.Data;
    // Even a call made with B's session cannot move A's order onto B's loan.
    await repaySession(b.pancard, b.mobile);
    expect((await pay(orderA, 'pay_crossloan00001')).body.status).toBe('SUCCESS');
    expect((await ledger(a.loan.id)).rows).toHaveLength(1);
    expect((await ledger(b.loan.id)).rows).toHaveLength(0);
  });

  it('a webhook with an amount changed in flight is not counted', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(pancard, mobile);
    const { order_id: orderId } = (await order(token, '1000')).body.Data;
    await webhook('payment.captured', orderId, 'pay_changedamount1', 1);
    expect((await ledger(loan.id)).rows).toHaveLength(0);
  });

  it('paying the whole due closes the loan; a closed loan takes no order; a late second payment is kept as an excess to refund', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token, orderId: fullOrder } = await repaySession(pancard, mobile);
    const { order_id: secondFull } = (await order(token, '')).body.Data;
    expect((await pay(fullOrder, 'pay_fullpayment001')).body.status).toBe('SUCCESS');
    const closed = await ledger(loan.id);
    expect(closed.loan?.status).toBe('closed');
    const refused = await order(token, '100');
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('This loan has no amount due.');
    // Money taken for an order made before the loan closed is recorded, never lost, and never drives the dues below zero.
    expect((await pay(secondFull, 'pay_fullpayment002')).body.status).toBe('SUCCESS');
    const after = await ledger(loan.id);
    expect(after.rows[1]).toMatchObject({ applied_paise: 0, excess_paise: 1_100_000 });
    expect(after.loan?.collected_paise).toBe(1_100_000);
  });

  describe('PayU', () => {
    async function payuOrder(token: string, amount: string) {
      const reply = await server.post(
        REPAY_PATHS.payuOrder,
        { amount, productinfo: 'x', firstname: 'x', email: 'x@x.in', mobile: '9', udf5: '' },
        { token },
      );
      expect(reply.body.Status).toBe(1);
      return reply.body.data.parameters as Record<string, string>;
    }
    const payuReturn = (path: string, fields: Record<string, string>) => postForm(`${server.url}${path}`, fields);
    const response = payuResponse;

    it('answers hashed parameters for the amount the server decides', async () => {
      const { pancard, mobile } = await createBorrower(server, clock.now());
      const { token } = await repaySession(pancard, mobile);
      const p = await payuOrder(token, '1234.5');
      expect(p).toMatchObject({ key: payuKey, amount: '1234.50', phone: mobile });
      expect(p.hash).toBe(
        requestHash(
          {
            key: payuKey,
            txnid: p.txnid ?? '',
            amount: '1234.50',
            productinfo: p.productinfo ?? '',
            firstname: p.firstname ?? '',
            email: p.email ?? '',
            udf5: p.udf5 ?? '',
          },
          payuSalt,
        ),
      );
      expect(p.surl).toBe(`${server.url}${REPAY_PATHS.payuSuccess}`);
      expect((await payuOrder(token, '')).amount).toBe('11000.00');
    });

    it('success, failure and cancel come back as 303 to /thanku; success is recorded once with the webhook', async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(pancard, mobile);
      const p = await payuOrder(token, '500');
      const success = response(p, 'success');
      const back = await payuReturn(REPAY_PATHS.payuSuccess, success);
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`${server.url}/thanku?txnStatus=SUCCESS&txnId=${success.mihpayid}`);
      expect((await payuReturn(WEBHOOK_PATHS.payu, success)).status).toBe(200);
      expect((await ledger(loan.id)).rows).toEqual([
        { reference: success.mihpayid, amount_paise: 50_000, applied_paise: 50_000, excess_paise: 0 },
      ]);

      const failed = await payuReturn(REPAY_PATHS.payuFailure, response(await payuOrder(token, '500'), 'failure'));
      expect(failed.headers.get('location')).toMatch(/txnStatus=FAILED/);
      const cancelled = await payuReturn(
        REPAY_PATHS.payuFailure,
        response(await payuOrder(token, '500'), 'failure', { unmappedstatus: 'userCancelled' }),
      );
      expect(cancelled.headers.get('location')).toMatch(/txnStatus=CANCEL/);
      expect((await ledger(loan.id)).rows).toHaveLength(1);
    });

    it('a tampered amount or a forged hash is refused and records nothing', async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(pancard, mobile);
      const p = await payuOrder(token, '500');
      const tampered = { ...response(p, 'success'), amount: '5.00' };
      expect((await payuReturn(REPAY_PATHS.payuSuccess, tampered)).headers.get('location')).toMatch(/txnStatus=FAILED/);
      const forged = { ...response(p, 'success'), hash: 'f'.repeat(128) };
      expect((await payuReturn(REPAY_PATHS.payuSuccess, forged)).headers.get('location')).toMatch(/txnStatus=FAILED/);
      expect((await ledger(loan.id)).rows).toHaveLength(0);
    });
  });

  it('the Razorpay sandbox signs what the live verification accepts, and its webhook adds nothing twice', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(pancard, mobile);
    const { order_id: orderId } = (await order(token, '700')).body.Data;
    const checkout = await server.post('/__sandbox/razorpay/pay', { order_id: orderId, outcome: 'success' });
    expect(checkout.body).toMatchObject({
      razorpay_order_id: orderId,
      razorpay_payment_id: expect.stringMatching(/^pay_/),
    });
    expect((await server.post(REPAY_PATHS.razorpayVerify, checkout.body)).body.status).toBe('SUCCESS');
    await new Promise((resolve) => setTimeout(resolve, 600)); // the sandbox's webhook follows after 300 ms
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toHaveLength(1);
    expect(after?.collected_paise).toBe(70_000);
  });

  it('bad payment input never gets a 5xx', async () => {
    for (const body of [
      {},
      { razorpay_order_id: 'x' },
      { razorpay_payment_id: 'pay_x', razorpay_order_id: 'order_x', razorpay_signature: 'zz' },
    ]) {
      const reply = await server.post(REPAY_PATHS.razorpayVerify, body);
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
    }
    const unknownOrder = await pay('order_doesnotexist01', 'pay_doesnotexist001');
    expect(unknownOrder.status).toBe(400);
    expect(unknownOrder.body.status).toBe('FAILED');
    const notAForm = await fetch(`${server.url}${REPAY_PATHS.payuSuccess}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(notAForm.status).toBe(415);
    expect((await server.get(API.health)).status).toBe(200);
  });
});
