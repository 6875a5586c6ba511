/**
 * The Key Fact Statement as a binding record (issue 12): numbered and stored unchanged on acceptance,
 * reissued when staff approve other terms and accepted again before disbursal, within the configured
 * ranges; one open application and one active loan per customer; retrievable by its owner only;
 * delivered by SMS and e-mail.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { formatDate } from '../../src/lib/format.ts';
import { KFS_PDF_PATH, KFS_STATEMENTS_PATH, kfsFileName, kfsSections } from '../../src/lib/kfs.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { approveLead, disburseLead, StaffError } from '../../src/server/application/staff.ts';
import { keyFactStatements, loans } from '../../src/server/db/schema.ts';
import { DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import type { SmsTransport } from '../../src/server/sms/transport.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import { completeApplication, EMPLOYMENT, QUOTE_ACCEPTANCE, signAgreement } from './support/application.ts';
import { randomPan } from './support/borrower.ts';
import { base64, tinyPng } from './support/files.ts';
import { latestMail } from './support/mailbox.ts';
import { profileSteps } from './support/registrationSteps.ts';
import { ENGINE, ENGINES, randomMobile, startServer, type TestServer, testClock } from './support/server.ts';
import { signIn } from './support/signIn.ts';

describe.each(ENGINES)('the Key Fact Statement, binding (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-23T06:00:00Z'));
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());
  const send = (token: string, body: object) => server.post(API.registration, body, { token });
  const staff = (body: object) => server.post(DEV_STAFF_PATH, body);

  /** Signed in, registered with an e-mail address of its own, eligible (income ₹60,000: 0.5% a day). */
  async function customer() {
    const mobile = randomMobile();
    const email = `kfs-${mobile}@example.in`;
    const { token } = await signIn(server, mobile);
    for (const step of [
      ...profileSteps(randomPan()).map((step) =>
        step.event_name === 'personal_details' ? { ...step, personal_email: email } : step,
      ),
      { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' },
      { event_name: 'register_now', bureau_consent: 1 },
    ]) {
      expect((await send(token, step)).body.Status).toBe(1);
    }
    return { token, mobile, email };
  }

  /** A completed application on the quote of ₹20,000 for 60 days: its lead id and its statement number. */
  async function completed() {
    const who = await customer();
    const quote = await send(who.token, { event_name: 'generate_loan_quote' });
    const accepted = await send(who.token, QUOTE_ACCEPTANCE);
    expect(accepted.body.Status, accepted.body.Message).toBe(1);
    expect((await send(who.token, EMPLOYMENT)).body.Status).toBe(1);
    await completeApplication(server, who.token);
    return { ...who, leadId: quote.body.Data.lead_id as number, kfsNo: accepted.body.Data.kfs.kfs_no as string };
  }

  const statements = (token: string, leadId: number) =>
    server.post(KFS_STATEMENTS_PATH, { lead_id: leadId }, { token });

  it('accepting the quote stores the statement shown, numbered, with every Annex A item, acknowledged now', async () => {
    const { token } = await customer();
    const quote = await send(token, { event_name: 'generate_loan_quote' });
    expect(quote.body.Data.daily_rate_percent).toBe(0.5);
    // The preview the customer reads before accepting carries its number (issue 24); asking again for
    // the same terms shows the same statement, other terms another.
    const preview = await server.post(API.keyFactStatement, { amount: 20000, tenure: 60 }, { token });
    expect(preview.body.Data.kfs_no).toMatch(/^KFS-\d{6}$/);
    const other = await server.post(API.keyFactStatement, { amount: 15000, tenure: 60 }, { token });
    expect(other.body.Data.kfs_no).not.toBe(preview.body.Data.kfs_no);
    const again = await server.post(API.keyFactStatement, { amount: 20000, tenure: 60 }, { token });
    expect(again.body.Data).toEqual(preview.body.Data);
    // A preview is not a statement of the application until accepted.
    expect((await statements(token, quote.body.Data.lead_id)).status).toBe(404);
    const accepted = await send(token, QUOTE_ACCEPTANCE);
    const kfs = accepted.body.Data.kfs;
    // The statement accepted is the one read, number and all.
    expect(kfs).toEqual(preview.body.Data);
    // Monday 23-11-2026 in India, valid 3 working days (Tuesday 24-11 is Guru Nanak's Birthday): Friday 27-11-2026.
    expect(kfs).toMatchObject({
      issued_on: '2026-11-23',
      valid_until: '2026-11-27',
      sanctioned_amount_paise: 20_000_00,
      tenure_days: 60,
      daily_rate_percent: 0.5,
      annual_rate_percent: 182.5,
      interest_type: 'Fixed',
      interest_paise: 6_000_00,
      total_repayable_paise: 26_000_00,
      disbursed_amount_paise: 20_000_00 - 400_00 - 72_00,
      instalment: { count: 1, due: '60 days after the disbursal date', due_if_disbursed_on_issue: '2027-01-22' },
      fees: [{ name: 'Processing fee', amount_paise: 400_00, gst_paise: 72_00, frequency: 'One-time' }],
      contingent: { foreclosure_charge_paise: 0, penal_charge: { amount_paise: 500_00, gst_paise: 90_00 } },
      cooling_off: { days: 3, example_exit_paise: 20_300_00, fee_kept_paise: 400_00, gst_kept_paise: 72_00 },
    });
    const labels = kfsSections(kfs).flatMap((section) => section.rows.map(([label]) => label));
    expect(labels).toEqual(
      expect.arrayContaining([
        'Recovery agents',
        'Nodal officer',
        'Escalation to the RBI',
        'Transfer or securitisation',
      ]),
    );
    const [row] = await server.database.db
      .select()
      .from(keyFactStatements)
      .where(eq(keyFactStatements.kfsNo, kfs.kfs_no));
    expect(row).toMatchObject({ reason: 'quote', content: kfs, validUntil: '2026-11-27', supersededAt: null });
    expect(row?.acknowledgedAt?.toISOString()).toBe(clock.now().toISOString());
    const mine = await statements(token, quote.body.Data.lead_id);
    expect(mine.body.Data.statements).toEqual([
      expect.objectContaining({ kfs_no: kfs.kfs_no, standing: 'accepted', current: true, content: kfs }),
    ]);
  });

  it('approving other terms issues a new statement; disbursal waits for it, then lends exactly its terms', async () => {
    const who = await completed();
    const approved = await staff({ action: 'approve', lead_id: who.leadId, amount: 15000, tenure: 75, roi: 0.5 });
    expect(approved.body.Data).toMatchObject({ status: 'approved', awaiting_acknowledgement: true });
    const newNo = approved.body.Data.kfs_no as string;
    expect(newNo).not.toBe(who.kfsNo);
    const refused = await staff({ action: 'disburse', lead_id: who.leadId });
    expect(refused.status).toBe(409);
    expect(refused.body.Message).toBe(
      `Lead ${who.leadId} waits for the customer to accept Key Fact Statement ${newNo} (valid until 27-11-2026); it cannot be disbursed before.`,
    );
    // The customer is told at once, with the link to read and accept it.
    const [told] = (await server.get(`${API.devOutbox}?to=${who.mobile}`)).body;
    expect(told.body).toContain(
      `Your Kosh Credit loan is approved on new terms: please read and accept Key Fact Statement ${newNo} by 27-11-2026.`,
    );
    expect(told.body).toContain(`/my-dashboard/lead-preview?lead_id=${who.leadId}#key-fact-statement`);
    // Mail leaves in no set order (the acceptance's draws a PDF first): the one about the new statement.
    const toldMail = await latestMail(server, who.email, (mail) => mail.subject.includes(newNo));
    expect(toldMail.subject).toBe(`Please accept your new Key Fact Statement ${newNo}`);
    const listed = (await statements(who.token, who.leadId)).body.Data.statements;
    expect(listed.map((s: { kfs_no: string; standing: string }) => [s.kfs_no, s.standing])).toEqual([
      [newNo, 'awaiting'],
      [who.kfsNo, 'superseded'],
    ]);
    expect(listed[0].content).toMatchObject({ sanctioned_amount_paise: 15_000_00, tenure_days: 75 });
    // The old statement cannot be accepted instead, nor the new one without the confirmation.
    expect(
      (await send(who.token, { event_name: 'kfs_acknowledgement', kfs_no: who.kfsNo, kfs_acknowledged: true })).body,
    ).toMatchObject({ Status: 1, Message: 'You have already accepted this Key Fact Statement.' });
    expect((await send(who.token, { event_name: 'kfs_acknowledgement', kfs_no: newNo })).body.Message).toBe(
      'Please read the Key Fact Statement and confirm it before you accept.',
    );
    const ack = await send(who.token, { event_name: 'kfs_acknowledgement', kfs_no: newNo, kfs_acknowledged: true });
    expect(ack.body).toMatchObject({ Status: 1, Message: `Thank you. You have accepted Key Fact Statement ${newNo}.` });
    await signAgreement(server, who.token, who.leadId);
    const disbursed = await staff({ action: 'disburse', lead_id: who.leadId });
    expect(disbursed.body.Status, disbursed.body.Message).toBe(1);
    const [loan] = await server.database.db.select().from(loans).where(eq(loans.loanNo, disbursed.body.Data.loan_no));
    expect(loan).toMatchObject({
      principalPaise: 15_000_00,
      tenureDays: 75,
      dailyRateHundredths: 50,
      processingFeePaise: 300_00,
      gstOnFeePaise: 54_00,
      coolingOffDays: 3,
      overdueInterestDaysMax: 30,
      penalChargePaise: 500_00,
      penalGstPaise: 90_00,
      // Issue 20: the penal threshold of the statement, kept by the loan.
      penalThresholdPaise: 100_00,
      // Due 75 days after disbursal, as the statement says.
      disbursalDate: '2026-11-23',
      repaymentDate: '2027-02-06',
    });
    const [current, replaced] = (await statements(who.token, who.leadId)).body.Data.statements;
    expect(loan?.kfsId).toBeTruthy();
    // The loan's statement carries the loan's account number and due date; the replaced one none.
    expect(current).toMatchObject({
      kfs_no: newNo,
      current: true,
      standing: 'accepted',
      loan: { loan_no: disbursed.body.Data.loan_no, due_date: '2027-02-06' },
    });
    expect(replaced.loan).toBeNull();
  });

  it('approving the accepted terms keeps the statement; disbursal follows at once', async () => {
    const who = await completed();
    const approved = await staff({ action: 'approve', lead_id: who.leadId, amount: 20000, tenure: 60, roi: 0.5 });
    expect(approved.body.Data).toMatchObject({ kfs_no: who.kfsNo, awaiting_acknowledgement: false });
    await signAgreement(server, who.token, who.leadId);
    expect((await staff({ action: 'disburse', lead_id: who.leadId })).body.Status).toBe(1);
  });

  it('staff approve only within the configured ranges, each refusal naming its range', async () => {
    const who = await completed();
    const approve = (amount: number, tenure: number, roi: number) =>
      staff({ action: 'approve', lead_id: who.leadId, amount, tenure, roi });
    // The quote's largest loan for a ₹60,000 income is ₹60,000.
    expect((await approve(70000, 60, 0.5)).body.Message).toBe(
      "The amount must be from ₹5,000 to ₹60,000 (our loan range and this customer's quote); got ₹70,000.",
    );
    expect((await approve(4000, 60, 0.5)).body.Message).toContain('The amount must be from ₹5,000');
    expect((await approve(20000, 30, 0.5)).body.Message).toBe(
      "The tenure must be from 60 to 90 days (this customer's quote); got 30.",
    );
    expect((await approve(20000, 91, 0.5)).body.Message).toBe(
      "The tenure must be from 60 to 90 days (this customer's quote); got 91.",
    );
    expect((await approve(20000, 60, 0.6)).body.Message).toBe(
      "The rate must be one of 0.25, 0.5 (% a day): this customer's income tier gives 0.5% a day, and staff may not price above it; got 0.6.",
    );
    // Above the customer's income tier (0.5% a day for ₹60,000 a month), even at one of our rates.
    for (const roi of [0.75, 1]) {
      const above = await approve(20000, 60, roi);
      expect(above.status).toBe(409);
      expect(above.body.Message).toContain("this customer's income tier gives 0.5% a day");
    }
    await expect(
      approveLead(
        server.database.db,
        who.leadId,
        { amountPaise: 20_000_50, tenureDays: 60, dailyRatePercent: 0.5, manager: 'x' },
        'ops:test',
      ),
    ).rejects.toThrow(StaffError);
    // Nothing was decided.
    const lead = await server.post(API.leadDetail, { lead_id: who.leadId }, { token: who.token });
    expect(lead.body.Data.data[0].status).toBe('submitted');
    // A lower rate than the tier's is allowed: a new statement at it, for the customer to accept.
    const lower = await approve(20000, 60, 0.25);
    expect(lower.body.Data).toMatchObject({ status: 'approved', awaiting_acknowledgement: true });
  });

  it('a statement not accepted in time expires: disbursal is refused until staff issue a new one', async () => {
    const who = await completed();
    const approved = await staff({ action: 'approve', lead_id: who.leadId, amount: 10000, tenure: 60, roi: 0.5 });
    const kfsNo = approved.body.Data.kfs_no;
    // Five days on (the tests after this one assert no dates); the session has gone idle: sign in again.
    clock.advance(5 * 86_400);
    const { token } = await signIn(server, who.mobile);
    {
      const late = await send(token, { event_name: 'kfs_acknowledgement', kfs_no: kfsNo, kfs_acknowledged: true });
      expect(late.body.Message).toBe(
        'This Key Fact Statement was valid until 27-11-2026. Please contact us for a new one.',
      );
      expect((await staff({ action: 'disburse', lead_id: who.leadId })).body.Message).toContain(
        `Key Fact Statement ${kfsNo} of lead ${who.leadId} expired on 27-11-2026 without the customer's acceptance`,
      );
      const again = await staff({ action: 'approve', lead_id: who.leadId, amount: 10000, tenure: 60, roi: 0.5 });
      const fresh = again.body.Data.kfs_no;
      expect(fresh).not.toBe(kfsNo);
      const ack = await send(token, { event_name: 'kfs_acknowledgement', kfs_no: fresh, kfs_acknowledged: true });
      expect(ack.body.Status).toBe(1);
      await signAgreement(server, token, who.leadId);
      expect((await staff({ action: 'disburse', lead_id: who.leadId })).body.Status).toBe(1);
    }
  });

  it('two quotes sent at the same moment leave one open application', async () => {
    const { token } = await customer();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(token, { event_name: 'generate_loan_quote' })),
    );
    for (const answer of answers) expect(answer.body.Status, answer.body.Message).toBe(1);
    const ids = new Set(answers.map((answer) => answer.body.Data.lead_id));
    expect(ids.size).toBe(1);
    expect((await server.post(API.leadList, {}, { token })).body.Data.lead_list).toHaveLength(1);
  });

  it('disbursal is refused for a customer who already has an active loan', async () => {
    const who = await completed();
    expect((await staff({ action: 'approve', lead_id: who.leadId })).body.Status).toBe(1);
    const [lead] = (await server.post(API.leadList, {}, { token: who.token })).body.Data.lead_list;
    await signAgreement(server, who.token, lead.lead_id);
    // A loan made for this customer by other means (the demo seed, a data fix): the one active loan.
    const { createLoan } = await import('../../src/server/loans/create.ts');
    const { customers } = await import('../../src/server/db/schema.ts');
    const [me] = await server.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.mobile, who.mobile));
    await createLoan(server.database.db, {
      customerId: me?.id as string,
      principalPaise: 5_000_00,
      dailyRatePercent: 1,
      tenureDays: 60,
      disbursalDate: '2026-11-20',
      actor: 'test',
      now: clock.now(),
    });
    const refused = await staff({ action: 'disburse', lead_id: lead.lead_id });
    expect(refused.body.Message).toBe(
      `The customer of lead ${lead.lead_id} already has an active loan; it must be closed before another is disbursed.`,
    );
    await expect(disburseLead(server.database.db, lead.lead_id, 'ops:test')).rejects.toThrow(StaffError);
  });

  it("the statements are their owner's only: another customer's lead answers as one that does not exist", async () => {
    const a = await completed();
    const b = await customer();
    const none = { Status: 0, Message: 'No Key Fact Statement available.' };
    expect(await statements(b.token, a.leadId)).toMatchObject({ status: 404, body: none });
    expect(await statements(b.token, 4_999_999)).toMatchObject({ status: 404, body: none });
    const ack = await send(b.token, { event_name: 'kfs_acknowledgement', kfs_no: a.kfsNo, kfs_acknowledged: true });
    expect(ack).toMatchObject({ status: 404, body: none });
    expect((await statements(a.token, a.leadId)).status).toBe(200);
  });

  it('a statement saves as a PDF for its owner, the preview too, with the loan number once paid out', async () => {
    const who = await completed();
    const pdf = (token: string, kfsNo: string, lang?: string) =>
      fetch(`${server.url}${KFS_PDF_PATH}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [HEADERS.token]: token },
        body: JSON.stringify({ kfs_no: kfsNo, ...(lang && { lang }) }),
      });
    const read = async (response: Response) => flat((await pdfText(new Uint8Array(await response.arrayBuffer()))).text);
    const before = await pdf(who.token, who.kfsNo);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toBe('application/pdf');
    expect(before.headers.get('content-disposition')).toBe(`attachment; filename="${kfsFileName(who.kfsNo)}"`);
    const text = await read(before);
    expect(text).toContain(`Key Fact Statement ${who.kfsNo}`);
    // The summary first (the clock has moved with the tests before: the date is 60 days after today's).
    expect(text).toMatch(/Key Fact Statement KFS-\d{6} You receive ₹19,528, repay ₹26,000 on \d{2}-\d{2}-\d{4}\./);
    expect(text).toContain('Given when the loan is paid out');
    expect(text).toContain('Insurance charges');
    // Part 2 cites the agreement's clauses (issue 24).
    expect(text).toContain('See clause 9 (Recovery and collection) of the loan agreement.');

    // In Hindi, the customer's choice (issue 24): the words in Devanagari, the figures the same figures.
    const hindi = await pdf(who.token, who.kfsNo, 'hi');
    expect(hindi.status).toBe(200);
    expect(hindi.headers.get('content-disposition')).toBe(`attachment; filename="${kfsFileName(who.kfsNo, 'hi')}"`);
    const hindiText = await read(hindi);
    expect(hindiText).toContain(`मुख्य तथ्य`);
    expect((hindiText.match(/[\u0900-\u097F]/g) ?? []).length).toBeGreaterThan(1000);
    for (const figure of [who.kfsNo, '₹19,528', '₹26,000', '₹20,000']) expect(hindiText, figure).toContain(figure);
    expect(hindiText).not.toContain('Insurance charges');
    // The page footers too: the page's number in Hindi, not "Page 1 of …".
    expect(text).toMatch(/Page 1 of \d/);
    expect(hindiText).not.toMatch(/Page \d of \d/);
    expect(hindiText).toMatch(/ 1 \/ \d/);
    expect((await pdf(who.token, who.kfsNo, 'xx')).status).toBe(400);

    await staff({ action: 'approve', lead_id: who.leadId });
    await signAgreement(server, who.token, who.leadId);
    const loanNo = (await staff({ action: 'disburse', lead_id: who.leadId })).body.Data.loan_no;
    expect(await read(await pdf(who.token, who.kfsNo))).toContain(`Loan account number ${loanNo}`);

    // A preview read before accepting saves too; another customer's statement answers as one that does not exist.
    const other = await customer();
    await send(other.token, { event_name: 'generate_loan_quote' });
    const preview = (await server.post(API.keyFactStatement, { amount: 10000, tenure: 60 }, { token: other.token }))
      .body.Data.kfs_no;
    expect((await pdf(other.token, preview)).status).toBe(200);
    expect(await server.post(KFS_PDF_PATH, { kfs_no: who.kfsNo }, { token: other.token })).toMatchObject({
      status: 404,
      body: { Status: 0, Message: 'No Key Fact Statement available.' },
    });
    expect((await server.post(KFS_PDF_PATH, { kfs_no: who.kfsNo })).status).toBe(401);
  });

  it('the customer receives the statement by SMS and e-mail at acceptance and at disbursal', async () => {
    const who = await completed();
    // Outside production with PUBLIC_SITE_URL unset, links use the server's own configured address
    // (HOST and PORT, here their defaults), never the request's Host nor the production address.
    const link = `http://127.0.0.1:4321/my-dashboard/lead-preview?lead_id=${who.leadId}#key-fact-statement`;
    const sms = async () => (await server.get(`${API.devOutbox}?to=${who.mobile}`)).body as { body: string }[];
    // Mail leaves in no set order (one drawing a PDF may leave after a later one): each found by its subject.
    const mail = (about: string) => latestMail(server, who.email, (message) => message.subject.includes(about));
    const [accepted] = await sms();
    expect(accepted?.body).toContain(`You accepted Key Fact Statement ${who.kfsNo}`);
    expect(accepted?.body).toContain(`: ${link} -`);
    const acceptedMail = await mail(`Your Key Fact Statement ${who.kfsNo}`);
    expect(acceptedMail?.subject).toBe(`Your Key Fact Statement ${who.kfsNo}`);
    expect(acceptedMail?.body).toContain('Total amount to be paid: ₹26,000');
    expect(acceptedMail?.body).toContain(link);

    await staff({ action: 'approve', lead_id: who.leadId });
    await signAgreement(server, who.token, who.leadId);
    const loanNo = (await staff({ action: 'disburse', lead_id: who.leadId })).body.Data.loan_no;
    const [disbursed] = await sms();
    // What reached the bank account (the sanctioned amount less the fee and its GST) and the one repayment.
    const [loan] = await server.database.db.select().from(loans).where(eq(loans.loanNo, loanNo));
    if (!loan) throw new Error('no loan');
    const credited = loan.principalPaise - loan.processingFeePaise - loan.gstOnFeePaise;
    expect(credited).toBeLessThan(loan.principalPaise);
    const due = formatDate(loan.repaymentDate);
    expect(disbursed?.body).toBe(
      `Your Kosh Credit loan ${loanNo} is disbursed: ${formatPaise(credited).replace('₹', 'Rs.')} credited to your bank account. Repay Rs.26,000 by ${due}. Key Fact Statement ${who.kfsNo}. Read it any time: ${link} -KOSHCR`,
    );
    const disbursedMail = await mail(`${loanNo} is disbursed`);
    expect(disbursedMail?.subject).toContain(`${loanNo} is disbursed`);
    expect(disbursedMail?.body).toContain(`Amount credited to your bank account: ${formatPaise(credited)}`);
    expect(disbursedMail?.body).toContain(`Due date: ${due}, when ₹26,000 closes the loan`);
    // Neither the mobile nor the e-mail address is ever logged.
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(who.email);
  });
});

