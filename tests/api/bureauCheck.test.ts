/**
 * The credit report before the eligibility decision (issue 24): asked only under the bureau consent, each
 * sandbox file through register_now's decision, the report kept for the quote and for staff, and the HTTP
 * adapter against a bureau stand-in served here.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { NO_BUREAU_CONSENT } from '../../src/lib/consents/bureauCheck.ts';
import { site } from '../../src/lib/site.ts';
import {
  type BureauProvider,
  BureauUnavailable,
  httpBureauProvider,
  SANDBOX_PANS,
  sandboxBureauProvider,
} from '../../src/server/bureauCheck/provider.ts';
import { currentBureauConsent } from '../../src/server/bureauCheck/service.ts';
import { withdrawConsent } from '../../src/server/consents/service.ts';
import { customerById } from '../../src/server/customers/store.ts';
import { bureauChecks, consents } from '../../src/server/db/schema.ts';
import { completeApplication, EMPLOYMENT, QUOTE_ACCEPTANCE, send } from './support/application.ts';
import { base64, tinyPng } from './support/files.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { profileSteps } from './support/registrationSteps.ts';
import { ENGINE, ENGINES, randomMobile, startServer, type TestServer, testClock } from './support/server.ts';
import { signIn } from './support/signIn.ts';

// 2026-11-21, 15:30 in India.
const clock = testClock(Date.parse('2026-11-21T10:00:00Z'));
const AGENT = { 'User-Agent': 'bureau-test/1.0' };
const CONSENT = currentBureauConsent();
const income = 60_000;

/** The sandbox, counting the reports asked of it (a stand-in for the bureau, not our code). */
function countingSandbox() {
  const inner = sandboxBureauProvider();
  const asked: string[] = [];
  const provider: BureauProvider = {
    name: 'sandbox',
    report: (enquiry) => {
      asked.push(enquiry.pan);
      return inner.report(enquiry);
    },
  };
  return { provider, asked };
}

