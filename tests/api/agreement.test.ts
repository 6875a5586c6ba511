/**
 * The loan agreement (issue 24): drawn from the accepted Key Fact Statement (its clauses and figures are
 * the statement's, the statement its annex), signed through the e-sign sandbox (signed, declined,
 * expired), its signature a real detached CMS over the PDF's byte range that verifies here with
 * node:crypto and breaks when a byte changes, the signature recorded as a consent, and the owner's only.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_API, AGREEMENT_CLAUSES, agreementFileName } from '../../src/lib/agreement.ts';
import { CONSENT_PATHS } from '../../src/lib/api/consentPaths.ts';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { formatPercent } from '../../src/lib/format.ts';
import { type KeyFactStatement, KFS_STATEMENTS_PATH, kfsSections } from '../../src/lib/kfs.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { ESignUnavailable, httpESign } from '../../src/server/agreement/esign.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { leads } from '../../src/server/db/schema.ts';
import { DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { flat, pdfDictionaryString, pdfText } from '../support/pdfText.ts';
import { applicationAtDocuments, completeApplication, eligibleCustomer } from './support/application.ts';
import { signatureOf, verifySignature } from './support/pdfSignature.ts';
import { CLIENT_KEY, ENGINES, startServer, TEST_ENV, type TestServer, testClock } from './support/server.ts';
import { asStaff, staffSignIn } from './support/staff.ts';

describe.each(ENGINES)('the loan agreement, e-signed (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-23T06:00:00Z'));
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now });
  });
  afterAll(() => server.close());

  const staff = (body: object) => server.post(DEV_STAFF_PATH, body);
  const agreement = (token: string, leadId: number) =>
    server.post(AGREEMENT_API.status, { lead_id: leadId }, { token });
  const askToSign = (token: string, leadId: number, lang?: string) =>
    server.post(AGREEMENT_API.sign, { lead_id: leadId, ...(lang && { lang }) }, { token });
  async function download(token: string, leadId: number, lang?: string) {
    const response = await fetch(`${server.url}${AGREEMENT_API.download}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.clientKey]: CLIENT_KEY, [HEADERS.token]: token },
      body: JSON.stringify({ lead_id: leadId, ...(lang && { lang }) }),
    });
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
  }
  /** The signer's choice on the sandbox's signing page (a form post, as the page's buttons send it). */
  async function decide(redirectUrl: string, outcome: string) {
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    const response = await fetch(redirectUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }),
      redirect: 'manual',
    });
    return { page: await page.text(), response };
  }

  /** A customer whose application staff approved on the accepted statement: the loan waits for disbursal. */
  async function accepted() {
    const who = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, who.token);
    // Before the statement is accepted for the loan (the application still to complete), nothing to sign.
    expect(await agreement(who.token, leadId)).toMatchObject({
      status: 404,
      body: { Message: 'Your loan agreement is ready once you have accepted the Key Fact Statement.' },
    });
    await completeApplication(server, who.token);
    expect((await askToSign(who.token, leadId)).status).toBe(404);
    expect((await staff({ action: 'approve', lead_id: leadId })).body.Status).toBe(1);
    const statements = await server.post(KFS_STATEMENTS_PATH, { lead_id: leadId }, { token: who.token });
    const current = statements.body.Data.statements.find((s: { current: boolean }) => s.current);
    return { ...who, leadId, kfs: current.content as KeyFactStatement, kfsNo: current.kfs_no as string };
  }

  it("is drawn from the accepted statement: numbered clauses with the statement's figures and texts, the statement as its annex", async () => {
    const who = await accepted();
    const standing = await agreement(who.token, who.leadId);
    expect(standing.body.Data).toEqual({
      lead_id: who.leadId,
      agreement_no: who.kfsNo.replace('KFS-', 'AGR-'),
      kfs_no: who.kfsNo,
      status: 'unsigned',
      can_sign: true,
      decided_at: null,
      document_sha256: null,
      language: 'en',
    });
    const { response, bytes } = await download(who.token, who.leadId);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const agreementNo = who.kfsNo.replace('KFS-', 'AGR-');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${agreementFileName(agreementNo, false)}"`,
    );
    // Drawn once: the standing now names the drawn document's SHA-256.
    const drawn = (await agreement(who.token, who.leadId)).body.Data;
    expect(drawn.document_sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect((await download(who.token, who.leadId)).bytes).toEqual(bytes);

    const text = flat((await pdfText(bytes)).text);
    // Every clause, numbered, in order.
    let from = 0;
    for (const clause of Object.values(AGREEMENT_CLAUSES)) {
      const at = text.indexOf(`${clause.number}. ${clause.title}`, from);
      expect(at, `${clause.number}. ${clause.title}`).toBeGreaterThan(from);
      from = at;
    }
    const { kfs } = who;
    for (const figure of [
      `The lender lends the borrower ${formatPaise(kfs.sanctioned_amount_paise)}`,
      `for ${kfs.tenure_days} days`,
      `net amount paid into the borrower's bank account is ${formatPaise(kfs.disbursed_amount_paise)}`,
      `Interest is ${formatPercent(kfs.daily_rate_percent)} a day`,
      `It comes to ${formatPaise(kfs.interest_paise)}`,
      `The annual percentage rate (APR) is ${formatPercent(kfs.apr_percent)}`,
      `${formatPaise(kfs.processing_fee_paise)} plus`,
      `GST of ${formatPaise(kfs.gst_on_fee_paise)}`,
      `The borrower repays ${formatPaise(kfs.total_repayable_paise)}`,
      kfs.contingent.after_due_date_interest.text,
      kfs.contingent.penal_charge.text,
      kfs.recovery.overdue_classes as string,
      kfs.recovery.in_house,
      kfs.cooling_off.text,
      kfs.complaint_escalation.text,
      `${kfs.grievance_officer.name}, ${kfs.grievance_officer.designation}, ${kfs.grievance_officer.email}`,
      `${kfs.nodal_officer.name}, ${kfs.nodal_officer.designation}, ${kfs.nodal_officer.email}`,
      `Key Fact Statement ${who.kfsNo} accepted by the borrower is the annex of this agreement`,
    ]) {
      expect(text, figure).toContain(flat(figure));
    }
    // The annex: the statement, every row as the statement states it.
    const annex = text.slice(text.indexOf(`Annex: Key Fact Statement ${who.kfsNo}`));
    expect(annex.length).toBeGreaterThan(1000);
    for (const section of kfsSections(kfs)) {
      for (const [label, value] of section.rows) {
        expect(annex, label).toContain(flat(label));
        expect(annex, label).toContain(flat(value));
      }
    }
  });

  it('the sandbox signs, declines or lets the request expire; the signature is recorded as a consent', async () => {
    const who = await accepted();
    const agreementNo = who.kfsNo.replace('KFS-', 'AGR-');
    const returnTo = `/my-dashboard/lead-preview?lead_id=${who.leadId}#loan-agreement`;

    const declined = await askToSign(who.token, who.leadId);
    expect(declined.body.Data.agreement).toMatchObject({
      agreement_no: agreementNo,
      status: 'pending',
      can_sign: true,
    });
    const first = await decide(declined.body.Data.redirect_url, 'declined');
    expect(first.page).toContain(agreementNo);
    expect(first.response.status).toBe(303);
    expect(first.response.headers.get('location')).toContain(returnTo);
    expect((await agreement(who.token, who.leadId)).body.Data).toMatchObject({
      status: 'declined',
      can_sign: true,
      decided_at: clock.now().toISOString(),
    });
    // A decided request's page is over.
    expect((await fetch(declined.body.Data.redirect_url)).status).toBe(404);

    const expiring = await askToSign(who.token, who.leadId);
    expect(expiring.body.Data.redirect_url).not.toBe(declined.body.Data.redirect_url);
    await decide(expiring.body.Data.redirect_url, 'expired');
    expect((await agreement(who.token, who.leadId)).body.Data).toMatchObject({ status: 'expired', can_sign: true });
    // Neither a refusal nor an expiry is a signature: nothing recorded, the unsigned PDF still the download.
    const before = await server.post(CONSENT_PATHS.list, {}, { token: who.token });
    expect(before.body.Data.consents.map((c: { kind: string }) => c.kind)).not.toContain('agreement_signature');

    const signing = await askToSign(who.token, who.leadId);
    // Not signed until the customer signs at the provider.
    expect((await agreement(who.token, who.leadId)).body.Data.status).toBe('pending');
    await decide(signing.body.Data.redirect_url, 'signed');
    const signed = (await agreement(who.token, who.leadId)).body.Data;
    expect(signed).toMatchObject({ status: 'signed', can_sign: false, decided_at: clock.now().toISOString() });
    const consents = (await server.post(CONSENT_PATHS.list, {}, { token: who.token })).body.Data.consents;
    expect(consents.filter((c: { kind: string }) => c.kind === 'agreement_signature')).toEqual([
      expect.objectContaining({
        kind: 'agreement_signature',
        reference: agreementNo,
        text_version: signed.document_sha256,
        given_at: clock.now().toISOString(),
      }),
    ]);
    const again = await askToSign(who.token, who.leadId);
    expect(again).toMatchObject({ status: 409, body: { Message: 'Your loan agreement is already signed.' } });
    const file = await download(who.token, who.leadId);
    expect(file.response.headers.get('content-disposition')).toContain(agreementFileName(agreementNo, true));
  });

  it('in Hindi, the customer’s choice: drawn in Devanagari with the same figures, and signed in the language chosen at signing', async () => {
    const who = await accepted();
    const agreementNo = who.kfsNo.replace('KFS-', 'AGR-');
    const english = await download(who.token, who.leadId);
    const hindi = await download(who.token, who.leadId, 'hi');
    expect(hindi.response.headers.get('content-type')).toBe('application/pdf');
    const text = flat((await pdfText(hindi.bytes)).text);
    // The title and the headings in Devanagari (read back as drawn), the figures the same figures.
    expect(text).toContain(`ऋण अनुबंध ${agreementNo}`);
    expect((text.match(/[\u0900-\u097F]/g) ?? []).length).toBeGreaterThan(1000);
    const { kfs } = who;
    for (const figure of [
      formatPaise(kfs.sanctioned_amount_paise),
      formatPaise(kfs.disbursed_amount_paise),
      formatPaise(kfs.total_repayable_paise),
      formatPercent(kfs.apr_percent),
      who.kfsNo,
    ]) {
      expect(text, figure).toContain(figure);
    }
    expect(text).not.toContain('The lender lends the borrower');
    expect(text).not.toMatch(/Page \d of \d/);
    // Not yet signed: the agreement is drawn in the language last asked for; English again on asking.
    expect((await agreement(who.token, who.leadId)).body.Data).toMatchObject({
      language: 'hi',
      document_sha256: createHash('sha256').update(hindi.bytes).digest('hex'),
    });
    expect(flat((await pdfText((await download(who.token, who.leadId)).bytes)).text)).toContain(
      flat(`The lender lends the borrower ${formatPaise(kfs.sanctioned_amount_paise)}`),
    );
    expect(english.response.status).toBe(200);
    // An unknown language is refused by the schema.
    const wrong = await download(who.token, who.leadId, 'fr');
    expect(wrong.response.status).toBe(400);

    // Asked to sign in Hindi (the English one was the latest drawn): the Hindi agreement goes to the provider.
    const signing = await askToSign(who.token, who.leadId, 'hi');
    expect(signing.body.Data.agreement).toMatchObject({ status: 'pending', language: 'hi' });
    await decide(signing.body.Data.redirect_url, 'signed');
    const signed = (await agreement(who.token, who.leadId)).body.Data;
    expect(signed).toMatchObject({ status: 'signed', language: 'hi' });
    // Signed in Hindi: the download is the signed Hindi agreement whatever language is asked for, its
    // consent the signed document's hash.
    const file = await download(who.token, who.leadId, 'en');
    expect(file.response.headers.get('content-disposition')).toContain(agreementFileName(agreementNo, true));
    expect(flat((await pdfText(file.bytes)).text)).toContain(`ऋण अनुबंध ${agreementNo}`);
    expect(verifySignature(signatureOf(file.bytes)).valid).toBe(true);
    // The signature panel's reason and location in Hindi too: PDF text strings in UTF-16BE with the byte
    // order mark, inside the bytes the signature covers (the signature still verifies, above).
    const reason = pdfDictionaryString(file.bytes, 'Reason');
    expect(reason?.text).toBe(`ऋण अनुबंध ${agreementNo}`);
    expect([...(reason?.bytes.subarray(0, 2) ?? [])]).toEqual([0xfe, 0xff]);
    expect(pdfDictionaryString(file.bytes, 'Location')?.text).toBe('भारत');
    expect(flat((await pdfText(file.bytes)).text)).toContain('सहायता: ');
    const consents = (await server.post(CONSENT_PATHS.list, {}, { token: who.token })).body.Data.consents;
    expect(consents.find((c: { kind: string }) => c.kind === 'agreement_signature')).toMatchObject({
      text_version: signed.document_sha256,
    });
  });

  it('the signed PDF carries a CMS signature over its byte range that verifies, names the signer, and breaks when a byte changes', async () => {
    const who = await accepted();
    const signing = await askToSign(who.token, who.leadId);
    const drawn = (await download(who.token, who.leadId)).bytes;
    await decide(signing.body.Data.redirect_url, 'signed');
    const { bytes } = await download(who.token, who.leadId);
    expect(bytes.length).toBe(drawn.length);
    // What a reader shows is what was drawn.
    expect((await pdfText(bytes)).text).toBe((await pdfText(drawn)).text);

    const signature = signatureOf(bytes);
    expect(signature.byteRange[0]).toBe(0);
    expect(signature.byteRange[2] + signature.byteRange[3]).toBe(bytes.length);
    const check = verifySignature(signature);
    expect(check.valid).toBe(true);
    expect(check.signer.subject).toContain('CN=');
    expect(check.signer.subject).toMatch(/^CN=.+\nO=Aadhaar eSign \(sandbox/);
    // Issued by the sandbox's test authority, carried in the signature.
    expect(check.signer.checkIssued(check.issuer)).toBe(true);
    expect(check.signer.verify(check.issuer.publicKey)).toBe(true);

    // One byte changed inside what the signature covers: it no longer verifies.
    const tampered = new Uint8Array(bytes);
    const at = Math.floor(signature.byteRange[1] / 2);
    tampered[at] = (tampered[at] as number) ^ 0x01;
    expect(verifySignature(signatureOf(tampered)).valid).toBe(false);
  });

  it('disbursal is refused until the customer has signed, then goes ahead', async () => {
    const who = await accepted();
    const finance = await staffSignIn(server, 'finance@kosh.test');
    const finance2 = await staffSignIn(server, 'finance2@kosh.test');
    const [lead] = await server.database.db.select().from(leads).where(eq(leads.id, who.leadId));
    const request = () =>
      asStaff(server, finance.token, STAFF_API.requestDisbursal, {
        lead_id: who.leadId,
        version: lead?.version,
        payout_reference: `NEFT-AGR-${who.leadId}`,
      });
    const refusal = {
      status: 409,
      body: {
        Message: `Lead ${who.leadId} has no signed loan agreement: the customer must e-sign the agreement of the accepted Key Fact Statement before disbursal.`,
      },
    };
    expect(await request()).toMatchObject(refusal);
    // A refusal to sign is not a signature. (The outcome is recorded when the customer comes back to the
    // dashboard, which asks where the agreement stands.)
    await decide((await askToSign(who.token, who.leadId)).body.Data.redirect_url, 'declined');
    expect((await agreement(who.token, who.leadId)).body.Data.status).toBe('declined');
    expect(await request()).toMatchObject(refusal);
    await decide((await askToSign(who.token, who.leadId)).body.Data.redirect_url, 'signed');
    expect((await agreement(who.token, who.leadId)).body.Data.status).toBe('signed');
    const requested = await request();
    expect(requested.body.Status, requested.body.Message).toBe(1);
    const made = await asStaff(server, finance2.token, STAFF_API.approveDisbursal, {
      request_id: requested.body.Data.request_id,
    });
    expect(made.body.Status, made.body.Message).toBe(1);
    // The agreement stays the customer's to download, signed, from the loan's screen.
    expect((await agreement(who.token, who.leadId)).body.Data).toMatchObject({ status: 'signed', can_sign: false });
  });

  it('ops disburse and the development staff route refuse an unsigned agreement (no loan), and ops disburses once signed', async () => {
    const who = await accepted();
    /** `npm run ops -- disburse <lead>` on this server's database: its exit code and what it printed. */
    async function opsDisburse() {
      const printed: string[] = [];
      const code = await runOps(['disburse', String(who.leadId)], {
        config: () => loadConfig(TEST_ENV),
        database: async () => server.database,
        write: { out: (text) => printed.push(text), error: (text) => printed.push(text) },
      });
      return { code, out: printed.join('\n') };
    }
    /** The application as the customer's dashboard reads it: its status and its loan's number ('' before). */
    const status = async () => {
      const detail = await server.post(API.leadDetail, { lead_id: who.leadId }, { token: who.token });
      return { status: detail.body.Data.data[0].status, loan_no: detail.body.Data.data[0].loan_no };
    };
    const message = `Lead ${who.leadId} has no signed loan agreement: the customer must e-sign the agreement of the accepted Key Fact Statement before disbursal.`;

    const refused = await opsDisburse();
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`Error: ${message}`);
    expect(await staff({ action: 'disburse', lead_id: who.leadId })).toMatchObject({
      status: 409,
      body: { Status: 0, Message: message },
    });
    expect(await status()).toEqual({ status: 'accepted', loan_no: '' });

    await decide((await askToSign(who.token, who.leadId)).body.Data.redirect_url, 'signed');
    expect((await agreement(who.token, who.leadId)).body.Data.status).toBe('signed');
    const disbursed = await opsDisburse();
    expect(disbursed.code, disbursed.out).toBe(0);
    const loanNo = disbursed.out.match(/disbursed as loan (KCL\d+)/)?.[1];
    expect(loanNo, disbursed.out).toBeDefined();
    expect(await status()).toEqual({ status: 'disbursed', loan_no: loanNo });
  });

  it("is its owner's only: another customer's application answers as one that does not exist", async () => {
    const owner = await accepted();
    const other = await eligibleCustomer(server);
    for (const path of Object.values(AGREEMENT_API)) {
      const reply = await server.post(path, { lead_id: owner.leadId }, { token: other.token });
      expect(reply.status, path).toBe(404);
      expect(reply.body.Message).toBe('Your loan agreement is ready once you have accepted the Key Fact Statement.');
      expect((await server.post(path, { lead_id: owner.leadId })).status, path).toBe(401);
    }
  });
});

