/**
 * Refunds paid under four eyes (issue 22; issue 23's refunds by bank transfer): finance's queue of
 * money to refund; one finance member requests a refund with the transfer's reference, the same
 * member is refused approving it, another approves, which records it paid: the queue no longer lists
 * it, the loan's figures and statement show it. More than is left is refused;
 * requests and approvals that race are granted once, over several rounds.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { site } from '../../src/lib/site.ts';
import { statementRows } from '../../src/lib/statementLines.ts';
import { createLogger } from '../../src/server/app/logger.ts';
import { loadConfig, SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../../src/server/config/config.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { loanAccountToday } from '../../src/server/loans/account.ts';
import { loanFigures } from '../../src/server/loans/accountFigures.ts';
import { loanByNo } from '../../src/server/loans/store.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { REPAY_PATHS } from '../../src/server/payments/paths.ts';
import { createRazorpayRefund } from '../../src/server/payments/razorpay.ts';
import { recordReversal } from '../../src/server/payments/reversals.ts';
import { lenderOf, statementPdf } from '../../src/server/statements/statementPdf.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { createBorrower } from './support/borrower.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { postForm } from './support/providers.ts';
import { ENGINES, type Reply, startServer, type TestServer, testClock } from './support/server.ts';
import { latestCode } from './support/signIn.ts';

const PASSWORD = 'kosh-staff-dev';
const ROUNDS = 6;
/** The sandbox checkout's payment: what the payer's choice answers (src/server/sandbox/razorpay.ts). */
const SANDBOX_PAY = '/__sandbox/razorpay/pay';

interface ToRequest {
  collection_id: number;
  loan_no: string;
  to_refund: number;
  why: string;
}
interface ToApprove {
  request_id: number;
  status: string;
  collection_id: number;
  amount: number;
  reference: string;
  requested_by: string;
  requested_by_you: boolean;
}

