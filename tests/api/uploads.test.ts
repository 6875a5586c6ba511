/**
 * Upload security (issue 7) and encrypted PDFs (issue 6) on every upload route: the registration
 * selfie, the application's document events and the single-document route. Files go to a real
 * folder on disk, so what is (and is not) stored, and where, is checked on the file system.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { diskFileStore, memoryFileStore } from '../../src/server/storage/fileStore.ts';
import { signedFilePath } from '../../src/server/storage/files.ts';
import { PdfCheckPool } from '../../src/server/storage/pdfCheckPool.ts';
import { applicationAtDocuments, eligibleCustomer, send } from './support/application.ts';
import { base64, pdfFixture, tinyJpeg, tinyPdf, tinyPng } from './support/files.ts';
import { ENGINES, startServer, TEST_ENV, type TestServer } from './support/server.ts';

const MB = 1_048_576;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const NOT_IMAGE = 'This file is not a JPEG image or a PNG image. Please choose another file.';
const NOT_PDF = 'This file is not a PDF. Please choose another file.';
const NOT_IMAGE_OR_PDF = 'This file is not a JPEG image, a PNG image or a PDF. Please choose another file.';
const PASSWORD_NEEDED = 'This PDF is protected by a password. Enter the password and upload it again.';
const WRONG_PASSWORD = 'The password for this PDF is not correct.';

const html = Buffer.from('<!doctype html><html><body><script>fetch("/x?c="+document.cookie)</script></body></html>');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');
const gifar = Buffer.concat([Buffer.from('GIF89a\x01\x00\x01\x00'), Buffer.from('PK\x03\x04META-INF/MANIFEST.MF')]);
/** Starts as a JPEG, carries HTML with a script and a whole PDF after it. */
const jpegPolyglot = Buffer.concat([tinyJpeg(), html, tinyPdf()]);
/** A PDF that runs JavaScript when opened, with HTML after its end. */
const pdfWithScript = Buffer.concat([
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/OpenAction<</S/JavaScript/JS(app.alert\\(1\\))>>>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  ),
  html,
]);
/** A PDF header and padding up to a size. */
const pdfOfSize = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.4\n');
  bytes.write('\n%%EOF\n', size - 7);
  return bytes;
};
const jpegOfSize = (size: number) => tinyJpeg(size);

/** Names a client might send as file_ext or ext, hoping the server builds a path from them. */
const PATH_TRICKS = [
  '../../etc/passwd',
  'x.jpg%00.php',
  'x.jpg\u0000.php',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'C:\\temp\\x.jpg',
  '%2e%2e%2f%2e%2e%2fescaped',
  '....//....//escaped',
];

