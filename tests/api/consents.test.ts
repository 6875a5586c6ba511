/**
 * Consents on record (issue 24): the sign-in consent and a KFS accepted are stored with the SHA-256 of
 * the exact text shown, the time, the caller's address (TRUST_PROXY as elsewhere) and user agent; the
 * customer reads them, withdraws the bureau consent and asks for their data to be deleted, each on
 * record with what the lender keeps; staff read them with the right role only.
 */
import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_PATHS } from '../../src/lib/api/consentPaths.ts';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { KFS_ACKNOWLEDGEMENT_LABELS, WHAT_WE_KEEP } from '../../src/lib/consents/kinds.ts';
import { signInConsent, signInConsentText } from '../../src/lib/consents/signIn.ts';
import { kfsSections } from '../../src/lib/kfs.ts';
import { site } from '../../src/lib/site.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { recordConsent, standingConsent } from '../../src/server/consents/service.ts';
import { auditLog, consents, customers, keyFactStatements } from '../../src/server/db/schema.ts';
import { DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { completeApplication, EMPLOYMENT, eligibleCustomer, QUOTE_ACCEPTANCE, send } from './support/application.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { ENGINES, randomMobile, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';
import { latestCode, signIn } from './support/signIn.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const SIGN_IN_TEXT = signInConsentText(signInConsent(site.brand, site.legalName));
const AGENT = 'Mozilla/5.0 (Linux; Android 14) ConsentTest/1.0';
const BUREAU_TEXT = 'I allow Kosh Credit to check my credit report with a credit bureau for this application.';

describe.each(ENGINES)('consents on record (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-24T05:00:00Z'));
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());

  const withAgent = { headers: { 'User-Agent': AGENT } };
  const consentsOf = (token: string) => server.post(CONSENT_PATHS.list, {}, { token });
  const asStaff = (token: string, path: string, body: object = {}) =>
    server.post(path, body, { headers: { [HEADERS.staffToken]: token, Auth: '' } });

  async function staffSignIn(email: string): Promise<string> {
    const login = await server.post(STAFF_API.login, { email, password: 'kosh-staff-dev' });
    expect(login.body.Status, login.body.Message).toBe(1);
    const mail = await latestMail(server, email, isSignInCode);
    const code = mail.body.match(/code is (\d{6})/)?.[1];
    const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
    expect(verified.body.Status, verified.body.Message).toBe(1);
    return verified.body.Data.staff_token;
  }

  /** `npm run ops -- <args>` against the test server, as the staff member signed in with this e-mail. */
  const ops = async (email: string, args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const env = { OPS_SERVER: server.url, OPS_STAFF_TOKEN: await staffSignIn(email) };
    const code = await runOps(args, {
      config: () => loadConfig({ ...TEST_ENV, ...env }),
      database: () => Promise.reject(new Error('no database is opened here')),
      write: { out: (text) => out.push(text), error: (text) => err.push(text) },
      terminal: {
        env,
        sessionFile: '/nonexistent/ops-session.json',
        ask: () => Promise.reject(new Error('no question')),
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  /** Requests a code and verifies it with this version of the consent shown (none: the field left out). */
  async function signInShowing(mobile: string, version?: string) {
    const login = await server.post(API.registration, { event_name: 'login', mobile }, withAgent);
    expect(login.body.Status).toBe(1);
    const profileId = login.body.Data.cust_profile_id as string;
    const verify = async () =>
      server.post(
        API.registration,
        {
          event_name: 'otp_verify',
          profile_id: profileId,
          otp: await latestCode(server, mobile),
          ...(version && { consent_version: version }),
        },
        withAgent,
      );
    return { profileId, verify };
  }

  it('records the terms and the privacy policy at sign-in: the shown text’s hash, the time, the address and the agent', async () => {
    const mobile = randomMobile();
    const { profileId, verify } = await signInShowing(mobile, sha256(SIGN_IN_TEXT));
    const verified = await verify();
    expect(verified.body.Status, verified.body.Message).toBe(1);

    const rows = await server.database.db.select().from(consents).where(eq(consents.customerId, profileId));
    expect(rows.map((row) => row.kind).sort()).toEqual(['privacy_notice', 'sign_in_terms']);
    for (const row of rows) {
      expect(row).toMatchObject({
        textVersion: sha256(SIGN_IN_TEXT),
        address: '127.0.0.1',
        userAgent: AGENT,
        withdrawnAt: null,
      });
      expect(row.givenAt.toISOString()).toBe(clock.now().toISOString());
    }

    // The customer reads them with the text itself, which hashes to the version.
    const listed = await consentsOf(verified.body.Data.app_login_token);
    expect(listed.body.Status).toBe(1);
    const terms = listed.body.Data.consents.find((row: { kind: string }) => row.kind === 'sign_in_terms');
    expect(terms).toMatchObject({ text_version: sha256(SIGN_IN_TEXT), text: SIGN_IN_TEXT, withdrawable: false });
    expect(terms.text).toContain(site.legalName);
    expect(listed.body.Data.what_we_keep).toEqual([...WHAT_WE_KEEP]);
  });

  it('a client that does not send the version is taken to have shown the current text; each sign-in is on record', async () => {
    const mobile = randomMobile();
    const first = await signInShowing(mobile);
    expect((await first.verify()).body.Status).toBe(1);
    clock.advance(60);
    const second = await signInShowing(mobile);
    expect((await second.verify()).body.Status).toBe(1);
    const rows = await server.database.db.select().from(consents).where(eq(consents.customerId, first.profileId));
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.textVersion))).toEqual(new Set([sha256(SIGN_IN_TEXT)]));
  });

  it('a text the server cannot produce is refused before the code is used, and nothing is recorded', async () => {
    const mobile = randomMobile();
    const stale = await signInShowing(mobile, sha256('Some terms this server never showed.'));
    const refused = await stale.verify();
    expect(refused).toMatchObject({
      status: 409,
      body: { Message: 'Our terms have changed since this page was opened. Please reload the page and sign in again.' },
    });
    expect(await server.database.db.select().from(consents).where(eq(consents.customerId, stale.profileId))).toEqual(
      [],
    );
    // The code was not used: the same code signs in with the current text.
    const code = await latestCode(server, mobile);
    const verified = await server.post(API.registration, {
      event_name: 'otp_verify',
      profile_id: stale.profileId,
      otp: code,
      consent_version: sha256(SIGN_IN_TEXT),
    });
    expect(verified.body.Status, verified.body.Message).toBe(1);
  });

  it('a wrong code records no consent', async () => {
    const mobile = randomMobile();
    const login = await server.post(API.registration, { event_name: 'login', mobile });
    const profileId = login.body.Data.cust_profile_id as string;
    const code = await latestCode(server, mobile);
    const wrong = code === '0000' ? '1111' : '0000';
    const refused = await server.post(API.registration, {
      event_name: 'otp_verify',
      profile_id: profileId,
      otp: wrong,
    });
    expect(refused.body.Status).not.toBe(1);
    expect(await server.database.db.select().from(consents).where(eq(consents.customerId, profileId))).toEqual([]);
  });

  it('records the Key Fact Statement accepted with the quote: its words and the statement, hashed, in the same step', async () => {
    const { token, profileId } = await eligibleCustomer(server);
    expect((await send(server, token, { event_name: 'generate_loan_quote' })).body.Status).toBe(1);
    const accepted = await server.post(API.registration, QUOTE_ACCEPTANCE, { token, ...withAgent });
    expect(accepted.body.Status, accepted.body.Message).toBe(1);
    const kfsNo = accepted.body.Data.kfs.kfs_no as string;

    const [row] = await server.database.db
      .select()
      .from(consents)
      .where(eq(consents.kind, 'kfs_acknowledgement'))
      .then((rows) => rows.filter((one) => one.customerId === profileId));
    expect(row).toMatchObject({ reference: kfsNo, address: '127.0.0.1', userAgent: AGENT });
    const [statement] = await server.database.db
      .select()
      .from(keyFactStatements)
      .where(eq(keyFactStatements.kfsNo, kfsNo));
    // The statement's acceptance time and the consent's are one moment.
    expect(row?.givenAt.toISOString()).toBe(statement?.acknowledgedAt?.toISOString());

    const listed = await consentsOf(token);
    const kfs = listed.body.Data.consents.find((one: { kind: string }) => one.kind === 'kfs_acknowledgement');
    expect(kfs.text.startsWith(`${KFS_ACKNOWLEDGEMENT_LABELS.quote}\n\nKey Fact Statement ${kfsNo}`)).toBe(true);
    // Every row of the statement as it reads is in the text on record.
    const [, firstRow] = kfsSections(accepted.body.Data.kfs)[0]?.rows[0] ?? [];
    expect(kfs.text).toContain(firstRow);
    expect(kfs.text_version).toBe(sha256(kfs.text));
    expect(kfs.label).toBe('Key Fact Statement accepted');
  });

  it('records a statement staff reissued on other terms when the customer accepts it, with that screen’s words', async () => {
    const { token, profileId } = await eligibleCustomer(server);
    const quote = await send(server, token, { event_name: 'generate_loan_quote' });
    expect((await send(server, token, QUOTE_ACCEPTANCE)).body.Status).toBe(1);
    expect((await send(server, token, EMPLOYMENT)).body.Status).toBe(1);
    await completeApplication(server, token);
    const approved = await server.post(DEV_STAFF_PATH, {
      action: 'approve',
      lead_id: quote.body.Data.lead_id,
      amount: 15000,
      tenure: 75,
      roi: 0.5,
    });
    const kfsNo = approved.body.Data.kfs_no as string;
    const ack = await server.post(
      API.registration,
      { event_name: 'kfs_acknowledgement', kfs_no: kfsNo, kfs_acknowledged: true },
      { token, ...withAgent },
    );
    expect(ack.body.Status, ack.body.Message).toBe(1);
    const listed = (await consentsOf(token)).body.Data.consents.filter(
      (one: { kind: string }) => one.kind === 'kfs_acknowledgement',
    );
    // The newest first: the reissued statement, then the one accepted with the quote.
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ reference: kfsNo, given_at: ack.body.Data.acknowledged_at });
    expect(listed[0].text.startsWith(`${KFS_ACKNOWLEDGEMENT_LABELS.statement}\n\nKey Fact Statement ${kfsNo}`)).toBe(
      true,
    );
    expect(listed[0].text_version).toBe(sha256(listed[0].text));
    const [row] = await server.database.db.select().from(consents).where(eq(consents.reference, kfsNo));
    expect(row).toMatchObject({ customerId: profileId, userAgent: AGENT });
  });

  it('the bureau consent is withdrawn from the dashboard at once and stays on record, withdrawn', async () => {
    const { token, profileId } = await signIn(server, randomMobile());
    const withdraw = () => server.post(CONSENT_PATHS.withdraw, { kind: 'bureau_check' }, { token, ...withAgent });
    // None given yet: nothing to withdraw.
    expect(await withdraw()).toMatchObject({
      status: 409,
      body: { Message: 'You have no such consent to withdraw.' },
    });
    await recordConsent(server.database.db, {
      customerId: profileId,
      kind: 'bureau_check',
      textVersion: sha256(BUREAU_TEXT),
      text: BUREAU_TEXT,
      at: clock.now(),
      address: '127.0.0.1',
      userAgent: AGENT,
    });
    const before = await consentsOf(token);
    expect(before.body.Data.consents.find((one: { kind: string }) => one.kind === 'bureau_check')).toMatchObject({
      withdrawable: true,
      text: BUREAU_TEXT,
    });
    clock.advance(30);
    const done = await withdraw();
    expect(done.body.Status, done.body.Message).toBe(1);
    expect(done.body.Data).toMatchObject({ kind: 'withdraw_consent', consent_kind: 'bureau_check', status: 'closed' });
    expect(done.body.Data.request_no).toMatch(/^PR-\d{6}$/);
    expect(done.body.Data.kept).toBe(WHAT_WE_KEEP.join('\n'));
    expect(await standingConsent(server.database.db, profileId, 'bureau_check')).toBeUndefined();

    const after = await consentsOf(token);
    const bureau = after.body.Data.consents.find((one: { kind: string }) => one.kind === 'bureau_check');
    expect(bureau).toMatchObject({ withdrawable: false, withdrawn_at: clock.now().toISOString() });
    expect(after.body.Data.requests).toHaveLength(1);
    // Once withdrawn, there is nothing left to withdraw; a record of a contract is never withdrawn here.
    expect((await withdraw()).status).toBe(409);
    const kfs = await server.post(CONSENT_PATHS.withdraw, { kind: 'kfs_acknowledgement' }, { token });
    expect(kfs).toMatchObject({ status: 400, body: { Message: 'This consent cannot be withdrawn here.' } });
  });

  it('a deletion request is recorded and acknowledged with what is kept, one open at a time, and withdraws the bureau consent', async () => {
    const mobile = randomMobile();
    const { token, profileId } = await signIn(server, mobile);
    await recordConsent(server.database.db, {
      customerId: profileId,
      kind: 'bureau_check',
      textVersion: sha256(BUREAU_TEXT),
      at: clock.now(),
      address: '127.0.0.1',
      userAgent: AGENT,
    });
    const ask = (body: object) => server.post(CONSENT_PATHS.deleteData, body, { token, ...withAgent });
    expect(await ask({})).toMatchObject({
      status: 400,
      body: { Message: 'Please confirm that you have read what we must keep.' },
    });
    const asked = await ask({ confirmed: true, note: 'Please delete my documents.' });
    expect(asked.body.Status, asked.body.Message).toBe(1);
    expect(asked.body.Message).toMatch(/^We have received your request PR-\d{6}\./);
    expect(asked.body.Data).toMatchObject({
      kind: 'delete_data',
      status: 'received',
      note: 'Please delete my documents.',
    });
    expect(asked.body.Data.kept).toContain('five years');
    expect(await standingConsent(server.database.db, profileId, 'bureau_check')).toBeUndefined();
    // Nothing is deleted: the customer and their consents are all still there.
    expect(await server.database.db.select().from(customers).where(eq(customers.id, profileId))).toHaveLength(1);
    expect((await consentsOf(token)).body.Data.consents.length).toBeGreaterThanOrEqual(3);
    expect(await ask({ confirmed: true })).toMatchObject({
      status: 409,
      body: { Message: 'You have already asked for your data to be deleted. We will tell you when it is done.' },
    });

    // Support sees it in the queue with who asked.
    const support = await staffSignIn('support@kosh.test');
    const queue = await asStaff(support, STAFF_API.privacyRequests);
    expect(queue.body.Status).toBe(1);
    expect(queue.body.Data.items).toContainEqual(
      expect.objectContaining({ request_no: asked.body.Data.request_no, mobile, kind: 'delete_data' }),
    );
  });

  it('staff read a customer’s consents with the address and agent: support and credit only', async () => {
    const mobile = randomMobile();
    const shown = await signInShowing(mobile, sha256(SIGN_IN_TEXT));
    expect((await shown.verify()).body.Status).toBe(1);
    for (const email of ['support@kosh.test', 'credit@kosh.test']) {
      const read = await asStaff(await staffSignIn(email), STAFF_API.customerConsents, { mobile });
      expect(read.body.Status, `${email}: ${read.body.Message}`).toBe(1);
      expect(read.body.Data.consents).toContainEqual(
        expect.objectContaining({ kind: 'sign_in_terms', address: '127.0.0.1', user_agent: AGENT }),
      );
    }
    for (const email of ['collections@kosh.test', 'finance@kosh.test']) {
      const refused = await asStaff(await staffSignIn(email), STAFF_API.customerConsents, { mobile });
      expect(refused.status, email).toBe(403);
    }
    expect((await asStaff(await staffSignIn('collections@kosh.test'), STAFF_API.privacyRequests)).status).toBe(403);
    // Without a staff session, and with a customer's session, nothing.
    expect((await server.post(STAFF_API.customerConsents, { mobile })).status).toBe(401);
    const missing = await asStaff(await staffSignIn('support@kosh.test'), STAFF_API.customerConsents, {
      mobile: randomMobile(),
    });
    expect(missing.status).toBe(404);
  });
  it('ops consents --customer prints them for support; privacy-requests lists what waits; collections is refused', async () => {
    const mobile = randomMobile();
    const { token } = await signIn(server, mobile);
    expect((await server.post(CONSENT_PATHS.deleteData, { confirmed: true }, { token })).body.Status).toBe(1);
    const printed = await ops('support@kosh.test', ['consents', '--customer', mobile]);
    expect(printed.code, printed.err).toBe(0);
    expect(printed.out).toContain('sign_in_terms');
    expect(printed.out).toContain(sha256(SIGN_IN_TEXT));
    expect(printed.out).toContain('delete_data');
    const queue = await ops('support@kosh.test', ['privacy-requests']);
    expect(queue.out).toContain(mobile);
    const refused = await ops('collections@kosh.test', ['consents', '--customer', mobile]);
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('Your role does not allow this.');
    expect((await ops('support@kosh.test', ['consents', '--customer', '12345'])).code).not.toBe(0);
  });

  /** A customer who asked for their data to be deleted: their session and the request's number. */
  async function deletionAsked() {
    const mobile = randomMobile();
    const { token, profileId } = await signIn(server, mobile);
    const asked = await server.post(CONSENT_PATHS.deleteData, { confirmed: true }, { token });
    expect(asked.body.Status, asked.body.Message).toBe(1);
    return { mobile, token, profileId, requestNo: asked.body.Data.request_no as string };
  }

  it('support closes a deletion request as kept with the reason: audited, gone from the queue, the customer reads it; a second close is 409', async () => {
    const { token, requestNo } = await deletionAsked();
    clock.advance(60);
    const support = await staffSignIn('support@kosh.test');
    const reason = 'You have a loan open with us: we keep your records until five years after it is closed.';
    const close = (body: object) => asStaff(support, STAFF_API.closePrivacyRequest, body);

    // A kept outcome needs its reason; an outcome is one of two.
    expect(await close({ request_no: requestNo, outcome: 'kept', note: '  ' })).toMatchObject({
      status: 400,
      body: { Message: 'Write what was done, for the customer: what was erased, or why we keep the records.' },
    });
    expect((await close({ request_no: requestNo, outcome: 'deleted', note: reason })).status).toBe(400);

    const closed = await close({ request_no: requestNo, outcome: 'kept', note: reason });
    expect(closed.body.Status, closed.body.Message).toBe(1);
    expect(closed.body.Message).toBe(
      `${requestNo}: Closed as kept. The customer sees the outcome and your reason on What you agreed to.`,
    );
    expect(closed.body.Data).toMatchObject({
      request_no: requestNo,
      status: 'closed',
      outcome: 'kept',
      outcome_note: reason,
      closed_at: clock.now().toISOString(),
    });

    // A second close, either way, is refused with a message; nothing changes.
    const again = await close({ request_no: requestNo, outcome: 'erased', note: 'Erased.' });
    expect(again).toMatchObject({
      status: 409,
      body: { Message: `Request ${requestNo} is closed already (kept). Reload the requests.` },
    });
    // A number that is no deletion request is 404.
    expect((await close({ request_no: 'PR-999999', outcome: 'erased', note: 'Erased.' })).status).toBe(404);

    const queue = await asStaff(support, STAFF_API.privacyRequests);
    expect(queue.body.Data.items.map((row: { request_no: string }) => row.request_no)).not.toContain(requestNo);

    const mine = (await consentsOf(token)).body.Data.requests;
    expect(mine).toContainEqual(
      expect.objectContaining({ request_no: requestNo, status: 'closed', outcome: 'kept', outcome_note: reason }),
    );
    // Nothing of the customer's was deleted by closing it.
    expect((await consentsOf(token)).body.Data.consents.length).toBeGreaterThanOrEqual(2);

    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'privacy_request.closed'), eq(auditLog.subject, requestNo)));
    const me = await asStaff(support, STAFF_API.me);
    expect(audit).toMatchObject({ actor: `staff:${me.body.Data.staff_id}`, detail: { outcome: 'kept' } });
    // The note may name what was erased: it stays with the request, not in the audit.
    expect(JSON.stringify(audit?.detail)).not.toContain(reason);

    // Once closed, the customer may ask again.
    expect((await server.post(CONSENT_PATHS.deleteData, { confirmed: true }, { token })).body.Status).toBe(1);
  });

  it('an admin may close one; credit, finance and collections are refused 403 and the request stays open', async () => {
    const { requestNo } = await deletionAsked();
    const body = { request_no: requestNo, outcome: 'erased', note: 'We erased your uploaded photographs.' };
    for (const email of ['credit@kosh.test', 'finance@kosh.test', 'collections@kosh.test']) {
      const refused = await asStaff(await staffSignIn(email), STAFF_API.closePrivacyRequest, body);
      expect(refused.status, email).toBe(403);
    }
    const support = await staffSignIn('support@kosh.test');
    const queue = await asStaff(support, STAFF_API.privacyRequests);
    expect(queue.body.Data.items.map((row: { request_no: string }) => row.request_no)).toContain(requestNo);
    const closed = await asStaff(await staffSignIn('admin@kosh.test'), STAFF_API.closePrivacyRequest, body);
    expect(closed.body.Status, closed.body.Message).toBe(1);
    expect(closed.body.Data).toMatchObject({ outcome: 'erased', outcome_note: body.note });
    // Without a staff session, nothing.
    expect((await server.post(STAFF_API.closePrivacyRequest, body)).status).toBe(401);
  });

  it('ops privacy-close closes one through the same route: the customer reads the outcome; a second is refused', async () => {
    const { token, requestNo } = await deletionAsked();
    const note = 'We erased the photographs you uploaded; you have no loan with us.';
    const id = String(Number(requestNo.slice(3)));
    // Typing mistakes are answered before the server is asked.
    const typo = await ops('support@kosh.test', ['privacy-close', id, '--outcome', 'gone', '--note', note]);
    expect(typo.code).toBe(2);
    expect(typo.err).toContain('Usage: npm run ops -- privacy-close');
    expect((await ops('support@kosh.test', ['privacy-close', id, '--outcome', 'kept'])).code).toBe(2);

    const done = await ops('support@kosh.test', ['privacy-close', id, '--outcome', 'erased', '--note', note]);
    expect(done.code, done.err).toBe(0);
    expect(done.out).toBe(
      `${requestNo}: Closed as erased. The customer sees the outcome and your note on What you agreed to.`,
    );
    expect((await consentsOf(token)).body.Data.requests).toContainEqual(
      expect.objectContaining({ request_no: requestNo, status: 'closed', outcome: 'erased', outcome_note: note }),
    );
    const again = await ops('support@kosh.test', ['privacy-close', requestNo, '--outcome', 'kept', '--note', 'x']);
    expect(again.code).toBe(2);
    expect(again.err).toContain(`Request ${requestNo} is closed already (erased).`);
    const refused = await ops('collections@kosh.test', ['privacy-close', id, '--outcome', 'kept', '--note', 'x']);
    expect(refused.err).toContain('Your role does not allow this.');
  });
});

describe.each(ENGINES)('consents behind a load balancer (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('records the caller’s address from X-Forwarded-For when TRUST_PROXY is set', async () => {
    const mobile = randomMobile();
    const headers = { 'X-Forwarded-For': '203.0.113.7, 10.0.0.1', 'User-Agent': AGENT };
    const login = await server.post(API.registration, { event_name: 'login', mobile }, { headers });
    const profileId = login.body.Data.cust_profile_id as string;
    const verified = await server.post(
      API.registration,
      { event_name: 'otp_verify', profile_id: profileId, otp: await latestCode(server, mobile) },
      { headers },
    );
    expect(verified.body.Status).toBe(1);
    const rows = await server.database.db.select().from(consents).where(eq(consents.customerId, profileId));
    expect(rows.map((row) => row.address)).toEqual(['203.0.113.7', '203.0.113.7']);
  });
});
