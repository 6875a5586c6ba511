/**
 * The loan documents the server asks for and keeps (issue 14): each document's formats from the one
 * shared list (a utility bill may be a PDF), what is on file for it, the reasons a file is refused,
 * and the kyc screen's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { LOAN_DOCUMENTS } from '../../src/lib/documents.ts';
import { applicationAtDocuments, eligibleCustomer, send } from './support/application.ts';
import { base64, tinyJpeg, tinyPdf, tinyPng } from './support/files.ts';
import { ENGINES, startServer, type TestServer } from './support/server.ts';

const NOT_PICTURE_OR_PDF = 'This file is not a JPEG image, a PNG image or a PDF. Please choose another file.';
const NOT_PDF = 'This file is not a PDF. Please choose another file.';
const NOT_PICTURE = 'This file is not a JPEG image or a PNG image. Please choose another file.';

describe.each(ENGINES)('loan documents (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  const list = async (token: string) => {
    const answer = await server.post(API.mandatoryDocuments, {}, { token });
    expect(answer.body.Status).toBe(1);
    return answer.body.Data as Record<string, unknown>[];
  };
  const kyc = async (token: string) => {
    const answer = await server.post(API.kycDocuments, {}, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.Status).toBe(1);
    return answer.body.Data;
  };
  const upload = (token: string, event: string, docType: string, file: Buffer) =>
    send(server, token, { event_name: event, doc_type: docType, file: base64(file), file_ext: 'x', password: 'N/A' });

  it('lists each document with its formats from the shared list: a utility bill may be a picture or a PDF', async () => {
    const { token } = await eligibleCustomer(server);
    await applicationAtDocuments(server, token);
    const docs = await list(token);
    expect(docs.map((doc) => [doc.doc_type, doc.allowed_format, doc.allowed_formats, doc.docs_id])).toEqual([
      ['aadhaar_front', 'image', ['image'], null],
      ['aadhaar_back', 'image', ['image'], null],
      ['pan', 'image', ['image'], 4],
      ['bank_statement', 'pdf', ['pdf'], 6],
      ['salary_slip', 'pdf', ['pdf'], 16],
      ['utility_bill', 'image', ['image', 'pdf'], 8],
    ]);
    expect(docs.map((doc) => doc.name)).toEqual(LOAN_DOCUMENTS.map((doc) => doc.name));
    for (const doc of docs) {
      expect(doc).toMatchObject({
        uploaded: false,
        uploaded_at: null,
        file_type: null,
        size_bytes: null,
        file_url: null,
      });
    }
  });

  it('takes a PDF utility bill by its event and by the single-document upload, and says so in the list', async () => {
    const { token } = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, token);
    const byEvent = await upload(token, 'residence_proof_upload', 'utility_bill', tinyPdf());
    expect(byEvent.body).toMatchObject({ Status: 1, Message: 'Utility bill uploaded.' });
    let bill = (await list(token)).find((doc) => doc.doc_type === 'utility_bill');
    expect(bill).toMatchObject({ uploaded: true, file_type: 'pdf', size_bytes: tinyPdf().length, file_url: null });
    expect(Date.parse(bill?.uploaded_at as string)).not.toBeNaN();

    // Replaced through the single-document route (docs_id 8) by a picture, then a PDF again.
    const single = (file: Buffer) =>
      server.post(
        API.singleDocument,
        { lead_id: leadId, token, file: base64(file), ext: 'PDF', password: 'N/A', docs_id: 8 },
        { token },
      );
    expect((await single(tinyPng())).body).toMatchObject({ Status: 1 });
    bill = (await list(token)).find((doc) => doc.doc_type === 'utility_bill');
    expect(bill).toMatchObject({ uploaded: true, file_type: 'png' });
    // A picture on file has a short-lived address that serves it, for its thumbnail.
    const picture = await fetch(bill?.file_url as string);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).equals(tinyPng())).toBe(true);
    expect((await single(tinyPdf())).body).toMatchObject({ Status: 1, Message: 'Utility bill uploaded.' });
    bill = (await list(token)).find((doc) => doc.doc_type === 'utility_bill');
    expect(bill).toMatchObject({ file_type: 'pdf', file_url: null });
  });

  it('refuses a file with the reason, naming the formats the document takes, and keeps nothing of it', async () => {
    const { token } = await eligibleCustomer(server);
    await applicationAtDocuments(server, token);
    const text = Buffer.from('just some text, not a document');
    const refusals = [
      ['residence_proof_upload', 'utility_bill', text, 415, NOT_PICTURE_OR_PDF],
      ['bank_statement_upload', 'bank_statement', tinyJpeg(), 415, NOT_PDF],
      ['pan_upload', 'pan', tinyPdf(), 415, NOT_PICTURE],
    ] as const;
    for (const [event, docType, file, status, message] of refusals) {
      const answer = await upload(token, event, docType, file);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ Status: 0, Message: message });
    }
    const empty = await send(server, token, {
      event_name: 'residence_proof_upload',
      doc_type: 'utility_bill',
      file: '',
      password: 'N/A',
    });
    expect(empty.body.Message).toBe('Please select  utility image');
    expect((await list(token)).filter((doc) => doc.uploaded)).toEqual([]);
  });

  it('answers the kyc screen: nothing requested before an application, then each document as it is stored', async () => {
    const { token } = await eligibleCustomer(server);
    const before = await kyc(token);
    expect(before.pan).toEqual({ verified: true });
    expect(before.selfie.uploaded).toBe(true);
    expect(before.selfie.file_url).toMatch(/\/Api\/files\//);
    expect(before.documents.map((doc: Record<string, unknown>) => [doc.doc_type, doc.requested, doc.uploaded])).toEqual(
      LOAN_DOCUMENTS.map((doc) => [doc.doc_type, false, false]),
    );

    await applicationAtDocuments(server, token);
    expect((await upload(token, 'pan_upload', 'pan', tinyJpeg())).body.Status).toBe(1);
    expect((await upload(token, 'residence_proof_upload', 'utility_bill', tinyPdf())).body.Status).toBe(1);
    const after = await kyc(token);
    const byType = Object.fromEntries(after.documents.map((doc: { doc_type: string }) => [doc.doc_type, doc]));
    expect(byType.pan).toMatchObject({ requested: true, uploaded: true, file_type: 'jpeg' });
    expect(byType.pan.file_url).toMatch(/\/Api\/files\//);
    expect(Date.parse(byType.pan.uploaded_at)).not.toBeNaN();
    expect(byType.utility_bill).toMatchObject({ requested: true, uploaded: true, file_type: 'pdf', file_url: null });
    expect(byType.salary_slip).toMatchObject({ requested: true, uploaded: false, uploaded_at: null });

    // Another customer sees only their own.
    const other = await eligibleCustomer(server);
    const theirs = await kyc(other.token);
    expect(theirs.documents.every((doc: { uploaded: boolean }) => !doc.uploaded)).toBe(true);
  });

  it('asks a signed-in session for the kyc answer', async () => {
    const anonymous = await server.post(API.kycDocuments, {});
    expect(anonymous.body.Status).not.toBe(1);
    expect(anonymous.body.Data?.documents).toBeUndefined();
  });
});
