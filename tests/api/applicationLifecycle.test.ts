/**
 * The application as a state machine the database holds (issue 20): once submitted nothing of it
 * changes unless staff send it back with a reason; staff decide on the version they saw and price
 * within the policy; a customer's change, an acceptance and a staff decision that race are never
 * all granted; the loan is made only from the approved, accepted statement. The races run several
 * rounds with the requests a few milliseconds apart, and the end state is read from the database.
 */

import { readFileSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/lib/api/paths.ts';
import { TRANSITIONS } from '../../src/server/application/lifecycle.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { auditLog, files, leads, loans } from '../../src/server/db/schema.ts';
import { DEV_STAFF_PATH } from '../../src/server/dev/routes.ts';
import { PROFILE_PATHS } from '../../src/server/profile/routes.ts';
import {
  completeApplication,
  EMPLOYMENT,
  eligibleCustomer,
  QUOTE_ACCEPTANCE,
  send,
  signAgreement,
} from './support/application.ts';
import { base64, tinyJpeg, tinyPdf } from './support/files.ts';
import { ENGINES, type Reply, startServer, type TestServer } from './support/server.ts';

describe.each(ENGINES)('the application as a state machine (%s database)', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine);
  });
  afterAll(() => server.close());
  const staff = (body: object) => server.post(DEV_STAFF_PATH, body);
  const ROUNDS = engine === 'postgres' ? 8 : 4;

  /** A submitted application on the quote of ₹20,000 for 60 days (income ₹60,000: 0.5% a day). */
  async function submitted() {
    const { token } = await eligibleCustomer(server);
    const quote = await send(server, token, { event_name: 'generate_loan_quote' });
    expect((await send(server, token, QUOTE_ACCEPTANCE)).body.Status).toBe(1);
    expect((await send(server, token, EMPLOYMENT)).body.Status).toBe(1);
    await completeApplication(server, token);
    return { token, leadId: quote.body.Data.lead_id as number };
  }
  const leadRow = async (id: number) => {
    const [row] = await server.database.db.select().from(leads).where(eq(leads.id, id));
    if (!row) throw new Error(`no lead ${id}`);
    return row;
  };
  const upload = (token: string, docType: string, file: Buffer, event = 'bank_statement_upload') =>
    send(server, token, { event_name: event, doc_type: docType, file: base64(file), file_ext: 'x', password: 'N/A' });
  const fileCount = async () => (await server.database.db.select({ id: files.id }).from(files)).length;
  /** Runs the calls a few milliseconds apart, all in flight together. */
  const together = (...calls: (() => Promise<Reply>)[]) =>
    Promise.all(calls.map((call, at) => delay(at * 3).then(call)));

  it('once submitted, nothing changes; sent back with a reason the customer reads; decided on the version seen', async () => {
    const { token, leadId } = await submitted();
    expect((await leadRow(leadId)).status).toBe('submitted');
    const before = await fileCount();
    const locked = 'Your application is with our team and can no longer be changed.';
    for (const change of [
      () => send(server, token, { ...QUOTE_ACCEPTANCE, amount: 60000, tenure: 90 }),
      () => send(server, token, EMPLOYMENT),
      () => upload(token, 'bank_statement', tinyPdf()),
      () => server.post(API.singleDocument, { lead_id: leadId, file: base64(tinyPdf()), docs_id: 6 }, { token }),
      () => send(server, token, { event_name: 'loan_quotation_decision', accepted_id: 2 }),
    ]) {
      const refused = await change();
      expect(refused.status).toBe(409);
      expect(refused.body.Message).toBe(locked);
    }
    // A refused upload keeps nothing.
    expect(await fileCount()).toBe(before);

    const seen = (await leadRow(leadId)).version;
    const reason = 'Your bank statement is not readable: please upload a clearer copy.';
    const sentBack = await staff({ action: 'send_back', lead_id: leadId, reason, step: 'documents', version: seen });
    expect(sentBack.body.Status, sentBack.body.Message).toBe(1);
    const profile = await server.post(PROFILE_PATHS.profile, {}, { token });
    expect(profile.body.Data.lead_details).toMatchObject({ status: 'sent_back', sent_back_reason: reason });
    // Staff cannot approve what is back with the customer.
    expect((await staff({ action: 'approve', lead_id: leadId, version: seen + 1 })).status).toBe(409);

    // The file the send-back was decided on is kept with it; a file nobody decided on is not.
    const decided = (await leadRow(leadId)).version;
    const [pinned] = await queryRows<{ file_id: string }>(
      server.database.db,
      sql`select file_id from lead_documents where lead_id = ${leadId} and doc_type = 'bank_statement'`,
    );
    expect((await upload(token, 'bank_statement', tinyPdf())).body.Status).toBe(1);
    const [first] = await queryRows<{ file_id: string }>(
      server.database.db,
      sql`select file_id from lead_documents where lead_id = ${leadId} and doc_type = 'bank_statement'`,
    );
    expect((await upload(token, 'bank_statement', tinyPdf())).body.Status).toBe(1);
    const exists = async (id: string | undefined) =>
      (
        await server.database.db
          .select()
          .from(files)
          .where(eq(files.id, id ?? ''))
      ).length === 1;
    expect(await exists(pinned?.file_id)).toBe(true);
    expect(await exists(first?.file_id)).toBe(false);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'lead.send_back'));
    expect(audit.some((row) => (row.detail as { file_ids: string[] }).file_ids.includes(pinned?.file_id ?? ''))).toBe(
      true,
    );

    // Submitted again by the bank step; a decision on the version before it is refused.
    const again = await send(server, token, {
      event_name: 'banking_details',
      account_name: 'Ravi Kumar',
      account_branch: 'MG Road',
      account_number: '123456789012',
      confirm_account_number: '123456789012',
      account_ifsc: 'HDFC0001234',
      verification_consent: 1,
    });
    expect(again.body.Data.next_step).toBe('completed');
    const stale = await staff({ action: 'approve', lead_id: leadId, version: decided });
    expect(stale.status).toBe(409);
    expect(stale.body.Message).toMatch(/changed since you read it/);
    const current = (await leadRow(leadId)).version;
    expect((await staff({ action: 'approve', lead_id: leadId, version: current })).body.Data.status).toBe('accepted');
    expect((await leadRow(leadId)).sentBackReason).toBeNull();
  });

  it('a customer change racing a staff approval: the change is refused, and the loan has exactly the approved terms', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, leadId } = await submitted();
      const replies = await together(
        () => send(server, token, { ...QUOTE_ACCEPTANCE, amount: 60000, tenure: 90 }),
        () => staff({ action: 'approve', lead_id: leadId, amount: 15000, tenure: 60, roi: 0.5 }),
        () => upload(token, 'bank_statement', tinyPdf()),
        () => upload(token, 'pan', tinyJpeg(), 'pan_upload'),
      );
      const [quote, approval, statement, pan] = replies;
      expect(replies.every((reply) => reply.status < 500)).toBe(true);
      expect(approval?.body.Status, approval?.body.Message).toBe(1);
      for (const change of [quote, statement, pan]) expect(change?.status).toBe(409);
      const kfsNo = approval?.body.Data.kfs_no;
      const accepted = await send(server, token, {
        event_name: 'kfs_acknowledgement',
        kfs_no: kfsNo,
        kfs_acknowledged: true,
      });
      expect(accepted.body.Status, accepted.body.Message).toBe(1);
      await signAgreement(server, token, leadId);
      expect((await staff({ action: 'disburse', lead_id: leadId })).body.Status).toBe(1);
      const made = await server.database.db
        .select()
        .from(loans)
        .where(eq(loans.leadId, String(leadId)));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ principalPaise: 15_000_00, tenureDays: 60, dailyRateHundredths: 50 });
    }
    // Each round signs an agreement (its PDF drawn, beside the acceptance mail's KFS) and disburses:
    // 8 rounds took over 60 s on a busy CI machine.
  }, 180_000);

  it('accepting a statement racing its replacement: one of the two, never a replaced statement accepted, never a 500', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const { token, leadId } = await submitted();
      const first = await staff({ action: 'approve', lead_id: leadId, amount: 15000, tenure: 60, roi: 0.5 });
      const kfsNo = first.body.Data.kfs_no;
      const version = (await leadRow(leadId)).version;
      const [accept, reissue] = await together(
        () => send(server, token, { event_name: 'kfs_acknowledgement', kfs_no: kfsNo, kfs_acknowledged: true }),
        () => staff({ action: 'approve', lead_id: leadId, amount: 16000, tenure: 60, roi: 0.5, version }),
      );
      expect([accept?.status, reissue?.status].sort()).toEqual([200, 409]);
      outcomes.add(accept?.status === 200 ? 'accepted first' : 'replaced first');
      const lead = await leadRow(leadId);
      expect(lead.status).toBe(accept?.status === 200 ? 'accepted' : 'approved');
    }
    const [wrong] = await queryRows<{ n: string | number }>(
      server.database.db,
      sql`select count(*) as n from key_fact_statements where acknowledged_at >= superseded_at`,
    );
    expect(Number(wrong?.n)).toBe(0);
    expect(server.logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('the statement preview draws only terms within the quote, each field with its message', async () => {
    const { token } = await eligibleCustomer(server);
    await send(server, token, { event_name: 'generate_loan_quote' });
    for (const [terms, message] of [
      [{ amount: 20000, tenure: 100_000_000 }, 'Choose a tenure from 60 to 90 days.'],
      [{ amount: 9_000_000_000_000_000, tenure: 60 }, 'Choose an amount from ₹5,000 to ₹60,000.'],
      [{ amount: 1, tenure: 1 }, 'Choose an amount from ₹5,000 to ₹60,000.'],
      [{ amount: 20000, tenure: 1 }, 'Choose a tenure from 60 to 90 days.'],
    ] as const) {
      const preview = await server.post(API.keyFactStatement, terms, { token });
      expect(preview.status, JSON.stringify(terms)).toBe(400);
      expect(preview.body.Message).toBe(message);
    }
    expect((await server.post(API.keyFactStatement, { amount: 20000, tenure: 60 }, { token })).body.Status).toBe(1);
  });
});

describe('the state table', () => {
  it('is written the same in docs/decisions.md', () => {
    const decisions = readFileSync(new URL('../../docs/decisions.md', import.meta.url), 'utf8');
    for (const row of TRANSITIONS) {
      const line = `| ${row.action} | ${row.from.join(', ')} | ${row.to.join(', ')} | ${row.by} |`;
      expect(decisions, line).toContain(line);
    }
  });
});
