/**
 * The Key Fact Statement and the signed agreement sent as PDF attachments (issue 24): the acceptance
 * e-mail carries the statement's PDF (the one the customer downloads), the signed-agreement e-mail the
 * signed agreement (the download's bytes) and the statement; the outbox keeps each file and
 * /__dev/mailbox shows its name, type and size; the HTTP mail transport posts them in base64, and a
 * message without attachments is posted as before. The mail queue's sender draws the PDFs after the
 * request has answered (tests/api/mailQueue.test.ts): these tests read the mailbox once it has.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGREEMENT_API, agreementFileName } from '../../src/lib/agreement.ts';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { KFS_PDF_PATH } from '../../src/lib/kfs.ts';
import { formatPaise } from '../../src/lib/money.ts';
import { site } from '../../src/lib/site.ts';
import { mailOutbox, mailQueue, type StoredMailAttachment } from '../../src/server/db/schema.ts';
import { DEV_MAILBOX_PATH, DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import { mailHttpTransport } from '../../src/server/mail/httpTransport.ts';
import { MAIL_ATTACHMENTS_MAX_BYTES, MailDeliveryError } from '../../src/server/mail/transport.ts';
import { PdfDrawPool } from '../../src/server/statements/drawPool.ts';
import { flat, pdfText } from '../support/pdfText.ts';
import {
  completeApplication,
  EMPLOYMENT,
  profileSteps,
  QUOTE_ACCEPTANCE,
  signAgreement,
} from './support/application.ts';
import { randomPan } from './support/borrower.ts';
import { base64, tinyPng } from './support/files.ts';
import { mailbox } from './support/mailbox.ts';
import { CLIENT_KEY, ENGINES, randomMobile, startServer, type TestServer, testClock } from './support/server.ts';
import { signIn } from './support/signIn.ts';

const bytesOf = (file: StoredMailAttachment) => new Uint8Array(Buffer.from(file.content_base64, 'base64'));
const startsAsPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

describe.each(ENGINES)('the KFS and the signed agreement as e-mail attachments (%s database)', (engine) => {
  let server: TestServer;
  const clock = testClock(Date.parse('2026-11-23T06:00:00Z'));
  /** Open (non-zero) but for the test that holds the drawings: the drawing pool's testGate. */
  const gate = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(gate, 0, 1);
  const drawing = new PdfDrawPool({ workers: 2, timeoutMs: 60_000, maxQueue: 8, testGate: gate });
  beforeAll(async () => {
    server = await startServer(engine, {}, { now: clock.now, pdfDrawing: drawing });
  });
  afterAll(async () => {
    await server.close();
    await drawing.close();
  });
  const send = (token: string, body: object) => server.post(API.registration, body, { token });

  /** Registered with an e-mail address of its own and eligible, then the quote accepted with its statement. */
  async function acceptedQuote() {
    const mobile = randomMobile();
    const email = `mail-${mobile}@example.in`;
    const { token } = await signIn(server, mobile);
    for (const step of [
      ...profileSteps(randomPan()).map((step) =>
        step.event_name === 'personal_details' ? { ...step, personal_email: email } : step,
      ),
      { event_name: 'selfie_upload', file: base64(tinyPng()), file_ext: 'png' },
      { event_name: 'register_now', bureau_consent: 1 },
    ]) {
      expect((await send(token, step)).body.Status).toBe(1);
    }
    const quote = await send(token, { event_name: 'generate_loan_quote' });
    const accepted = await send(token, QUOTE_ACCEPTANCE);
    expect(accepted.body.Status, accepted.body.Message).toBe(1);
    return {
      token,
      email,
      leadId: quote.body.Data.lead_id as number,
      kfsNo: accepted.body.Data.kfs.kfs_no as string,
      sanctionedPaise: accepted.body.Data.kfs.sanctioned_amount_paise as number,
    };
  }

  /**
   * The e-mails written to the address, newest first, with their attachments' bytes (the table), once the
   * mail sender has sent what was queued for it (it draws the PDFs after the request has answered).
   */
  const outbox = async (email: string) => {
    await mailbox(server, email);
    return outboxNow(email);
  };
  /** The same, as it is at this moment. */
  const outboxNow = (email: string) =>
    server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));

  async function download(path: string, token: string, body: object) {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [HEADERS.clientKey]: CLIENT_KEY, [HEADERS.token]: token },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  it("the acceptance e-mail attaches the statement's PDF, the one the customer downloads; the mailbox lists it without its bytes", async () => {
    const who = await acceptedQuote();
    const [mail, ...others] = await outbox(who.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe(`Your Key Fact Statement ${who.kfsNo}`);
    expect(mail?.body).toContain(`The whole statement is attached as a PDF (${who.kfsNo}.pdf).`);
    expect(mail?.attachments.map(({ filename, content_type }) => ({ filename, content_type }))).toEqual([
      { filename: `${who.kfsNo}.pdf`, content_type: 'application/pdf' },
    ]);
    const file = mail?.attachments[0] as StoredMailAttachment;
    const bytes = bytesOf(file);
    expect(startsAsPdf(bytes)).toBe(true);
    expect(file.size).toBe(bytes.byteLength);
    expect(file.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const text = flat((await pdfText(bytes)).text);
    expect(text).toContain(`Key Fact Statement ${who.kfsNo}`);
    expect(text).toContain(formatPaise(who.sanctionedPaise));
    // The same statement the download draws (its text; each drawing stamps its own moment).
    const downloaded = await download(KFS_PDF_PATH, who.token, { kfs_no: who.kfsNo });
    expect(text).toBe(flat((await pdfText(downloaded)).text));

    const listed = await server.get(`${DEV_MAILBOX_PATH}?to=${encodeURIComponent(who.email)}`);
    expect(listed.status).toBe(200);
    expect(listed.body[0].attachments).toEqual([
      { filename: `${who.kfsNo}.pdf`, content_type: 'application/pdf', size: bytes.byteLength, sha256: file.sha256 },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(file.content_base64.slice(0, 64));
  });

  it('the acceptance answers before the PDF is drawn: its mail waits in the queue with the statement by reference, no bytes', async () => {
    // Every drawing waits until the gate opens.
    Atomics.store(gate, 0, 0);
    let who: Awaited<ReturnType<typeof acceptedQuote>>;
    try {
      who = await acceptedQuote();
      // The answer has come; the mail is queued (or its sender is drawing), with a reference and no file.
      const [row, ...more] = await server.database.db.select().from(mailQueue).where(eq(mailQueue.to, who.email));
      expect(more).toEqual([]);
      expect(row?.status).not.toBe('sent');
      expect(row?.purpose).toBe('kfs');
      expect(row?.attachments).toEqual([{ kind: 'kfs', kfsId: expect.any(String), kfsNo: who.kfsNo }]);
      expect(JSON.stringify(row?.attachments)).not.toContain('content_base64');
      expect(await outboxNow(who.email)).toEqual([]);
    } finally {
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
    }
    // Once drawn, it leaves with the PDF.
    const [sent] = await outbox(who.email);
    expect(sent?.attachments.map((file) => file.filename)).toEqual([`${who.kfsNo}.pdf`]);
    expect(startsAsPdf(bytesOf(sent?.attachments[0] as StoredMailAttachment))).toBe(true);
  });

  it('once signed, an e-mail attaches the signed agreement (the download) and the statement; only once', async () => {
    const who = await acceptedQuote();
    expect((await send(who.token, EMPLOYMENT)).body.Status).toBe(1);
    await completeApplication(server, who.token);
    expect((await server.post(DEV_STAFF_PATH, { action: 'approve', lead_id: who.leadId })).body.Status).toBe(1);
    const before = (await outbox(who.email)).length;
    await signAgreement(server, who.token, who.leadId);
    // Asking again where it stands records nothing new, and sends nothing more.
    expect((await server.post(AGREEMENT_API.status, { lead_id: who.leadId }, { token: who.token })).status).toBe(200);
    const written = await outbox(who.email);
    expect(written).toHaveLength(before + 1);
    const [mail] = written;
    const agreementNo = who.kfsNo.replace('KFS-', 'AGR-');
    expect(mail?.subject).toBe(`Your signed ${site.brand} loan agreement ${agreementNo}`);
    expect(mail?.body).toContain(`Thank you for signing your loan agreement ${agreementNo}.`);
    expect(mail?.attachments.map((file) => [file.filename, file.content_type])).toEqual([
      [agreementFileName(agreementNo, true), 'application/pdf'],
      [`${who.kfsNo}.pdf`, 'application/pdf'],
    ]);
    const [agreement, statement] = (mail?.attachments ?? []).map(bytesOf) as [Uint8Array, Uint8Array];
    expect(agreement).toEqual(await download(AGREEMENT_API.download, who.token, { lead_id: who.leadId }));
    expect(startsAsPdf(statement)).toBe(true);
    expect(flat((await pdfText(statement)).text)).toContain(`Key Fact Statement ${who.kfsNo}`);
  });
});

describe('the HTTP mail transport', () => {
  it("posts attachments in base64 with their name and type (Resend's shape); a message without them is posted as before", async () => {
    const received: { auth?: string | undefined; body: Record<string, unknown> }[] = [];
    let status = 200;
    const api = createServer((request, response) => {
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => {
        received.push({ auth: request.headers.authorization, body: JSON.parse(data) });
        response.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(api.address() as AddressInfo).port}/emails`;
    try {
      const transport = mailHttpTransport({ url, apiKey: 'mail-key', from: 'Kosh <no-reply@kosh.test>' });
      const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0xff, 0x00]);
      await transport.send({
        to: 'ravi@example.in',
        subject: 'Your Key Fact Statement KFS-000001',
        body: 'Attached.',
        attachments: [{ filename: 'KFS-000001.pdf', contentType: 'application/pdf', content: pdf }],
      });
      await transport.send({ to: 'ravi@example.in', subject: 'Plain', body: 'No files.' });
      expect(received).toEqual([
        {
          auth: 'Bearer mail-key',
          body: {
            from: 'Kosh <no-reply@kosh.test>',
            to: 'ravi@example.in',
            subject: 'Your Key Fact Statement KFS-000001',
            text: 'Attached.',
            attachments: [{ filename: 'KFS-000001.pdf', content_type: 'application/pdf', content: 'JVBERi0xLjcK/wA=' }],
          },
        },
        {
          auth: 'Bearer mail-key',
          body: { from: 'Kosh <no-reply@kosh.test>', to: 'ravi@example.in', subject: 'Plain', text: 'No files.' },
        },
      ]);
      // Too heavy: refused before anything is posted, and the error names no content.
      const heavy = new Uint8Array(MAIL_ATTACHMENTS_MAX_BYTES + 1);
      const refused = transport.send({
        to: 'ravi@example.in',
        subject: 'Heavy',
        body: '',
        attachments: [{ filename: 'big.pdf', contentType: 'application/pdf', content: heavy }],
      });
      await expect(refused).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(refused).rejects.toThrow(/attachments too large/);
      expect(received).toHaveLength(2);
      status = 500;
      await expect(transport.send({ to: 'ravi@example.in', subject: 'Down', body: '' })).rejects.toThrow(
        'mail service answered 500',
      );
    } finally {
      await new Promise<void>((resolve) => api.close(() => resolve()));
    }
  });
});
