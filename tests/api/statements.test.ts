/**
 * The statement of account and the no-dues certificate through the API, as the dashboard downloads
 * them: with the session, for the customer's own lead only, read back with a PDF parser and checked
 * against the figures the repay page gives for the same loan on the same day.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADERS } from '../../src/lib/api/paths.ts';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { formatPaiseInFull } from '../../src/lib/money.ts';
import { REPAY_OTP_SENT } from '../../src/lib/schemas/repay.ts';
import { STATEMENT_API } from '../../src/lib/statementLines.ts';
import { customers, leads, loans } from '../../src/server/db/schema.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { REPAY_PATHS } from '../../src/server/payments/paths.ts';
import { NO_LOAN_DETAILS, NOT_CLOSED } from '../../src/server/statements/routes.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { randomPan } from './support/borrower.ts';
import { ENGINES, randomMobile, startServer, type TestServer, testClock } from './support/server.ts';
import { latestCode, signIn } from './support/signIn.ts';

const DAY = 86_400_000;

describe.each(ENGINES)('statements and no-dues certificates (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.now());

  beforeAll(async () => {
    server = await startServer(engine, { OTP_MAX_PER_ADDRESS_PER_HOUR: '100' }, { now: clock.now });
  });
  afterAll(() => server.close());

  /** A signed-in customer with a lead and, unless `withLoan` is false, a ₹10,000 loan disbursed 20 days ago. */
  async function borrower(withLoan = true) {
    const mobile = randomMobile();
    const session = await signIn(server, mobile);
    const pancard = randomPan();
    const { db } = server.database;
    await db.update(customers).set({ pancard, fullName: 'Meera Iyer' }).where(eq(customers.id, session.profileId));
    const [lead] = await db
      .insert(leads)
      .values({ customerId: session.profileId, userType: 'NEW', status: withLoan ? 'disbursed' : 'applied', quote: {} })
      .returning();
    if (!lead) throw new Error('no lead');
    const loan = withLoan
      ? await createLoan(db, {
          customerId: session.profileId,
          leadId: String(lead.id),
          principalPaise: 1_000_000,
          dailyRatePercent: 1,
          tenureDays: 60,
          disbursalDate: addDays(indiaDate(clock.now()), -20),
          actor: 'test',
          now: clock.now(),
        })
      : undefined;
    return { ...session, mobile, pancard, leadId: lead.id, loan };
  }

  async function download(path: string, token: string | undefined, body: object) {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token && { [HEADERS.token]: token }) },
      body: JSON.stringify(body),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const json = () => JSON.parse(Buffer.from(bytes).toString('utf8'));
    return { status: response.status, headers: response.headers, bytes, json };
  }

  /** What the repay page shows for the loan today (its figures in rupees). */
  async function repayFigures(pancard: string, mobile: string) {
    const sent = await server.post(REPAY_PATHS.sendOtp, { pancard });
    expect(sent.body).toMatchObject({ Status: 1, Message: REPAY_OTP_SENT });
    const verified = await server.post(REPAY_PATHS.verifyOtp, {
      panNumber: pancard,
      otp: await latestCode(server, mobile),
    });
    expect(verified.body.Status).toBe(1);
    return verified.body.repayment_data as { total_due_amount: number; real_interest: number; collected: number };
  }

  const rupeesText = (rupees: number) => formatPaiseInFull(Math.round(rupees * 100));

  it('the statement: a PDF attachment, never cached, with every payment and the repay page’s figures', async () => {
    const b = await borrower();
    const loanId = b.loan?.id as string;
    // A bank transfer 12 days ago and a Razorpay payment 5 days ago.
    for (const [daysAgo, reference, source, amountPaise] of [
      [12, 'UTR-STMT-1', 'offline', 300_000],
      [5, 'pay_STMT2', 'razorpay', 250_000],
    ] as const) {
      const outcome = await recordCollection(server.database.db, {
        loanId,
        source,
        reference,
        amountPaise,
        recordedBy: 'test',
        now: new Date(clock.now().getTime() - daysAgo * DAY),
      });
      expect(outcome.kind).toBe('recorded');
    }

    const answer = await download(STATEMENT_API.statement, b.token, { lead_id: b.leadId, profile_id: b.profileId });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="statement-${b.loan?.loanNo}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(answer.bytes.subarray(0, 5)).toString()).toBe('%PDF-');

    const text = flat((await pdfText(answer.bytes)).text);
    const repay = await repayFigures(b.pancard, b.mobile);
    for (const expected of [
      b.loan?.loanNo as string,
      'Meera Iyer',
      'Loan disbursed (principal)',
      'Bank transfer ref. UTR-STMT-1',
      'Razorpay ref. pay_STMT2',
      `Interest charged ${rupeesText(repay.real_interest)}`,
      `Collected and applied ${rupeesText(repay.collected)}`,
      `Outstanding today (amount to close the loan today) ${rupeesText(repay.total_due_amount)}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    // ₹3,000 + ₹2,500 collected; ₹10,000 at 1% a day: ₹800 of interest over the first 8 days alone.
    expect(repay.collected).toBe(5_500);
    expect(repay.real_interest).toBeGreaterThan(800);
    expect(text).not.toContain(b.pancard);
  });

  it('another customer’s lead, a lead without a loan and a missing lead get the same 404; no session gets Status 4', async () => {
    const owner = await borrower();
    const other = await borrower(false);
    for (const path of [STATEMENT_API.statement, STATEMENT_API.noDuesCertificate]) {
      for (const leadId of [owner.leadId, other.leadId, 999_999_999]) {
        const answer = await download(path, other.token, { lead_id: leadId });
        expect(answer.status, `${path} ${leadId}`).toBe(404);
        expect(answer.json()).toMatchObject({ Status: 0, Message: NO_LOAN_DETAILS, error: 'not_found' });
      }
      const anonymous = await download(path, undefined, { lead_id: owner.leadId });
      expect(anonymous.status).toBe(401);
      expect(anonymous.json().Status).toBe(4);
    }
  });

  it('the no-dues certificate: 409 until the loan is repaid, then a PDF with the closure and the excess', async () => {
    const b = await borrower();
    const loanId = b.loan?.id as string;
    const early = await download(STATEMENT_API.noDuesCertificate, b.token, { lead_id: b.leadId });
    expect(early.status).toBe(409);
    expect(early.json()).toMatchObject({ Status: 0, Message: NOT_CLOSED, error: 'loan_not_closed' });

    const repay = await repayFigures(b.pancard, b.mobile);
    const duePaise = Math.round(repay.total_due_amount * 100);
    // ₹150 more than the amount that closes the loan today: kept as an excess to refund.
    const outcome = await recordCollection(server.database.db, {
      loanId,
      source: 'offline',
      reference: 'UTR-CLOSE',
      amountPaise: duePaise + 15_000,
      recordedBy: 'test',
      now: clock.now(),
    });
    expect(outcome).toMatchObject({ kind: 'recorded', excessPaise: 15_000, totalDuePaise: 0 });
    const [loan] = await server.database.db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan?.status).toBe('closed');

    const answer = await download(STATEMENT_API.noDuesCertificate, b.token, { lead_id: b.leadId });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="no-dues-${b.loan?.loanNo}.pdf"`);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const text = flat((await pdfText(answer.bytes)).text);
    const today = indiaDate(clock.now()).split('-').reverse().join('-');
    for (const expected of [
      'No-dues certificate',
      b.loan?.loanNo as string,
      'Meera Iyer',
      'Principal ₹10,000.00',
      `Closed on ${today}`,
      `Total paid ${formatPaiseInFull(duePaise)}`,
      'Amount due ₹0.00',
      'Excess to be refunded ₹150.00',
    ]) {
      expect(text, expected).toContain(expected);
    }

    // The statement of the closed loan says so, and owes nothing.
    const statement = flat(
      (await pdfText((await download(STATEMENT_API.statement, b.token, { lead_id: b.leadId })).bytes)).text,
    );
    expect(statement).toContain(`Closed on ${today}`);
    expect(statement).toContain('Outstanding today (amount to close the loan today) ₹0.00');
    expect(statement).toContain('Excess to be refunded to you ₹150.00');
  });
});