describe.each(ENGINES)('uploads (%s database)', (engine) => {
  let server: TestServer;
  let parent: string;
  let root: string;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'kosh-uploads-'));
    root = join(parent, 'files');
    // The hourly cap has its own test below; these tests upload more than a customer would. A busy
    // machine can take longer than production's 2 s to check a 10 MB PDF: the limit has its own test.
    server = await startServer(engine, { FILES_DIR: root, UPLOADS_PER_HOUR: '1000', PDF_CHECK_TIMEOUT_MS: '15000' });
  });
  afterAll(async () => {
    await server.close();
    await rm(parent, { recursive: true, force: true });
  });

  /** Every file under the storage folder's parent, relative to it (so an escape would show). */
  async function filesOnDisk(): Promise<string[]> {
    const entries = await readdir(parent, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => relative(parent, join(e.parentPath, e.name)));
  }
  const fileRows = (customerId: string) =>
    queryRows<{ id: string; kind: string; content_type: string; storage_key: string }>(
      server.database.db,
      sql`select id, kind, content_type, storage_key from files where customer_id = ${customerId} order by created_at`,
    );
  const documentOf = async (leadId: number, docType: string) => {
    const [row] = await queryRows<{ file_id: string; note: string | null }>(
      server.database.db,
      sql`select file_id, note from lead_documents where lead_id = ${leadId} and doc_type = ${docType}`,
    );
    return row;
  };
  /** The file as its owner's browser would fetch it through a signed link. */
  const served = (fileId: string) =>
    fetch(
      `${server.url}${signedFilePath(TEST_ENV.OTP_SECRET as string, fileId, Math.floor(Date.now() / 1000) + 3600)}`,
    );

  async function customerAtDocuments() {
    const session = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, session.token);
    const upload = (event_name: string, doc_type: string, file: Buffer | string, extra: object = {}) =>
      send(server, session.token, {
        event_name,
        doc_type,
        file: typeof file === 'string' ? file : base64(file),
        file_ext: 'pdf',
        password: 'N/A',
        ...extra,
      });
    const single = (docs_id: number, file: Buffer | string, extra: object = {}) =>
      server.post(
        API.singleDocument,
        { lead_id: leadId, docs_id, file: typeof file === 'string' ? file : base64(file), ext: 'PDF', ...extra },
        { token: session.token },
      );
    const selfie = (file: Buffer, file_ext = 'jpg') =>
      send(server, session.token, { event_name: 'selfie_upload', file: base64(file), file_ext });
    return { ...session, leadId, upload, single, selfie };
  }

  it('decides the type from the bytes: a wrong file behind a right name is refused, and nothing is stored', async () => {
    const customer = await customerAtDocuments();
    const before = { rows: await fileRows(customer.profileId), disk: await filesOnDisk() };

    const refusals: [Promise<{ status: number; body: { Status: number; Message: string } }>, string][] = [
      [customer.selfie(html, 'jpg'), NOT_IMAGE],
      [customer.selfie(svg, 'jpg'), NOT_IMAGE],
      [customer.selfie(gifar, 'jpg'), NOT_IMAGE],
      [customer.selfie(tinyPdf(), 'png'), NOT_IMAGE],
      [customer.upload('bank_statement_upload', 'bank_statement', tinyPng(), { file_ext: 'pdf' }), NOT_PDF],
      [customer.upload('bank_statement_upload', 'bank_statement', html, { file_ext: 'pdf' }), NOT_PDF],
      [customer.upload('pan_upload', 'pan', svg, { file_ext: 'jpg' }), NOT_IMAGE],
      [customer.upload('pan_upload', 'pan', tinyPdf(), { file_ext: 'jpg' }), NOT_IMAGE],
      [customer.single(6, tinyPng(), { ext: 'PDF' }), NOT_PDF],
      [customer.single(4, html, { ext: 'JPEG' }), NOT_IMAGE],
      // A utility bill may be a picture or a PDF (issue 14).
      [customer.single(8, svg, { ext: 'JPG' }), NOT_IMAGE_OR_PDF],
    ];
    for (const [reply, message] of refusals) {
      const { status, body } = await reply;
      expect(status, message).toBe(415);
      expect(body).toMatchObject({ Status: 0, Message: message });
    }
    expect(await fileRows(customer.profileId)).toEqual(before.rows);
    expect(await filesOnDisk()).toEqual(before.disk);

    // Bytes are what they are whatever the name: a PNG named .pdf is a fine PAN card picture.
    expect((await customer.upload('pan_upload', 'pan', tinyPng(), { file_ext: 'pdf' })).body.Status).toBe(1);
    const picture = await served((await documentOf(customer.leadId, 'pan'))?.file_id as string);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(picture.headers.get('content-disposition')).toBe('inline; filename="picture.png"');
  });

  it('refuses a file over the cap with its size and the cap, on every route, storing nothing', async () => {
    const customer = await customerAtDocuments();
    const before = { rows: await fileRows(customer.profileId), disk: await filesOnDisk() };

    const bigPdf = await customer.upload('bank_statement_upload', 'bank_statement', pdfOfSize(10 * MB + 1));
    expect(bigPdf.status).toBe(413);
    expect(bigPdf.body).toMatchObject({ Status: 0, Message: 'The file is 10.1 MB; the largest we accept is 10 MB.' });
    const bigImage = await customer.single(4, jpegOfSize(5 * MB + 1), { ext: 'JPEG' });
    expect(bigImage.status).toBe(413);
    expect(bigImage.body.Message).toBe('The file is 5.1 MB; the largest we accept is 5 MB.');
    const bigSelfie = await customer.selfie(jpegOfSize(7 * MB));
    expect(bigSelfie.body.Message).toBe('The file is 7 MB; the largest we accept is 5 MB.');
    // A body beyond the upload limit (16 MB) is cut off before it is read.
    for (const reply of [
      await customer.upload('pay_slip_upload', 'salary_slip', pdfOfSize(13 * MB)),
      await customer.single(16, pdfOfSize(13 * MB)),
    ]) {
      expect(reply.status).toBe(413);
      expect(reply.body).toMatchObject({
        Status: 0,
        Message: 'The file is too large: the largest we accept is 10 MB.',
      });
    }
    expect(await fileRows(customer.profileId)).toEqual(before.rows);
    expect(await filesOnDisk()).toEqual(before.disk);

    // Exactly at the cap is taken, on the single-document route too (its body is upload-sized).
    const atCap = await customer.single(6, pdfOfSize(10 * MB));
    expect(atCap.body).toMatchObject({ Status: 1, Message: 'Bank statement (last six months) uploaded.' });
    const stored = await documentOf(customer.leadId, 'bank_statement');
    const file = await served(stored?.file_id as string);
    expect(Buffer.from(await file.arrayBuffer()).length).toBe(10 * MB);
  });

  it('stores a polyglot as the type its first bytes are, and serves it so that no browser runs it', async () => {
    const customer = await customerAtDocuments();
    const selfie = await customer.selfie(jpegPolyglot, 'jpg');
    expect(selfie.body.Status).toBe(1);
    const picture = await fetch(selfie.body.Data.selfie_doc_url);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/jpeg');
    expect(picture.headers.get('x-content-type-options')).toBe('nosniff');
    expect(picture.headers.get('content-disposition')).toBe('inline; filename="picture.jpg"');
    expect(picture.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await picture.arrayBuffer())).toEqual(jpegPolyglot);

    const pdf = await customer.upload('bank_statement_upload', 'bank_statement', pdfWithScript, { file_ext: 'html' });
    expect(pdf.body.Status).toBe(1);
    const document = await served((await documentOf(customer.leadId, 'bank_statement'))?.file_id as string);
    expect(document.status).toBe(200);
    expect(document.headers.get('content-type')).toBe('application/pdf');
    // Downloaded, never rendered by the browser on the API's origin.
    expect(document.headers.get('content-disposition')).toBe('attachment; filename="document.pdf"');
    expect(document.headers.get('x-content-type-options')).toBe('nosniff');
    expect(document.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(Buffer.from(await document.arrayBuffer())).toEqual(pdfWithScript);

    // An image polyglot on the single-document route is an image, and a script cannot pass as one.
    expect((await customer.single(8, jpegPolyglot, { ext: 'HTML' })).body.Status).toBe(1);
    expect((await customer.single(8, Buffer.concat([html, tinyJpeg()]), { ext: 'JPG' })).status).toBe(415);
  });

  it('never builds a storage path from a name the client sent', async () => {
    const customer = await customerAtDocuments();
    for (const name of PATH_TRICKS) {
      // The selfie's file_ext is checked against the image names (product.md §5) before anything else.
      const selfie = await customer.selfie(tinyPng(), name);
      expect(selfie.status, name).toBe(400);
      expect(selfie.body.Message).toBe('Images must be jpeg, png or jpg.');
      expect((await customer.upload('pan_upload', 'pan', tinyJpeg(), { file_ext: name })).body.Status, name).toBe(1);
      expect((await customer.single(16, tinyPdf(), { ext: name })).body.Status, name).toBe(1);
    }
    for (const docType of ['../../etc/passwd', 'pan/../../x', '..\\pan']) {
      const reply = await customer.upload('pan_upload', docType, tinyJpeg());
      expect(reply.status).toBe(400);
      expect(reply.body.Message).toBe('This document is not needed for your application.');
    }
    const rows = await fileRows(customer.profileId);
    // Each upload replaced the one before, which was deleted: one file per document kept.
    expect(rows.filter((row) => row.kind === 'document-pan')).toHaveLength(1);
    expect(rows.filter((row) => row.kind === 'document-salary-slip')).toHaveLength(1);
    for (const row of rows) {
      expect(row.storage_key).toMatch(new RegExp(`^${customer.profileId}/(selfie|document-[a-z-]+)/${row.id}$`));
    }
    // Everything on disk is under the storage folder, in <customer>/<kind>/<uuid>, and nothing else.
    for (const path of await filesOnDisk()) {
      expect(path).toMatch(new RegExp(`^files/${UUID}/(selfie|document-[a-z-]+)/${UUID}$`));
    }
    expect(await readdir(parent)).toEqual(['files']);
    expect(dirname(root)).toBe(parent);
  });

  it('a replaced picture or document is deleted, file and row, and no longer served', async () => {
    const customer = await customerAtDocuments();
    const pictures: string[] = [];
    for (let round = 0; round < 12; round += 1) {
      const reply = await customer.selfie(jpegOfSize(200_000 + round));
      expect(reply.body.Status, reply.body.Message).toBe(1);
      pictures.push(reply.body.Data.selfie_doc_url);
    }
    const rows = await fileRows(customer.profileId);
    expect(rows.filter((row) => row.kind === 'selfie')).toHaveLength(1);
    const first = await fetch(new URL(pictures[0] as string, server.url));
    expect(first.status).toBe(404);
    expect((await fetch(new URL(pictures.at(-1) as string, server.url))).status).toBe(200);
    await customer.upload('pan_upload', 'pan', tinyJpeg());
    const pan = await documentOf(customer.leadId, 'pan');
    await customer.upload('pan_upload', 'pan', tinyJpeg());
    expect((await fileRows(customer.profileId)).some((row) => row.id === pan?.file_id)).toBe(false);
    const keys = new Set((await fileRows(customer.profileId)).map((row) => `files/${row.storage_key}`));
    expect((await filesOnDisk()).filter((path) => path.includes(customer.profileId)).sort()).toEqual([...keys].sort());
  });

  it('takes an encrypted PDF only with a password that opens it, on both document routes', async () => {
    const customer = await customerAtDocuments();
    for (const [name, revision] of [
      ['rc4-40-r2.pdf', 2],
      ['rc4-128-r3.pdf', 3],
      ['aes-128-r4.pdf', 4],
      ['aes-256-r5.pdf', 5],
      ['aes-256-r6.pdf', 6],
    ] as const) {
      const pdf = pdfFixture(name);
      const before = await fileRows(customer.profileId);
      for (const password of [undefined, '', 'N/A']) {
        const reply = await customer.upload('bank_statement_upload', 'bank_statement', pdf, { password });
        expect(reply.status, `${name} ${password}`).toBe(400);
        expect(reply.body).toMatchObject({ Status: 0, Message: PASSWORD_NEEDED });
      }
      for (const password of ['wrong', `KOSH-USER-R${revision}`, `kosh-user-r${revision} `]) {
        const event = await customer.upload('bank_statement_upload', 'bank_statement', pdf, { password });
        expect(event.status, `${name} ${password}`).toBe(400);
        expect(event.body).toMatchObject({ Status: 0, Message: WRONG_PASSWORD });
        const single = await customer.single(16, pdf, { password });
        expect(single.body).toMatchObject({ Status: 0, Message: WRONG_PASSWORD });
      }
      expect(await fileRows(customer.profileId)).toEqual(before);

      const user = await customer.upload('bank_statement_upload', 'bank_statement', pdf, {
        password: `kosh-user-r${revision}`,
      });
      expect(user.body, name).toMatchObject({ Status: 1, Message: 'Bank statement (last six months) uploaded.' });
      const owner = await customer.single(16, pdf, { password: `kosh-owner-r${revision}` });
      expect(owner.body, name).toMatchObject({ Status: 1, Message: 'Salary slip uploaded.' });
      const kept = await documentOf(customer.leadId, 'salary_slip');
      expect(kept?.note).toBe('Password-protected PDF: the password was checked and not kept');
      const served_ = await served(kept?.file_id as string);
      expect(Buffer.from(await served_.arrayBuffer())).toEqual(pdf);
    }
    // Permissions only (an empty user password): it opens without one, so it is taken without one.
    const ownerOnly = await customer.single(16, pdfFixture('owner-only-r6.pdf'));
    expect(ownerOnly.body.Status).toBe(1);
    // Another security handler than the password one cannot be checked: a clear refusal.
    const publicKey = Buffer.from(
      '%PDF-1.7\n1 0 obj<</Filter/Adobe.PubSec/V 4/R 4/SubFilter/adbe.pkcs7.s5>>endobj\ntrailer<</Root 2 0 R/Encrypt 1 0 R>>\n%%EOF\n',
    );
    expect((await customer.single(6, publicKey, { password: 'x' })).body.Message).toBe(
      'This PDF is protected in a way we cannot open. Please upload a copy without the protection.',
    );
    // Passwords never reach the logs or the database.
    const logs = server.logs.join('\n');
    const dump = JSON.stringify(
      await queryRows(server.database.db, sql`select * from lead_documents where lead_id = ${customer.leadId}`),
    );
    for (const secret of ['kosh-user-r', 'kosh-owner-r', 'KOSH-USER']) {
      expect(logs).not.toContain(secret);
      expect(dump).not.toContain(secret);
    }
  });
});

