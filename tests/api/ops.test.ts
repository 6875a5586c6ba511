import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { createLogger } from '../../src/server/app/logger.ts';
import { createDeps } from '../../src/server/app/services.ts';
import { type Config, loadConfig } from '../../src/server/config/config.ts';
import type { OpenDatabase } from '../../src/server/db/client.ts';
import { auditLog, customers, staffMembers } from '../../src/server/db/schema.ts';
import { DEMO_BORROWER, seedDemo } from '../../src/server/dev/seed.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { loanByNo } from '../../src/server/loans/store.ts';
import { runOps } from '../../src/server/ops/run.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { verifyPassword } from '../../src/server/staff/passwords.ts';
import { TEST_NODE_FLAGS } from '../support/nodeFlags.ts';

/**
 * The command line on a database named to it (DATA_DIR, or a test's own), without a staff sign-in:
 * the commands the API has no route for, and the earlier ones as they were. On a running server, as
 * a signed-in staff member: tests/api/opsOverHttp.test.ts.
 */
const run = promisify(execFile);

/** The embedded database in `dataDir`, opened once for a describe block: the commands run on it in this process. */
async function openTestDatabase(dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, OTP_SECRET: 'x'.repeat(32) });
  const { deps, database } = await createDeps(config, createLogger('silent'));
  return { config, deps, database };
}

/**
 * `npm run ops -- <args>` in this process on `database`, as staff member "asha": its exit code and
 * what it printed (stdout and stderr, as the terminal shows them).
 */
async function opsInProcess(config: Config, database: OpenDatabase, args: string[]) {
  const printed: string[] = [];
  const print = (text: string) => printed.push(`${text}\n`);
  const opsUser = process.env.OPS_USER;
  process.env.OPS_USER = 'asha';
  try {
    const code = await runOps(args, {
      config: () => config,
      database: async () => database,
      write: { out: print, error: print },
    });
    return { code, out: printed.join('') };
  } finally {
    if (opsUser === undefined) delete process.env.OPS_USER;
    else process.env.OPS_USER = opsUser;
  }
}

/** `node scripts/ops.ts <args>` as its own process on the embedded database in `dataDir`, as staff member "asha". */
async function opsProcess(dataDir: string, args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...TEST_NODE_FLAGS, 'scripts/ops.ts', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OPS_USER: 'asha' },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failure = error as { code: number; stdout: string; stderr: string };
    return { code: failure.code, out: failure.stdout + failure.stderr };
  }
}

/** The operating-system user the audit names, with the OPS_USER the staff member gave beside it. */
const OPS_ACTOR = `ops:${userInfo().username} as asha`;

