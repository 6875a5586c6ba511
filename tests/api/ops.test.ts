import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { loanByNo } from '../../src/server/loans/store.ts';
import { createLogger } from '../../src/server/logger.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { DEMO_BORROWER, seedDemo } from '../../src/server/seed.ts';
import { createDeps } from '../../src/server/services.ts';

const run = promisify(execFile);

describe('the operations command line and the demo borrower', () => {
  let dataDir: string;
  const ops = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run(process.execPath, ['scripts/ops.ts', ...args], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', OPS_USER: 'asha' },
      });
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failure = error as { code: number; stdout: string; stderr: string };
      return { code: failure.code, out: failure.stdout + failure.stderr };
    }
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kosh-ops-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, OTP_SECRET: 'x'.repeat(32) });
    const { deps, database } = await createDeps(config, createLogger('silent'));
    expect(await seedDemo(deps)).toBe(true);
    expect(await seedDemo(deps)).toBe(false); // only into an empty database
    await database.close();
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('lists the loans with what closes each today', async () => {
    const { code, out } = await ops('loans');
    expect(code).toBe(0);
    expect(out).toMatch(/KCL100001\s+Demo Borrower\s+9876500001\s+₹20,000/);
    expect(out).toContain('₹22,000');
    expect(DEMO_BORROWER.pancard).toBe('DEMOP1234D');
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
    expect(out).toMatch(/offline\s+NEFT-0001\s+₹1,500.50\s+₹1,500.50\s+ops:asha/);
  });

  it('refuses what would overpay and explains every mistake', async () => {
    expect((await ops('collect', 'KCL100001', '999999', '--ref', 'NEFT-0002')).out).toMatch(
      /more than the ₹20,499.50 due today/,
    );
    expect((await ops('collect', 'KCL100001', '0.5', '--ref', 'X')).out).toContain(
      'is not an amount in rupees of at least 1',
    );
    expect((await ops('collect', 'KCL100001', '100')).out).toContain('--ref <bank reference>');
    expect((await ops('loan', 'KCL999999')).out).toContain('There is no loan KCL999999');
    const unknown = await ops('sell');
    expect(unknown.code).toBe(2);
    expect(unknown.out).toContain('Unknown command "sell"');
  });

  it('will not open the embedded database while another process has it', async () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, OTP_SECRET: 'x'.repeat(32) });
    const { database } = await createDeps(config, createLogger('silent'));
    try {
      const { code, out } = await ops('loans');
      expect(code).toBe(1);
      expect(out).toContain('is in use by another process');
    } finally {
      await database.close();
    }
  });

  it('lists the money to refund: nothing, until a payment beyond the dues arrives; then it and the loan', async () => {
    expect((await ops('refunds')).out.trim()).toBe('(none)');
    // A provider payment of ₹1,00,000 when ₹20,499.50 closes the loan: the loan is closed, the rest kept.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, OTP_SECRET: 'x'.repeat(32) });
    const { deps, database } = await createDeps(config, createLogger('silent'));
    try {
      const loan = await loanByNo(deps.db, 'KCL100001');
      if (!loan) throw new Error('no demo loan');
      const outcome = await recordCollection(deps.db, {
        loanId: loan.id,
        source: 'razorpay',
        reference: 'pay_beyond',
        amountPaise: 10_000_000,
        recordedBy: 'test',
        now: new Date(),
      });
      expect(outcome).toMatchObject({ kind: 'recorded', appliedPaise: 2_049_950, excessPaise: 7_950_050 });
    } finally {
      await database.close();
    }
    const { out } = await ops('refunds');
    expect(out).toMatch(
      /KCL100001\s+Demo Borrower\s+9876500001\s+\S+\s+razorpay\s+pay_beyond\s+₹1,00,000\s+₹79,500.50\s+paid beyond the dues/,
    );
    expect(out).toContain('1 to refund, ₹79,500.50 in all.');
    expect((await ops('loan', 'KCL100001')).out).toMatch(/Excess to refund\s+₹79,500.50/);
  });
});
