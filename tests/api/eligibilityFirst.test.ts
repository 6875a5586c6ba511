/**
 * Eligibility first (issue 24): the policy's hard rules are checked at the registration step that gives
 * the answer deciding them, every reason at once, each with what the customer can do; the steps, their
 * next_step and register_now's decision stay as the specification has them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { indiaDate } from '../../src/lib/dates.ts';
import { DEFAULT_POLICY } from '../../src/server/eligibility/policy.ts';
import { PROFILE_PATHS } from '../../src/server/profile/routes.ts';
import { randomPan } from './support/borrower.ts';
import { base64, tinyPng } from './support/files.ts';
import { profileSteps } from './support/registrationSteps.ts';
import { ENGINES, randomMobile, startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/signIn.ts';

const [PAN_STEP, PERSONAL, RESIDENCE, INCOME] = profileSteps('XXXPX0000X').map((step) => step.event_name);
const SELFIE = { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' };
const year = Number(indiaDate(new Date()).slice(0, 4));

describe.each(ENGINES)('eligibility first (%s database)', (engine) => {
  let server: TestServer;
  /** A policy lending in Delhi alone, to show the city rule (the site's default serves all of India). */
  let delhiOnly: TestServer;
  beforeAll(async () => {
    [server, delhiOnly] = await Promise.all([
      startServer(engine),
      startServer(engine, {
        ELIGIBILITY_POLICY: JSON.stringify({ ...DEFAULT_POLICY, areasServed: [{ state: 'Delhi' }] }),
      }),
    ]);
  });
  afterAll(() => Promise.all([server.close(), delhiOnly.close()]));

  /** A signed-in customer and the steps of profileSteps, each with its changes, sent one by one. */
  async function customer(on: TestServer = server) {
    const session = await signIn(on, randomMobile());
    const steps = profileSteps(randomPan());
    const send = (body: object) => on.post(API.registration, body, { token: session.token });
    return {
      ...session,
      send,
      /** Sends step `index` of profileSteps with `changes`; the step must succeed. */
      async step(index: number, changes: object = {}) {
        const reply = await send({ ...steps[index], ...changes });
        expect(reply.body.Status, JSON.stringify(reply.body)).toBe(1);
        return reply.body;
      },
      profile: async () => (await on.post(PROFILE_PATHS.profile, {}, { token: session.token })).body.Data,
    };
  }
  const rules = (body: { Data: { eligibility_reasons: { rule: string; step: string }[] } }) =>
    body.Data.eligibility_reasons.map((reason) => `${reason.rule} at ${reason.step}`);

  it('the income floor at the PAN step, which asks the income first; the step still moves on', async () => {
    const c = await customer();
    const pan = await c.step(0, { monthly_income: '18000' });
    expect(pan.Data).toMatchObject({ next_step: PERSONAL, step_percentage: 20 });
    expect(pan.Data.eligibility_reasons).toEqual([
      {
        rule: 'income',
        message: 'Our loans need a monthly income of at least ₹25,000.',
        field: 'monthly_income',
        field_label: 'monthly income',
        step: PAN_STEP,
        action:
          'If you earn more than the ₹18,000 you gave, correct your monthly income; otherwise you can apply once you earn ₹25,000 a month.',
        come_back_on: null,
      },
    ]);
    // The step's message says it too, after the spec's own.
    expect(pan.Message).toBe(
      'PAN verified successfully. On what you have told us so far we cannot lend to you: Our loans need a monthly income of at least ₹25,000.',
    );
    // And the registration home reads it from the profile.
    expect(rules({ Data: await c.profile() })).toEqual([`income at ${PAN_STEP}`]);
  });

  it('the age at the personal step, with the day a customer too young may come back', async () => {
    const c = await customer();
    await c.step(0);
    const personal = await c.step(1, { dob: `${year - 19}-12-31` });
    expect(personal.Data.next_step).toBe(RESIDENCE);
    const [age] = personal.Data.eligibility_reasons;
    expect(age).toMatchObject({
      rule: 'age',
      field: 'dob',
      step: PERSONAL,
      come_back_on: `${year + 2}-12-31`,
      message: expect.stringMatching(
        /^We lend to people aged 21 to 60; by the date of birth you gave, you are 1[89]\.$/,
      ),
    });
    expect(age.action).toContain(`31-12-${year + 2}, when you turn 21`);
    // Too old: no day to come back, only a date of birth to correct if it is wrong.
    const old = await c.step(1, { dob: `${year - 70}-01-01` });
    expect(old.Data.eligibility_reasons).toMatchObject([
      { rule: 'age', come_back_on: null, action: 'If the date of birth you gave is wrong, correct it.' },
    ]);
  });

  it('the city at the residence step, when the policy lists where it lends', async () => {
    const c = await customer(delhiOnly);
    await c.step(0);
    await c.step(1);
    const gurgaon = await c.step(2, { residence_pincode: '122001' });
    expect(gurgaon.Data).toMatchObject({ city: 'Gurgaon', state: 'Haryana', next_step: INCOME });
    expect(gurgaon.Data.eligibility_reasons).toMatchObject([
      {
        rule: 'city',
        field: 'residence_pincode',
        step: RESIDENCE,
        message: 'We do not lend in Gurgaon (Haryana) yet; we lend to people living in Delhi.',
        action: 'If the pin code you gave is wrong, correct it.',
      },
    ]);
    // Corrected: a Delhi pin code clears it.
    const delhi = await c.step(2, { residence_pincode: '110001' });
    expect(delhi.Data.eligibility_reasons).toEqual([]);
    expect(delhi.Message).toBe('Address saved.');
  });

  it('every reason at once at the income step, each with what to do; correcting re-checks', async () => {
    const c = await customer();
    for (const index of [0, 1, 2]) await c.step(index);
    const both = await c.step(3, { monthly_income: '18000', salary_mode_id: 3 });
    expect(rules(both)).toEqual([`income at ${INCOME}`, `salary_mode at ${INCOME}`]);
    expect(both.Data.eligibility_reasons[1]).toMatchObject({
      field: 'salary_mode_id',
      message:
        'We need your salary to be paid into a bank account or by cheque; we cannot lend on a salary paid in cash.',
      action: 'If your salary is paid into a bank account or by cheque, correct the mode of salary.',
    });
    expect(both.Message).toContain('Our loans need a monthly income of at least ₹25,000. We need your salary');
    expect(both.Data).toMatchObject({ next_step: 'selfie_upload', step_percentage: 80 });

    // The self-employed hear it too, with the others.
    const three = await c.step(3, { monthly_income: '18000', salary_mode_id: 3, income_type_id: 2 });
    expect(rules(three)).toEqual([`employment at ${INCOME}`, `income at ${INCOME}`, `salary_mode at ${INCOME}`]);
    expect(three.Data.eligibility_reasons[0].message).toBe(
      'Our loans are for salaried people; we cannot lend to the self-employed yet.',
    );

    // Corrected one at a time: each answer re-checks what is left.
    const paidByBank = await c.step(3, { monthly_income: '18000', salary_mode_id: 1 });
    expect(rules(paidByBank)).toEqual([`income at ${INCOME}`]);
    const corrected = await c.step(3);
    expect(corrected.Data.eligibility_reasons).toEqual([]);
    expect(corrected.Message).toBe('Income details saved.');
    expect((await c.profile()).eligibility_reasons).toEqual([]);
  });

  it('register_now still decides: it refuses with every reason, and decides again after a correction', async () => {
    const c = await customer();
    await c.step(0);
    await c.step(1);
    await c.step(2);
    await c.step(3, { monthly_income: '18000', salary_mode_id: 3 });
    expect((await c.send(SELFIE)).body.Data.next_step).toBe('register_now');

    const refused = await c.send({ event_name: 'register_now' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ Status: 0, Data: { eligibility_status: 0 } });
    expect(rules(refused.body)).toEqual([`income at ${INCOME}`, `salary_mode at ${INCOME}`]);
    expect(refused.body.Message).toBe(
      'Our loans need a monthly income of at least ₹25,000. We need your salary to be paid into a bank account or by cheque; we cannot lend on a salary paid in cash.',
    );
    const afterRefusal = await c.profile();
    expect(afterRefusal).toMatchObject({ eligibility_status: 0, eligibility_reason: refused.body.Message });
    expect(afterRefusal.eligibility_reasons).toHaveLength(2);

    // A corrected step drops the refusal's stored reason: what stands is what the answers say now.
    const oneLeft = await c.step(3, { monthly_income: '18000' });
    expect(oneLeft.Data).toMatchObject({ next_step: 'register_now', step_percentage: 100 });
    expect(rules(oneLeft)).toEqual([`income at ${INCOME}`]);
    expect(await c.profile()).toMatchObject({ eligibility_status: 0, eligibility_reason: '' });
    expect((await c.send({ event_name: 'register_now' })).body.Message).toBe(
      'Our loans need a monthly income of at least ₹25,000.',
    );

    await c.step(3);
    const yes = await c.send({ event_name: 'register_now', bureau_consent: 1 });
    expect(yes.body).toMatchObject({ Status: 1, Data: { next_step: 'generate_loan_quote', eligibility_status: 1 } });
  });

  it('an eligible profile carries no reasons, and register_now answers as before', async () => {
    const c = await customer();
    for (const index of [0, 1, 2, 3]) expect((await c.step(index)).Data.eligibility_reasons).toEqual([]);
    await c.send(SELFIE);
    const yes = await c.send({ event_name: 'register_now', bureau_consent: 1 });
    expect(yes.body).toMatchObject({ Status: 1, Data: { next_step: 'generate_loan_quote', eligibility_status: 1 } });
    expect((await c.profile()).eligibility_reasons).toEqual([]);
  });
});
