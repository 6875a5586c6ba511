/**
 * The calls checked word for word against the specifications (issue 16): saveleadDetails for the
 * quote and the decision, the Steps key of the profile, the sign-in messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { eligibleCustomer, QUOTE_ACCEPTANCE } from './support/application.ts';
import { ENGINES, startServer, type TestServer } from './support/server.ts';

describe.each(ENGINES)('the contract of the specifications (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  it('saveleadDetails answers the loan quote and the decision on its own path (product.md §7)', async () => {
    const { token } = await eligibleCustomer(server);
    const quote = await server.post(API.saveleadDetails, { event_name: 'generate_loan_quote' }, { token });
    expect(quote.status).toBe(200);
    expect(quote.body.Status, quote.body.Message).toBe(1);
    expect(quote.body.Data).toMatchObject({
      min_loan_amount: expect.any(Number),
      max_loan_amount: expect.any(Number),
      min_loan_tenure: expect.any(Number),
      max_loan_tenure: expect.any(Number),
      step_percentage: 0,
      next_step: 'loan_quotation_decision',
    });
    const decision = await server.post(API.saveleadDetails, QUOTE_ACCEPTANCE, { token });
    expect(decision.body.Status, decision.body.Message).toBe(1);
    expect(decision.body.Data).toMatchObject({ next_step: 'employment_details', lead_id: quote.body.Data.lead_id });
    // Old clients still reach the same events through the registration endpoint.
    const again = await server.post(API.registration, { event_name: 'generate_loan_quote' }, { token });
    expect(again.body.Data).toMatchObject({ lead_id: quote.body.Data.lead_id, next_step: 'employment_details' });
  });

  it('saveleadDetails takes only its two events, and only with a session', async () => {
    const { token } = await eligibleCustomer(server);
    const other = await server.post(API.saveleadDetails, { event_name: 'personal_details' }, { token });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ Status: 0, error: 'unknown_event' });
    expect(other.body.Message).toContain('generate_loan_quote or loan_quotation_decision');
    const anonymous = await server.post(API.saveleadDetails, { event_name: 'generate_loan_quote' });
    expect(anonymous.status).toBe(401);
    const noKfs = await server.post(API.saveleadDetails, { ...QUOTE_ACCEPTANCE, kfs_acknowledged: false }, { token });
    expect(noKfs.body.Status).toBe(0);
  });

  it('the profile answers Status, Steps.data and Data (product.md §7), Data as before', async () => {
    const { token } = await eligibleCustomer(server);
    const before = await server.post(API.getProfile, {}, { token });
    expect(before.body.Status).toBe(1);
    expect(before.body.Steps).toEqual({ data: { step_complete_percent: 0, step_stage: 1, user_type: 'NEW' } });
    await server.post(API.saveleadDetails, { event_name: 'generate_loan_quote' }, { token });
    await server.post(API.saveleadDetails, QUOTE_ACCEPTANCE, { token });
    const after = await server.post(API.getProfile, {}, { token });
    expect(after.body.Steps.data).toEqual({ step_complete_percent: 25, step_stage: 2, user_type: 'NEW' });
    expect(after.body.Data).toMatchObject(after.body.Steps.data);
  });

  it('the OpenAPI document names the quote and decision call saveleadDetails and shows the profile’s Steps', async () => {
    const { body: document } = await server.get(API.openapi);
    expect(document.paths[API.saveleadDetails].post.operationId).toBe('saveleadDetails');
    const profile = document.paths[API.getProfile].post.responses[200].content['application/json'].schema;
    expect(profile.required).toContain('Steps');
    expect(Object.keys(profile.properties.Steps.properties.data.properties)).toEqual([
      'step_complete_percent',
      'step_stage',
      'user_type',
    ]);
  });

  it('a mobile not starting with 6 to 9 gets "Mobile number invalid!" (product.md §5)', async () => {
    const reply = await server.post(API.registration, { event_name: 'login', mobile: '5876543210' });
    expect(reply.status).toBe(400);
    expect(reply.body.Message).toBe('Mobile number invalid!');
  });
});
