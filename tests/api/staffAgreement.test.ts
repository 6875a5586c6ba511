/**
 * Staff see the loan agreement (issue 24, "Done when": the e-signed agreement appears for staff): the
 * application's answer says where the agreement of the current statement stands (not yet drawn, drawn
 * and awaiting signature, at the e-sign provider, signed with when, in which language), and credit,
 * finance and admin download the signed PDF through a staff route, whose signature verifies as the
 * customer's does; no staff session, a customer's token and a role that does not see applications are
 * refused, and an agreement not yet signed is not answered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_API, agreementFileName } from '../../src/lib/agreement.ts';
import { HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import { applicationAtDocuments, completeApplication, eligibleCustomer, signAgreement } from './support/application.ts';
import { signatureOf, verifySignature } from './support/pdfSignature.ts';
import { CLIENT_KEY, ENGINES, startServer, type TestServer, testClock } from './support/server.ts';
import { asStaff, staffSignIn } from './support/staff.ts';

describe.each(ENGINES)('staff see the loan agreement (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-25T06:00:00Z'));
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());

  /** The staff route's answer as it comes: a PDF, or the envelope of a refusal. */
  async function staffPdf(headers: Record<string, string>, leadId: number) {
    const response = await fetch(`${server.url}${STAFF_API.agreementPdf}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify({ lead_id: leadId }),
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }
  const asMember = (token: string) => ({ [HEADERS.staffToken]: token });
  const envelopeOf = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes));
  const agreementSeenBy = async (token: string, leadId: number) => {
    const answer = await asStaff(server, token, STAFF_API.application, { lead_id: leadId });
    expect(answer.body.Status, answer.body.Message).toBe(1);
    return answer.body.Data.agreement;
  };
  async function customerDownload(token: string, leadId: number) {
    const response = await fetch(`${server.url}${AGREEMENT_API.download}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.clientKey]: CLIENT_KEY, [HEADERS.token]: token },
      body: JSON.stringify({ lead_id: leadId }),
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  it('shows the agreement not drawn, drawn, at the provider, then signed; credit, finance and admin download the signed PDF, whose signature verifies', async () => {
    const who = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, who.token);
    await completeApplication(server, who.token);
    expect((await server.post(DEV_STAFF_PATH, { action: 'approve', lead_id: leadId })).body.Status).toBe(1);
    const credit = await staffSignIn(server, 'credit@kosh.test');
    const finance = await staffSignIn(server, 'finance@kosh.test');
    const admin = await staffSignIn(server, 'admin@kosh.test');
    const notSigned = { Status: 0, Message: `Application ${leadId} has no signed loan agreement.` };

    // Accepted, the agreement is drawn only when the customer first asks for it: not yet drawn.
    expect(await agreementSeenBy(credit.token, leadId)).toBeNull();
    const none = await staffPdf(asMember(credit.token), leadId);
    expect(none.response.status).toBe(404);
    expect(envelopeOf(none.bytes)).toMatchObject(notSigned);

    // The customer opens it: drawn, awaiting signature, not yet at the provider.
    await customerDownload(who.token, leadId);
    const drawn = await agreementSeenBy(finance.token, leadId);
    expect(drawn).toMatchObject({
      agreement_no: expect.stringMatching(/^AGR-\d+$/),
      status: 'unsigned',
      language: 'en',
      requested_at: null,
      decided_at: null,
      document_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const agreementNo = drawn.agreement_no as string;

    // Sent to the e-sign provider: awaiting the signature there, since when it was sent; still nothing to download.
    const asked = await server.post(AGREEMENT_API.sign, { lead_id: leadId }, { token: who.token });
    expect(asked.body.Status, asked.body.Message).toBe(1);
    expect(await agreementSeenBy(credit.token, leadId)).toMatchObject({
      status: 'pending',
      requested_at: clock.now().toISOString(),
      decided_at: null,
    });
    const pending = await staffPdf(asMember(finance.token), leadId);
    expect(pending.response.status).toBe(404);
    expect(envelopeOf(pending.bytes)).toMatchObject(notSigned);

    // Signed: staff see it signed, when the provider said so, as the customer does.
    clock.advance(120);
    await signAgreement(server, who.token, leadId);
    const customerSees = (await server.post(AGREEMENT_API.status, { lead_id: leadId }, { token: who.token })).body.Data;
    const signed = await agreementSeenBy(credit.token, leadId);
    expect(signed).toMatchObject({
      agreement_no: agreementNo,
      status: 'signed',
      language: 'en',
      decided_at: customerSees.decided_at,
      document_sha256: customerSees.document_sha256,
    });
    expect(signed.decided_at).not.toBeNull();

    // The signed PDF, for every role that sees applications: the customer's own signed file, signature valid.
    const customersFile = await customerDownload(who.token, leadId);
    for (const member of [credit, finance, admin]) {
      const { response, bytes } = await staffPdf(asMember(member.token), leadId);
      expect(response.status, member.roles.join()).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="${agreementFileName(agreementNo, true)}"`,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(new TextDecoder('latin1').decode(bytes.subarray(0, 5))).toBe('%PDF-');
      expect(Buffer.from(bytes).equals(Buffer.from(customersFile))).toBe(true);
      expect(verifySignature(signatureOf(bytes)).valid).toBe(true);
    }

    // No personal data of the customer's in the server's log.
    expect(server.logs.filter((line) => line.includes(who.mobile))).toEqual([]);
  });

  it('refuses no staff session, a customer token, and roles that do not see applications; an unknown application is 404', async () => {
    const who = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, who.token);
    await completeApplication(server, who.token);
    expect((await server.post(DEV_STAFF_PATH, { action: 'approve', lead_id: leadId })).body.Status).toBe(1);
    await signAgreement(server, who.token, leadId);

    const refusals: [string, Record<string, string>, number][] = [
      ['no credential', {}, 401],
      ['the public credential', { [HEADERS.clientKey]: CLIENT_KEY }, 401],
      ["the customer's token", { [HEADERS.clientKey]: CLIENT_KEY, [HEADERS.token]: who.token }, 401],
      ["the customer's token as a staff token", asMember(who.token), 401],
      ['collections', asMember((await staffSignIn(server, 'collections@kosh.test')).token), 403],
      ['support', asMember((await staffSignIn(server, 'support@kosh.test')).token), 403],
    ];
    for (const [who_, headers, status] of refusals) {
      const { response, bytes } = await staffPdf(headers, leadId);
      expect(response.status, who_).toBe(status);
      expect(response.headers.get('content-type'), who_).toMatch(/^application\/json/);
      expect(envelopeOf(bytes).Status, who_).toBe(0);
    }

    const credit = await staffSignIn(server, 'credit@kosh.test');
    const unknown = await staffPdf(asMember(credit.token), 987_654_321);
    expect(unknown.response.status).toBe(404);
    expect(envelopeOf(unknown.bytes).Message).toBe('There is no lead 987654321.');
    // The same member gets the signed file of the real one.
    expect((await staffPdf(asMember(credit.token), leadId)).response.status).toBe(200);
  });
});
