/**
 * One schema per answer (issue 21): every route declares the shape of its answer, and the test client
 * (support/answerCheck.ts) holds every answer the API tests receive to it.
 */
import { describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { apiRoutes } from '../../src/server/app/app.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { registrationEvents } from '../../src/server/registration/routes.ts';
import { checkAnswer } from './support/answerCheck.ts';

const routes = apiRoutes(loadConfig({ NODE_ENV: 'development', OTP_SECRET: 'x'.repeat(32) }));

describe('answers', () => {
  it('every route declares its answer: the schema of Data, the file it sends, or its own format', () => {
    const undeclared = routes
      .filter((route) => !route.answer && !route.fileResponse && !route.plainAnswer)
      .map((route) => route.operationId);
    expect(undeclared).toEqual([]);
  });

  it('every event of the shared registration endpoint declares its own (the route answers their union)', () => {
    const undeclared = Object.entries(registrationEvents)
      .filter(([, event]) => !event.answer)
      .map(([name]) => name);
    expect(undeclared).toEqual([]);
  });

  it("the test client refuses a success whose Data is not its route's shape, naming the route and the field", () => {
    const profile = { profile_pic: '', profile_details: { first_name: 'Asha' } };
    const answer = (data: object) => ({ Status: 1, Message: 'Success', Data: data });
    const complete = { ...profile, eligibility_status: 1, next_step: 'generate_loan_quote', step_percentage: 100 };
    expect(() => checkAnswer('post', API.dashboardData, 200, answer(complete))).not.toThrow();
    expect(() => checkAnswer('post', API.dashboardData, 200, answer({ ...complete, step_percentage: '100' }))).toThrow(
      /getDashboardData.*step_percentage/s,
    );
    // A field the schema does not name is refused too: the schema is the whole truth of the answer.
    expect(() => checkAnswer('post', API.dashboardData, 200, answer({ ...complete, pancard: 'ABCDE1234F' }))).toThrow(
      API.dashboardData,
    );
  });

  it('on the shared registration endpoint, each event is held to its own answer', () => {
    const login = { event_name: 'login', mobile: '9876543210' };
    const answer = (data: object) => ({
      Status: 1,
      Message: 'OTP sent successfully to your mobile number.',
      Data: data,
    });
    expect(() =>
      checkAnswer('post', API.registration, 200, answer({ cust_profile_id: 'a-uuid' }), login),
    ).not.toThrow();
    expect(() => checkAnswer('post', API.registration, 200, answer({ cust_profile_id: null }), login)).toThrow(
      /cust_profile_id/,
    );
  });

  it("a failure must be the envelope's failure: a Status other than 1 and a message", () => {
    const failure = { Status: 0, Message: 'No loan details available.', Data: {}, error: 'not_found' };
    expect(() => checkAnswer('post', API.leadDetail, 404, failure)).not.toThrow();
    expect(() => checkAnswer('post', API.leadDetail, 404, { ...failure, Message: '' })).toThrow(/Message/);
    expect(() => checkAnswer('post', API.leadDetail, 404, { ...failure, Data: null })).toThrow(/Data/);
  });
});