describe.each(ENGINES)('refunds paid under four eyes (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-24T05:00:00Z'));
  let finance: string;
  let finance2: string;
  let credit: string;
  let utr = 0;

  const asStaff = (token: string, path: string, body: object = {}): Promise<Reply> =>
    server.post(path, body, { headers: { [HEADERS.staffToken]: token, Auth: '' } });

  async function staffToken(email: string): Promise<string> {
    const login = await server.post(STAFF_API.login, { email, password: PASSWORD });
    expect(login.body.Status, login.body.Message).toBe(1);
    const mail = await latestMail(server, email, isSignInCode);
    const code = mail.body.match(/code is (\d{6})/)?.[1];
    const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
    expect(verified.body.Status, verified.body.Message).toBe(1);
    return verified.body.Data.staff_token;
  }

  beforeAll(async () => {
    server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '100' }, { now: clock.now });
    finance = await staffToken('finance@kosh.test');
    finance2 = await staffToken('finance2@kosh.test');
    credit = await staffToken('credit@kosh.test');
  });
  afterAll(() => server.close());

  const nextUtr = () => {
    utr += 1;
    return `UTR${engine.slice(0, 3).toUpperCase()}${Date.now() % 1_000_000}${String(utr).padStart(3, '0')}`;
  };

  /** A borrower who paid ₹12,000 by bank transfer on a loan owing ₹11,000: ₹1,000 to refund. */
  async function paidBeyondTheDues(source: 'offline' | 'razorpay' = 'offline') {
    const borrower = await createBorrower(server, clock.now());
    const outcome = await recordCollection(server.database.db, {
      loanId: borrower.loan.id,
      source,
      reference: source === 'offline' ? `RCPT-${borrower.mobile}` : `pay_${borrower.mobile}`,
      amountPaise: 12_000_00,
      recordedBy: 'test',
      now: clock.now(),
    });
    if (outcome.kind !== 'recorded') throw new Error(`not recorded: ${outcome.kind}`);
    expect(outcome.excessPaise).toBe(1_000_00);
    return {
      ...borrower,
      loanNo: borrower.loan.loanNo,
      collectionId: Number(outcome.collectionId),
      reference: source === 'offline' ? `RCPT-${borrower.mobile}` : `pay_${borrower.mobile}`,
    };
  }

  async function queue(token = finance) {
    const answer = await asStaff(token, STAFF_API.refunds);
    expect(answer.status, answer.body.Message).toBe(200);
    return answer.body.Data as {
      to_request: { count: number; items: ToRequest[] };
      to_approve: { count: number; items: ToApprove[] };
    };
  }

  const refundsOf = (collectionId: number) =>
    queryRows<{ kind: string; provider: string; provider_reference: string; amount_paise: number }>(
      server.database.db,
      sql`select kind, provider, provider_reference, amount_paise from collection_reversals
          where collection_id = ${collectionId} order by id`,
    );

  /** `npm run ops -- refunds` in this process on the test server's database. */
  async function opsRefunds() {
    const printed: string[] = [];
    const print = (text: string) => printed.push(`${text}\n`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', OTP_SECRET: 'x'.repeat(32) });
    const code = await runOps(['refunds'], {
      config: () => config,
      database: async () => server.database,
      write: { out: print, error: print },
    });
    expect(code).toBe(0);
    return printed.join('');
  }

  async function figures(loanNo: string) {
    const loan = await loanByNo(server.database.db, loanNo);
    if (!loan) throw new Error('no loan');
    const account = await loanAccountToday(server.database.db, loan, clock.now());
    return { account, figures: loanFigures(account) };
  }

  it('one finance member requests with the reference, the same one is refused, another approves: paid and shown', async () => {
    const borrower = await paidBeyondTheDues();
    const listed = (await queue()).to_request.items.find((row) => row.collection_id === borrower.collectionId);
    expect(listed).toMatchObject({ loan_no: borrower.loanNo, to_refund: 1000, why: 'excess' });

    const reference = nextUtr();
    const requested = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '1000',
      reference,
    });
    expect(requested.body.Status, requested.body.Message).toBe(1);
    expect(requested.body.Message).toBe('Requested: another finance member must approve the refund.');
    const requestId = requested.body.Data.request_id as number;

    // Listed once, waiting: the requester sees it is theirs, the other member does not.
    const waiting = await queue();
    expect(waiting.to_request.items.some((row) => row.collection_id === borrower.collectionId)).toBe(false);
    expect(waiting.to_approve.items.find((row) => row.request_id === requestId)).toMatchObject({
      amount: 1000,
      reference,
      requested_by_you: true,
    });
    expect((await queue(finance2)).to_approve.items.find((row) => row.request_id === requestId)?.requested_by_you).toBe(
      false,
    );

    const requester = waiting.to_approve.items.find((row) => row.request_id === requestId)?.requested_by;
    expect(await opsRefunds()).toContain(`₹1,000 ref. ${reference} by ${requester}, to approve`);

    const again = await asStaff(finance2, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '1000',
      reference: nextUtr(),
    });
    expect(again).toMatchObject({
      status: 409,
      body: { Message: `A refund of payment ${borrower.collectionId} is already waiting for approval.` },
    });

    const own = await asStaff(finance, STAFF_API.approveRefund, { request_id: requestId });
    expect(own).toMatchObject({
      status: 403,
      body: { Message: 'You requested this refund: another finance member must approve it.' },
    });
    expect(await refundsOf(borrower.collectionId)).toEqual([]);

    const approved = await asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId });
    expect(approved.status, approved.body.Message).toBe(200);
    expect(approved.body.Data).toEqual({ loan_no: borrower.loanNo, amount: 1000 });
    expect(approved.body.Message).toBe(`Refund of ₹1,000 on loan ${borrower.loanNo} recorded as paid.`);

    expect(await refundsOf(borrower.collectionId)).toEqual([
      { kind: 'refund', provider: 'bank_transfer', provider_reference: reference, amount_paise: 1_000_00 },
    ]);
    const after = await queue();
    expect(after.to_request.items.some((row) => row.collection_id === borrower.collectionId)).toBe(false);
    expect(after.to_approve.items.some((row) => row.request_id === requestId)).toBe(false);

    const listedPaid = (await opsRefunds()).split('Refunds paid')[1] ?? '';
    expect(listedPaid).toContain(reference);
    expect(listedPaid).toContain(borrower.loanNo);

    // The loan: nothing owed again, no excess left, the refund given back; the statement says so.
    const { account, figures: shown } = await figures(borrower.loanNo);
    expect(shown).toMatchObject({ closureAmountPaise: 0, excessPaise: 0, reversedPaise: 1_000_00 });
    const rows = statementRows(account.loan, account.state.lines, account.collections, account.reversals);
    expect(rows.at(-1)?.description).toBe(
      `Refund by Bank transfer ref. ${reference} of payment ref. RCPT-${borrower.mobile}: ₹1,000.00; ₹1,000.00 off the excess to refund`,
    );

    const pdf = await pdfText(
      await statementPdf({
        lender: lenderOf(site),
        customer: { name: 'Test Borrower', pan: null },
        loan: account.loan,
        collections: account.collections,
        reversals: account.reversals,
        state: account.state,
        generatedAt: clock.now(),
      }),
    );
    expect(flat(pdf.text)).toContain(
      `Refund by Bank transfer ref. ${reference} of payment ref. RCPT-${borrower.mobile}`,
    );

    // Audit lines name both staff members by id.
    const audit = await queryRows<{ action: string; actor: string; detail: Record<string, unknown> }>(
      server.database.db,
      sql`select action, actor, detail from audit_log where subject = ${borrower.loanNo}
          and action like 'refund.%' order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['refund.requested', 'refund.paid']);
    expect(audit[0]?.actor).toMatch(/^staff:[0-9a-f-]{36}$/);
    expect(audit[1]?.actor).toMatch(/^staff:[0-9a-f-]{36}$/);
    expect(audit[1]?.actor).not.toBe(audit[0]?.actor);
    expect(audit[1]?.detail).toMatchObject({ request_id: requestId, requested_by: audit[0]?.actor, reference });

    // Paid once: approving again is a conflict with a message.
    const twice = await asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId });
    expect(twice).toMatchObject({ status: 409, body: { Message: `Refund request ${requestId} is paid.` } });
  });

  it('more than is left to refund is refused; a part, then the rest, is paid; a reference is used once', async () => {
    const borrower = await paidBeyondTheDues();
    const tooMuch = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '1000.01',
      reference: nextUtr(),
    });
    expect(tooMuch).toMatchObject({
      status: 409,
      body: { Message: `Only ₹1,000 is left to refund of payment ${borrower.collectionId}: ask for that or less.` },
    });
    const notAmount = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: 'lots',
      reference: nextUtr(),
    });
    expect(notAmount.status).toBe(400);
    expect(notAmount.body.Message).toBe('Enter the amount in rupees, e.g. 1500 or 1500.50.');

    const first = nextUtr();
    const part = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '400.50',
      reference: first,
    });
    expect(part.body.Status, part.body.Message).toBe(1);
    expect((await asStaff(finance2, STAFF_API.approveRefund, { request_id: part.body.Data.request_id })).status).toBe(
      200,
    );
    const listed = (await queue()).to_request.items.find((row) => row.collection_id === borrower.collectionId);
    expect(listed?.to_refund).toBe(599.5);

    const reused = await asStaff(finance2, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '599.50',
      reference: first,
    });
    expect(reused).toMatchObject({
      status: 409,
      body: { Message: `A refund with reference ${first} is already recorded.` },
    });

    const rest = await asStaff(finance2, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '599.50',
      reference: nextUtr(),
    });
    expect((await asStaff(finance, STAFF_API.approveRefund, { request_id: rest.body.Data.request_id })).status).toBe(
      200,
    );
    expect((await figures(borrower.loanNo)).figures).toMatchObject({ excessPaise: 0, reversedPaise: 1_000_00 });
    const nothing = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '1',
      reference: nextUtr(),
    });
    expect(nothing).toMatchObject({
      status: 409,
      body: { Message: `Nothing is left to refund of payment ${borrower.collectionId}.` },
    });
  });

  it('a provider refund arriving while a request waits: the approval is refused, the request withdrawn and asked again', async () => {
    const borrower = await paidBeyondTheDues('razorpay');
    const requested = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '1000',
      reference: nextUtr(),
    });
    const requestId = requested.body.Data.request_id as number;
    const provider = await recordReversal(server.database.db, {
      provider: 'razorpay',
      paymentReference: borrower.reference,
      kind: 'refund',
      providerReference: `rfnd_${borrower.mobile}`,
      amountPaise: 400_00,
      recordedBy: 'razorpay:webhook',
      now: clock.now(),
      log: createLogger('silent'),
    });
    expect(provider).toMatchObject({ kind: 'recorded', amountPaise: 400_00 });

    const refused = await asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId });
    expect(refused).toMatchObject({
      status: 409,
      body: { Message: `Only ₹600 is left to refund of payment ${borrower.collectionId}: ask for that or less.` },
    });
    const withdrawn = await asStaff(finance2, STAFF_API.cancelRefund, { request_id: requestId });
    expect(withdrawn.body).toMatchObject({
      Status: 1,
      Message: 'Withdrawn: the payment is back in the refunds to pay.',
    });
    expect((await asStaff(finance2, STAFF_API.cancelRefund, { request_id: requestId })).status).toBe(409);
    expect((await asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId })).body.Message).toBe(
      `Refund request ${requestId} is cancelled.`,
    );
    const listed = (await queue()).to_request.items.find((row) => row.collection_id === borrower.collectionId);
    expect(listed?.to_refund).toBe(600);

    const again = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '600',
      reference: nextUtr(),
    });
    expect((await asStaff(finance2, STAFF_API.approveRefund, { request_id: again.body.Data.request_id })).status).toBe(
      200,
    );
    expect((await figures(borrower.loanNo)).figures).toMatchObject({ excessPaise: 0, reversedPaise: 1_000_00 });
    expect((await refundsOf(borrower.collectionId)).map((row) => [row.provider, row.amount_paise])).toEqual([
      ['razorpay', 400_00],
      ['bank_transfer', 600_00],
    ]);
  });

  it('through Razorpay: the Refunds API once with the idempotency key, the refund and its webhook recorded once', async () => {
    const borrower = await createBorrower(server, clock.now());
    await server.post(REPAY_PATHS.sendOtp, { pancard: borrower.pancard });
    const session = await server.post(REPAY_PATHS.verifyOtp, {
      panNumber: borrower.pancard,
      otp: await latestCode(server, borrower.mobile),
    });
    const token = session.body.Data.repay_token as string;
    const placed = await server.post(REPAY_PATHS.razorpayOrder, { rzp_amount: '' }, { token });
    const orderId = placed.body.Data.order_id as string;
    // The payer pays the order in the sandbox's checkout, then pays it again: held for refund.
    const first = await server.post(SANDBOX_PAY, { order_id: orderId, outcome: 'success' });
    expect((await server.post(REPAY_PATHS.razorpayVerify, first.body)).body.status).toBe('SUCCESS');
    const second = await server.post(SANDBOX_PAY, { order_id: orderId, outcome: 'success' });
    const secondPayment = second.body.razorpay_payment_id as string;
    let held: { id: number; amount_paise: number } | undefined;
    await vi.waitFor(
      async () => {
        [held] = await queryRows<{ id: number; amount_paise: number }>(
          server.database.db,
          sql`select id, amount_paise from collections where reference = ${secondPayment} and held_for_refund`,
        );
        expect(held).toBeDefined();
      },
      { timeout: 5000, interval: 100 },
    );
    const collectionId = Number(held?.id);
    const amount = (Number(held?.amount_paise) / 100).toFixed(2);
    expect((await queue()).to_request.items.find((row) => row.collection_id === collectionId)?.why).toBe(
      'second_payment',
    );

    const offline = await paidBeyondTheDues();
    const notRazorpay = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: offline.collectionId,
      amount: '1000',
      method: 'razorpay',
    });
    expect(notRazorpay).toMatchObject({
      status: 409,
      body: { Message: `Payment ${offline.collectionId} did not come through Razorpay: refund it by bank transfer.` },
    });

    const requested = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: collectionId,
      amount,
      method: 'razorpay',
    });
    expect(requested.body.Status, requested.body.Message).toBe(1);
    const requestId = requested.body.Data.request_id as number;
    const waiting = (await queue(finance2)).to_approve.items.find((row) => row.request_id === requestId);
    expect(waiting).toMatchObject({ method: 'razorpay' });
    expect(waiting?.reference).toMatch(/^kosh-refund-[0-9a-f-]{36}$/);

    // Two approvals at once: one sends the refund, the other is refused while it is being sent or once paid.
    const approvals = await Promise.all(
      [0, 1].map((at) =>
        delay(at * 3).then(() => asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId })),
      ),
    );
    expect(approvals.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const recorded = await refundsOf(collectionId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      kind: 'refund',
      provider: 'razorpay',
      amount_paise: Number(held?.amount_paise),
    });
    expect(recorded[0]?.provider_reference).toMatch(/^rfnd_/);

    // Razorpay's refund.processed for the same refund arrives after: recorded once all the same.
    await delay(800);
    expect(await refundsOf(collectionId)).toHaveLength(1);
    expect((await queue()).to_request.items.some((row) => row.collection_id === collectionId)).toBe(false);
    const [paid] = await queryRows<{ status: string }>(
      server.database.db,
      sql`select status from refund_requests where id = ${requestId}`,
    );
    expect(paid?.status).toBe('paid');
  });

  /** A borrower who paid the same order twice in the Razorpay sandbox: the second is held for refund. */
  async function paidTwiceInRazorpaySandbox() {
    const borrower = await createBorrower(server, clock.now());
    await server.post(REPAY_PATHS.sendOtp, { pancard: borrower.pancard });
    const session = await server.post(REPAY_PATHS.verifyOtp, {
      panNumber: borrower.pancard,
      otp: await latestCode(server, borrower.mobile),
    });
    const placed = await server.post(
      REPAY_PATHS.razorpayOrder,
      { rzp_amount: '' },
      { token: session.body.Data.repay_token as string },
    );
    const orderId = placed.body.Data.order_id as string;
    const first = await server.post(SANDBOX_PAY, { order_id: orderId, outcome: 'success' });
    expect((await server.post(REPAY_PATHS.razorpayVerify, first.body)).body.status).toBe('SUCCESS');
    const second = await server.post(SANDBOX_PAY, { order_id: orderId, outcome: 'success' });
    const paymentId = second.body.razorpay_payment_id as string;
    let held: { id: number; amount_paise: number } | undefined;
    await vi.waitFor(
      async () => {
        [held] = await queryRows<{ id: number; amount_paise: number }>(
          server.database.db,
          sql`select id, amount_paise from collections where reference = ${paymentId} and held_for_refund`,
        );
        expect(held).toBeDefined();
      },
      { timeout: 5000, interval: 100 },
    );
    return { borrower, paymentId, collectionId: Number(held?.id), amountPaise: Number(held?.amount_paise) };
  }

  it('a claim left sending by a process that died after Razorpay took it is approved again: the same refund, once', async () => {
    const paid = await paidTwiceInRazorpaySandbox();
    const requested = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: paid.collectionId,
      amount: (paid.amountPaise / 100).toFixed(2),
      method: 'razorpay',
    });
    const requestId = requested.body.Data.request_id as number;
    const [request] = await queryRows<{ reference: string }>(
      server.database.db,
      sql`select reference from refund_requests where id = ${requestId}`,
    );
    // The approval's process claimed the request and Razorpay took the refund; then it died.
    await server.database.db.execute(
      sql`update refund_requests set status = 'sending', decided_at = ${clock.now()} where id = ${requestId}`,
    );
    const taken = await createRazorpayRefund(
      { ...SANDBOX_CREDENTIALS.razorpay, apiBase: `${server.url}${SANDBOX_PATHS.razorpayApi}` },
      { paymentId: paid.paymentId, amountPaise: paid.amountPaise, idempotencyKey: request?.reference ?? '' },
      fetch,
    );
    // Razorpay's refund.processed records the refund meanwhile.
    await vi.waitFor(async () => expect(await refundsOf(paid.collectionId)).toHaveLength(1), {
      timeout: 5000,
      interval: 100,
    });
    const soon = await asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId });
    expect(soon).toMatchObject({
      status: 409,
      body: {
        Message: `Refund request ${requestId} is being sent to Razorpay: if it still is in two minutes, approve it again.`,
      },
    });
    expect((await queue()).to_approve.items.find((row) => row.request_id === requestId)).toMatchObject({
      status: 'sending',
    });

    await server.database.db.execute(
      sql`update refund_requests set decided_at = ${new Date(clock.now().getTime() - 3 * 60_000)} where id = ${requestId}`,
    );
    const again = await asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId });
    expect(again.status, again.body.Message).toBe(200);
    expect(await refundsOf(paid.collectionId)).toEqual([
      { kind: 'refund', provider: 'razorpay', provider_reference: taken.id, amount_paise: paid.amountPaise },
    ]);
    expect((await queue()).to_approve.items.some((row) => row.request_id === requestId)).toBe(false);
  });

  /** A PayU payment page for the order's parameters: the "Pay successfully" form's fields. */
  async function payuSuccessForm(parameters: Record<string, string>) {
    const page = await fetch(`${server.url}${SANDBOX_PATHS.payuPayment}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(parameters).toString(),
    });
    const html = (await page.text()).split('</form>')[0] ?? '';
    return Object.fromEntries(
      [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]?.replaceAll('&amp;', '&')]),
    ) as Record<string, string>;
  }

  it('through PayU: cancel_refund_transaction once with the token, recorded once with its notification', async () => {
    const borrower = await createBorrower(server, clock.now());
    await server.post(REPAY_PATHS.sendOtp, { pancard: borrower.pancard });
    const session = await server.post(REPAY_PATHS.verifyOtp, {
      panNumber: borrower.pancard,
      otp: await latestCode(server, borrower.mobile),
    });
    const placed = await server.post(
      REPAY_PATHS.payuOrder,
      { amount: '', productinfo: 'x', firstname: 'x', email: 'x@x.in', mobile: '9', udf5: '' },
      { token: session.body.Data.repay_token },
    );
    const parameters = placed.body.data.parameters as Record<string, string>;
    // ₹1,000 arrives by bank transfer before the payer completes the PayU payment of the whole due:
    // PayU's payment then pays ₹1,000 beyond the dues.
    await recordCollection(server.database.db, {
      loanId: borrower.loan.id,
      source: 'offline',
      reference: `RCPT-${borrower.mobile}`,
      amountPaise: 1_000_00,
      recordedBy: 'test',
      now: clock.now(),
    });
    const paid = await payuSuccessForm(parameters);
    expect((await postForm(`${server.url}/__sandbox/payu/complete`, paid)).status).toBe(307);
    expect((await postForm(`${server.url}${REPAY_PATHS.payuSuccess}`, { ...paid, target: '' })).status).toBe(303);
    const [credited] = await queryRows<{ id: number; excess_paise: number }>(
      server.database.db,
      sql`select id, excess_paise from collections where source = 'payu' and reference = ${paid.mihpayid}`,
    );
    expect(Number(credited?.excess_paise)).toBe(1_000_00);
    const collectionId = Number(credited?.id);

    const requested = await asStaff(finance2, STAFF_API.requestRefund, {
      collection_id: collectionId,
      amount: '1000',
      method: 'payu',
    });
    expect(requested.body.Status, requested.body.Message).toBe(1);
    const approved = await asStaff(finance, STAFF_API.approveRefund, { request_id: requested.body.Data.request_id });
    expect(approved.status, approved.body.Message).toBe(200);
    const recorded = await refundsOf(collectionId);
    expect(recorded).toEqual([
      {
        kind: 'refund',
        provider: 'payu',
        provider_reference: expect.stringMatching(/^\d+$/),
        amount_paise: 1_000_00,
      },
    ]);
    // PayU's refund notification for it, confirmed with check_action_status, changes nothing more.
    await delay(800);
    expect(await refundsOf(collectionId)).toHaveLength(1);
    expect((await figures(borrower.loan.loanNo)).figures.excessPaise).toBe(0);
  });

  it('Razorpay refusing the refund answers 502 with what to do, and the request waits again', async () => {
    // A payment the sandbox never captured: its Refunds API answers "does not exist".
    const borrower = await paidBeyondTheDues('razorpay');
    const requested = await asStaff(finance, STAFF_API.requestRefund, {
      collection_id: borrower.collectionId,
      amount: '1000',
      method: 'razorpay',
    });
    const requestId = requested.body.Data.request_id as number;
    const refused = await asStaff(finance2, STAFF_API.approveRefund, { request_id: requestId });
    expect(refused).toMatchObject({
      status: 502,
      body: {
        Message:
          'Razorpay did not take the refund just now. Please approve it again in a minute: it will not be paid twice.',
      },
    });
    expect(await refundsOf(borrower.collectionId)).toEqual([]);
    expect((await queue()).to_approve.items.find((row) => row.request_id === requestId)?.requested_by_you).toBe(true);
    expect((await asStaff(finance2, STAFF_API.cancelRefund, { request_id: requestId })).status).toBe(200);
  });

  it('only finance works refunds', async () => {
    for (const path of [STAFF_API.refunds, STAFF_API.requestRefund, STAFF_API.approveRefund, STAFF_API.cancelRefund]) {
      const refused = await asStaff(credit, path, {});
      expect(refused.status, path).toBe(403);
      expect(refused.body.Message).toBeTruthy();
      expect((await server.post(path, {})).status, path).toBe(401);
    }
  });

  it(`requests and approvals that race are granted once (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const borrower = await paidBeyondTheDues();
      const requests = await Promise.all(
        [finance, finance2].map((token, at) =>
          delay(at * 3).then(() =>
            asStaff(token, STAFF_API.requestRefund, {
              collection_id: borrower.collectionId,
              amount: '1000',
              reference: nextUtr(),
            }),
          ),
        ),
      );
      expect(requests.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 409]);
      const winner = requests.findIndex((answer) => answer.status === 200);
      const requestId = requests[winner]?.body.Data.request_id as number;
      // The other member approves, twice at once: one records the refund, the other is told it is paid.
      const approver = winner === 0 ? finance2 : finance;
      const approvals = await Promise.all(
        [0, 1, 2].map((at) =>
          delay(at * 3).then(() => asStaff(approver, STAFF_API.approveRefund, { request_id: requestId })),
        ),
      );
      expect(approvals.map((answer) => answer.status).sort(), `round ${round}`).toEqual([200, 409, 409]);
      expect(await refundsOf(borrower.collectionId)).toHaveLength(1);
      expect((await figures(borrower.loanNo)).figures.excessPaise).toBe(0);
    }
  });
});
