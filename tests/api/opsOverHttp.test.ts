/**
 * The operations command line against a running server (issue 22), on each database: it signs in
 * with the e-mail, the password and the e-mailed code, keeps the session in a file only its owner
 * reads, says on its first line which server it talks to and as whom, and every action goes through
 * the staff routes: the role, the version read and the four eyes (disbursals, refunds) are the server's.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API } from '../../src/lib/api/staffPaths.ts';
import { COMPLAINT_PATHS } from '../../src/server/complaints/routes.ts';
import { loadConfig } from '../../src/server/config/config.ts';
import { auditLog, staffMembers } from '../../src/server/db/schema.ts';
import { loanByNo } from '../../src/server/loans/store.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import {
  completeApplication,
  EMPLOYMENT,
  eligibleCustomer,
  QUOTE_ACCEPTANCE,
  send,
  signAgreement,
} from './support/application.ts';
import { isSignInCode, latestMail } from './support/mailbox.ts';
import { ENGINES, startServer, TEST_ENV, type TestServer } from './support/server.ts';

const PASSWORD = 'kosh-staff-dev';
const run = promisify(execFile);

describe.each(ENGINES)('npm run ops against a running server (%s database)', (engine) => {
  let server: TestServer;
  let folder: string;
  let sessionFile: string;
  let leadId: number;
  let customerToken: string;

  /** The newest sign-in code e-mailed to `email`, from the development mailbox. */
  async function mailedCode(email: string): Promise<string> {
    return (await latestMail(server, email, isSignInCode)).body.match(/code is (\d{6})/)?.[1] as string;
  }

  /**
   * `npm run ops -- <args>` in this process with the environment `env` (nothing of this process's):
   * its exit code, stdout, stderr, and the questions it asked (answered from `answers`).
   */
  async function ops(
    args: string[],
    env: Record<string, string> = {},
    answers: Record<string, () => Promise<string>> = {},
  ) {
    const out: string[] = [];
    const err: string[] = [];
    const asked: { question: string; secret: boolean }[] = [];
    const code = await runOps(args, {
      config: () => loadConfig({ ...TEST_ENV, ...env }),
      database: () => Promise.reject(new Error('no database is opened here')),
      write: { out: (text) => out.push(text), error: (text) => err.push(text) },
      terminal: {
        env,
        sessionFile,
        async ask(question, secret) {
          asked.push({ question, secret });
          const answer = Object.entries(answers).find(([start]) =>
            question.toLowerCase().replace('-', '').startsWith(start),
          )?.[1];
          if (!answer) throw new Error(`unexpected question ${question}`);
          return answer();
        },
      },
    });
    return { code, out: out.join('\n'), err: err.join('\n'), firstLine: err[0] ?? '', asked };
  }
  /** As the member of `token` (OPS_STAFF_TOKEN), on the test server. */
  const as = (token: string, ...args: string[]) => ops(args, { OPS_SERVER: server.url, OPS_STAFF_TOKEN: token });
  /** With the session `login` kept, on the test server. */
  const signedIn = (...args: string[]) => ops(args, { OPS_SERVER: server.url });

  /** A staff token through the API, as the console signs in. */
  async function tokenOf(email: string): Promise<string> {
    const login = await server.post(STAFF_API.login, { email, password: PASSWORD });
    const code = await mailedCode(email);
    const verified = await server.post(STAFF_API.verify, { challenge_id: login.body.Data.challenge_id, code });
    return verified.body.Data.staff_token;
  }

  beforeAll(async () => {
    server = await startServer(engine);
    folder = await mkdtemp(join(tmpdir(), 'kosh-ops-http-'));
    sessionFile = join(folder, 'kosh', 'ops-session.json');
    // A customer's submitted application: ₹20,000 for 60 days at 0.5% a day, its statement accepted.
    const { token } = await eligibleCustomer(server);
    customerToken = token;
    const quote = await send(server, token, { event_name: 'generate_loan_quote' });
    expect((await send(server, token, QUOTE_ACCEPTANCE)).body.Status).toBe(1);
    expect((await send(server, token, EMPLOYMENT)).body.Status).toBe(1);
    await completeApplication(server, token);
    leadId = quote.body.Data.lead_id;
  });
  afterAll(async () => {
    await server?.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('signs in with the e-mail, the password (not shown) and the e-mailed code, and keeps the session for its owner alone', async () => {
    const login = await ops(
      ['login', '--server', server.url],
      {},
      {
        email: async () => 'credit@kosh.test',
        password: async () => PASSWORD,
        code: () => mailedCode('credit@kosh.test'),
      },
    );
    expect(login.code, login.err).toBe(0);
    expect(login.firstLine).toBe(`Talking to the server at ${server.url} to sign in.`);
    expect(login.asked.map(({ question, secret }) => [question, secret])).toEqual([
      ['E-mail: ', false],
      ['Password (not shown): ', true],
      ['Code from the e-mail: ', false],
    ]);
    expect(login.out).toContain(`Signed in to ${server.url} as Neha Rao (credit).`);
    expect((await stat(sessionFile)).mode & 0o777).toBe(0o600);
    expect((await stat(join(folder, 'kosh'))).mode & 0o777).toBe(0o700);
    expect(JSON.parse(await readFile(sessionFile, 'utf8'))).toMatchObject({ server: server.url, name: 'Neha Rao' });

    const wrong = await ops(
      ['login', '--server', server.url],
      {},
      {
        email: async () => 'credit@kosh.test',
        password: async () => 'not-the-password',
      },
    );
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('The e-mail or the password is not correct.');
  });

  it('lists the applications and shows one, naming the server and the member first; --json parses', async () => {
    const queue = await signedIn('leads');
    expect(queue.code, queue.err).toBe(0);
    expect(queue.firstLine).toBe(`Talking to the server at ${server.url} as Neha Rao (credit).`);
    expect(queue.out).toMatch(new RegExp(`^${leadId}\\s+\\d+\\s+.*₹20,000\\s+60 days`, 'm'));
    expect(queue.out).toMatch(/\d+ waiting for a decision\./);

    const shown = await signedIn('lead', String(leadId));
    expect(shown.out).toContain(`Lead ${leadId} (submitted)`);
    expect(shown.out).toMatch(/Asked\s+₹20,000 for 60 days at 0.5% a day/);
    const asJson = await signedIn('lead', String(leadId), '--json');
    expect(asJson.code).toBe(0);
    expect(asJson.firstLine).toBe(`Talking to the server at ${server.url} as Neha Rao (credit).`);
    expect(JSON.parse(asJson.out)).toMatchObject({ lead_id: leadId, status: 'submitted', asked: { amount: 20_000 } });
  });

  it('refuses a role that does not hold the action with the server’s message; credit approves on the version read', async () => {
    const version = String(JSON.parse((await signedIn('lead', String(leadId), '--json')).out).version);
    const terms = ['--version', version, '--amount', '20000', '--tenure', '60', '--roi', '0.5'];
    const support = await as(await tokenOf('support@kosh.test'), 'approve', String(leadId), ...terms);
    expect(support.code).toBe(2);
    expect(support.firstLine).toBe(`Talking to the server at ${server.url} as Meera Pillai (support).`);
    expect(support.err).toContain('Your role does not allow this.');

    const manager = await signedIn('approve', String(leadId), ...terms, '--manager', 'Someone Else');
    expect(manager.err).toContain('--manager is not taken on the server: whoever approves becomes');
    const stale = await signedIn('approve', String(leadId), ...terms.with(1, String(Number(version) - 1)));
    expect(stale.code).toBe(2);
    const approved = await signedIn('approve', String(leadId), ...terms);
    expect(approved.code, approved.err).toBe(0);
    expect(approved.out).toContain(`Lead ${leadId}: Approved on the statement the customer accepted`);
    // The audit names the signed-in member, not the operating-system user.
    const [credit] = await server.database.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, 'credit@kosh.test'));
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, String(leadId)), eq(auditLog.actor, `staff:${credit?.id}`)));
    expect(rows.length).toBeGreaterThan(0);
  });

  it('finance requests a disbursal, the same member’s approval is refused, another finance member’s makes the loan', async () => {
    // Disbursal needs the customer's e-signed agreement (issue 24).
    await signAgreement(server, customerToken, leadId);
    const finance = await tokenOf('finance@kosh.test');
    const queue = await as(finance, 'disbursals', '--json');
    expect(queue.code, queue.err).toBe(0);
    const ready = JSON.parse(queue.out).to_request.items.find((item: { lead_id: number }) => item.lead_id === leadId);
    expect(ready).toBeDefined();
    const requested = await as(
      finance,
      'request-disbursal',
      String(leadId),
      '--version',
      String(ready.version),
      '--ref',
      'PAYOUT-OPS-0001',
    );
    expect(requested.code, requested.err).toBe(0);
    const requestId = requested.out.match(/Disbursal request (\d+)/)?.[1] as string;
    expect(requested.out).toContain('another finance member must approve it');

    const same = await as(finance, 'approve-disbursal', requestId);
    expect(same.code).toBe(2);
    expect(same.err).toContain('You requested this disbursal: another finance member must approve it.');
    const second = await as(await tokenOf('finance2@kosh.test'), 'approve-disbursal', requestId);
    expect(second.code, second.err).toBe(0);
    expect(second.firstLine).toBe(`Talking to the server at ${server.url} as Kavya Iyer (finance).`);
    const loanNo = second.out.match(/as loan (KCL\d+)/)?.[1] as string;
    expect(loanNo, second.out).toBeDefined();

    const loans = await as(finance, 'loans', '--json');
    expect(JSON.parse(loans.out).items.map((row: { loan_no: string }) => row.loan_no)).toContain(loanNo);
    const collections = await tokenOf('collections@kosh.test');
    const received = await as(collections, 'collect', loanNo, '1000', '--ref', 'NEFT-OPS-0001');
    expect(received.code, received.err).toBe(0);
    expect(received.out).toContain(`Receipt recorded. ₹1,000 on ${loanNo} (ref NEFT-OPS-0001).`);
    expect((await as(collections, 'loan', loanNo)).out).toMatch(/NEFT-OPS-0001\s+₹1,000/);

    // A payment beyond the dues: one finance member requests its refund, another approves it.
    const loan = await loanByNo(server.database.db, loanNo);
    const paid = await recordCollection(server.database.db, {
      loanId: loan?.id as string,
      source: 'razorpay',
      reference: `pay_opsBeyond${engine}`,
      amountPaise: 10_000_000,
      recordedBy: 'test',
      now: new Date(),
    });
    expect(paid).toMatchObject({ kind: 'recorded' });
    const refunds = JSON.parse((await as(finance, 'refunds', '--json')).out);
    const excess = refunds.to_request.items.find((row: { loan_no: string }) => row.loan_no === loanNo);
    expect(excess).toBeDefined();
    const refund = await as(
      finance,
      'request-refund',
      String(excess.collection_id),
      String(excess.to_refund),
      '--ref',
      'UTR-OPS-000001',
    );
    expect(refund.code, refund.err).toBe(0);
    const refundId = refund.out.match(/Refund request (\d+)/)?.[1] as string;
    expect((await as(finance, 'approve-refund', refundId)).code).toBe(2);
    const refunded = await as(await tokenOf('finance2@kosh.test'), 'approve-refund', refundId);
    expect(refunded.code, refunded.err).toBe(0);
    expect(refunded.out).toContain(`on loan ${loanNo} recorded as paid`);
  });

  it('support answers a complaint; an admin changes a member’s roles, which ends their sessions', async () => {
    const customer = await eligibleCustomer(server);
    const raised = await server.post(
      COMPLAINT_PATHS.raise,
      { subject: 'Charged twice', message: 'My payment was taken twice.' },
      { token: customer.token },
    );
    expect(raised.body.Status, raised.body.Message).toBe(1);
    const support = await tokenOf('support@kosh.test');
    const open = await as(support, 'complaints', '--json');
    expect(open.code, open.err).toBe(0);
    const complaint = JSON.parse(open.out).items.find(
      (row: { complaint_no: string }) => row.complaint_no === raised.body.Data.complaint_no,
    );
    expect((await as(support, 'complaints')).out).toMatch(/Charged twice\s+open/);
    const answered = await as(
      support,
      'answer-complaint',
      String(complaint.complaint_id),
      '--answer',
      'Refunded.',
      '--resolved',
    );
    expect(answered.code, answered.err).toBe(0);
    expect(answered.out).toBe(`Complaint ${complaint.complaint_id}: Answered and resolved.`);

    const admin = await tokenOf('admin@kosh.test');
    const changed = await as(admin, 'staff-update', 'support@kosh.test', '--roles', 'support,collections');
    expect(changed.code, changed.err).toBe(0);
    expect(changed.out).toBe('Meera Pillai updated; their sessions have ended.');
    expect((await as(support, 'complaints')).err).toContain('Your staff session has ended.');
    expect((await as(await tokenOf('support@kosh.test'), 'whoami')).out).toBe(
      'Meera Pillai (support@kosh.test): support, collections',
    );
  });

  it('signs out: the session ends on the server and its file is gone; then it asks to sign in', async () => {
    const { token } = JSON.parse(await readFile(sessionFile, 'utf8'));
    const out = await signedIn('logout');
    expect(out.code, out.err).toBe(0);
    expect(out.out).toBe(`Signed out of ${server.url}.`);
    await expect(stat(sessionFile)).rejects.toThrow();
    const ended = await as(token, 'whoami');
    expect(ended.code).toBe(2);
    expect(ended.err).toContain('Your staff session has ended. Please sign in again.');
    const none = await signedIn('leads');
    expect(none.code).toBe(2);
    expect(none.err).toContain('Sign in first: npm run ops -- login');
  });

  it('runs as its own process, node scripts/ops.ts as npm run ops does: questions on stderr, --json alone on stdout', async () => {
    const config = join(folder, 'process-config');
    const env = { PATH: process.env.PATH ?? '', HOME: folder, XDG_CONFIG_HOME: config, OPS_SERVER: server.url };
    const child = spawn(process.execPath, ['scripts/ops.ts', 'login'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const ended = new Promise<number | null>((resolve) => child.once('close', resolve));
    child.stdin.write(`admin@kosh.test\n${PASSWORD}\n`);
    for (let tries = 0; tries < 100 && !stderr.includes('Code from the e-mail'); tries += 1) await delay(100);
    child.stdin.end(`${await mailedCode('admin@kosh.test')}\n`);
    expect(await ended, stderr).toBe(0);
    expect(stderr.split('\n')[0]).toBe(`Talking to the server at ${server.url} to sign in.`);
    expect(stderr).not.toContain(PASSWORD);
    expect(stdout).toContain('as Rohan Das (admin)');

    const listed = await run(process.execPath, ['scripts/ops.ts', 'staff', '--json'], { env });
    expect(listed.stderr.split('\n')[0]).toBe(`Talking to the server at ${server.url} as Rohan Das (admin).`);
    const emails = JSON.parse(listed.stdout).staff.map((member: { email: string }) => member.email);
    expect(emails).toContain('finance2@kosh.test');
    expect((await run(process.execPath, ['scripts/ops.ts', 'logout'], { env })).stdout).toContain('Signed out');
  });

  it('says what is wrong with the server it was given, and never opens a database it was not given', async () => {
    const unreachable = await ops(['leads', '--server', 'http://127.0.0.1:9', '--token', 'x'.repeat(43)]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toContain('Cannot reach the server at http://127.0.0.1:9');
    const plain = await ops(['leads', '--server', 'http://kosh.example.com', '--token', 'x'.repeat(43)]);
    expect(plain.code).toBe(2);
    expect(plain.err).toContain('Use https:// for a server on another machine');

    const noRoute = await ops(['disburse', String(leadId)]);
    expect(noRoute.code).toBe(2);
    expect(noRoute.err).toContain('This command has no staff API route yet');
    const empty = join(folder, 'empty');
    const refused = await ops(['disburse', String(leadId)], { DATA_DIR: empty });
    expect(refused.code).toBe(2);
    expect(refused.err).toContain(`There is no database in ${empty}.`);
    await expect(stat(empty)).rejects.toThrow();
  });
});