describe('delivery failing does not undo the acceptance', () => {
  it('an SMS gateway and a mail service that fail are logged without personal data; the statement stays', async () => {
    const failing: SmsTransport = {
      name: 'failing',
      async send(message) {
        // Sign-in codes still need to arrive for the test to sign in.
        if (/one-time code/.test(message.body)) {
          const { smsOutbox } = await import('../../src/server/db/schema.ts');
          await server.database.db.insert(smsOutbox).values(message);
          return;
        }
        throw new Error('gateway down');
      },
    };
    const server = await startServer(
      ENGINE,
      { MAIL_TRANSPORT: 'http', MAIL_HTTP_URL: 'http://127.0.0.1:9/mail', MAIL_HTTP_API_KEY: 'k' },
      { sms: failing },
    );
    try {
      const mobile = randomMobile();
      const email = `fail-${mobile}@example.in`;
      const { token } = await signIn(server, mobile);
      for (const step of [
        ...profileSteps(randomPan()).map((step) =>
          step.event_name === 'personal_details' ? { ...step, personal_email: email } : step,
        ),
        { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' },
        { event_name: 'register_now', bureau_consent: 1 },
      ]) {
        expect((await server.post(API.registration, step, { token })).body.Status).toBe(1);
      }
      const quote = await server.post(API.registration, { event_name: 'generate_loan_quote' }, { token });
      const accepted = await server.post(API.registration, QUOTE_ACCEPTANCE, { token });
      expect(accepted.body.Status).toBe(1);
      const kept = await server.post(KFS_STATEMENTS_PATH, { lead_id: quote.body.Data.lead_id }, { token });
      expect(kept.body.Data.statements[0].kfs_no).toBe(accepted.body.Data.kfs.kfs_no);
      // The mail sender draws the PDF, then meets the failing service: after the answer, within a bound.
      for (let waited = 0; !server.logs.some((line) => line.includes('kfs mail not sent')) && waited < 30_000; ) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        waited += 50;
      }
      const logs = server.logs.join('\n');
      expect(logs).toContain('kfs sms not sent');
      expect(logs).toContain('kfs mail not sent');
      expect(logs).not.toContain(email);
      expect(
        logs
          .split('\n')
          .filter((line) => line.includes('kfs'))
          .join('\n'),
      ).not.toContain(mobile);
    } finally {
      await server.close();
    }
  });
});
