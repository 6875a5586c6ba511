/**
 * The server's refusals the dashboard's forms show in its words (their component tests give the forms
 * these answers: tests/components/CalculateLoan.test.tsx, AboutYourCompany.test.tsx): a Key Fact
 * Statement asked with no open application, and employment given before a quote is accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { EMPLOYMENT, eligibleCustomer, send } from './support/application.ts';
import { ENGINES, startServer, type TestServer } from './support/server.ts';

describe.each(ENGINES)('the application refusals the forms show (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  it('a statement asked once the application was declined (in another tab): "Start your loan application…", no statement', async () => {
    const { token } = await eligibleCustomer(server);
    expect((await send(server, token, { event_name: 'generate_loan_quote' })).body.Status).toBe(1);
    const declined = await server.post(
      API.saveleadDetails,
      { event_name: 'loan_quotation_decision', accepted_id: 2 },
      { token },
    );
    expect(declined.body.Status, declined.body.Message).toBe(1);
    const asked = await server.post(API.keyFactStatement, { amount: 20_000, tenure: 60 }, { token });
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({
      Status: 0,
      Message: 'Start your loan application with the loan calculator first.',
      error: 'no_application',
    });
  });

  it('employment given before the quote is accepted: "Please accept a loan quote first.", and the application stays', async () => {
    const { token } = await eligibleCustomer(server);
    expect((await send(server, token, { event_name: 'generate_loan_quote' })).body.Status).toBe(1);
    const given = await send(server, token, EMPLOYMENT);
    expect(given.status).toBe(409);
    expect(given.body).toMatchObject({
      Status: 0,
      Message: 'Please accept a loan quote first.',
      error: 'out_of_order',
    });
    const again = await server.post(API.saveleadDetails, { event_name: 'generate_loan_quote' }, { token });
    expect(again.body.Data.next_step).toBe('loan_quotation_decision');
  });
});
