/**
 * The first figure before a loan (issue 25, the screens review's fix next 8): getProfile's loan_offer is the
 * quote a new application gets, sent only while none is open; getLeadDetail's amount_credited and
 * amount_repayable are the application's current Key Fact Statement's, once an amount is chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { KFS_STATEMENTS_PATH } from '../../src/lib/kfsAcceptance.ts';
import { rupeesFromPaise } from '../../src/lib/money.ts';
import { eligibleCustomer, QUOTE_ACCEPTANCE, send } from './support/application.ts';
import { ENGINES, startServer, type TestServer } from './support/server.ts';

describe.each(ENGINES)('the first figure before a loan (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  it('the offer is the quote the application then gets, and goes once one is open', async () => {
    const { token } = await eligibleCustomer(server);
    const before = await server.post(API.getProfile, {}, { token });
    const quote = await send(server, token, { event_name: 'generate_loan_quote' });
    expect(quote.body.Status).toBe(1);
    const { min_loan_amount, max_loan_amount, min_loan_tenure, max_loan_tenure, daily_rate_percent } = quote.body.Data;
    expect(before.body.Data.loan_offer).toEqual({
      min_loan_amount,
      max_loan_amount,
      min_loan_tenure,
      max_loan_tenure,
      daily_rate_percent,
    });
    const after = await server.post(API.getProfile, {}, { token });
    expect(after.body.Data).not.toHaveProperty('loan_offer');
  });

  it("an application's details carry its statement's amount credited and amount repayable once an amount is chosen", async () => {
    const { token } = await eligibleCustomer(server);
    const quote = await send(server, token, { event_name: 'generate_loan_quote' });
    const leadId = quote.body.Data.lead_id;
    const quoteOnly = await server.post(API.leadDetail, { lead_id: leadId }, { token });
    expect(quoteOnly.body.Data.data[0]).not.toHaveProperty('amount_credited');

    expect((await send(server, token, QUOTE_ACCEPTANCE)).body.Status).toBe(1);
    const statements = await server.post(KFS_STATEMENTS_PATH, { lead_id: leadId }, { token });
    const kfs = statements.body.Data.statements[0].content;
    const detail = (await server.post(API.leadDetail, { lead_id: leadId }, { token })).body.Data.data[0];
    expect(detail.loan_amount).toBe(QUOTE_ACCEPTANCE.amount);
    expect(detail.amount_credited).toBe(rupeesFromPaise(kfs.disbursed_amount_paise));
    expect(detail.amount_repayable).toBe(rupeesFromPaise(kfs.total_repayable_paise));
    // Less than the amount chosen by the fee and its GST, more by the interest.
    expect(detail.amount_credited).toBeLessThan(QUOTE_ACCEPTANCE.amount);
    expect(detail.amount_repayable).toBeGreaterThan(QUOTE_ACCEPTANCE.amount);
  });
});
