import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indiaDate } from '../../src/lib/dates.ts';
import { RECEIPT_PATH } from '../../src/lib/receipt.ts';
import { REPAY_PATHS } from '../../src/server/payments/paths.ts';
import { createBorrower } from './support/borrower.ts';
import { payuResponse, postForm, razorpayWebhook } from './support/providers.ts';
import { payRazorpay, repaySession } from './support/repay.ts';
import { ENGINES, startServer, type TestServer, testClock } from './support/server.ts';
import { signIn } from './support/signIn.ts';

const NOT_FOUND = 'We found no payment of yours with this transaction ID.';
const SIGN_IN = 'Sign in to see the details of this payment.';

describe.each(ENGINES)('the receipt of a payment (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.now());

  beforeAll(async () => {
    server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '100' }, { now: clock.now });
  });
  afterAll(() => server.close());

  async function payuParameters(token: string, amount: string) {
    const reply = await server.post(REPAY_PATHS.payuOrder, { amount, udf5: '' }, { token });
    expect(reply.body.Status).toBe(1);
    return reply.body.data.parameters as Record<string, string>;
  }

  const receipt = (txnId: string, token?: string) =>
    server.post(RECEIPT_PATH, { txnId }, token === undefined ? {} : { token });

  it("answers the payer's own payment with the server's figures, to the repay session and to the signed-in customer", async () => {
    // ₹10,000 at 1% a day, disbursed 10 days ago: ₹11,000 closes it today.
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    await payRazorpay(server, token, '3000', 'pay_receiptown0001');

    const own = await receipt('pay_receiptown0001', token);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ Status: 1, Message: 'Success' });
    expect(own.body.Data).toEqual({
      status: 'SUCCESS',
      provider: 'razorpay',
      loan_no: loan.loanNo,
      amount_paise: 300_000,
      date: clock.now().toISOString(),
      reference: 'pay_receiptown0001',
      balance_paise: 800_000,
      balance_on: indiaDate(clock.now()),
      loan_closed: false,
    });

    const { token: signedIn } = await signIn(server, mobile);
    const asCustomer = await receipt('pay_receiptown0001', signedIn);
    expect(asCustomer.body.Data).toEqual(own.body.Data);
  });

  it('keeps the balance left after that payment, whatever is paid later; the payment that closes the loan says so', async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    await payRazorpay(server, token, '1000', 'pay_receiptfirst01');
    await payRazorpay(server, token, '', 'pay_receiptclose01');
    const first = await receipt('pay_receiptfirst01', token);
    expect(first.body.Data).toMatchObject({ amount_paise: 100_000, balance_paise: 1_000_000, loan_closed: false });
    const closing = await receipt('pay_receiptclose01', token);
    expect(closing.body.Data).toMatchObject({
      status: 'SUCCESS',
      amount_paise: 1_000_000,
      balance_paise: 0,
      loan_closed: true,
    });
  });

  it("refuses another customer's payment with the same words as an unknown one, and asks a caller with no session to sign in", async () => {
    const payer = await createBorrower(server, clock.now());
    const token = (await repaySession(server, payer.pancard, payer.mobile)).token;
    await payRazorpay(server, token, '500', 'pay_receiptother01');

    const other = await createBorrower(server, clock.now());
    const otherRepay = (await repaySession(server, other.pancard, other.mobile)).token;
    const { token: otherSignedIn } = await signIn(server, other.mobile);
    for (const stranger of [otherRepay, otherSignedIn]) {
      const refused = await receipt('pay_receiptother01', stranger);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ Status: 0, Message: NOT_FOUND, Data: {}, error: 'receipt_not_found' });
    }
    const unknown = await receipt('pay_neverhappened1', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ Status: 0, Message: NOT_FOUND, Data: {}, error: 'receipt_not_found' });

    for (const nobody of [undefined, 'x'.repeat(43)]) {
      const anonymous = await receipt('pay_receiptother01', nobody);
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toMatchObject({ Status: 4, Message: SIGN_IN, Data: {} });
    }
    const malformed = await receipt('pay_<script>', token);
    expect(malformed.status).toBe(400);
  });

  it('a payment made before this repay session opened is not its to read', async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const earlier = (await repaySession(server, pancard, mobile)).token;
    await payRazorpay(server, earlier, '700', 'pay_receiptearly01');
    clock.advance(60);
    const later = (await repaySession(server, pancard, mobile)).token;
    expect((await receipt('pay_receiptearly01', later)).status).toBe(404);
    expect((await receipt('pay_receiptearly01', earlier)).status).toBe(200);
  });

  it('an order whose confirmation has not arrived is pending; the webhook turns it into the receipt', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    const parameters = await payuParameters(token, '1500');
    const txnid = parameters.txnid as string;

    const pending = await receipt(txnid, token);
    expect(pending.body.Data).toEqual({
      status: 'PENDING',
      provider: 'payu',
      loan_no: loan.loanNo,
      amount_paise: 150_000,
      date: clock.now().toISOString(),
      reference: txnid,
      balance_paise: null,
      balance_on: null,
      loan_closed: false,
    });

    const success = payuResponse(parameters, 'success');
    expect((await postForm(`${server.url}/Api/webhooks/payu`, success)).status).toBe(200);
    const byMihpayid = await receipt(success.mihpayid, token);
    expect(byMihpayid.body.Data).toMatchObject({
      status: 'SUCCESS',
      provider: 'payu',
      amount_paise: 150_000,
      reference: success.mihpayid,
      balance_paise: 950_000,
    });
    // The order's own id finds the same receipt.
    expect((await receipt(txnid, token)).body.Data).toEqual(byMihpayid.body.Data);
  });

  it('a failed or cancelled order says so, with nothing taken', async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    const failed = payuResponse(await payuParameters(token, '400'), 'failure', { mihpayid: '' });
    await postForm(`${server.url}${REPAY_PATHS.payuFailure}`, failed);
    expect((await receipt(failed.txnid, token)).body.Data).toMatchObject({ status: 'FAILED', balance_paise: null });
    const cancelled = payuResponse(await payuParameters(token, '400'), 'failure', {
      mihpayid: '',
      unmappedstatus: 'userCancelled',
    });
    await postForm(`${server.url}${REPAY_PATHS.payuFailure}`, cancelled);
    expect((await receipt(cancelled.txnid, token)).body.Data).toMatchObject({ status: 'CANCEL' });
  });

  it('a second payment on a paid order is shown as held for refund, never as a payment of the loan', async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    const orderId = await payRazorpay(server, token, '600', 'pay_receiptpaid001');
    await razorpayWebhook(server.url, 'payment.captured', {
      orderId,
      paymentId: 'pay_receiptpaid002',
      amountPaise: 60_000,
    });
    expect((await receipt('pay_receiptpaid002', token)).body.Data).toMatchObject({
      status: 'REFUND',
      amount_paise: 60_000,
      balance_paise: null,
    });
  });

  it('a repay session reads its receipts for a day after it ends, then asks to sign in', async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    await payRazorpay(server, token, '800', 'pay_receiptlate001');
    clock.advance(16 * 60);
    // The session no longer pays…
    expect((await server.post(REPAY_PATHS.razorpayOrder, { rzp_amount: '1' }, { token })).body.Status).toBe(4);
    // …but still shows what it paid.
    expect((await receipt('pay_receiptlate001', token)).body.Data.amount_paise).toBe(80_000);
    clock.advance(24 * 3600);
    const late = await receipt('pay_receiptlate001', token);
    expect(late.status).toBe(401);
    expect(late.body.Message).toBe(SIGN_IN);
  });
});