describe('the operations command line and the demo borrower', () => {
  let dataDir: string;
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  /** Closed by the last test, so that a process of its own can open the database. */
  let closed = false;
  const ops = (...args: string[]) => opsInProcess(opened.config, opened.database, args);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kosh-ops-'));
    opened = await openTestDatabase(dataDir);
    expect(await seedDemo(opened.deps)).toBe(true);
    expect(await seedDemo(opened.deps)).toBe(false); // only into an empty database
  });
  afterAll(async () => {
    if (!closed) await opened?.database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('lists the loans with what closes each today', async () => {
    const { code, out } = await ops('loans');
    expect(code).toBe(0);
    expect(out).toMatch(/KCL100001\s+Demo Borrower\s+9876500001\s+₹20,000/);
    expect(out).toContain('₹22,000');
    expect(DEMO_BORROWER.pancard).toBe('DEMOP1234D');
  });

  it('shows the demo borrower’s application as the other commands do, and as JSON with --json', async () => {
    const leads = await ops('leads');
    const leadId = /^(\d+)\s+Demo Borrower\s+9876500001/m.exec(leads.out)?.[1];
    expect(leadId, leads.out).toBeDefined();
    const { code, out } = await ops('lead', leadId as string);
    expect(code).toBe(0);
    expect(out).toContain(`Lead ${leadId} (disbursed), NEW customer`);
    expect(out).toMatch(/Applicant\s+Demo Borrower, mobile 9876500001, PAN DEMOP1234D/);
    expect(out).toMatch(/Asked\s+₹20,000 for 60 days at 0.5% a day, for Medical; statement accepted \d{2}-\d{2}-\d{4}/);
    expect(out).toMatch(/Bank\s+HDFC Bank account ending 9012/);
    expect(out).toMatch(/Loan\s+KCL100001 \(active\)/);
    expect(out).toMatch(/KFS-\d+\s+quote\s+₹20,000 for 60 days at 0.5% a day/);
    // Rupees and words for people: no paise and no internal column names.
    expect(out).not.toMatch(/amountPaise|_paise|2000000|customerId/);
    const asJson = await ops('lead', leadId as string, '--json');
    expect(asJson.code).toBe(0);
    const record = JSON.parse(asJson.out);
    expect(record).toMatchObject({ id: Number(leadId), status: 'disbursed', amountPaise: 2_000_000 });
    expect(record.key_fact_statements).toEqual([expect.objectContaining({ reason: 'quote', current: true })]);
    expect((await ops('loans', '--json')).code).toBe(2);
  });

  it('records an offline transfer once, and shows it with who recorded it', async () => {
    // The demo loan: ₹20,000 at 0.5% a day, disbursed 20 days ago: ₹2,000 of interest to date. The
    // transfer pays interest first: all of it, nothing of the principal.
    expect((await ops('collect', 'KCL100001', '1500.50', '--ref', 'NEFT-0001')).out).toContain(
      'charges ₹0, interest ₹1,500.50, principal ₹0. To close now: ₹20,499.50.',
    );
    const again = await ops('collect', 'KCL100001', '1500.50', '--ref', 'NEFT-0001');
    expect(again.code).toBe(2);
    expect(again.out).toContain('already recorded');
    const { out } = await ops('loan', 'KCL100001');
    expect(out).toMatch(/Collected\s+₹1,500.50/);
    expect(out).toMatch(/To close today\s+₹20,499.50 \(no prepayment charge\)/);
    // The statement of account: the same rows as the borrower's PDF, with the balance after each.
    expect(out).toMatch(/Interest .* to .*, 20 days on ₹20,000.00\s+₹2,000.00\s+₹22,000.00/);
    expect(out).toMatch(
      /Payment received, Bank transfer ref. NEFT-0001\s+₹1,500.50\s+Charges ₹0.00, Interest ₹1,500.50, Principal ₹0.00\s+₹20,499.50/,
    );
    expect(out).toContain(OPS_ACTOR);
    expect(out).toMatch(/offline\s+NEFT-0001\s+₹1,500.50\s+₹1,500.50\s+ops:\S+ as asha/);
  });

  it('refuses what would overpay and explains every mistake', async () => {
    expect((await ops('collect', 'KCL100001', '999999', '--ref', 'NEFT-0002')).out).toMatch(
      /more than the ₹20,499.50 due today/,
    );
    expect((await ops('collect', 'KCL100001', '0.5', '--ref', 'X')).out).toContain(
      'is not an amount in rupees from 1 to ₹2,14,74,836.47',
    );
    expect((await ops('collect', 'KCL100001', '100')).out).toContain('--ref <bank reference>');
    expect((await ops('loan', 'KCL999999')).out).toContain('There is no loan KCL999999');
    const unknown = await ops('sell');
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('Unknown command "sell"');
  });

  it('lists the money to refund: nothing, until a payment beyond the dues arrives; then it and the loan', async () => {
    const none = (await ops('refunds')).out.trim().split('\n');
    expect(none).toEqual([
      `Talking to the embedded database in ${dataDir}, without a staff sign-in: changes are audited as ${OPS_ACTOR}.`,
      '(none)',
    ]);
    // A provider payment of ₹1,00,000 when ₹20,499.50 closes the loan: the loan is closed, the rest kept.
    const loan = await loanByNo(opened.deps.db, 'KCL100001');
    if (!loan) throw new Error('no demo loan');
    const outcome = await recordCollection(opened.deps.db, {
      loanId: loan.id,
      source: 'razorpay',
      reference: 'pay_beyond',
      amountPaise: 10_000_000,
      recordedBy: 'test',
      now: new Date(),
    });
    expect(outcome).toMatchObject({ kind: 'recorded', appliedPaise: 2_049_950, excessPaise: 7_950_050 });
    const { out } = await ops('refunds');
    expect(out).toMatch(
      /KCL100001\s+Demo Borrower\s+9876500001\s+\S+\s+razorpay\s+pay_beyond\s+₹1,00,000\s+₹79,500.50\s+paid beyond the dues/,
    );
    expect(out).toContain('1 to refund, ₹79,500.50 in all.');
    expect((await ops('loan', 'KCL100001')).out).toMatch(/Excess to refund\s+₹79,500.50/);
  });

  // The two tests of the command line as a process of its own: this test process holds the database.
  it('will not open the embedded database while another process has it', async () => {
    const { code, out } = await opsProcess(dataDir, ['loans']);
    expect(code).toBe(1);
    expect(out).toContain('is in use by another process');
  });

  it('runs as its own process, node scripts/ops.ts as npm run ops does, once the database is free', async () => {
    await opened.database.close();
    closed = true;
    const { code, out } = await opsProcess(dataDir, ['loans']);
    expect(code, out).toBe(0);
    expect(out).toContain(`Talking to the embedded database in ${dataDir}, without a staff sign-in`);
    expect(out).toMatch(/KCL100001\s+Demo Borrower\s+9876500001\s+₹20,000/);
    // A folder with no database is refused, never made into a new, empty one.
    const empty = join(dataDir, 'no-database-here');
    const refused = await opsProcess(empty, ['refunds']);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain(`There is no database in ${empty}.`);
  });
});

