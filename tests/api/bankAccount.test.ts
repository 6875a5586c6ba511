/**
 * Bank account verification (issue 24): the bank details step verifies the account by penny-drop and
 * matches the bank's holder name against the PAN's; a mismatch, a closed account and a provider that is
 * down are refused with what to do, each stored for staff; disbursal is refused without a verified
 * account. The HTTP adapters are driven against a local server shaped like the providers.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { httpBranches } from '../../src/server/bankAccount/ifsc.ts';
import { matchNames } from '../../src/server/bankAccount/nameMatch.ts';
import { BankVerificationUnavailable, httpBankAccountVerifier } from '../../src/server/bankAccount/verifier.ts';
import { bankAccountChecks, customers, leads } from '../../src/server/db/schema.ts';
import { DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import {
  applicationAtDocuments,
  BANK_DETAILS,
  eligibleCustomer,
  send,
  signAgreement,
  uploadAllDocuments,
} from './support/application.ts';
import { ENGINES, startServer, type TestServer } from './support/server.ts';
import { asStaff, staffSignIn } from './support/staff.ts';

describe('the holder name rule', () => {
  it.each([
    ['Asha Verma', 'ASHA VERMA'],
    ['Asha Verma', 'VERMA ASHA'],
    ['Asha Verma', 'MRS. ASHA  VERMA'],
    ['Rahul Kumar Mehta', 'RAHUL K MEHTA'],
    ['Rahul Kumar Mehta', 'RAHUL MEHTA'],
    ['R K Mehta', 'RAHUL KUMAR MEHTA'],
    ['Rahulkumar Mehta', 'RAHUL KUMAR MEHTA'],
    ['Meera', 'MEERA'],
    ['Zoë D’Souza', 'ZOE D SOUZA'],
  ])('%s matches %s', (pan, bank) => {
    expect(matchNames(pan, bank)).toEqual({ match: true });
  });
  it.each([
    ['Asha Verma', 'SUNIL KAPOOR'],
    ['Asha Verma', 'ASHA KAPOOR'],
    ['Asha Verma', 'ASHA'],
    ['Meera', 'MEERA NAIR'],
    ['A Verma', 'ASHOK VERMA KUMAR SINGH'],
    ['A V', 'ASHA VERMA'],
  ])('%s does not match %s', (pan, bank) => {
    expect(matchNames(pan, bank).match).toBe(false);
  });
});

describe.each(ENGINES)('bank account verification (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  /** A customer whose application waits for its bank account, with their PAN's name. */
  async function atBankStep() {
    const customer = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, customer.token);
    await uploadAllDocuments(server, customer.token);
    const [row] = await server.database.db
      .select({ fullName: customers.fullName })
      .from(customers)
      .where(eq(customers.id, customer.profileId));
    return { ...customer, leadId, panName: row?.fullName as string };
  }
  const checksOf = (leadId: number) =>
    server.database.db.select().from(bankAccountChecks).where(eq(bankAccountChecks.leadId, leadId));
  const withAccount = (accountNumber: string) => ({
    ...BANK_DETAILS,
    account_number: accountNumber,
    confirm_account_number: accountNumber,
  });

  it('a matching holder name verifies the account and completes the application', async () => {
    const { token, leadId, panName } = await atBankStep();
    const saved = await send(server, token, BANK_DETAILS);
    expect(saved.body.Status, saved.body.Message).toBe(1);
    expect(saved.body.Data).toMatchObject({ next_step: 'completed', bank_name: 'HDFC Bank' });
    const [check] = await checksOf(leadId);
    expect(check).toMatchObject({
      outcome: 'verified',
      nameAtBank: panName.toUpperCase(),
      panName,
      accountIfsc: 'HDFC0001234',
      provider: 'sandbox',
    });
    const [lead] = await server.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead?.bank).toMatchObject({ bank_name: 'HDFC Bank', verification_id: check?.id });
    // The customer's application names the account and when it was verified.
    const detail = await server.post(API.leadDetail, { lead_id: leadId }, { token });
    expect(detail.body.Data.data[0].bank_account).toEqual({
      bank_name: 'HDFC Bank',
      account_last4: '9012',
      verified_at: check?.checkedAt.toISOString(),
    });
  });

  it('a mismatched name asks the customer to correct it; the corrected account is verified', async () => {
    const { token, leadId, panName } = await atBankStep();
    const refused = await send(server, token, withAccount('123456789888'));
    expect(refused.status).toBe(422);
    const message = `This account is not in the name on your PAN (${panName}). Please give a savings account held in your own name, or check the account number.`;
    expect(refused.body).toMatchObject({ Message: message, Data: { fields: { account_number: message } } });
    expect(await checksOf(leadId)).toEqual([
      expect.objectContaining({ outcome: 'name_mismatch', nameAtBank: 'SUNIL KAPOOR', panName }),
    ]);
    const [lead] = await server.database.db.select().from(leads).where(eq(leads.id, leadId));
    expect(lead).toMatchObject({ status: 'applied', bank: null });
    const corrected = await send(server, token, BANK_DETAILS);
    expect(corrected.body.Data?.next_step, corrected.body.Message).toBe('completed');
  });

  it('a closed account and an unknown one are refused with what to do, and stored', async () => {
    const { token, leadId } = await atBankStep();
    const closed = await send(server, token, withAccount('123456789000'));
    expect(closed).toMatchObject({
      status: 422,
      body: {
        Message:
          'Your bank says this account is closed or cannot receive money. Please give another savings account in your name.',
      },
    });
    const missing = await send(server, token, withAccount('123456789777'));
    expect(missing.body.Data.fields.account_number).toBe(
      'Your bank has no account with this number at this IFSC. Please check the account number and the IFSC.',
    );
    expect((await checksOf(leadId)).map((row) => [row.outcome, row.detail]).sort()).toEqual([
      ['account_invalid', 'ACCOUNT_BLOCKED'],
      ['account_invalid', 'INVALID_BANK_ACCOUNT'],
    ]);
  });

  it('a provider that is down answers 503, stores the failure, and a later try goes through', async () => {
    const { token, leadId } = await atBankStep();
    const down = await send(server, token, withAccount('123456789999'));
    expect(down).toMatchObject({
      status: 503,
      body: { Message: 'We could not verify your bank account just now. Please try again in a few minutes.' },
    });
    expect((await checksOf(leadId)).map((row) => row.outcome)).toEqual(['provider_failed']);
    expect((await send(server, token, BANK_DETAILS)).body.Data?.next_step).toBe('completed');
  });

  it('five penny-drops an application a day; the sixth is refused 429 and not sent', async () => {
    const { token, leadId } = await atBankStep();
    for (const ending of ['000', '777', '888', '000', '777']) {
      expect((await send(server, token, withAccount(`123456789${ending}`))).status).toBe(422);
    }
    const sixth = await send(server, token, BANK_DETAILS);
    expect(sixth).toMatchObject({
      status: 429,
      body: {
        Message:
          'You have tried to verify a bank account too many times today. Please try again tomorrow, or write to us.',
      },
    });
    expect(sixth.headers.get('retry-after')).toBe('3600');
    expect(await checksOf(leadId)).toHaveLength(5);
  });

  it('the IFSC names its bank from the dataset, and its branch where the directory knows it', async () => {
    const { token } = await eligibleCustomer(server);
    const ask = (ifsc: string) => server.post(API.ifscDetails, { ifsc }, { token });
    expect((await ask('hdfc0000001')).body.Data).toEqual({
      ifsc: 'HDFC0000001',
      bank: 'HDFC Bank',
      branch: 'SANDOZ HOUSE, WORLI',
    });
    expect((await ask('SBIN0001234')).body.Data).toEqual({
      ifsc: 'SBIN0001234',
      bank: 'State Bank of India',
      branch: null,
    });
    // A sublet: a co-operative bank served through its sponsor's code is named as itself.
    expect((await ask('APBL0001001')).body.Data.bank).toBe('District Co-operative Central Bank Srikakul');
    const unknown = await ask('HDFC0ZZZZZZ');
    expect(unknown).toMatchObject({
      status: 404,
      body: { Message: 'No bank lists this IFSC. Please check it on your cheque book or passbook.' },
    });
    expect((await server.post(API.ifscDetails, { ifsc: 'HDFC0000001' })).status).toBe(401);
  });

  it('disbursal is refused without a verified account, and goes ahead with one', async () => {
    const { token, leadId } = await atBankStep();
    expect((await send(server, token, BANK_DETAILS)).body.Data?.next_step).toBe('completed');
    const credit = await staffSignIn(server, 'credit@kosh.test');
    const finance = await staffSignIn(server, 'finance@kosh.test');
    const versionOf = async () =>
      (await server.database.db.select().from(leads).where(eq(leads.id, leadId)))[0]?.version as number;
    const approved = await asStaff(server, credit.token, STAFF_API.approve, {
      lead_id: leadId,
      version: await versionOf(),
      amount: 20000,
      tenure: 60,
      roi: 0.5,
    });
    expect(approved.body.Status, approved.body.Message).toBe(1);
    // The customer signs the loan agreement (issue 24): this test is about the account.
    await signAgreement(server, token, leadId);
    // Staff see the check on the application.
    const application = await asStaff(server, finance.token, STAFF_API.application, { lead_id: leadId });
    expect(application.body.Data.bank_checks).toEqual([
      expect.objectContaining({ outcome: 'verified', account_last4: '9012', account_ifsc: 'HDFC0001234' }),
    ]);
    // An account on the lead that no check verified (as saved before verification existed).
    const [lead] = await server.database.db.select().from(leads).where(eq(leads.id, leadId));
    const bank = lead?.bank as Record<string, unknown>;
    await server.database.db
      .update(leads)
      .set({ bank: { ...bank, account_number: '555555555012' } })
      .where(eq(leads.id, leadId));
    const request = async () =>
      asStaff(server, finance.token, STAFF_API.requestDisbursal, {
        lead_id: leadId,
        version: await versionOf(),
        payout_reference: 'NEFT-KOSH-0901',
      });
    const unverified = {
      status: 409,
      body: {
        Message: `Lead ${leadId} has no verified bank account: the customer must give an account that passes verification before disbursal.`,
      },
    };
    expect(await request()).toMatchObject(unverified);
    // The development staff route makes the loan where the console does, and is refused alike: no loan.
    expect(await server.post(DEV_STAFF_PATH, { action: 'disburse', lead_id: leadId })).toMatchObject(unverified);
    const [listed] = (await server.post(API.leadList, {}, { token })).body.Data.lead_list;
    expect(listed).toMatchObject({ lead_id: leadId, status: 'accepted' });
    await server.database.db.update(leads).set({ bank }).where(eq(leads.id, leadId));
    const requested = await request();
    expect(requested.body.Status, requested.body.Message).toBe(1);
  });
});

