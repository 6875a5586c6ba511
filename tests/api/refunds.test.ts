/**
 * Issue 20 on the payments side: one open order per loan (raced), the rest under ₹1 written off at
 * closure, the penal threshold a loan keeps, and the providers' refunds and disputes: verified,
 * recorded once, reversing the payment they give back, explained to staff and on the statement.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { paiseFromRupees } from '../../src/lib/money.ts';
import { site } from '../../src/lib/site.ts';
import { statementRows } from '../../src/lib/statementLines.ts';
import { loadConfig, SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../../src/server/config/config.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { loans } from '../../src/server/db/schema.ts';
import { loanAccount, loanAccountToday } from '../../src/server/loans/account.ts';
import { loanFigures } from '../../src/server/loans/accountFigures.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { loanByNo } from '../../src/server/loans/store.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { REPAY_PATHS, WEBHOOK_PATHS } from '../../src/server/payments/paths.ts';
import { apiHash } from '../../src/server/payments/payu.ts';
import { lenderOf, statementPdf } from '../../src/server/statements/statementPdf.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { createBorrower } from './support/borrower.ts';
import { postForm, razorpayEvent } from './support/providers.ts';
import { razorpayOrder, razorpayPay, repaySession } from './support/repay.ts';
import { ENGINES, startServer, type TestServer, testClock } from './support/server.ts';

describe.each(ENGINES)(
  'payment orders, write-offs, the penal threshold, refunds and disputes (%s database)',
  (engine) => {
    let server: TestServer;
    const clock = testClock(Date.now());

    beforeAll(async () => {
      server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '100' }, { now: clock.now });
    });
    afterAll(() => server.close());

    /** A borrower owing ₹11,000 today (₹10,000 at 1% a day, disbursed 10 days ago) with a repay session. */
    async function payer() {
      const borrower = await createBorrower(server, clock.now());
      return { ...borrower, token: (await repaySession(server, borrower.pancard, borrower.mobile)).token };
    }

    /** Pays the whole due through an order; answers the payment id. */
    async function payWhole(token: string, paymentId: string) {
      const placed = await razorpayOrder(server, token, '');
      expect(placed.status).toBe(200);
      expect((await razorpayPay(server, placed.body.Data.order_id, paymentId)).body.status).toBe('SUCCESS');
      return { orderId: placed.body.Data.order_id as string, amountPaise: paiseFromRupees(placed.body.Data.amount) };
    }

    const openOrders = (loanId: string) =>
      queryRows<{ provider_order_id: string }>(
        server.database.db,
        sql`select provider_order_id from payment_orders where loan_id = ${loanId} and status = 'created'`,
      );

    async function loanState(loanId: string) {
      const [loan] = await server.database.db.select().from(loans).where(eq(loans.id, loanId));
      if (!loan) throw new Error('no loan');
      const account = await loanAccountToday(server.database.db, loan, clock.now());
      return { loan, account, figures: loanFigures(account) };
    }

    const reversalsOfLoan = (loanId: string) =>
      queryRows<{
        kind: string;
        provider_reference: string;
        amount_paise: number;
        excess_paise: number;
        principal_paise: number;
      }>(
        server.database.db,
        sql`select kind, provider_reference, amount_paise, excess_paise, principal_paise from collection_reversals
          where loan_id = ${loanId} order by id`,
      );

    const audit = (loanNo: string, action: string) =>
      queryRows<{ detail: Record<string, unknown> }>(
        server.database.db,
        sql`select detail from audit_log where subject = ${loanNo} and action = ${action} order by id`,
      );

    /** `npm run ops -- <args>` in this process on the test server's database. */
    async function ops(args: string[]) {
      const printed: string[] = [];
      const print = (text: string) => printed.push(`${text}\n`);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', OTP_SECRET: 'x'.repeat(32) });
      const code = await runOps(args, {
        config: () => config,
        database: async () => server.database,
        write: { out: print, error: print },
      });
      return { code, out: printed.join('') };
    }

    const refundEvent = (name: string, refundId: string, paymentId: string, amount: number, eventId: string) =>
      razorpayEvent(
        server.url,
        name,
        {
          refund: {
            id: refundId,
            entity: 'refund',
            amount,
            currency: 'INR',
            payment_id: paymentId,
            status: 'processed',
          },
          payment: { id: paymentId, entity: 'payment', status: 'refunded', amount_refunded: amount },
        },
        eventId,
      );

    const disputeEvent = (status: string, disputeId: string, paymentId: string, amount: number) =>
      razorpayEvent(
        server.url,
        `payment.dispute.${status}`,
        {
          dispute: {
            id: disputeId,
            entity: 'dispute',
            payment_id: paymentId,
            amount,
            amount_deducted: status === 'lost' ? amount : 0,
            currency: 'INR',
            status: status === 'created' ? 'open' : status,
            phase: 'chargeback',
          },
          payment: { id: paymentId, entity: 'payment', amount },
        },
        `evt_${disputeId}_${status}`,
      );

    describe('one open order per loan', () => {
      it('a new order replaces the unpaid one; paid anyway, the late payment is credited once and the rest under ₹1 is written off', async () => {
        const { loan, token } = await payer();
        // Two tabs: ₹5,500 and ₹5,499.50, each leaving ₹1 or more of the ₹11,000 on its own.
        const first = (await razorpayOrder(server, token, '5500')).body.Data.order_id as string;
        const second = (await razorpayOrder(server, token, '5499.50')).body.Data.order_id as string;
        expect((await openOrders(loan.id)).map((row) => row.provider_order_id)).toEqual([second]);
        const [replaced] = await queryRows<{ status: string }>(
          server.database.db,
          sql`select status from payment_orders where provider_order_id = ${first}`,
        );
        expect(replaced?.status).toBe('replaced');

        expect((await razorpayPay(server, second, 'pay_secondTab0001')).body.status).toBe('SUCCESS');
        // The first tab's checkout was still open: its payment is real money, credited once.
        expect((await razorpayPay(server, first, 'pay_firstTab00001')).body.status).toBe('SUCCESS');
        expect((await razorpayPay(server, first, 'pay_firstTab00001')).body.status).toBe('SUCCESS');
        const { loan: after, figures, account } = await loanState(loan.id);
        expect(account.collections.map((row) => [row.amountPaise, row.writtenOffPaise])).toEqual([
          [549_950, 0],
          [550_000, 50],
        ]);
        // ₹0.50 was left: written off, the loan closed, no order refused and no penal charge ahead.
        expect(after.status).toBe('closed');
        expect(figures.closureAmountPaise).toBe(0);
        expect(figures.writtenOffPaise).toBe(50);
        expect(await audit(loan.loanNo, 'loan.written_off')).toEqual([
          { detail: { reference: 'pay_firstTab00001', written_off_paise: 50 } },
        ]);
        expect(
          (await loanAccount(server.database.db, after, addDays(indiaDate(clock.now()), 90))).state.chargesPostedPaise,
        ).toBe(0);
      });

      it('orders raced on one loan, a few milliseconds apart: at most one stays open, never a 500', async () => {
        const { loan, token } = await payer();
        for (let round = 0; round < 8; round += 1) {
          const replies = await Promise.all(
            Array.from({ length: 5 }, (_, i) =>
              delay(i * 2).then(() => razorpayOrder(server, token, String(1_000 + round * 10 + i))),
            ),
          );
          expect(replies.map((reply) => reply.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
          const open = await openOrders(loan.id);
          expect(open).toHaveLength(1);
          // The open order is one that was answered.
          const answered = replies.filter((reply) => reply.status === 200).map((reply) => reply.body.Data.order_id);
          expect(answered).toContain(open[0]?.provider_order_id);
        }
        expect(server.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
      });
    });

    it('an offline receipt that leaves under ₹1 closes the loan with the rest written off, shown to staff', async () => {
      const { loan } = await createBorrower(server, clock.now());
      const collected = await ops(['collect', loan.loanNo, '10999.50', '--ref', `NEFT${loan.loanNo}`]);
      expect(collected.code).toBe(0);
      expect(collected.out).toContain('₹0.50 left (under ₹1, which no payment service takes) is written off');
      const { loan: after, figures } = await loanState(loan.id);
      expect(after.status).toBe('closed');
      expect(figures.writtenOffPaise).toBe(50);
      expect(await audit(loan.loanNo, 'loan.written_off')).toHaveLength(1);
      const shown = await ops(['loan', loan.loanNo]);
      expect(shown.out).toContain('Written off           ₹0.50');
      expect(shown.out).toContain('Written off: less than ₹1 left at closure');
    });

    it('no penal charge while less than the loan’s threshold is unpaid at the end of the due date', async () => {
      const today = indiaDate(clock.now());
      const tomorrow = addDays(today, 1);
      // Due today: ₹10,000 + 60 days at ₹100 = ₹16,000.
      const under = await createBorrower(server, clock.now(), { daysAgo: 60 });
      const at = await createBorrower(server, clock.now(), { daysAgo: 60 });
      expect(under.loan.penalThresholdPaise).toBe(10_000);
      const collect = (loanId: string, amountPaise: number, reference: string) =>
        recordCollection(server.database.db, {
          loanId,
          source: 'offline',
          reference,
          amountPaise,
          recordedBy: 'test',
          now: clock.now(),
        });
      await collect(under.loan.id, 1_590_001, `U${under.loan.loanNo}`); // ₹99.99 left
      await collect(at.loan.id, 1_590_000, `A${at.loan.loanNo}`); // ₹100.00 left
      const underLoan = await loanByNo(server.database.db, under.loan.loanNo);
      const atLoan = await loanByNo(server.database.db, at.loan.loanNo);
      if (!underLoan || !atLoan) throw new Error('no loans');
      expect((await loanAccount(server.database.db, underLoan, tomorrow)).state.chargesPostedPaise).toBe(0);
      expect((await loanAccount(server.database.db, atLoan, tomorrow)).state.chargesPostedPaise).toBe(59_000);
      // A loan disbursed before the threshold keeps today's rule (its column is 0).
      await server.database.db.update(loans).set({ penalThresholdPaise: 0 }).where(eq(loans.id, underLoan.id));
      const older = await loanByNo(server.database.db, under.loan.loanNo);
      if (!older) throw new Error('no loan');
      expect((await loanAccount(server.database.db, older, tomorrow)).state.chargesPostedPaise).toBe(59_000);
    });

    describe('refunds and chargebacks from PayU', () => {
      /** Pays the whole due through PayU's sandbox, as the payer's browser does; answers the PayU id. */
      async function payThroughPayuSandbox(token: string) {
        const placed = await server.post(
          REPAY_PATHS.payuOrder,
          { amount: '', productinfo: 'x', firstname: 'x', email: 'x@x.in', mobile: '9', udf5: '' },
          { token },
        );
        const page = await fetch(`${server.url}${SANDBOX_PATHS.payuPayment}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(placed.body.data.parameters).toString(),
        });
        // The first form on the page is "Pay successfully": its hidden fields, as the browser posts them.
        const html = (await page.text()).split('</form>')[0] ?? '';
        const fields = Object.fromEntries(
          [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]?.replaceAll('&amp;', '&')]),
        ) as Record<string, string>;
        const done = await postForm(`${server.url}/__sandbox/payu/complete`, fields);
        expect(done.status).toBe(307);
        expect((await postForm(`${server.url}${REPAY_PATHS.payuSuccess}`, { ...fields, target: '' })).status).toBe(303);
        return fields.mihpayid as string;
      }

      const payuApi = (command: string, vars: Record<string, string>) => {
        const { key, salt } = SANDBOX_CREDENTIALS.payu;
        return fetch(`${server.url}${SANDBOX_PATHS.payuApi}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ key, command, ...vars, hash: apiHash(key, command, vars.var1 ?? '', salt) }),
        }).then((reply) => reply.json());
      };

      it('a refund PayU confirms reverses the payment once; one PayU does not confirm changes nothing', async () => {
        const { loan, token } = await payer();
        const mihpayid = await payThroughPayuSandbox(token);
        expect((await loanState(loan.id)).loan.status).toBe('closed');

        // A notification PayU never sent (no such refund at PayU) is refused.
        const forged = await fetch(`${server.url}${WEBHOOK_PATHS.payuRefund}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            key: SANDBOX_CREDENTIALS.payu.key,
            mihpayid,
            request_id: '999999999',
            amt: '11000.00',
            action: 'refund',
            status: 'success',
          }),
        });
        expect(forged.status).toBe(400);
        expect(await reversalsOfLoan(loan.id)).toEqual([]);

        const queued = await payuApi('cancel_refund_transaction', {
          var1: mihpayid,
          var2: 'REFUNDTOKEN1',
          var3: '3000.00',
        });
        expect(queued).toMatchObject({ status: 1, msg: 'Refund Request Queued' });
        for (let tries = 0; tries < 50 && (await reversalsOfLoan(loan.id)).length === 0; tries += 1) await delay(100);
        expect(await reversalsOfLoan(loan.id)).toEqual([
          {
            kind: 'refund',
            provider_reference: queued.request_id,
            amount_paise: 300_000,
            excess_paise: 0,
            principal_paise: 300_000,
          },
        ]);
        // PayU's callback again: recorded once.
        const again = await fetch(`${server.url}${WEBHOOK_PATHS.payuRefund}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            key: SANDBOX_CREDENTIALS.payu.key,
            mihpayid,
            request_id: queued.request_id,
            amt: '3000.00',
            action: 'refund',
            status: 'success',
          }),
        });
        expect(again.status).toBe(200);
        expect(await reversalsOfLoan(loan.id)).toHaveLength(1);
        const { loan: after, figures } = await loanState(loan.id);
        expect(after.status).toBe('active');
        expect(figures.closureAmountPaise).toBe(300_000);
      });

      it('a chargeback flags the loan for staff and moves no money', async () => {
        const { loan, token } = await payer();
        const mihpayid = await payThroughPayuSandbox(token);
        await server.post('/__sandbox/payu/chargeback', {
          mihpayid,
          cb_id: `cb${mihpayid}`,
          cb_status: 'Bank Comm Sent',
        });
        for (let tries = 0; tries < 50 && !(await ops(['loans'])).out.includes('DISPUTE'); tries += 1) await delay(100);
        expect((await ops(['loans'])).out).toMatch(new RegExp(`${loan.loanNo}.*DISPUTE \\(1 open\\)`));
        expect(await reversalsOfLoan(loan.id)).toEqual([]);
        expect((await loanState(loan.id)).loan.status).toBe('closed');
      });
    });

    describe('refunds and disputes from Razorpay', () => {
      it('a refund of the payment that closed the loan reverses it once and reopens the loan', async () => {
        const { loan, token } = await payer();
        await payWhole(token, 'pay_refundFull001');
        expect((await loanState(loan.id)).loan.status).toBe('closed');

        const reply = await refundEvent(
          'refund.processed',
          'rfnd_full0000001',
          'pay_refundFull001',
          1_100_000,
          'evt_r1',
        );
        expect(reply.status).toBe(200);
        // The same delivery again, and the same refund told by payment.refunded: recorded once.
        expect(
          (await refundEvent('refund.processed', 'rfnd_full0000001', 'pay_refundFull001', 1_100_000, 'evt_r1')).status,
        ).toBe(200);
        expect(
          (await refundEvent('payment.refunded', 'rfnd_full0000001', 'pay_refundFull001', 1_100_000, 'evt_r2')).status,
        ).toBe(200);

        expect(await reversalsOfLoan(loan.id)).toEqual([
          {
            kind: 'refund',
            provider_reference: 'rfnd_full0000001',
            amount_paise: 1_100_000,
            excess_paise: 0,
            principal_paise: 1_000_000,
          },
        ]);
        const { loan: after, figures, account } = await loanState(loan.id);
        expect(after.status).toBe('active');
        expect(after.closedAt).toBeNull();
        expect(after.collectedPaise).toBe(0);
        expect(figures.closureAmountPaise).toBe(1_100_000);
        expect(figures.reversedPaise).toBe(1_100_000);
        // Explained on the statement (the PDF and ops print these rows) and to staff.
        const rows = statementRows(after, account.state.lines, account.collections, account.reversals);
        expect(rows.find((row) => row.kind === 'reversal')).toMatchObject({
          description:
            'Refund by Razorpay ref. rfnd_full0000001 of payment ref. pay_refundFull001: ₹11,000.00; owed again: principal ₹10,000.00, interest ₹1,000.00, charges ₹0.00',
          debitPaise: 1_100_000,
          balancePaise: 1_100_000,
        });
        const pdf = await pdfText(
          await statementPdf({
            lender: lenderOf(site),
            customer: { name: 'Test Borrower', pan: null },
            loan: after,
            collections: account.collections,
            reversals: account.reversals,
            state: account.state,
            generatedAt: clock.now(),
          }),
        );
        expect(flat(pdf.text)).toContain('Refund by Razorpay ref. rfnd_full0000001 of payment ref. pay_refundFull001');
        expect(flat(pdf.text)).toContain('Given back by the payment services (refunds, chargebacks) ₹11,000.00');
        const shown = await ops(['loan', loan.loanNo]);
        expect(shown.out).toContain(`Loan ${loan.loanNo} (active)`);
        expect(shown.out).toContain('Given back by the payment services');
        expect(shown.out).toContain('rfnd_full0000001');
        // Open again, the loan takes an order for what is owed.
        expect((await razorpayOrder(server, token, '')).status).toBe(200);
      });

      it('a partial refund reverses that much, principal first', async () => {
        const { loan, token } = await payer();
        const placed = await razorpayOrder(server, token, '5000');
        await razorpayPay(server, placed.body.Data.order_id, 'pay_partRefund001'); // ₹1,000 interest, ₹4,000 principal
        await refundEvent('refund.processed', 'rfnd_part0000001', 'pay_partRefund001', 150_000, 'evt_p1');
        const { figures } = await loanState(loan.id);
        expect(figures.principalOutstandingPaise).toBe(600_000 + 150_000);
        expect(figures.closureAmountPaise).toBe(750_000);
        expect(figures.collectedPaise).toBe(350_000);
      });

      it('a refund of money the loan did not owe lowers the excess to refund, not the loan', async () => {
        const { loan, token } = await payer();
        const late = (await razorpayOrder(server, token, '6000')).body.Data.order_id as string;
        await payWhole(token, 'pay_excessWhole01'); // replaces the ₹6,000 order, closes the loan
        await razorpayPay(server, late, 'pay_excessLate001'); // the old tab: all ₹6,000 beyond the dues
        expect((await loanState(loan.id)).figures.excessPaise).toBe(600_000);
        expect((await ops(['refunds'])).out).toContain('pay_excessLate001');

        await refundEvent('refund.processed', 'rfnd_excess00001', 'pay_excessLate001', 600_000, 'evt_x1');
        const { loan: after, figures } = await loanState(loan.id);
        expect(after.status).toBe('closed');
        expect(figures.excessPaise).toBe(0);
        expect(figures.closureAmountPaise).toBe(0);
        expect(await reversalsOfLoan(loan.id)).toMatchObject([{ excess_paise: 600_000, principal_paise: 0 }]);
        expect((await ops(['refunds'])).out).not.toContain('pay_excessLate001');
      });

      it('a refund of a second payment held on a paid order lowers what is held, never the loan', async () => {
        const { loan, token } = await payer();
        const { orderId } = await payWhole(token, 'pay_heldFirst0001');
        await razorpayPay(server, orderId, 'pay_heldSecond001'); // paid twice: held for refund
        expect((await loanState(loan.id)).figures.excessPaise).toBe(1_100_000);
        await refundEvent('refund.processed', 'rfnd_held0000001', 'pay_heldSecond001', 1_100_000, 'evt_h1');
        const { loan: after, figures, account } = await loanState(loan.id);
        expect(after.status).toBe('closed');
        expect(figures.excessPaise).toBe(0);
        expect(figures.collectedPaise).toBe(1_100_000);
        expect((await ops(['refunds'])).out).not.toContain('pay_heldSecond001');
        const rows = statementRows(after, account.state.lines, account.collections, account.reversals);
        expect(rows.find((row) => row.kind === 'held-refunded')?.description).toBe(
          'Refund by Razorpay ref. rfnd_held0000001 of the payment held, ref. pay_heldSecond001',
        );
      });

      it('a forged refund is refused and changes nothing', async () => {
        const { loan, token } = await payer();
        await payWhole(token, 'pay_forgedRefund1');
        const forged = await razorpayEvent(
          server.url,
          'refund.processed',
          {
            refund: { id: 'rfnd_forged00001', payment_id: 'pay_forgedRefund1', amount: 1_100_000, status: 'processed' },
          },
          'evt_forged',
          'not-the-webhook-secret',
        );
        expect(forged.status).toBe(400);
        expect(await reversalsOfLoan(loan.id)).toEqual([]);
        expect((await loanState(loan.id)).loan.status).toBe('closed');
      });

      it('a dispute flags the loan for staff until settled; a lost one takes the payment back', async () => {
        const { loan, token } = await payer();
        await payWhole(token, 'pay_disputed00001');
        expect((await disputeEvent('created', 'disp_won00000001', 'pay_disputed00001', 1_100_000)).status).toBe(200);
        expect((await ops(['loans'])).out).toMatch(new RegExp(`${loan.loanNo}.*DISPUTE \\(1 open\\)`));
        const shown = await ops(['loan', loan.loanNo]);
        expect(shown.out).toContain('DISPUTE               1 open');
        expect(shown.out).toMatch(/disp_won00000001.*created.*OPEN/);

        await disputeEvent('won', 'disp_won00000001', 'pay_disputed00001', 1_100_000);
        expect((await ops(['loans'])).out).not.toMatch(new RegExp(`${loan.loanNo}.*DISPUTE`));
        expect((await loanState(loan.id)).loan.status).toBe('closed');

        await disputeEvent('created', 'disp_lost0000001', 'pay_disputed00001', 1_100_000);
        await disputeEvent('lost', 'disp_lost0000001', 'pay_disputed00001', 1_100_000);
        expect(await reversalsOfLoan(loan.id)).toMatchObject([
          { kind: 'chargeback', provider_reference: 'disp_lost0000001', amount_paise: 1_100_000 },
        ]);
        const { loan: after, figures } = await loanState(loan.id);
        expect(after.status).toBe('active');
        expect(figures.closureAmountPaise).toBe(1_100_000);
      });

      it('a refund on a closed loan whose borrower has another active loan leaves it closed, owing, and tells staff', async () => {
        const { loan, token, customer } = await payer();
        await payWhole(token, 'pay_blockedReopen');
        await createLoan(server.database.db, {
          customerId: customer.id,
          principalPaise: 500_000,
          dailyRatePercent: 1,
          tenureDays: 60,
          disbursalDate: indiaDate(clock.now()),
          actor: 'test',
          now: clock.now(),
        });
        await refundEvent('refund.processed', 'rfnd_blocked0001', 'pay_blockedReopen', 1_100_000, 'evt_b1');
        const { loan: after, figures } = await loanState(loan.id);
        expect(after.status).toBe('closed');
        expect(figures.closureAmountPaise).toBe(1_100_000);
        expect(await audit(loan.loanNo, 'collection.reversed')).toMatchObject([
          { detail: { reopened: false, reopen_blocked_by_another_active_loan: true } },
        ]);
      });

      it("the sandbox refunds through Razorpay's Refunds API and its signed refund.processed is recorded", async () => {
        const { loan, token } = await payer();
        const placed = await razorpayOrder(server, token, '');
        const checkout = await server.post('/__sandbox/razorpay/pay', {
          order_id: placed.body.Data.order_id,
          outcome: 'success',
        });
        await server.post(REPAY_PATHS.razorpayVerify, checkout.body);
        const { keyId, keySecret } = SANDBOX_CREDENTIALS.razorpay;
        const refund = await fetch(
          `${server.url}${SANDBOX_PATHS.razorpayApi}/payments/${checkout.body.razorpay_payment_id}/refund`,
          {
            method: 'POST',
            headers: {
              'Content-Type': 'application/json',
              Authorization: `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`,
            },
            body: JSON.stringify({ amount: 200_000 }),
          },
        );
        expect(refund.status).toBe(200);
        expect(await refund.json()).toMatchObject({ entity: 'refund', amount: 200_000, status: 'processed' });
        // The sandbox's webhook follows, as Razorpay's does: wait for it to be recorded.
        for (let tries = 0; tries < 50 && (await reversalsOfLoan(loan.id)).length === 0; tries += 1) await delay(100);
        expect(await reversalsOfLoan(loan.id)).toMatchObject([{ kind: 'refund', amount_paise: 200_000 }]);
        expect((await loanState(loan.id)).figures.closureAmountPaise).toBe(200_000);
      });
    });
  },
);
