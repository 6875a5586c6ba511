import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { addDays } from '../../src/lib/dates.ts';
import { SANDBOX_CREDENTIALS } from '../../src/server/config/config.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { REPAY_PATHS, WEBHOOK_PATHS } from '../../src/server/payments/paths.ts';
import { requestHash } from '../../src/server/payments/payu.ts';
import { paymentSignature } from '../../src/server/payments/razorpay.ts';
import { createBorrower, randomPan } from './support/borrower.ts';
import { payuResponse, postForm, razorpayWebhook } from './support/providers.ts';
import { razorpayOrder, razorpayPay, repaySession } from './support/repay.ts';
import { CLIENT_KEY, ENGINE, ENGINES, startServer, type TestServer, testClock } from './support/server.ts';
import { latestCode } from './support/signIn.ts';

const { key: payuKey, salt: payuSalt } = SANDBOX_CREDENTIALS.payu;

describe.each(ENGINES)('repayment and the payment ledger (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.now());

  beforeAll(async () => {
    // Every test signs a payer in from the same address: room for all of them within the hour's cap.
    server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '100' }, { now: clock.now });
  });
  afterAll(() => server.close());

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

  /** Payments held for staff to refund: never applied to the loan, tied to no order. */
  const heldForRefund = (loanId: string) =>
    queryRows<{ reference: string; order_id: string | null; applied_paise: number; excess_paise: number }>(
      server.database.db,
      sql`select reference, order_id, applied_paise, excess_paise from collections
          where loan_id = ${loanId} and held_for_refund order by id`,
    );

  async function storedOrder(providerOrderId: string) {
    const [row] = await queryRows<{ id: string; status: string }>(
      server.database.db,
      sql`select id, status from payment_orders where provider_order_id = ${providerOrderId}`,
    );
    if (!row) throw new Error(`no order ${providerOrderId}`);
    return row;
  }

  const warnings = (msg: string) =>
    server.logs.filter((line) => line.includes('"level":"warn"') && line.includes(`"msg":"${msg}"`));

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
    const { body, orderId } = await repaySession(server, pancard, mobile);
    expect(body.repayment_data).toEqual({
      loan_no: loan.loanNo,
      disbursal_date: loan.disbursalDate,
      repayment_date: loan.repaymentDate,
      repayment_amount: 16_000,
      loan_recommended: 10_000,
      real_interest: 1_000,
      total_due_amount: 11_000,
      principal_outstanding: 10_000,
      interest_outstanding: 1_000,
      charges_outstanding: 0,
      collected: 0,
      // Disbursed 10 days ago: the 3 cooling-off days are over.
      cooling_off_until: addDays(loan.disbursalDate, 3),
      in_cooling_off: false,
      days_past_due: 0,
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
    const { token } = await repaySession(server, pancard, mobile);
    expect((await razorpayOrder(server, token, '')).body.Data.amount).toBe(11_000);
    expect((await razorpayOrder(server, token, '999999')).body.Data.amount).toBe(11_000);
    expect((await razorpayOrder(server, token, '2500.50')).body.Data.amount).toBe(2500.5);
    expect((await razorpayOrder(server, token, 1500)).body.Data.amount).toBe(1500);
    const tiny = await razorpayOrder(server, token, '0.50');
    expect(tiny.status).toBe(400);
    expect(tiny.body.Message).toBe('The amount must be at least ₹1.');
    expect((await razorpayOrder(server, token, '12.345')).status).toBe(400);
    const noSession = await server.post(REPAY_PATHS.razorpayOrder, { rzp_amount: '' });
    expect(noSession.body.Status).toBe(4);
  });

  it('callback then webhook: one collection, the dues reduced once', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '3000')).body.Data;
    const verified = await razorpayPay(server, orderId, 'pay_callbackfirst01');
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
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '2000')).body.Data;
    await webhook('payment.captured', orderId, 'pay_webhookfirst01', 200_000, 'evt_same');
    await webhook('payment.captured', orderId, 'pay_webhookfirst01', 200_000, 'evt_same');
    expect((await razorpayPay(server, orderId, 'pay_webhookfirst01')).body.status).toBe('SUCCESS');
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toHaveLength(1);
    expect(after?.collected_paise).toBe(200_000);
  });

  it('concurrent callbacks and webhooks for one payment record it once', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '1000')).body.Data;
    const replies = await Promise.all([
      razorpayPay(server, orderId, 'pay_concurrent0001'),
      razorpayPay(server, orderId, 'pay_concurrent0001'),
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
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '1000')).body.Data;
    const forged = await razorpayPay(
      server,
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
    const sessionA = await repaySession(server, a.pancard, a.mobile);
    const { order_id: orderA } = (await razorpayOrder(server, sessionA.token, '1000')).body.Data;
    // Even a call made with B's session cannot move A's order onto B's loan.
    await repaySession(server, b.pancard, b.mobile);
    expect((await razorpayPay(server, orderA, 'pay_crossloan00001')).body.status).toBe('SUCCESS');
    expect((await ledger(a.loan.id)).rows).toHaveLength(1);
    expect((await ledger(b.loan.id)).rows).toHaveLength(0);
  });

  it('a webhook with an amount changed in flight is not counted', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '1000')).body.Data;
    await webhook('payment.captured', orderId, 'pay_changedamount1', 1);
    expect((await ledger(loan.id)).rows).toHaveLength(0);
  });

  it('the same order verified again with another payment id credits once; the second payment is held for refund', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '1500')).body.Data;
    expect((await razorpayPay(server, orderId, 'pay_firstcapture001')).body.status).toBe('SUCCESS');
    // The payer paid twice on one order (a retry): both signatures are Razorpay's, both are real money.
    const second = await razorpayPay(server, orderId, 'pay_secondcapture01');
    expect(second.body).toMatchObject({ Status: 1, status: 'SUCCESS', txnId: 'pay_secondcapture01' });
    // The second payment again, and its webhook: nothing more.
    expect((await razorpayPay(server, orderId, 'pay_secondcapture01')).body.status).toBe('SUCCESS');
    expect((await (await webhook('payment.captured', orderId, 'pay_secondcapture01', 150_000)).json()).Message).toBe(
      'Received',
    );
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toEqual([
      { reference: 'pay_firstcapture001', amount_paise: 150_000, applied_paise: 150_000, excess_paise: 0 },
      { reference: 'pay_secondcapture01', amount_paise: 150_000, applied_paise: 0, excess_paise: 150_000 },
    ]);
    expect(after?.collected_paise).toBe(150_000);
    expect(await heldForRefund(loan.id)).toEqual([
      { reference: 'pay_secondcapture01', order_id: null, applied_paise: 0, excess_paise: 150_000 },
    ]);
    expect((await storedOrder(orderId)).status).toBe('paid');
    // Staff are told once, by the order alone.
    const { id } = await storedOrder(orderId);
    const told = warnings('second payment on a paid order').filter((line) => line.includes(id));
    expect(told).toHaveLength(1);
    expect(told[0]).not.toContain('pay_');
  });

  it('two payments verified on one order at the same moment: one credited, the other held for refund', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '1200')).body.Data;
    const replies = await Promise.all([
      razorpayPay(server, orderId, 'pay_racingcapture01'),
      razorpayPay(server, orderId, 'pay_racingcapture02'),
      webhook('payment.captured', orderId, 'pay_racingcapture02', 120_000),
      webhook('payment.captured', orderId, 'pay_racingcapture01', 120_000),
    ]);
    for (const reply of replies) expect(reply.status).toBe(200);
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toHaveLength(2);
    expect(rows.map((row) => row.applied_paise).sort()).toEqual([0, 120_000]);
    expect(after?.collected_paise).toBe(120_000);
    expect(await heldForRefund(loan.id)).toHaveLength(1);
  });

  it('a webhook with a new event id and a new payment id for an order already credited: credited once', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '900')).body.Data;
    await webhook('payment.captured', orderId, 'pay_webhookcredit01', 90_000, 'evt_credit_1');
    expect((await razorpayPay(server, orderId, 'pay_webhookcredit01')).body.status).toBe('SUCCESS');
    const again = await webhook('payment.captured', orderId, 'pay_webhookother001', 90_000, 'evt_credit_2');
    expect(again.status).toBe(200);
    expect((await again.json()).Message).toBe('Received');
    await webhook('order.paid', orderId, 'pay_webhookother001', 90_000, 'evt_credit_3');
    // Another amount is never credited, nor held; a failure after the success leaves the order paid.
    await webhook('payment.captured', orderId, 'pay_webhookother002', 1_000, 'evt_credit_4');
    await webhook('payment.failed', orderId, 'pay_webhookother003', 90_000, 'evt_credit_5');
    const { rows, loan: after } = await ledger(loan.id);
    expect(rows).toEqual([
      { reference: 'pay_webhookcredit01', amount_paise: 90_000, applied_paise: 90_000, excess_paise: 0 },
      { reference: 'pay_webhookother001', amount_paise: 90_000, applied_paise: 0, excess_paise: 90_000 },
    ]);
    expect(after?.collected_paise).toBe(90_000);
    expect((await storedOrder(orderId)).status).toBe('paid');
  });

  it('paying the whole due closes the loan; a closed loan takes no order; a late second payment is kept as an excess to refund', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const { token, orderId: fullOrder } = await repaySession(server, pancard, mobile);
    const { order_id: secondFull } = (await razorpayOrder(server, token, '')).body.Data;
    expect((await razorpayPay(server, fullOrder, 'pay_fullpayment001')).body.status).toBe('SUCCESS');
    const closed = await ledger(loan.id);
    expect(closed.loan?.status).toBe('closed');
    const refused = await razorpayOrder(server, token, '100');
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe('This loan has no amount due.');
    // Money taken for an order made before the loan closed is recorded, never lost, and never drives the dues below zero.
    expect((await razorpayPay(server, secondFull, 'pay_fullpayment002')).body.status).toBe('SUCCESS');
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
      const { token } = await repaySession(server, pancard, mobile);
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
      const { token } = await repaySession(server, pancard, mobile);
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

    it('a success posted again with another mihpayid, to the return and the webhook, is refused: the order is credited once', async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(server, pancard, mobile);
      const p = await payuOrder(token, '800');
      const success = response(p, 'success', { mihpayid: '4011110001' });
      const paid = `${server.url}/thanku?txnStatus=SUCCESS&txnId=4011110001`;
      expect((await payuReturn(REPAY_PATHS.payuSuccess, success)).headers.get('location')).toBe(paid);
      // The reverse hash does not cover mihpayid: the same form with another one still verifies.
      for (const mihpayid of ['4022220002', '4033330003']) {
        const replay = { ...success, mihpayid };
        const back = await payuReturn(REPAY_PATHS.payuSuccess, replay);
        expect(back.status).toBe(303);
        expect(back.headers.get('location')).toBe(paid);
        const notified = await payuReturn(WEBHOOK_PATHS.payu, replay);
        expect(notified.status).toBe(200);
        expect((await notified.json()).Message).toBe('Received');
      }
      const { rows, loan: after } = await ledger(loan.id);
      expect(rows).toEqual([{ reference: '4011110001', amount_paise: 80_000, applied_paise: 80_000, excess_paise: 0 }]);
      expect(after?.collected_paise).toBe(80_000);
      expect(await heldForRefund(loan.id)).toEqual([]);
      const told = warnings('payu response for a paid order with another mihpayid refused').filter((line) =>
        line.includes(p.txnid ?? ''),
      );
      expect(told.length).toBeGreaterThan(0);
      for (const line of told) expect(line).not.toMatch(/40[0-9]{8}/);
    });

    it('the webhook first, then the return with another mihpayid: credited once, by the first', async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(server, pancard, mobile);
      const p = await payuOrder(token, '600');
      const success = response(p, 'success', { mihpayid: '4044440004' });
      expect((await payuReturn(WEBHOOK_PATHS.payu, success)).status).toBe(200);
      const back = await payuReturn(REPAY_PATHS.payuSuccess, { ...success, mihpayid: '4055550005' });
      expect(back.headers.get('location')).toBe(`${server.url}/thanku?txnStatus=SUCCESS&txnId=4044440004`);
      const { rows, loan: after } = await ledger(loan.id);
      expect(rows).toEqual([{ reference: '4044440004', amount_paise: 60_000, applied_paise: 60_000, excess_paise: 0 }]);
      expect(after?.collected_paise).toBe(60_000);
    });

    it("a mihpayid naming another order's payment neither blocks nor merges this order's credit", async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(server, pancard, mobile);
      const first = response(await payuOrder(token, '300'), 'success');
      await payuReturn(REPAY_PATHS.payuSuccess, first);
      const p = await payuOrder(token, '400');
      // A notification carrying the first payment's mihpayid (it is not hashed), then PayU's own.
      expect((await payuReturn(WEBHOOK_PATHS.payu, response(p, 'success', { mihpayid: first.mihpayid }))).status).toBe(
        200,
      );
      await payuReturn(WEBHOOK_PATHS.payu, response(p, 'success'));
      const { rows, loan: after } = await ledger(loan.id);
      expect(rows).toEqual([
        { reference: first.mihpayid, amount_paise: 30_000, applied_paise: 30_000, excess_paise: 0 },
        { reference: p.txnid, amount_paise: 40_000, applied_paise: 40_000, excess_paise: 0 },
      ]);
      expect(after?.collected_paise).toBe(70_000);
    });

    it("a success for another amount than the order's is never credited, even with a valid hash", async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(server, pancard, mobile);
      const p = await payuOrder(token, '500');
      const otherAmount = response(p, 'success', { amount: '5.00' });
      expect((await payuReturn(REPAY_PATHS.payuSuccess, otherAmount)).headers.get('location')).toMatch(
        /txnStatus=FAILED/,
      );
      expect((await payuReturn(WEBHOOK_PATHS.payu, otherAmount)).status).toBe(200);
      expect((await ledger(loan.id)).rows).toHaveLength(0);
      // It used up nothing: PayU's notification for the order's own amount still credits it.
      await payuReturn(WEBHOOK_PATHS.payu, response(p, 'success'));
      expect((await ledger(loan.id)).loan?.collected_paise).toBe(50_000);
    });

    it('a failure or cancel for an order already paid leaves it paid and credited once', async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(server, pancard, mobile);
      const p = await payuOrder(token, '700');
      await payuReturn(REPAY_PATHS.payuSuccess, response(p, 'success'));
      for (const late of [response(p, 'failure'), response(p, 'failure', { unmappedstatus: 'userCancelled' })]) {
        await payuReturn(REPAY_PATHS.payuFailure, late);
        await payuReturn(WEBHOOK_PATHS.payu, late);
      }
      expect((await storedOrder(p.txnid ?? '')).status).toBe('paid');
      const { rows, loan: after } = await ledger(loan.id);
      expect(rows).toHaveLength(1);
      expect(after?.collected_paise).toBe(70_000);
    });

    it('a tampered amount or a forged hash is refused and records nothing', async () => {
      const { pancard, mobile, loan } = await createBorrower(server, clock.now());
      const { token } = await repaySession(server, pancard, mobile);
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
    const { token } = await repaySession(server, pancard, mobile);
    const { order_id: orderId } = (await razorpayOrder(server, token, '700')).body.Data;
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
    const unknownOrder = await razorpayPay(server, 'order_doesnotexist01', 'pay_doesnotexist001');
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

describe('public addresses come from PUBLIC_API_URL and PUBLIC_SITE_URL, never from a forged Host header', () => {
  const SITE = 'https://www.koshcredit.example';
  const API_ORIGIN = 'https://api.koshcredit.example';
  let server: TestServer;
  const clock = testClock(Date.now());

  beforeAll(async () => {
    server = await startServer(ENGINE, { PUBLIC_SITE_URL: SITE, PUBLIC_API_URL: API_ORIGIN }, { now: clock.now });
  });
  afterAll(() => server.close());

  /** A request whose Host header names another site (fetch always sends the real one). */
  function withHost(path: string, headers: Record<string, string>, body: string) {
    const { port } = new URL(server.url);
    return new Promise<{ status: number; location: string | undefined; text: string }>((resolve, reject) => {
      const sent = request(
        { host: '127.0.0.1', port, path, method: 'POST', headers: { ...headers, Host: 'evil.example' } },
        (response) => {
          let text = '';
          response.setEncoding('utf8').on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, location: response.headers.location, text }),
          );
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
  }
  const json = (path: string, body: unknown, auth: Record<string, string>) =>
    withHost(path, { 'Content-Type': 'application/json', ...auth }, JSON.stringify(body));

  it("PayU's surl and furl, the checkout address and the thank-you redirect stay on the configured origins", async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const sent = await json(REPAY_PATHS.sendOtp, { pancard }, { [HEADERS.clientKey]: CLIENT_KEY });
    expect(JSON.parse(sent.text)).toMatchObject({ Status: 1 });
    const verified = await json(
      REPAY_PATHS.verifyOtp,
      { panNumber: pancard, otp: await latestCode(server, mobile) },
      { [HEADERS.clientKey]: CLIENT_KEY },
    );
    const session = JSON.parse(verified.text);
    expect(session.Data.razorpay_checkout_url).toMatch(new RegExp(`^${API_ORIGIN}/`));
    const token = session.Data.repay_token as string;
    const ordered = await json(
      REPAY_PATHS.payuOrder,
      { amount: '500', productinfo: 'x', firstname: 'x', email: 'x@x.in', mobile: '9', udf5: '' },
      { [HEADERS.token]: token },
    );
    const { parameters, payment_url } = JSON.parse(ordered.text).data;
    expect(parameters.surl).toBe(`${API_ORIGIN}${REPAY_PATHS.payuSuccess}`);
    expect(parameters.furl).toBe(`${API_ORIGIN}${REPAY_PATHS.payuFailure}`);
    expect(payment_url).toMatch(new RegExp(`^${API_ORIGIN}/`));
    const success = payuResponse(parameters, 'success');
    const back = await withHost(
      REPAY_PATHS.payuSuccess,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      new URLSearchParams(success).toString(),
    );
    expect(back.status).toBe(303);
    expect(back.location).toBe(`${SITE}/thanku?txnStatus=SUCCESS&txnId=${success.mihpayid}`);
    expect(back.text).not.toContain('evil.example');
  });
});