describe("the HTTP adapter, against a local server shaped like Digio's document API", () => {
  let url = '';
  const seen: { method: string; path: string; headers: IncomingMessage['headers']; body: string }[] = [];
  /** What the provider answers next, by path: a status, a content type and a body. */
  const answers = new Map<string, { status: number; type: string; body: string | Buffer }>();
  const provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      seen.push({ method: request.method ?? '', path, headers: request.headers, body });
      const answer = answers.get(path) ?? { status: 404, type: 'application/json', body: '{}' };
      response.writeHead(answer.status, { 'Content-Type': answer.type });
      response.end(answer.body);
    });
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));
  const json = (body: object, status = 200) => ({ status, type: 'application/json', body: JSON.stringify(body) });
  const esign = () =>
    httpESign({ url, gatewayUrl: 'https://app.esign.example/', clientId: 'client-1', clientSecret: 'secret-1' });
  const document = new Uint8Array(Buffer.from('%PDF-1.7 the agreement'));

  it('uploads the PDF with the signer, answers the gateway page, and reads every outcome', async () => {
    answers.set('/v2/client/document/uploadpdf', json({ id: 'DID2611261812', agreement_status: 'requested' }));
    const started = await esign().start({
      reference: 'AGR-000001',
      document,
      fileName: 'loan-agreement-AGR-000001.pdf',
      signer: { name: 'Asha Verma', mobile: '9876543210' },
      returnUrl: 'https://www.koshcredit.example/my-dashboard/lead-preview?lead_id=1#loan-agreement',
    });
    const upload = seen.at(-1);
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.authorization).toBe(`Basic ${Buffer.from('client-1:secret-1').toString('base64')}`);
    expect(JSON.parse(upload?.body ?? '{}')).toMatchObject({
      signers: [{ identifier: '9876543210', name: 'Asha Verma', sign_type: 'aadhaar' }],
      file_name: 'loan-agreement-AGR-000001.pdf',
      file_data: Buffer.from(document).toString('base64'),
    });
    expect(started.requestId).toBe('DID2611261812');
    expect(started.redirectUrl).toMatch(
      /^https:\/\/app\.esign\.example\/#\/gateway\/login\/DID2611261812\/[0-9a-f-]{36}\/9876543210\?redirect_url=https%3A%2F%2Fwww\.koshcredit\.example%2Fmy-dashboard%2Flead-preview/,
    );

    const statusPath = '/v2/client/document/DID2611261812';
    const party = (status: string) => ({ signing_parties: [{ status, updated_at: '2026-11-26T12:00:00Z' }] });
    answers.set(statusPath, json({ agreement_status: 'requested', ...party('requested') }));
    expect(await esign().status('DID2611261812')).toEqual({ status: 'pending' });
    answers.set(statusPath, json({ agreement_status: 'expired', ...party('expired') }));
    expect(await esign().status('DID2611261812')).toEqual({ status: 'expired', at: new Date('2026-11-26T12:00:00Z') });
    answers.set(statusPath, json({ agreement_status: 'requested', ...party('rejected') }));
    expect(await esign().status('DID2611261812')).toMatchObject({ status: 'declined' });
    answers.set(statusPath, json({ agreement_status: 'completed', ...party('signed') }));
    const signedPdf = Buffer.from('%PDF-1.7 signed');
    answers.set('/v2/client/document/download?document_id=DID2611261812', {
      status: 200,
      type: 'application/pdf',
      body: signedPdf,
    });
    const signed = await esign().status('DID2611261812');
    expect(signed).toMatchObject({ status: 'signed', at: new Date('2026-11-26T12:00:00Z') });
    expect(Buffer.from((signed as { document: Uint8Array }).document)).toEqual(signedPdf);
  });

  it('a provider that fails, or answers what we cannot use, is unavailable (nothing is recorded)', async () => {
    answers.set('/v2/client/document/DID-DOWN', json({ message: 'down' }, 503));
    await expect(esign().status('DID-DOWN')).rejects.toThrow(ESignUnavailable);
    answers.set('/v2/client/document/DID-ODD', json({ agreement_status: 'something_new' }));
    await expect(esign().status('DID-ODD')).rejects.toThrow(ESignUnavailable);
    answers.set('/v2/client/document/DID-HTML', json({ agreement_status: 'completed' }));
    answers.set('/v2/client/document/download?document_id=DID-HTML', {
      status: 200,
      type: 'text/html',
      body: '<html>login</html>',
    });
    await expect(esign().status('DID-HTML')).rejects.toThrow('not a PDF');
    answers.set('/v2/client/document/uploadpdf', json({}));
    await expect(
      esign().start({
        reference: 'AGR-000002',
        document,
        fileName: 'x.pdf',
        signer: { name: 'A', mobile: '9876543210' },
        returnUrl: 'https://www.koshcredit.example/',
      }),
    ).rejects.toThrow(ESignUnavailable);
  });
});