/** Signed in and through the five registration steps with this PAN. */
async function registered(server: TestServer, pancard: string) {
  const session = await signIn(server, randomMobile());
  for (const step of [
    ...profileSteps(pancard),
    { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' },
  ]) {
    const reply = await send(server, session.token, step);
    expect(reply.body.Status, reply.body.Message).toBe(1);
  }
  return session;
}

const checkEligibility = (server: TestServer, token: string, consent?: 0 | 1) =>
  server.post(
    API.registration,
    { event_name: 'register_now', ...(consent !== undefined && { bureau_consent: consent }) },
    { token, headers: AGENT },
  );

describe.each(ENGINES)('the credit report before the decision (%s database)', (engine) => {
  let server: TestServer;
  const bureau = countingSandbox();
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now, bureauCheck: bureau.provider });
  });
  afterAll(() => server.close());

  const checksOf = (customerId: string) =>
    server.database.db.select().from(bureauChecks).where(eq(bureauChecks.customerId, customerId));
  const bureauConsents = (customerId: string) =>
    server.database.db
      .select()
      .from(consents)
      .where(and(eq(consents.customerId, customerId), eq(consents.kind, 'bureau_check')));

  it('no consent: no bureau is asked, and the decision says why; ticked, the consent is recorded with its text and the report read', async () => {
    const pan = 'NOCPC8008H';
    const { token, profileId } = await registered(server, pan);
    for (const consent of [undefined, 0] as const) {
      const refused = await checkEligibility(server, token, consent);
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ Status: 0, Message: NO_BUREAU_CONSENT, error: 'not_eligible' });
    }
    expect(bureau.asked).not.toContain(pan);
    expect(await checksOf(profileId)).toEqual([]);
    expect(await bureauConsents(profileId)).toEqual([]);

    const yes = await checkEligibility(server, token, 1);
    expect(yes.body).toMatchObject({ Status: 1, Data: { eligibility_status: 1, max_loan_amount: income } });
    expect(bureau.asked.filter((asked) => asked === pan)).toHaveLength(1);
    const [consent] = await bureauConsents(profileId);
    expect(consent).toMatchObject({
      textVersion: CONSENT.version,
      address: '127.0.0.1',
      userAgent: AGENT['User-Agent'],
      withdrawnAt: null,
    });
    expect(consent?.givenAt.toISOString()).toBe(new Date(clock.now()).toISOString());
    expect(CONSENT.version).toMatch(/^[0-9a-f]{64}$/);
    const [check] = await checksOf(profileId);
    expect(check).toMatchObject({ consentId: consent?.id, outcome: 'report', provider: 'sandbox', asOf: '2026-11-21' });
    expect(check?.score).toBeGreaterThanOrEqual(760);
  });

  it.each([
    [
      'a default: written off',
      SANDBOX_PANS.writtenOff,
      /^Your credit report shows a loan written off, settled, taken to court or in wilful default\./,
    ],
    [
      'an account overdue',
      SANDBOX_PANS.overdue,
      /a loan 64 days past due with another lender; we lend when none is more than 30 days past due\. Bring it up to date, then check again from 21-12-2026\./,
    ],
    [
      'many recent enquiries',
      SANDBOX_PANS.manyEnquiries,
      // Eight enquiries, the two oldest 52 and 45 days ago (07-10-2026): six once that one is 90 days old.
      /^8 lenders asked for your credit report in the last 90 days; we lend with at most 6\. You can check again from 05-01-2027\.$/,
    ],
    [
      'a low score',
      SANDBOX_PANS.lowScore,
      /^Your credit score is 612; we lend from a score of 650\. Paying every due on time raises it; you can check again from 21-12-2026\.$/,
    ],
  ])(
    'refuses on %s, with every reason and when to come back; checking again asks no new report',
    async (_, pan, reason) => {
      const { token, profileId } = await registered(server, pan);
      const no = await checkEligibility(server, token, 1);
      expect(no.status).toBe(422);
      expect(no.body.Message).toMatch(reason);
      expect((await customerById(server.database.db, profileId))?.eligibilityStatus).toBe(0);
      const again = await checkEligibility(server, token);
      expect(again.body.Message).toBe(no.body.Message);
      expect(bureau.asked.filter((asked) => asked === pan)).toHaveLength(1);
    },
  );

  it('the report sets the amount: a thin file gets a first, smaller loan; a middle score a share; the quote keeps it', async () => {
    const thin = await registered(server, SANDBOX_PANS.thinFile);
    const small = await checkEligibility(server, thin.token, 1);
    expect(small.body.Data).toMatchObject({
      eligibility_status: 1,
      max_loan_amount: site.creditReport.noHistoryMaxRupees,
    });
    const quote = await send(server, thin.token, { event_name: 'generate_loan_quote' });
    expect(quote.body.Data).toMatchObject({ max_loan_amount: site.creditReport.noHistoryMaxRupees });

    const middle = await registered(server, SANDBOX_PANS.middleScore);
    const share = site.creditReport.scoreBands.find((band) => 721 >= band.minScore)?.loanShare ?? 0;
    expect(share).toBe(0.75);
    const some = await checkEligibility(server, middle.token, 1);
    expect(some.body.Data).toMatchObject({ eligibility_status: 1, max_loan_amount: income * share });
  });

  it('a bureau that does not answer is no decision: 503, the failure kept, and the customer may try again', async () => {
    const { token, profileId } = await registered(server, SANDBOX_PANS.failure);
    const down = await checkEligibility(server, token, 1);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      Status: 0,
      Message:
        'We could not get your credit report from the credit bureau just now. Please try again in a few minutes.',
      error: 'bureau_unavailable',
    });
    expect((await customerById(server.database.db, profileId))?.eligibilityDecidedAt).toBeNull();
    const [check] = await checksOf(profileId);
    expect(check).toMatchObject({
      outcome: 'failed',
      failure: 'bureau sandbox: the bureau did not answer',
      score: null,
    });
    // The log names the failure, never the PAN.
    expect(server.logs.join('\n')).not.toContain(SANDBOX_PANS.failure);

    // The consent withdrawn (as "What you agreed to" does): no bureau is asked until it is given again.
    await withdrawConsent(server.database.db, {
      customerId: profileId,
      kind: 'bureau_check',
      note: 'withdrawn in the test',
      at: new Date(clock.now()),
      address: '127.0.0.1',
      userAgent: AGENT['User-Agent'],
    });
    const withdrawn = await checkEligibility(server, token);
    expect(withdrawn.body).toMatchObject({ Status: 0, Message: NO_BUREAU_CONSENT });
    expect(bureau.asked.filter((asked) => asked === SANDBOX_PANS.failure)).toHaveLength(1);
  });

  it('staff read the report on the application: the score, the figures and what it decided', async () => {
    const session = await registered(server, 'STFPA1212K');
    expect((await checkEligibility(server, session.token, 1)).body.Status).toBe(1);
    const quote = await send(server, session.token, { event_name: 'generate_loan_quote' });
    expect((await send(server, session.token, QUOTE_ACCEPTANCE)).body.Status).toBe(1);
    expect((await send(server, session.token, EMPLOYMENT)).body.Status).toBe(1);
    await completeApplication(server, session.token);
    // Credit signs in with the development password and the e-mailed code, as the console does.
    const email = 'credit@kosh.test';
    const login = await server.post(STAFF_API.login, { email, password: 'kosh-staff-dev' });
    const mail = await latestMail(server, email, isSignInCode);
    const verified = await server.post(STAFF_API.verify, {
      challenge_id: login.body.Data.challenge_id,
      code: mail.body.match(/code is (\d{6})/)?.[1],
    });
    const application = await server.post(
      STAFF_API.application,
      { lead_id: quote.body.Data.lead_id },
      { headers: { [HEADERS.staffToken]: verified.body.Data.staff_token, Auth: '' } },
    );
    expect(application.body.Status, application.body.Message).toBe(1);
    const [report] = application.body.Data.bureau_checks;
    expect(report).toMatchObject({
      outcome: 'report',
      provider: 'sandbox',
      bureau: 'SANDBOX',
      reference: 'SBX-1212-20261121',
      score: 760 + (1212 % 60),
      summary: {
        accounts: 2,
        openAccounts: 1,
        accountsOverdue: 0,
        maxDaysPastDue: 0,
        defaults: 0,
        recentEnquiries: 1,
        balanceRupees: 12_500,
      },
      finding: 'The full amount the income allows.',
      failure: null,
    });
  });
});

