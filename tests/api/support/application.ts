/** A customer taken through the API as the dashboard does: registered and eligible, then an application. */
import { expect } from 'vitest';
import { AGREEMENT_API } from '../../../src/lib/agreement.ts';
import { API } from '../../../src/lib/api/paths.ts';
import { randomPan } from './borrower.ts';
import { base64, tinyJpeg, tinyPdf, tinyPng } from './files.ts';
import { BANK_DETAILS, EMPLOYMENT, profileSteps, QUOTE_ACCEPTANCE } from './registrationSteps.ts';
import { type ApiClient, randomMobile, type TestServer } from './server.ts';
import { signIn } from './signIn.ts';

export { BANK_DETAILS, EMPLOYMENT, profileSteps, QUOTE_ACCEPTANCE };

export const send = (server: TestServer, token: string, body: object) => server.post(API.registration, body, { token });

/** Signed in, registered in five steps and found eligible. */
export async function eligibleCustomer(server: TestServer) {
  const mobile = randomMobile();
  const session = await signIn(server, mobile);
  for (const step of [
    ...profileSteps(randomPan()),
    { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' },
    { event_name: 'register_now', bureau_consent: 1 },
  ]) {
    expect((await send(server, session.token, step)).body.Status).toBe(1);
  }
  return { ...session, mobile, email: 'ravi@example.in' };
}

/** Quote accepted with its KFS and employment given: the application waits for its documents. */
export async function applicationAtDocuments(server: TestServer, token: string): Promise<number> {
  const quote = await send(server, token, { event_name: 'generate_loan_quote' });
  expect(quote.body.Status).toBe(1);
  const accepted = await send(server, token, QUOTE_ACCEPTANCE);
  expect(accepted.body.Status).toBe(1);
  expect((await send(server, token, EMPLOYMENT)).body.Data.next_step).toBe('aadhaar_upload');
  return quote.body.Data.lead_id;
}

/** Every document the policy asks of a new customer: the application waits for its bank account. */
export async function uploadAllDocuments(server: TestServer, token: string) {
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
}

/** Every document the policy asks of a new customer, then the bank account: a completed application. */
export async function completeApplication(server: TestServer, token: string) {
  await uploadAllDocuments(server, token);
  const banked = await send(server, token, BANK_DETAILS);
  expect(banked.body.Data.next_step).toBe('completed');
}

/**
 * The customer e-signs the loan agreement of their accepted statement, as the dashboard does: asks to
 * sign, then signs on the e-sign sandbox's page (disbursal requires it).
 */
export async function signAgreement(server: ApiClient, token: string, leadId: number) {
  const asked = await server.post(AGREEMENT_API.sign, { lead_id: leadId }, { token });
  expect(asked.body.Status, asked.body.Message).toBe(1);
  const signed = await fetch(asked.body.Data.redirect_url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome: 'signed' }),
    redirect: 'manual',
  });
  expect(signed.status).toBe(303);
  const standing = await server.post(AGREEMENT_API.status, { lead_id: leadId }, { token });
  expect(standing.body.Data.status).toBe('signed');
}
