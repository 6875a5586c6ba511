/** A customer taken through the API as the dashboard does: registered and eligible, then an application. */
import { expect } from 'vitest';
import { API } from '../../../src/lib/api/paths.ts';
import { randomPan } from './borrower.ts';
import { base64, tinyJpeg, tinyPdf, tinyPng } from './files.ts';
import { randomMobile, type TestServer } from './server.ts';
import { signIn } from './signIn.ts';

export const EMPLOYMENT = {
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

export const send = (server: TestServer, token: string, body: object) => server.post(API.registration, body, { token });

/** The first four registration steps, as the dashboard sends them (a new PAN each time). */
export const profileSteps = () => [
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
];

/** Signed in, registered in five steps and found eligible. */
export async function eligibleCustomer(server: TestServer) {
  const session = await signIn(server, randomMobile());
  for (const step of [
    ...profileSteps(),
    { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' },
    { event_name: 'register_now' },
  ]) {
    expect((await send(server, session.token, step)).body.Status).toBe(1);
  }
  return session;
}

/** Quote accepted with its KFS and employment given: the application waits for its documents. */
export async function applicationAtDocuments(server: TestServer, token: string): Promise<number> {
  const quote = await send(server, token, { event_name: 'generate_loan_quote' });
  expect(quote.body.Status).toBe(1);
  const accepted = await send(server, token, {
    event_name: 'loan_quotation_decision',
    accepted_id: 1,
    amount: 20000,
    tenure: 60,
    purpose_id: 2,
    kfs_acknowledged: true,
  });
  expect(accepted.body.Status).toBe(1);
  expect((await send(server, token, EMPLOYMENT)).body.Data.next_step).toBe('aadhaar_upload');
  return quote.body.Data.lead_id;
}

/** Every document the policy asks of a new customer, then the bank account: a completed application. */
export async function completeApplication(server: TestServer, token: string) {
  const upload = (event_name: string, doc_type: string, file: Buffer) =>
    send(server, token, { event_name, doc_type, file: base64(file), file_ext: 'x', password: 'N/A' });
  for (const [event, docType, file] of [
    ['aadhaar_upload', 'aadhaar_front', tinyJpeg()],
    ['aadhaar_upload', 'aadhaar_back', tinyJpeg()],
    ['pan_upload', 'pan', tinyJpeg()],
    ['bank_statement_upload', 'bank_statement', tinyPdf()],
    ['pay_slip_upload', 'salary_slip', tinyPdf()],
    ['residence_proof_upload', 'utility_bill', tinyPng()],
  ] as const) {
    expect((await upload(event, docType, file)).body.Status).toBe(1);
  }
  const banked = await send(server, token, {
    event_name: 'banking_details',
    account_name: 'Ravi Kumar',
    account_branch: 'MG Road',
    account_number: '123456789012',
    confirm_account_number: '123456789012',
    account_ifsc: 'HDFC0001234',
    verification_consent: 1,
  });
  expect(banked.body.Data.next_step).toBe('completed');
}