/** A bureau's consumer report API, served here: it checks the key and answers what the test sets. */
describe('the HTTP bureau adapter', () => {
  let bureau: Server;
  let url: string;
  let answer: (request: IncomingMessage, body: string) => { status: number; body: unknown; delayMs?: number };
  const received: { authorization: string | undefined; body: Record<string, unknown> }[] = [];
  const enquiry = {
    pan: 'ABCPE1234F',
    fullName: 'Asha Verma',
    dob: '1990-05-17',
    mobile: '9812345678',
    asOf: '2026-11-21',
    amountRupees: 60_000,
  };
  const goodReport = {
    report_id: 'CIBIL-REP-0042',
    bureau: 'CIBIL',
    score: { value: 781 },
    accounts: [
      {
        account_type: 'personal_loan',
        date_opened: '2025-01-10',
        date_closed: null,
        sanctioned_amount: 50_000,
        current_balance: 20_000,
        amount_overdue: 0,
        days_past_due: 0,
        written_off_settled_status: null,
        suit_filed_wilful_default: null,
      },
      {
        account_type: 'credit_card',
        date_opened: '2023-03-01',
        sanctioned_amount: 80_000,
        current_balance: 5_000,
        amount_overdue: 2_000,
        days_past_due: 12,
        written_off_settled_status: 'settled',
      },
    ],
    enquiries: [
      { date: '2026-09-01', amount: 10_000 },
      { date: '2026-11-01', amount: 30_000 },
    ],
  };

  beforeAll(async () => {
    bureau = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ authorization: request.headers.authorization, body: JSON.parse(body || '{}') });
        const reply = answer(request, body);
        setTimeout(() => {
          response.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
        }, reply.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => bureau.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(bureau.address() as AddressInfo).port}/v1/consumer-report`;
  });
  afterEach(() => {
    received.length = 0;
  });
  afterAll(() => new Promise<void>((resolve) => bureau.close(() => resolve())));

  it('posts the consumer with the bearer key and reads the score, accounts and enquiries', async () => {
    answer = () => ({ status: 200, body: goodReport });
    const report = await httpBureauProvider({ url, apiKey: 'bureau-key' }).report(enquiry);
    expect(received[0]).toEqual({
      authorization: 'Bearer bureau-key',
      body: {
        enquiry_purpose: 'personal_loan',
        enquiry_amount: 60_000,
        consumer: { name: 'Asha Verma', pan: 'ABCPE1234F', date_of_birth: '1990-05-17', mobile: '9812345678' },
      },
    });
    expect(report).toEqual({
      bureau: 'CIBIL',
      reference: 'CIBIL-REP-0042',
      score: 781,
      accounts: [
        {
          type: 'personal_loan',
          openedOn: '2025-01-10',
          closedOn: null,
          sanctionedRupees: 50_000,
          currentBalanceRupees: 20_000,
          amountOverdueRupees: 0,
          daysPastDue: 0,
          standing: 'standard',
        },
        {
          type: 'credit_card',
          openedOn: '2023-03-01',
          closedOn: null,
          sanctionedRupees: 80_000,
          currentBalanceRupees: 5_000,
          amountOverdueRupees: 2_000,
          daysPastDue: 12,
          standing: 'settled',
        },
      ],
      enquiries: [
        { on: '2026-11-01', amountRupees: 30_000 },
        { on: '2026-09-01', amountRupees: 10_000 },
      ],
    });
  });

  it('no history to score (-1) is a thin file, not a score', async () => {
    answer = () => ({ status: 200, body: { ...goodReport, score: { value: -1 }, accounts: [], enquiries: [] } });
    expect((await httpBureauProvider({ url, apiKey: 'k' }).report(enquiry)).score).toBeNull();
  });

  it.each([
    [
      'an error status, with its code',
      { status: 401, body: { error: { code: 'INVALID_KEY' } } },
      'bureau answered 401 (INVALID_KEY)',
    ],
    ['a server error', { status: 502, body: {} }, 'bureau answered 502'],
    [
      'an unreadable report',
      { status: 200, body: { report_id: 'X', bureau: 'CIBIL' } },
      /^bureau answered an unreadable report \(score\)$/,
    ],
    ['no answer in time', { status: 200, body: goodReport, delayMs: 1_500 }, 'bureau did not answer in time'],
  ])('fails clearly on %s', async (_, reply, message) => {
    answer = () => reply;
    const asking = httpBureauProvider({ url, apiKey: 'k', timeoutMs: 1_000 }).report(enquiry);
    await expect(asking).rejects.toBeInstanceOf(BureauUnavailable);
    await expect(asking).rejects.toThrow(message);
  });

  it('an unreachable bureau', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const gone = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(httpBureauProvider({ url: gone, apiKey: 'k' }).report(enquiry)).rejects.toThrow(/^bureau unreachable/);
  });

  it('configured by BUREAU_CHECK_PROVIDER=http, the decision reads its report: a settled account refuses', async () => {
    answer = () => ({ status: 200, body: goodReport });
    const app = await startServer(ENGINE, {
      BUREAU_CHECK_PROVIDER: 'http',
      BUREAU_CHECK_URL: url,
      BUREAU_CHECK_API_KEY: 'bureau-key',
    });
    try {
      const { token } = await registered(app, 'HTTPH4242L');
      const no = await checkEligibility(app, token, 1);
      expect(no.status).toBe(422);
      expect(no.body.Message).toMatch(/^Your credit report shows a loan written off, settled/);
      expect(received).toHaveLength(1);
      expect(received[0]?.authorization).toBe('Bearer bureau-key');
    } finally {
      await app.close();
    }
  });
});