describe('the operations command line prints customer text safely and takes only plain numbers', () => {
  let dataDir: string;
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  const ops = (...args: string[]) => opsInProcess(opened.config, opened.database, args);
  // A payer picks the PayU mihpayid: this one clears the screen, homes the cursor and prints a fake line.
  const FAKE_PAID = '\x1b[2J\x1b[H\r\nKCL100002 PAID IN FULL, nothing due\x1b[8m';
  // A right-to-left override makes "Ravi ‮rameK" read differently from what is stored.
  const NAME = 'Ravi \u202eKumar\u009b31m';
  let loanNo = '';

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kosh-ops-safe-'));
    opened = await openTestDatabase(dataDir);
    const { deps } = opened;
    const now = new Date();
    const [customer] = await deps.db
      .insert(customers)
      .values({ pancard: 'ABCPK1234F', mobile: '9876500002', fullName: NAME, email: 'ravi@example.in' })
      .returning({ id: customers.id });
    if (!customer) throw new Error('no customer');
    const loan = await createLoan(deps.db, {
      customerId: customer.id,
      principalPaise: 2_000_000,
      dailyRatePercent: 0.5,
      tenureDays: 60,
      disbursalDate: addDays(indiaDate(now), -20),
      actor: 'test',
      now,
    });
    loanNo = loan.loanNo;
    const outcome = await recordCollection(deps.db, {
      loanId: loan.id,
      source: 'payu',
      reference: FAKE_PAID,
      amountPaise: 100_000,
      recordedBy: 'test',
      now,
    });
    expect(outcome.kind).toBe('recorded');
  });
  afterAll(async () => {
    await opened?.database.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** No ESC, CR, C1 or bidi control reaches the terminal; newlines are only the printer's own. */
  const expectNoControls = (out: string) => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters that must not be printed
    expect(out).not.toMatch(/[\x00-\x09\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
  };

  it('shows a reference and a name with their control characters escaped, each on its own line', async () => {
    const loan = await ops('loan', loanNo);
    expect(loan.code).toBe(0);
    expectNoControls(loan.out);
    expect(loan.out).toContain('\\x1b[2J\\x1b[H\\x0d\\x0aKCL100002 PAID IN FULL, nothing due\\x1b[8m');
    // The fake line stays inside the reference column: no output line begins with it.
    expect(loan.out.split('\n').some((line) => line.startsWith('KCL100002'))).toBe(false);
    const loans = await ops('loans');
    expectNoControls(loans.out);
    expect(loans.out).toContain('Ravi \\u202eKumar\\x9b31m');
    expect(loans.out).toMatch(/₹20,000/); // Indian formats unchanged
    const refunds = await ops('refunds');
    expect(refunds.code).toBe(0);
    expectNoControls(refunds.out);
  });

  it('refuses numbers that are not plain decimals, or beyond what the column holds, with a message', async () => {
    for (const amount of ['1e9', '0x1', '-5', '99999999999', '21474837', ' 5000', '5,000']) {
      const result = await ops('collect', loanNo, amount, '--ref', `NEFT-${amount}`);
      expect(result.code, amount).toBe(2);
      expect(result.out, amount).toMatch(/is not an amount in rupees/);
    }
    for (const [option, message] of [
      ['--amount', /--amount must be whole rupees/],
      ['--tenure', /--tenure must be a number of days/],
      ['--roi', /--roi must be the daily rate/],
    ] as const) {
      for (const value of ['1e9', '0x1', '-5', '99999999999']) {
        const given = { '--version': '1', '--amount': '20000', '--tenure': '60', '--roi': '0.5', [option]: value };
        const result = await ops('approve', '1', ...Object.entries(given).flat());
        expect(result.code, `${option} ${value}`).toBe(2);
        expect(result.out, `${option} ${value}`).toMatch(message);
      }
    }
    for (const id of ['1e9', '0x1', '-5', '0', '99999999999999999']) {
      const result = await ops('disburse', id);
      expect(result.code, id).toBe(2);
      expect(result.out, id).toContain('Give the lead id');
    }
    // Lead ids are a bigint column: a long one is looked up, and is not there.
    const reject = await ops('reject', '99999999999', '--reason', 'x', '--version', '1');
    expect(reject.code).toBe(2);
    expect(reject.out).toContain('There is no lead 99999999999');
  });

  it('adds a staff member (the first admin in production) with the password from NEW_STAFF_PASSWORD', async () => {
    const refused = await ops('staff-add', 'owner@kosh.example', '--name', 'Owner', '--roles', 'admin');
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('Set NEW_STAFF_PASSWORD');
    expect((await ops('staff-add', 'owner@kosh.example', '--name', 'Owner', '--roles', 'boss')).out).toContain(
      '--roles is a comma-separated list of credit, finance, collections, support, admin',
    );
    process.env.NEW_STAFF_PASSWORD = 'a-long-first-password';
    try {
      const added = await ops('staff-add', 'Owner@Kosh.example', '--name', 'Owner', '--roles', 'admin,credit');
      expect(added.out).toContain('Owner (admin, credit) can now sign in at /staff/ with owner@kosh.example.');
      const [member] = await opened.deps.db
        .select()
        .from(staffMembers)
        .where(eq(staffMembers.email, 'owner@kosh.example'));
      expect(member?.roles).toEqual(['admin', 'credit']);
      expect(await verifyPassword('a-long-first-password', member?.passwordHash ?? '')).toBe(true);
      // A real member's password at the full cost (only the public development password is hashed cheaply).
      expect(member?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
      // Once there is an admin, staff are added by an admin signed in, not on the database.
      const second = await ops('staff-add', 'second@kosh.example', '--name', 'Second', '--roles', 'admin');
      expect(second.code).toBe(2);
      expect(second.out).toContain('An admin exists: an admin adds staff, signed in (npm run ops -- login');
      expect((await ops('staff-add', 'credit@kosh.example', '--name', 'Credit', '--roles', 'credit')).out).toContain(
        'On the database only the first admin is added',
      );
    } finally {
      delete process.env.NEW_STAFF_PASSWORD;
    }
  });

  it("never disburses alone in production, nor changes anything on the database there: the server's roles and four eyes do", async () => {
    const production = { ...opened.config, env: 'production' } as Config;
    const refused = await opsInProcess(production, opened.database, ['disburse', '5000001']);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('In production a disbursal needs two finance members');
    const collect = await opsInProcess(production, opened.database, ['collect', loanNo, '100', '--ref', 'NEFT-PROD']);
    expect(collect.code).toBe(2);
    expect(collect.out).toContain('In production, changes are made on the server as a signed-in staff member');
    // Reading stays: what the loans are.
    expect((await opsInProcess(production, opened.database, ['loans'])).code).toBe(0);
  });

  it('records who ran it: the operating-system user, with OPS_USER beside it', async () => {
    expect((await ops('collect', loanNo, '100', '--ref', 'NEFT-AUDIT')).code).toBe(0);
    const rows = await opened.deps.db.select().from(auditLog).where(eq(auditLog.action, 'collection.recorded'));
    expect(rows.map((row) => row.actor)).toContain(OPS_ACTOR);
  });
});
