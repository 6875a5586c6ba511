/**
 * Aadhaar, masked (issue 24; decisions.md "Aadhaar, masked"): however the number is sent with an
 * Aadhaar upload, whole, masked or as its last four digits, only "XXXX XXXX 1234" is kept, staff read
 * only that, no table holds the whole number, and no log line carries it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { createLogger, errorFields } from '../../src/server/app/logger.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { applicationAtDocuments, eligibleCustomer, send } from './support/application.ts';
import { base64, tinyJpeg } from './support/files.ts';
import { ENGINES, startServer, type TestServer } from './support/server.ts';
import { asStaff, staffSignIn } from './support/staff.ts';

const INVALID = 'Give only the last four digits of the Aadhaar number.';

/** Every row of every table of ours, as text: where a whole number would be if anything kept it. */
async function everythingStored(server: TestServer): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    server.database.db,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const texts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await queryRows<{ row: string }>(
      server.database.db,
      sql`select t::text as row from ${sql.identifier(table_name)} t`,
    );
    texts.push(...rows.map((r) => r.row));
  }
  return texts.join('\n');
}

describe.each(ENGINES)('Aadhaar, masked (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());

  const upload = (token: string, docType: string, aadhaar?: string) =>
    send(server, token, {
      event_name: 'aadhaar_upload',
      doc_type: docType,
      file: base64(tinyJpeg()),
      file_ext: 'jpg',
      password: 'N/A',
      ...(aadhaar !== undefined && { aadhaar_last4: aadhaar }),
    });
  const notesForStaff = async (leadId: number) => {
    const credit = await staffSignIn(server, 'credit@kosh.test');
    const shown = await asStaff(server, credit.token, STAFF_API.application, { lead_id: leadId });
    expect(shown.body.Status, shown.body.Message).toBe(1);
    return Object.fromEntries(
      (shown.body.Data.documents as { doc_type: string; note: string | null }[]).map((doc) => [doc.doc_type, doc.note]),
    );
  };

  it('takes a whole number, with spaces or hyphens, and keeps and shows staff only XXXX XXXX and its last four', async () => {
    const { token } = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, token);
    const front = await upload(token, 'aadhaar_front', '9876 5432 1098');
    expect(front.body, front.body.Message).toMatchObject({ Status: 1, Message: 'Aadhaar card (front) uploaded.' });
    expect(JSON.stringify(front.body)).not.toMatch(/98765432|9876 5432/);
    expect((await upload(token, 'aadhaar_back', '8765-4321-0987')).body.Status).toBe(1);
    expect(await notesForStaff(leadId)).toMatchObject({
      aadhaar_front: 'Aadhaar XXXX XXXX 1098',
      aadhaar_back: 'Aadhaar XXXX XXXX 0987',
    });

    const stored = await everythingStored(server);
    expect(stored).toContain('XXXX XXXX 1098');
    for (const whole of [/987654321098/, /9876\D{0,3}5432/, /876543210987/, /8765\D{0,3}4321/]) {
      expect(stored).not.toMatch(whole);
      expect(server.logs.join('\n')).not.toMatch(whole);
    }
  });

  it('keeps the masked form and the last four digits as given; refuses anything else and keeps the earlier upload', async () => {
    const { token } = await eligibleCustomer(server);
    const leadId = await applicationAtDocuments(server, token);
    expect((await upload(token, 'aadhaar_front', 'xxxx xxxx 4321')).body.Status).toBe(1);
    expect((await upload(token, 'aadhaar_back', '5678')).body.Status).toBe(1);
    expect(await notesForStaff(leadId)).toMatchObject({
      aadhaar_front: 'Aadhaar XXXX XXXX 4321',
      aadhaar_back: 'Aadhaar XXXX XXXX 5678',
    });

    for (const wrong of ['98', '12345', 'XXXX 4321', '9876 5432 10987', 'ABCD EFGH 1234']) {
      const refused = await upload(token, 'aadhaar_front', wrong);
      expect(refused.status, wrong).toBe(400);
      expect(refused.body).toMatchObject({ Status: 0, Message: INVALID });
    }
    // Without a number the picture is taken and nothing is said of the number.
    expect((await upload(token, 'aadhaar_back')).body.Status).toBe(1);
    expect(await notesForStaff(leadId)).toMatchObject({ aadhaar_front: 'Aadhaar XXXX XXXX 4321', aadhaar_back: null });
  });

  it('the logger masks a whole number wherever it appears in an entry, as JSON and as text', () => {
    for (const format of ['json', 'text'] as const) {
      const lines: string[] = [];
      const log = createLogger(
        'info',
        (line) => lines.push(line),
        { request_id: 'a1b2c3d4-0000-4000-8000-111122223333' },
        format,
      );
      log.warn('upload refused', {
        ...errorFields(new Error('bad value 2345 6789 0123 in aadhaar_last4')),
        given: '234567890123',
        hyphens: '2345-6789-0123',
      });
      const [line] = lines;
      expect(line).not.toMatch(/23456789|2345\D6789/);
      expect(line?.match(/XXXX XXXX 0123/g)).toHaveLength(3);
      // What only looks like one is left alone: a request id, a longer run of digits, a loan number.
      expect(line).toContain('a1b2c3d4-0000-4000-8000-111122223333');
    }
    const lines: string[] = [];
    createLogger('info', (line) => lines.push(line)).info('kept', { account: '12345678901234', loan: 'KCL100001' });
    expect(lines[0]).toContain('"account":"12345678901234"');
  });
});