/** Issue 13: the PDF check runs in worker threads with a time limit, so no upload holds the server. */
describe.each(ENGINES)('PDF checks off the request thread (%s database)', (engine) => {
  const CHECK_FAILED = 'We could not check this PDF. Please save it again from your PDF viewer and upload the copy.';
  /** Took about 45 s on the request thread before (each trailer a string running to the end of the file). */
  const adversarial = Buffer.from(`%PDF-1.7\n${'trailer<</A('.repeat(20_000)}`, 'latin1');

  /** A gate (pdfCheckPool's testGate) that holds every check until the test opens it. */
  const closedGate = () => new Int32Array(new SharedArrayBuffer(4));

  async function uploader(server: TestServer) {
    const session = await eligibleCustomer(server);
    await applicationAtDocuments(server, session.token);
    return (file: Buffer, password = 'N/A') =>
      send(server, session.token, {
        event_name: 'bank_statement_upload',
        doc_type: 'bank_statement',
        file: base64(file),
        file_ext: 'pdf',
        password,
      });
  }

  it('an adversarial PDF is answered with a message, and the worker pool is closed with the server', async () => {
    const pool = new PdfCheckPool({ workers: 2, timeoutMs: 10_000, maxQueue: 4 });
    const server = await startServer(engine, {}, { pdfChecks: pool });
    try {
      const upload = await uploader(server);
      const reply = await upload(adversarial);
      // Read as a (damaged) PDF with no encryption: taken, like any unencrypted PDF.
      expect(reply.status).toBe(200);
      expect(reply.body).toMatchObject({ Status: 1, Message: 'Bank statement (last six months) uploaded.' });
      expect(pool.workersStarted).toBe(1);
    } finally {
      await server.close();
    }
    expect(pool.pending).toBe(0);
    expect(await pool.check(tinyPdf(), '')).toEqual({ result: 'failed' });
  });

  it('a check past the time limit is refused with a message (422, not 500), and its worker replaced', async () => {
    // A gate never opened: every check runs until the time limit stops it.
    const pool = new PdfCheckPool({ workers: 1, timeoutMs: 200, maxQueue: 4, testGate: closedGate() });
    const server = await startServer(engine, {}, { pdfChecks: pool });
    try {
      const upload = await uploader(server);
      const reply = await upload(pdfFixture('aes-256-r6.pdf'), 'kosh-user-r6');
      expect(reply.status).toBe(422);
      expect(reply.body).toMatchObject({ Status: 0, Message: CHECK_FAILED, error: 'pdf_check_failed' });
      const again = await upload(tinyPdf());
      expect(again.status).toBe(422);
      expect(pool.workersStarted).toBe(2);
      // Nothing about the file or its password in the log beyond the outcome and size.
      expect(server.logs.join('\n')).not.toContain('kosh-user-r6');
    } finally {
      await server.close();
    }
  });

  it('/Api/health answers while a slow check runs, and a full queue is refused as busy', async () => {
    const gate = closedGate();
    const pool = new PdfCheckPool({ workers: 1, timeoutMs: 60_000, maxQueue: 1, testGate: gate });
    const server = await startServer(engine, {}, { pdfChecks: pool });
    try {
      const upload = await uploader(server);
      const slow = upload(pdfFixture('rc4-128-r3.pdf'), 'kosh-user-r3');
      while (pool.pending === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      const health = await server.get(API.health);
      expect(health.status).toBe(200);
      // Answered while the check is held in its worker: the request thread was never held by it.
      expect(pool.pending).toBe(1);
      const queued = upload(tinyPdf());
      while (pool.pending < 2) await new Promise((resolve) => setTimeout(resolve, 5));
      const busy = await upload(tinyPdf());
      expect(busy.status).toBe(503);
      expect(busy.body).toMatchObject({
        Status: 0,
        Message: 'Many files are being checked just now. Please try again in a minute.',
      });
      expect((await server.get(API.health)).status).toBe(200);
      // Open the gate: the held check and the queued one finish.
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      expect((await slow).body).toMatchObject({ Status: 1 });
      expect((await queued).body).toMatchObject({ Status: 1 });
    } finally {
      await server.close();
    }
  });
});

describe('file stores refuse any key that could leave the store', () => {
  const unsafe = [
    '../x',
    'a/../../b',
    '/etc/passwd',
    'a\\b',
    'a/%2e%2e/b',
    'a\u0000b',
    'A/b',
    'a//b',
    'a/b/',
    'a/.part',
    '',
  ];
  it.each(unsafe)('%j', async (key) => {
    const parent = await mkdtemp(join(tmpdir(), 'kosh-store-'));
    try {
      const disk = diskFileStore(join(parent, 'files'));
      const memory = memoryFileStore();
      for (const store of [disk, memory]) {
        await expect(store.put(key, new Uint8Array([1]))).rejects.toThrow('unsafe storage key');
        await expect(store.get(key)).rejects.toThrow('unsafe storage key');
        await expect(store.remove(key)).rejects.toThrow('unsafe storage key');
      }
      expect(await readdir(parent)).toEqual([]);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});

describe.each(ENGINES)('per-customer upload caps (%s database)', (engine) => {
  it('refuses files beyond the hourly cap (429) and beyond the bytes kept (413), each with a message', async () => {
    const server = await startServer(engine, { UPLOADS_PER_HOUR: '3', UPLOAD_STORED_BYTES_MAX: String(400_000) });
    try {
      const session = await eligibleCustomer(server);
      await applicationAtDocuments(server, session.token);
      const upload = (file: Buffer) =>
        send(server, session.token, {
          event_name: 'pan_upload',
          doc_type: 'pan',
          file: base64(file),
          file_ext: 'jpg',
          password: 'N/A',
        });
      // The selfie of registration took one slot of three.
      expect((await upload(tinyJpeg())).body.Status).toBe(1);
      const big = await upload(tinyJpeg(450_000));
      expect(big.status).toBe(413);
      expect(big.body.Message).toBe(
        'Your uploads have reached the 0.4 MB we keep for one customer. Please write to us if you need to send more.',
      );
      expect((await upload(tinyJpeg())).body.Status).toBe(1);
      const over = await upload(tinyJpeg());
      expect(over.status).toBe(429);
      expect(over.body.Message).toBe(
        'You have uploaded 3 files in the last hour, the most we take. Please try again in an hour.',
      );
      expect(over.headers.get('retry-after')).toBe('3600');
    } finally {
      await server.close();
    }
  });
});