describe('the HTTP adapters, against a local server shaped like the providers', () => {
  let url = '';
  const seen: { headers: IncomingMessage['headers']; body: string; path: string }[] = [];
  /** What the provider answers next: a status and a JSON body. */
  let next: { status: number; body: unknown } = { status: 200, body: {} };
  const provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      seen.push({ headers: request.headers, body, path: request.url ?? '' });
      response.writeHead(next.status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(next.body));
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

  const account = { accountNumber: '026291800001191', ifsc: 'YESB0000262', name: 'Asha Verma' };

  it('sends the account with the client id and secret, and reads a valid answer', async () => {
    const verifier = httpBankAccountVerifier({
      url: `${url}/verification/bank-account/sync`,
      clientId: 'id-1',
      clientSecret: 's-1',
    });
    next = {
      status: 200,
      body: {
        reference_id: 23,
        name_at_bank: 'ASHA VERMA',
        bank_name: 'YES BANK',
        branch: 'SANTACRUZ, MUMBAI',
        account_status: 'VALID',
        account_status_code: 'ACCOUNT_IS_VALID',
      },
    };
    expect(await verifier.verify(account)).toEqual({
      valid: true,
      nameAtBank: 'ASHA VERMA',
      reference: '23',
      branch: 'SANTACRUZ, MUMBAI',
    });
    const sent = seen.at(-1);
    expect(sent?.path).toBe('/verification/bank-account/sync');
    expect(sent?.headers).toMatchObject({ 'x-client-id': 'id-1', 'x-client-secret': 's-1' });
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      bank_account: '026291800001191',
      ifsc: 'YESB0000262',
      name: 'Asha Verma',
    });
  });

  it('reads an invalid account, and treats errors and unfinished checks as unavailable', async () => {
    const verifier = httpBankAccountVerifier({ url, clientId: 'id', clientSecret: 's' });
    next = {
      status: 200,
      body: { reference_id: 24, account_status: 'INVALID', account_status_code: 'ACCOUNT_BLOCKED' },
    };
    expect(await verifier.verify(account)).toEqual({ valid: false, code: 'ACCOUNT_BLOCKED', reference: '24' });
    next = { status: 200, body: { reference_id: 25, account_status: 'RECEIVED' } };
    await expect(verifier.verify(account)).rejects.toBeInstanceOf(BankVerificationUnavailable);
    next = { status: 500, body: { message: 'internal' } };
    await expect(verifier.verify(account)).rejects.toThrow('bank verification provider answered 500');
    const closed = httpBankAccountVerifier({ url: 'http://127.0.0.1:9', clientId: 'id', clientSecret: 's' });
    await expect(closed.verify(account)).rejects.toBeInstanceOf(BankVerificationUnavailable);
  });

  it('names a branch from an IFSC directory shaped like Razorpay IFSC API, and none when it fails', async () => {
    const branchOf = httpBranches(`${url}/`);
    next = { status: 200, body: { BANK: 'HDFC Bank', IFSC: 'HDFC0000001', BRANCH: 'SANDOZ HOUSE, WORLI' } };
    expect(await branchOf('HDFC0000001')).toBe('SANDOZ HOUSE, WORLI');
    expect(seen.at(-1)?.path).toBe('/HDFC0000001');
    next = { status: 404, body: 'Not Found' };
    expect(await branchOf('HDFC0000002')).toBeNull();
  });
});
