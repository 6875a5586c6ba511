/**
 * The back office's API (issue 22): staff sign in with a password and an e-mailed code; every
 * /Api/Staff/ route refuses no credential, a customer's token, the public credential, an ended or
 * disabled staff session and a role that does not hold the action; credit decides on the version
 * read within the policy and becomes the customer's credit manager; finance disburses under four eyes.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { formatDate } from '../../src/lib/format.ts';
import { apiRoutes } from '../../src/server/app/app.ts';
import { COMPLAINT_PATHS } from '../../src/server/complaints/routes.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { auditLog, leads, loans } from '../../src/server/db/schema.ts';
import { PROFILE_PATHS } from '../../src/server/profile/routes.ts';
import {
  completeApplication,
  EMPLOYMENT,
  eligibleCustomer,
  QUOTE_ACCEPTANCE,
  send,
  signAgreement,
} from './support/application.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { ENGINES, type Reply, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';
import { signIn as customerSignIn } from './support/signIn.ts';

const PASSWORD = 'kosh-staff-dev';

describe.each(ENGINES)('the back office API (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-24T05:00:00Z'));
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());

  const asStaff = (token: string, path: string, body: object = {}) =>
    server.post(path, body, { headers: { [HEADERS.staffToken]: token, Auth: '' } });

  /** Signs a staff member in: the password, then the code from the development mailbox. */
  async function signIn(email: string): Promise<{ token: string; roles: string[] }> {
    const login = await server.post(STAFF_API.login, { email, password: PASSWORD });
    expect(login.body.Status, login.body.Message).toBe(1);
    const code = (await latestMail(server, email, isSignInCode)).body.match(/code is (\d{6})/)?.[1];
    const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
    expect(verified.body.Status, verified.body.Message).toBe(1);
    return { token: verified.body.Data.staff_token, roles: verified.body.Data.roles };
  }

  /** A customer's submitted application (₹20,000 for 60 days at 0.5% a day). */
  async function submitted() {
    const { token, mobile } = await eligibleCustomer(server);
    const quote = await send(server, token, { event_name: 'generate_loan_quote' });
    expect((await send(server, token, QUOTE_ACCEPTANCE)).body.Status).toBe(1);
    expect((await send(server, token, EMPLOYMENT)).body.Status).toBe(1);
    await completeApplication(server, token);
    return { token, mobile, leadId: quote.body.Data.lead_id as number };
  }
  /** The customer signs in again (sessions end when the clock moves on). */
  const reSignIn = (mobile: string) => customerSignIn(server, mobile);
  const versionOf = async (leadId: number) => {
    const [row] = await server.database.db.select().from(leads).where(eq(leads.id, leadId));
    return row?.version as number;
  };

  it('signs in with the password and the e-mailed code; a wrong one is refused, and repeated failures lock', async () => {
    const wrong = await server.post(STAFF_API.login, { email: 'credit@kosh.test', password: 'not-the-password' });
    expect(wrong).toMatchObject({ status: 401, body: { Message: 'The e-mail or the password is not correct.' } });
    const unknown = await server.post(STAFF_API.login, { email: 'nobody@kosh.test', password: PASSWORD });
    expect(unknown.body.Message).toBe(wrong.body.Message);
    const credit = await signIn('credit@kosh.test');
    expect(credit.roles).toEqual(['credit']);
    expect((await asStaff(credit.token, STAFF_API.me)).body.Data).toMatchObject({
      name: 'Neha Rao',
      email: 'credit@kosh.test',
      roles: ['credit'],
    });
    // A wrong code is refused; the login's code never shows in the server's log.
    const login = await server.post(STAFF_API.login, { email: 'support@kosh.test', password: PASSWORD });
    const badCode = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code: '000000' });
    expect(badCode.body.Message).toBe('The code is not correct.');
    const code = (await latestMail(server, 'support@kosh.test', isSignInCode)).body.match(
      /code is (\d{6})/,
    )?.[1] as string;
    expect(server.logs.some((line) => line.includes(code))).toBe(false);

    for (let attempt = 1; attempt < 5; attempt += 1) {
      await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: 'wrong-password-1' });
    }
    const locked = await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: 'wrong-password-1' });
    expect(locked.status).toBe(429);
    expect(locked.body.Message).toMatch(/^Too many failed sign-ins\. This account is locked until \d\d:\d\d/);
    const stillLocked = await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: PASSWORD });
    expect(stillLocked.status).toBe(429);
    clock.advance(16 * 60);
    expect((await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: PASSWORD })).status).toBe(
      200,
    );
  });

  it('every staff route refuses no credential, a customer token, the public credential, an ended or disabled session, and a role without the action', async () => {
    const config = loadConfig({ ...TEST_ENV });
    const staffRoutes = apiRoutes(config).filter((route) => route.path.startsWith('/Api/Staff/'));
    expect(staffRoutes.length).toBeGreaterThan(10);
    const guarded = staffRoutes.filter((route) => route.auth === 'staff');
    // Only the two sign-in steps go without a staff session.
    expect(staffRoutes.filter((route) => route.auth !== 'staff').map((route) => route.path)).toEqual([
      STAFF_API.login,
      STAFF_API.verify,
    ]);
    const customer = await eligibleCustomer(server);
    const support = await signIn('support@kosh.test');
    const admin = await signIn('admin@kosh.test');
    const idle = await signIn('finance2@kosh.test');
    const refusals: [string, (path: string) => Promise<Reply>][] = [
      ['no credential', (path) => server.post(path, {}, { headers: { Auth: '' } })],
      ['a customer token', (path) => server.post(path, {}, { token: customer.token })],
      ['the public credential', (path) => server.post(path, {})],
      ['a customer token as a staff token', (path) => asStaff(customer.token, path)],
    ];
    for (const route of guarded) {
      for (const [what, call] of refusals) {
        const reply = await call(route.path);
        expect(reply.status, `${route.path} with ${what}`).toBe(401);
        expect(reply.body.error, `${route.path} with ${what}`).toBe('staff_session_expired');
      }
      const roles = route.roles ?? [];
      if (roles.length > 0 && !roles.includes('support')) {
        const refused = await asStaff(support.token, route.path);
        expect(refused.status, `${route.path} as support`).toBe(403);
        expect(refused.body.Message).toBe('Your role does not allow this.');
      }
    }
    // A staff token is no customer's: customer routes refuse it.
    expect((await server.post(PROFILE_PATHS.profile, {}, { token: support.token })).status).toBe(401);

    // Idle for more than 30 minutes: the session has ended.
    clock.advance(31 * 60);
    for (const route of guarded) expect((await asStaff(idle.token, route.path)).status, route.path).toBe(401);
    const fresh = await signIn('admin@kosh.test');
    expect((await asStaff(admin.token, STAFF_API.me)).status).toBe(401);

    // Disabled by an admin: their session ends at once, and they cannot sign in again.
    const collections = await signIn('collections@kosh.test');
    const list = await asStaff(fresh.token, STAFF_API.staffList);
    const member = list.body.Data.staff.find((row: { email: string }) => row.email === 'collections@kosh.test');
    const disabled = await asStaff(fresh.token, STAFF_API.updateStaff, { staff_id: member.staff_id, disabled: true });
    expect(disabled.body.Data.disabled).toBe(true);
    expect((await asStaff(collections.token, STAFF_API.me)).status).toBe(401);
    expect((await server.post(STAFF_API.login, { email: 'collections@kosh.test', password: PASSWORD })).status).toBe(
      401,
    );
    await asStaff(fresh.token, STAFF_API.updateStaff, { staff_id: member.staff_id, disabled: false });
  });

  it('credit approves on the version read, within the policy; the customer sees their credit manager', async () => {
    const credit = await signIn('credit@kosh.test');
    const { token, leadId } = await submitted();
    const queue = await asStaff(credit.token, STAFF_API.applications);
    expect(queue.body.Data.count).toBeGreaterThan(0);
    const item = queue.body.Data.items.find((row: { lead_id: number }) => row.lead_id === leadId);
    expect(item).toMatchObject({ amount: 20000, tenure: 60 });
    const application = await asStaff(credit.token, STAFF_API.application, { lead_id: leadId });
    expect(application.body.Data).toMatchObject({ lead_id: leadId, status: 'submitted', version: item.version });
    expect(application.body.Data.documents).toHaveLength(6);
    expect(application.body.Data.documents.map((doc: { content_type: string }) => doc.content_type).sort()).toEqual([
      'application/pdf',
      'application/pdf',
      'image/jpeg',
      'image/jpeg',
      'image/jpeg',
      'image/png',
    ]);

    const terms = { lead_id: leadId, version: item.version, amount: 20000, tenure: 60 };
    const above = await asStaff(credit.token, STAFF_API.approve, { ...terms, roi: 1 });
    expect(above.status).toBe(409);
    expect(above.body.Message).toContain("this customer's income tier gives 0.5% a day");
    const stale = await asStaff(credit.token, STAFF_API.approve, { ...terms, version: item.version - 1, roi: 0.5 });
    expect(stale.body.error).toBe('stale_version');
    const approved = await asStaff(credit.token, STAFF_API.approve, { ...terms, roi: 0.5 });
    expect(approved.body.Data).toMatchObject({ status: 'accepted', awaiting_acknowledgement: false });
    const profile = await server.post(PROFILE_PATHS.profile, {}, { token });
    expect(profile.body.Data.excutive_details).toEqual({
      name: 'Neha Rao',
      mobile: '9810000001',
      email: 'credit@kosh.test',
    });
    const [line] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'lead.approve'));
    expect(line?.actor).toMatch(/^staff:[0-9a-f-]{36}$/);
    const after = await asStaff(credit.token, STAFF_API.application, { lead_id: leadId });
    expect(after.body.Data.history).toContainEqual(
      expect.objectContaining({ action: 'lead.approve', actor_name: 'Neha Rao' }),
    );
  });

  it('a submitted application gets a credit manager in turn, whom the customer sees; an admin may reassign', async () => {
    const admin = await signIn('admin@kosh.test');
    const added = await asStaff(admin.token, STAFF_API.addStaff, {
      email: `credit-${Date.now()}@kosh.test`,
      name: 'Farah Ali',
      mobile: '9810000009',
      roles: ['credit'],
      password: 'a-long-first-password',
    });
    expect(added.body.Status, added.body.Message).toBe(1);
    const managers = new Set<string>();
    for (let round = 0; round < 2; round += 1) {
      const { token } = await submitted();
      const profile = await server.post(PROFILE_PATHS.profile, {}, { token });
      managers.add(profile.body.Data.excutive_details?.name);
    }
    // Two credit members, two applications: one each, in turn.
    expect([...managers].sort()).toEqual(['Farah Ali', 'Neha Rao']);
    const { token, leadId } = await submitted();
    const reassigned = await asStaff(admin.token, STAFF_API.assign, {
      lead_id: leadId,
      staff_id: added.body.Data.staff_id,
    });
    expect(reassigned.body.Status, reassigned.body.Message).toBe(1);
    const profile = await server.post(PROFILE_PATHS.profile, {}, { token });
    expect(profile.body.Data.excutive_details).toEqual({
      name: 'Farah Ali',
      mobile: '9810000009',
      email: added.body.Data.email,
    });
    // The admin reads the application they reassign (not its decisions), its manager named.
    const shown = await asStaff(admin.token, STAFF_API.application, { lead_id: leadId });
    expect(shown.body.Data.manager).toEqual({ staff_id: added.body.Data.staff_id, name: 'Farah Ali' });
    expect(
      (await asStaff(admin.token, STAFF_API.approve, { lead_id: leadId, version: 1, amount: 1, tenure: 1, roi: 1 }))
        .status,
    ).toBe(403);
    await asStaff(admin.token, STAFF_API.updateStaff, { staff_id: added.body.Data.staff_id, disabled: true });
  });

  it('a complaint raised in the dashboard: a number, SMS and e-mail at once, answered by support, read by the customer', async () => {
    const customer = await eligibleCustomer(server);
    const raised = await server.post(
      COMPLAINT_PATHS.raise,
      { subject: 'Refund', message: 'I paid twice and want the second payment back.' },
      { token: customer.token },
    );
    expect(raised.body.Status, raised.body.Message).toBe(1);
    const number = raised.body.Data.complaint_no;
    expect(number).toMatch(/^KC-\d{6}$/);
    expect(raised.body.Message).toBe(`Your complaint number is ${number}. We will answer within 30 days.`);
    const sms = (await server.get(`/__dev/outbox?to=${customer.mobile}`)).body;
    expect(sms.some((row: { body: string }) => row.body.includes(`complaint ${number}`))).toBe(true);
    // The acknowledgement e-mail leaves through the mail queue: it arrives (or the wait fails the test).
    await latestMail(server, customer.email, (row) => row.subject === `We have received your complaint ${number}`);

    const credit = await signIn('credit@kosh.test');
    expect((await asStaff(credit.token, STAFF_API.complaints)).status).toBe(403);
    const support = await signIn('support@kosh.test');
    const queue = await asStaff(support.token, STAFF_API.complaints);
    const item = queue.body.Data.items.find((row: { complaint_no: string }) => row.complaint_no === number);
    expect(item).toMatchObject({ status: 'open', channel: 'dashboard', days_open: 0, rbi_portal_open: false });
    // Thirty days on, unresolved: the customer may go to the RBI's portal, and is told so.
    clock.advance(30 * 86_400);
    const again30 = await reSignIn(customer.mobile);
    const late = await server.post(COMPLAINT_PATHS.list, {}, { token: again30.token });
    expect(late.body.Data.complaints[0]).toMatchObject({ complaint_no: number, rbi_portal_open: true });
    expect(late.body.Data.complaints[0].escalation).toContain('https://cms.rbi.org.in');
    const supportAgain = await signIn('support@kosh.test');
    const answered = await asStaff(supportAgain.token, STAFF_API.answerComplaint, {
      complaint_id: item.complaint_id,
      answer: 'We have refunded the second payment of ₹500 to your account.',
      resolved: true,
    });
    expect(answered.body.Data).toMatchObject({ status: 'resolved', rbi_portal_open: false });
    const read = await server.post(COMPLAINT_PATHS.list, {}, { token: again30.token });
    expect(read.body.Data.complaints[0]).toMatchObject({
      status: 'resolved',
      answer: 'We have refunded the second payment of ₹500 to your account.',
    });
    const again = await asStaff(supportAgain.token, STAFF_API.answerComplaint, {
      complaint_id: item.complaint_id,
      answer: 'x',
    });
    expect(again.status).toBe(409);
  });

  it('finance disburses under four eyes: one requests, the same one cannot approve, another does, once', async () => {
    const credit = await signIn('credit@kosh.test');
    const finance = await signIn('finance@kosh.test');
    const finance2 = await signIn('finance2@kosh.test');
    const { leadId, mobile, token } = await submitted();
    const version = await versionOf(leadId);
    await asStaff(credit.token, STAFF_API.approve, { lead_id: leadId, version, amount: 20000, tenure: 60, roi: 0.5 });
    // Disbursal pays out on the agreement the customer signed (issue 24).
    await signAgreement(server, token, leadId);
    const queue = await asStaff(finance.token, STAFF_API.disbursals);
    const ready = queue.body.Data.to_request.items.find((row: { lead_id: number }) => row.lead_id === leadId);
    expect(ready).toMatchObject({ amount: 20000 });
    const requested = await asStaff(finance.token, STAFF_API.requestDisbursal, {
      lead_id: leadId,
      version: ready.version,
      payout_reference: 'NEFT-KOSH-0001',
    });
    expect(requested.body.Status, requested.body.Message).toBe(1);
    const again = await asStaff(finance2.token, STAFF_API.requestDisbursal, {
      lead_id: leadId,
      version: ready.version,
      payout_reference: 'NEFT-KOSH-0002',
    });
    expect(again.status).toBe(409);
    const requestId = requested.body.Data.request_id;
    const own = await asStaff(finance.token, STAFF_API.approveDisbursal, { request_id: requestId });
    expect(own).toMatchObject({
      status: 403,
      body: { Message: 'You requested this disbursal: another finance member must approve it.' },
    });
    expect(
      await server.database.db
        .select()
        .from(loans)
        .where(eq(loans.leadId, String(leadId))),
    ).toHaveLength(0);
    const [first, second] = await Promise.all([
      asStaff(finance2.token, STAFF_API.approveDisbursal, { request_id: requestId }),
      asStaff(finance2.token, STAFF_API.approveDisbursal, { request_id: requestId }),
    ]);
    expect([first?.status, second?.status].sort()).toEqual([200, 409]);
    const made = await server.database.db
      .select()
      .from(loans)
      .where(eq(loans.leadId, String(leadId)));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ principalPaise: 20_000_00, tenureDays: 60 });
    // The borrower is told once, with the amount credited and the due date, as when one member disburses.
    const outbox = (await server.get(`${API.devOutbox}?to=${mobile}`)).body as { body: string }[];
    const told = outbox.filter((sms) => sms.body.includes(`loan ${made[0]?.loanNo} is disbursed: Rs.`));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(`by ${formatDate(made[0]?.repaymentDate)}.`);
  });
  it('collections works a loan past its due date: the class, a receipt, a note with a promise; support reads the customer masked', async () => {
    const { leadId, mobile, token } = await submitted();
    const credit = await signIn('credit@kosh.test');
    const finance = await signIn('finance@kosh.test');
    const finance2 = await signIn('finance2@kosh.test');
    await asStaff(credit.token, STAFF_API.approve, {
      lead_id: leadId,
      version: await versionOf(leadId),
      amount: 20000,
      tenure: 60,
      roi: 0.5,
    });
    await signAgreement(server, token, leadId);
    const requested = await asStaff(finance.token, STAFF_API.requestDisbursal, {
      lead_id: leadId,
      version: await versionOf(leadId),
      payout_reference: 'NEFT-KOSH-0100',
    });
    const made = await asStaff(finance2.token, STAFF_API.approveDisbursal, {
      request_id: requested.body.Data.request_id,
    });
    const loanNo = made.body.Data.loan_no;
    // Sixty-five days on: five days past the due date.
    clock.advance(65 * 86_400);
    const collections = await signIn('collections@kosh.test');
    const overdue = await asStaff(collections.token, STAFF_API.loans, { bucket: '1-30' });
    const row = overdue.body.Data.items.find((item: { loan_no: string }) => item.loan_no === loanNo);
    expect(row).toMatchObject({ bucket: '1-30' });
    expect(row.days_past_due).toBeGreaterThanOrEqual(4);
    expect(overdue.body.Data.counts['1-30']).toBeGreaterThan(0);

    const receipt = { loan_no: loanNo, amount: '1500.50', reference: 'NEFT-REPAY-0001' };
    const recorded = await asStaff(collections.token, STAFF_API.recordReceipt, receipt);
    expect(recorded.body.Status, recorded.body.Message).toBe(1);
    expect((await asStaff(collections.token, STAFF_API.recordReceipt, receipt)).status).toBe(409);
    const tooMuch = await asStaff(collections.token, STAFF_API.recordReceipt, {
      ...receipt,
      amount: '900000',
      reference: 'NEFT-REPAY-0002',
    });
    expect(tooMuch.body.Message).toMatch(/^This is more than the ₹[\d,.]+ due today\./);
    const noted = await asStaff(collections.token, STAFF_API.contactNote, {
      loan_no: loanNo,
      note: 'Spoke to the borrower; salary is late this month.',
      promised_on: '2027-02-01',
      promised_amount: 5000,
    });
    expect(noted.body.Status, noted.body.Message).toBe(1);
    const loan = await asStaff(collections.token, STAFF_API.loan, { loan_no: loanNo });
    expect(loan.body.Data.payments).toEqual([
      expect.objectContaining({ amount: 1500.5, source: 'offline', reference: 'NEFT-REPAY-0001' }),
    ]);
    expect(loan.body.Data.notes[0]).toMatchObject({
      by: 'Imran Khan',
      promised_on: '2027-02-01',
      promised_amount: 5000,
    });

    const support = await signIn('support@kosh.test');
    const seen = await asStaff(support.token, STAFF_API.customer, { mobile });
    expect(seen.body.Data.pancard).toMatch(/^[A-Z]{2}\*{7}[A-Z]$/);
    expect(seen.body.Data.loans).toEqual([{ loan_no: loanNo, status: 'active' }]);
  });
});
