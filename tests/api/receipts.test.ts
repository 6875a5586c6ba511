/**
 * Payment receipts (issue 23): every credited payment (a provider's, a staff's offline receipt) has
 * its SMS and e-mail receipt queued with the credit, whose figures equal the allocation stored with
 * the collection and what was left after it; and its PDF, downloaded by the borrower (signed in, or
 * the repay session that paid it) and by no one else.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../src/lib/api/envelope.ts';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { formatDate } from '../../src/lib/format.ts';
import { formatPaise, formatPaiseInFull } from '../../src/lib/money.ts';
import type { Deps } from '../../src/server/app/context.ts';
import { createLogger } from '../../src/server/app/logger.ts';
import { createDeps } from '../../src/server/app/services.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { collections, loanMessages, mailOutbox, smsQueue } from '../../src/server/db/schema.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { REPAY_PATHS } from '../../src/server/payments/paths.ts';
import { RECEIPT_PDF_MESSAGES } from '../../src/server/receipts/routes.ts';
import { deliverLoanMessages } from '../../src/server/reminders/service.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { createBorrower } from './support/borrower.ts';
import { isSignInCode, latestMail, mailbox } from './support/mailbox.ts';
import { payuResponse, postForm } from './support/providers.ts';
import { payRazorpay, repaySession } from './support/repay.ts';
import { ENGINES, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';
import { signIn } from './support/signIn.ts';

describe.each(ENGINES)('payment receipts (%s database)', (engine) => {
  let server: TestServer;
  let deps: Deps;
  // 21:30 in India: receipts are not held to the reminders' hours.
  const clock = testClock(Date.parse('2026-12-01T16:00:00Z'));

  beforeAll(async () => {
    server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '100' }, { now: clock.now });
    const config = loadConfig({ ...TEST_ENV });
    ({ deps } = await createDeps(config, createLogger('silent'), { database: server.database, now: clock.now }));
  });
  afterAll(async () => {
    await deps?.pdfChecks.close();
    await deps?.pdfDrawing.close();
    await server.close();
  });

  const collectionOf = async (reference: string) => {
    const [row] = await server.database.db.select().from(collections).where(eq(collections.reference, reference));
    if (!row) throw new Error(`no collection ${reference}`);
    return row;
  };
  const receiptSms = (mobile: string) =>
    server.database.db
      .select()
      .from(smsQueue)
      .where(eq(smsQueue.to, mobile))
      // In the order they were queued: PostgreSQL returns rows in no set order without it.
      .orderBy(smsQueue.id)
      .then((rows) => rows.filter((row) => row.purpose === 'receipt'));

  async function download(reference: string, token?: string) {
    const response = await fetch(`${server.url}${API.receiptPdf}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { [HEADERS.token]: token }) },
      body: JSON.stringify({ reference }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      status: response.status,
      headers: response.headers,
      bytes,
      json: () => JSON.parse(Buffer.from(bytes).toString()),
    };
  }

  it('a provider payment: SMS and e-mail receipts with the stored allocation, what is left and the due date, queued with the credit', async () => {
    // ₹10,000 at 1% a day, disbursed 10 days ago: ₹1,000 of interest is due; ₹3,000 pays it and ₹2,000 of principal.
    const { pancard, mobile, customer, loan } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    await payRazorpay(server, token, '3000', 'pay_h2receipt0001');
    const collection = await collectionOf('pay_h2receipt0001');
    expect([collection.interestPaise, collection.principalPaise, collection.chargesPaise]).toEqual([
      100_000, 200_000, 0,
    ]);
    const queued = await server.database.db
      .select()
      .from(loanMessages)
      .where(eq(loanMessages.collectionId, collection.id));
    expect(queued.map((row) => [row.kind, row.channel]).sort()).toEqual([
      ['receipt', 'email'],
      ['receipt', 'sms'],
    ]);

    await deliverLoanMessages(deps, clock.now());
    const [sms, ...more] = await receiptSms(mobile);
    expect(more).toHaveLength(0);
    // Plain GSM characters (Rs., not the rupee sign): 160 to a part, not Unicode's 70.
    expect(sms?.body).toMatch(/^[\x20-\x7e]+$/);
    expect(sms?.templateId).toBe(deps.config.sms.templates.receipt);
    for (const figure of [
      'received Rs.3,000',
      'principal Rs.2,000, interest Rs.1,000)',
      `Left to pay: Rs.8,000, due on ${formatDate(loan.repaymentDate)}`,
      loan.loanNo,
    ]) {
      expect(sms?.body).toContain(figure);
    }
    await mailbox(server, customer.email as string);
    const [mail] = await server.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, customer.email as string));
    expect(mail?.subject).toBe(`Payment received: ${formatPaise(300_000)} for your loan ${loan.loanNo}`);
    expect(mail?.body).toContain(`It paid: principal ${formatPaise(200_000)}, interest ${formatPaise(100_000)}`);
    // Delivered once: another round sends nothing more.
    await deliverLoanMessages(deps, clock.now());
    expect(await receiptSms(mobile)).toHaveLength(1);
  });

  it('the payment that closes the loan says so; an offline receipt recorded by staff has its receipt too', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    // Collections record ₹1,000 by bank transfer.
    const login = await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: 'kosh-staff-dev' });
    const code = await latestMail(server, 'collections@kosh.test', isSignInCode);
    const verified = await server.post(STAFF_API.verify, {
      challenge_id: login.body.Data.challenge_id,
      code: code.body.match(/code is (\d{6})/)?.[1],
    });
    const staff = { [HEADERS.staffToken]: verified.body.Data.staff_token, Auth: '' };
    const recorded = await server.post(
      STAFF_API.recordReceipt,
      { loan_no: loan.loanNo, amount: '1000', reference: 'NEFTH2R0001' },
      { headers: staff },
    );
    expect(recorded.body.Status, recorded.body.Message).toBe(1);
    const token = (await repaySession(server, pancard, mobile)).token;
    await payRazorpay(server, token, '', 'pay_h2receiptclose');
    await deliverLoanMessages(deps, clock.now());
    const rows = await receiptSms(mobile);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.body).toContain('received Rs.1,000');
    expect(rows[0]?.body).toContain('interest Rs.1,000');
    expect(rows[1]?.body).toContain('received Rs.10,000');
    expect(rows[1]?.body).toContain('Your loan is now closed.');
  });

  it('a transfer recorded with npm run ops -- collect on the database has its receipt queued with it', async () => {
    const { mobile, loan } = await createBorrower(server, clock.now());
    const printed: string[] = [];
    const exit = await runOps(['collect', loan.loanNo, '500', '--ref', 'NEFTH2OPS01'], {
      config: () => deps.config,
      database: async () => server.database,
      write: { out: (text) => printed.push(text), error: (text) => printed.push(text) },
    });
    expect(exit, printed.join('\n')).toBe(0);
    const collection = await collectionOf('NEFTH2OPS01');
    const queued = await server.database.db
      .select()
      .from(loanMessages)
      .where(eq(loanMessages.collectionId, collection.id));
    expect(queued.map((row) => row.channel).sort()).toEqual(['email', 'sms']);
    await deliverLoanMessages(deps, clock.now());
    const [sms] = await receiptSms(mobile);
    expect(sms?.body).toContain('received Rs.500');
  });

  it('a PayU payment credited by its webhook has its receipt too, and its PDF is found by the order’s txnid', async () => {
    const { pancard, mobile } = await createBorrower(server, clock.now());
    const token = (await repaySession(server, pancard, mobile)).token;
    const order = await server.post(REPAY_PATHS.payuOrder, { amount: '1500', udf5: '' }, { token });
    const parameters = order.body.data.parameters as Record<string, string>;
    const success = payuResponse(parameters, 'success');
    expect((await postForm(`${server.url}/Api/webhooks/payu`, success)).status).toBe(200);
    await deliverLoanMessages(deps, clock.now());
    const [sms] = await receiptSms(mobile);
    expect(sms?.body).toContain('received Rs.1,500');
    expect(sms?.body).toContain('Left to pay: Rs.9,500');
    const pdf = await download(parameters.txnid as string, token);
    expect(pdf.status).toBe(200);
    expect(flat((await pdfText(pdf.bytes)).text)).toContain(`Reference ${success.mihpayid}`);
  });

  it('the PDF downloads for its borrower (signed in, or the repay session that paid) and for no one else', async () => {
    const { pancard, mobile, loan } = await createBorrower(server, clock.now());
    const repay = (await repaySession(server, pancard, mobile)).token;
    await payRazorpay(server, repay, '3000', 'pay_h2receiptpdf01');

    const fromRepay = await download('pay_h2receiptpdf01', repay);
    expect(fromRepay.status).toBe(200);
    expect(fromRepay.headers.get('content-type')).toBe('application/pdf');
    expect(fromRepay.headers.get('content-disposition')).toBe('attachment; filename="receipt-pay_h2receiptpdf01.pdf"');
    const text = flat((await pdfText(fromRepay.bytes)).text);
    for (const figure of [
      'Payment receipt',
      loan.loanNo,
      'pay_h2receiptpdf01',
      `Amount received: ${formatPaiseInFull(300_000)}`,
      `Principal ${formatPaiseInFull(200_000)}`,
      `Interest ${formatPaiseInFull(100_000)}`,
      `Left to pay ${formatPaiseInFull(800_000)}`,
      `Due date ${formatDate(loan.repaymentDate)}`,
    ]) {
      expect(text).toContain(figure);
    }
    const { token: signedIn } = await signIn(server, mobile);
    expect((await download('pay_h2receiptpdf01', signedIn)).status).toBe(200);

    const other = await createBorrower(server, clock.now());
    const { token: otherSignedIn } = await signIn(server, other.mobile);
    const otherRepay = (await repaySession(server, other.pancard, other.mobile)).token;
    for (const stranger of [otherSignedIn, otherRepay]) {
      const refused = await download('pay_h2receiptpdf01', stranger);
      expect(refused.status).toBe(404);
      expect(refused.json()).toMatchObject({ Status: 0, Message: RECEIPT_PDF_MESSAGES.notFound });
    }
    expect((await download('pay_neverhappened9', signedIn)).status).toBe(404);
    const anonymous = await download('pay_h2receiptpdf01');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json()).toMatchObject({ Status: STATUS.invalidSession, Message: RECEIPT_PDF_MESSAGES.signIn });
  });
});
