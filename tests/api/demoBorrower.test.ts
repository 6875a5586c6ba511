/**
 * The demo borrower a new embedded database gets (src/server/dev/seed.ts) is one consistent customer:
 * the profile, the application, its accepted Key Fact Statement and the loan tell the same story in
 * every call the dashboard and the repay page make.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_API } from '../../src/lib/agreement.ts';
import { API } from '../../src/lib/api/paths.ts';
import { KFS_STATEMENTS_PATH } from '../../src/lib/kfs.ts';
import { DEMO_BORROWER, seedDemo } from '../../src/server/dev/seed.ts';
import { EVERY_ENGINE, startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/signIn.ts';

describe.each(EVERY_ENGINE)('the demo borrower (%s database)', (engine) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startServer(engine);
    // The server's own services: the seed draws the agreement and signs it through the e-sign sandbox.
    expect(await seedDemo(server.deps)).toBe(true);
    ({ token } = await signIn(server, DEMO_BORROWER.mobile));
  });
  afterAll(() => server.close());

  it('has a registered, eligible profile whose application is its disbursed loan', async () => {
    const { body } = await server.post(API.getProfile, {}, { token });
    expect(body.Status).toBe(1);
    expect(body.Data).toMatchObject({
      full_name: 'Demo Borrower',
      registration_successful: 1,
      eligibility_status: 1,
      profile_filled_percent: 100,
      lead_details: { status: 'disbursed', lead_id: expect.any(Number) },
      profile_details: expect.objectContaining({ pancard: DEMO_BORROWER.pancard }),
    });
    const active = body.Data.active_loan_details;
    expect(active).toMatchObject({ loan_no: 'KCL100001', loan_recommended: 20000, roi: 0.5 });
    expect(active.lead_id).toBe(String(body.Data.lead_details.lead_id));
  });

  it('shows the loan in Loan History and its details, with the same figures as the banner', async () => {
    const list = await server.post(API.leadList, {}, { token });
    expect(list.body.Data.lead_list).toEqual([
      expect.objectContaining({ loan_amount: 20000, status: 'disbursed', lead_id: expect.any(Number) }),
    ]);
    const leadId = list.body.Data.lead_list[0].lead_id;
    const detail = await server.post(API.leadDetail, { lead_id: leadId }, { token });
    expect(detail.body.Status).toBe(1);
    expect(detail.body.Data.data[0]).toMatchObject({
      loan_no: 'KCL100001',
      loan_amount: 20000,
      tenure: 60,
      pancard: DEMO_BORROWER.pancard,
      status: 'disbursed',
      loan_status: 'active',
      // ₹20,000 at 0.5% a day, disbursed 20 days ago: ₹2,000 of interest so far.
      total_due_amount: 22000,
    });
    const profile = await server.post(API.getProfile, {}, { token });
    expect(profile.body.Data.active_loan_details.total_due).toBe(detail.body.Data.data[0].total_due_amount);
  });

  it('was disbursed as every loan is: on its e-signed agreement, into the account the penny-drop verified', async () => {
    const [lead] = (await server.post(API.leadList, {}, { token })).body.Data.lead_list;
    const agreement = await server.post(AGREEMENT_API.status, { lead_id: lead.lead_id }, { token });
    expect(agreement.body.Data).toMatchObject({ status: 'signed', can_sign: false, decided_at: expect.any(String) });
    const detail = await server.post(API.leadDetail, { lead_id: lead.lead_id }, { token });
    expect(detail.body.Data.data[0].bank_account).toEqual({
      bank_name: 'HDFC Bank',
      account_last4: '9012',
      verified_at: expect.any(String),
    });
  });

  it('was disbursed on the Key Fact Statement it accepted', async () => {
    const list = await server.post(API.leadList, {}, { token });
    const statement = await server.post(
      KFS_STATEMENTS_PATH,
      { lead_id: list.body.Data.lead_list[0].lead_id },
      { token },
    );
    expect(statement.body.Status, statement.body.Message).toBe(1);
    expect(statement.body.Data.statements).toEqual([
      expect.objectContaining({
        kfs_no: expect.stringMatching(/^KFS-\d+$/),
        standing: 'accepted',
        current: true,
        content: expect.objectContaining({ sanctioned_amount_paise: 2_000_000, tenure_days: 60 }),
      }),
    ]);
  });
});
