import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { APPLICATION_PATHS } from '../../src/server/application/routes.ts';
import { approveLead, disburseLead, rejectLead } from '../../src/server/application/staff.ts';
import { PROFILE_PATHS } from '../../src/server/profile/routes.ts';
import { REPAY_PATHS } from '../../src/server/repay/routes.ts';
import { randomPan } from './support/borrower.ts';
import { base64, tinyJpeg, tinyPdf, tinyPng } from './support/files.ts';
import { ENGINES, randomMobile, startServer, type TestServer } from './support/server.ts';
import { signIn } from './support/signIn.ts';

describe.each(ENGINES)('the loan application, from quote to disbursal (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());
  const send = (token: string, body: object) => server.post(API.registration, body, { token });

  async function eligibleCustomer() {
    const session = await signIn(server, randomMobile());
    for (const step of [
      { event_name: 'pancard_verification', pancard: randomPan(), monthly_income: '60000' },
      {
        event_name: 'personal_details',
        gender: 1,
        personal_email: 'ravi@example.in',
        dob: '1990-01-01',
        marital_status_id: 1,
      },
      {
        event_name: 'residence_details',
        residence_type_id: 1,
        residence_address_1: 'A',
        residence_address_2: 'B',
        residence_pincode: '560001',
      },
      {
        event_name: 'income_details',
        income_type_id: 1,
        salary_mode_id: 1,
        salary_date: '2026-11-01',
        monthly_income: '60000',
      },
      { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' },
      { event_name: 'register_now' },
    ]) {
      expect((await send(session.token, step)).body.Status).toBe(1);
    }
    return session;
  }

  const employment = {
    event_name: 'employment_details',
    work_mode: 'WFO',
    company_name: 'Acme Pvt Ltd',
    company_type_id: 1,
    designation: 'Analyst',
    address_1: 'Tower 1',
    address_2: 'Cyber City',
    pincode: '122002',
    emp_since: '2022-04-01',
  };

  it('goes from quote and KFS through employment, documents and bank to staff approval and a loan', async () => {
    const { token } = await eligibleCustomer();
    const quote = await send(token, { event_name: 'generate_loan_quote' });
    expect(quote.body.Data).toMatchObject({
      min_loan_amount: 5000,
      max_loan_amount: 60000,
      min_loan_tenure: 60,
      max_loan_tenure: 90,
    });
    const kfs = await server.post(APPLICATION_PATHS.kfs, { amount: 20000, tenure: 60 }, { token });
    expect(kfs.body.Data).toMatchObject({
      lender: 'Kosh Finvest Private Limited',
      sanctioned_amount_paise: 2_000_000,
      processing_fee_paise: 40_000,
      gst_on_fee_paise: 7_200,
      total_repayable_paise: 3_200_000,
      cooling_off_days: 3,
      grievance_officer: { name: 'Asha Verma' },
    });
    const accept = { event_name: 'loan_quotation_decision', accepted_id: 1, amount: 20000, tenure: 60, purpose_id: 2 };
    expect((await send(token, accept)).body.Message).toBe(
      'Please read the Key Fact Statement and confirm it before you accept.',
    );
    expect((await send(token, { ...accept, amount: 90000, kfs_acknowledged: true })).body.Message).toBe(
      'Choose an amount from ₹5,000 to ₹60,000.',
    );
    expect((await send(token, { ...accept, kfs_acknowledged: true })).body.Data.next_step).toBe('employment_details');
    expect((await send(token, { ...employment, emp_since: '2099-01-01' })).body.Message).toBe(
      'Date cannot be in the future.',
    );
    expect((await send(token, employment)).body.Data.next_step).toBe('aadhaar_upload');

    const docs = await server.post(APPLICATION_PATHS.documents, {}, { token });
    expect(docs.body.Data.map((d: { doc_type: string }) => d.doc_type)).toEqual([
      'aadhaar_front',
      'aadhaar_back',
      'pan',
      'bank_statement',
      'salary_slip',
      'utility_bill',
    ]);
    const upload = (event: string, doc_type: string, file: string, extra = {}) =>
      send(token, { event_name: event, doc_type, file, file_ext: 'x', password: 'N/A', ...extra });
    expect((await upload('bank_statement_upload', 'bank_statement', base64(tinyPng()))).body.Message).toBe(
      'This file is not a PDF. Please choose another file.',
    );
    expect((await upload('pay_slip_upload', 'salary_slip', '')).body.Message).toBe('Please select salary slip');
    const encrypted = Buffer.from('%PDF-1.4\ntrailer<</Encrypt 5 0 R>>\n%%EOF');
    const enc = await upload('bank_statement_upload', 'bank_statement', base64(encrypted));
    expect(enc.body.Message).toBe('This PDF is protected by a password. Enter the password and upload it again.');
    await upload('aadhaar_upload', 'aadhaar_front', base64(tinyJpeg()), { aadhaar_last4: '1234' });
    await upload('aadhaar_upload', 'aadhaar_back', base64(tinyJpeg()));
    await upload('pan_upload', 'pan', base64(tinyJpeg()));
    await upload('bank_statement_upload', 'bank_statement', base64(tinyPdf()));
    await upload('pay_slip_upload', 'salary_slip', base64(encrypted), { password: 'secret' });
    const last = await upload('residence_proof_upload', 'utility_bill', base64(tinyPng()));
    expect(last.body.Data.next_step).toBe('banking_details');

    const bank = {
      event_name: 'banking_details',
      account_name: 'Ravi Kumar',
      account_branch: 'MG Road',
      account_number: '123456789012',
      confirm_account_number: '123456789013',
      account_ifsc: 'hdfc0001234',
      verification_consent: 1,
    };
    expect((await send(token, bank)).body.Message).toBe('Account numbers do not match');
    const banked = await send(token, { ...bank, confirm_account_number: '123456789012' });
    expect(banked.body.Data).toMatchObject({ next_step: 'completed', step_percentage: 100, bank_name: 'HDFC Bank' });

    const list = await server.post(APPLICATION_PATHS.leadList, {}, { token });
    const [lead] = list.body.Data.lead_list;
    expect(lead).toMatchObject({ loan_amount: 20000, status: 'applied' });
    await approveLead(
      server.database.db,
      lead.lead_id,
      { amountPaise: 1_800_000, tenureDays: 60, dailyRatePercent: 0.5, manager: 'Neha Rao' },
      'ops:test',
    );
    const loan = await disburseLead(server.database.db, lead.lead_id, 'ops:test');
    await expect(disburseLead(server.database.db, lead.lead_id, 'ops:test')).rejects.toThrow(
      /approve it before disbursing/,
    );

    const profile = await server.post(PROFILE_PATHS.profile, {}, { token });
    expect(profile.body.Data.active_loan_details).toMatchObject({
      loan_no: loan.loanNo,
      loan_recommended: 18_000,
      lead_id: String(lead.lead_id),
    });
    // Pay Now from the dashboard: the session's loan, a part payment.
    const order = await server.post(REPAY_PATHS.razorpayOrder, { lead_id: lead.lead_id, rzp_amount: '500' }, { token });
    expect(order.body.Data.amount).toBe(500);
    const detail = await server.post(APPLICATION_PATHS.leadDetail, { lead_id: lead.lead_id }, { token });
    expect(detail.body.Data.data[0]).toMatchObject({
      loan_no: loan.loanNo,
      loan_amount: 18_000,
      purpose: 'Medical',
      status: 'disbursed',
    });
  });

  it('staff cannot decide an application that is not complete, and a rejection is recorded', async () => {
    const { token } = await eligibleCustomer();
    await send(token, { event_name: 'generate_loan_quote' });
    const [lead] = (await server.post(APPLICATION_PATHS.leadList, {}, { token })).body.Data.lead_list;
    await expect(rejectLead(server.database.db, lead.lead_id, 'x', 'ops:test')).rejects.toThrow(
      /only a completed application/,
    );
  });

  it("customer A gets nothing of B's lead", async () => {
    const a = await eligibleCustomer();
    const b = await eligibleCustomer();
    await send(b.token, { event_name: 'generate_loan_quote' });
    const [bLead] = (await server.post(APPLICATION_PATHS.leadList, {}, { token: b.token })).body.Data.lead_list;
    const detail = await server.post(APPLICATION_PATHS.leadDetail, { lead_id: bLead.lead_id }, { token: a.token });
    expect(detail.status).toBe(404);
    expect(detail.body).toMatchObject({ Status: 0, Message: 'No loan details available.', Data: {} });
    expect((await server.post(APPLICATION_PATHS.leadList, {}, { token: a.token })).body.Data.lead_list).toEqual([]);
    const single = await server.post(
      APPLICATION_PATHS.singleDocument,
      { lead_id: bLead.lead_id, file: base64(tinyJpeg()), docs_id: 4 },
      { token: a.token },
    );
    expect(single.status).toBe(403);
    const order = await server.post(
      REPAY_PATHS.razorpayOrder,
      { lead_id: bLead.lead_id, rzp_amount: '500' },
      { token: a.token },
    );
    expect(order.body.Status).not.toBe(1);
  });
});
