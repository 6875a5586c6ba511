/**
 * Statement benchmark: the statement of account of a loan with 50 collections, produced as the
 * download route produces it (src/server/statements/routes.ts): the lead, loan, customer and
 * collections read from a real embedded database (and PostgreSQL when TEST_DATABASE_URL or
 * DATABASE_URL is set), the account computed, the PDF drawn with its embedded font. Writes
 * docs/benchmarks-statement.md. Budget (issue 12): under 500 ms.
 *
 *   npm run bench:statement
 *   BENCH_RUNS=10 npm run bench:statement   a quick check (the figures want 100 runs)
 *   BENCH_OUT_DIR=<folder>                  write the results there instead of docs/
 *
 * In-process and one at a time, so each run is the latency of one statement, not of a queue; the
 * HTTP layer around it (session check, headers) is the same as any other route's.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { addDays, indiaDate } from '../../src/lib/dates.ts';
import { type OpenDatabase, openDatabase } from '../../src/server/db/client.ts';
import { customers, leads } from '../../src/server/db/schema.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { recordCollection } from '../../src/server/payments/ledger.ts';
import { statementInput } from '../../src/server/statements/load.ts';
import { statementPdf } from '../../src/server/statements/statementPdf.ts';
import { pdfText } from '../../tests/support/pdfText.ts';
import { machineNote, median } from './report.ts';
import { atStop, postgresAdminUrl } from './server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? '100');
const OUT_DIR = process.env.BENCH_OUT_DIR ?? 'docs';
const BUDGET_MS = 500;
const COLLECTIONS = 50;
const DAY = 86_400_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** A fresh database of the engine, and how to drop it. */
async function freshDatabase(
  engine: 'embedded' | 'postgres',
): Promise<{ database: OpenDatabase; drop(): Promise<void> }> {
  if (engine === 'embedded') {
    const database = await openDatabase({ kind: 'embedded', dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  const name = `kosh_bench_statement_${process.pid}`;
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(postgresAdminUrl() as string);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.href });
  return {
    database,
    async drop() {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A ₹50,000 loan at 1% a day disbursed 55 days ago, paid ₹500 a day for 50 days through the ledger. */
async function loanWithCollections(database: OpenDatabase, now: Date) {
  const { db } = database;
  const [customer] = await db
    .insert(customers)
    .values({ mobile: '9000000501', pancard: 'BNCPS1234Q', fullName: 'Bench Borrower', verifiedAt: now })
    .returning();
  if (!customer) throw new Error('no customer');
  const [lead] = await db
    .insert(leads)
    .values({ customerId: customer.id, userType: 'NEW', status: 'disbursed', quote: {} })
    .returning();
  if (!lead) throw new Error('no lead');
  const disbursalDate = addDays(indiaDate(now), -55);
  const loan = await createLoan(db, {
    customerId: customer.id,
    leadId: String(lead.id),
    principalPaise: 5_000_000,
    dailyRatePercent: 1,
    tenureDays: 90,
    disbursalDate,
    actor: 'bench',
    now,
  });
  for (let day = 1; day <= COLLECTIONS; day += 1) {
    const outcome = await recordCollection(db, {
      loanId: loan.id,
      source: day % 2 ? 'razorpay' : 'payu',
      reference: `bench_pay_${String(day).padStart(4, '0')}`,
      amountPaise: 50_000,
      recordedBy: 'bench',
      now: new Date(now.getTime() - (55 - day) * DAY),
    });
    if (outcome.kind !== 'recorded') throw new Error(`collection ${day} not recorded: ${outcome.kind}`);
  }
  return { customerId: customer.id, leadId: lead.id };
}

interface Row {
  engine: string;
  pages: number;
  bytes: number;
  times: number[];
}

const engines: ('embedded' | 'postgres')[] = postgresAdminUrl() ? ['embedded', 'postgres'] : ['embedded'];
const note = machineNote();
const started = Date.now();
const rows: Row[] = [];
for (const engine of engines) {
  const { database, drop } = await freshDatabase(engine);
  const unregister = atStop(drop);
  try {
    const now = new Date();
    const { customerId, leadId } = await loanWithCollections(database, now);
    const times: number[] = [];
    let last: Uint8Array = new Uint8Array();
    // One statement first: the code paths and the font warmed as in a running service.
    for (let run = -1; run < RUNS; run += 1) {
      const start = performance.now();
      const input = await statementInput(database.db, customerId, leadId, now);
      if (!input) throw new Error('no statement input');
      last = await statementPdf(input);
      if (run >= 0) times.push(performance.now() - start);
    }
    const { pages, text } = await pdfText(last);
    const received = text.match(/ref\.\s*bench_pay_\d{4}/g) ?? [];
    if (received.length !== COLLECTIONS)
      throw new Error(`the statement shows ${received.length} of ${COLLECTIONS} payments`);
    rows.push({ engine, pages: pages.length, bytes: last.byteLength, times });
    console.log(`${engine}: median ${median(times).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`);
  } finally {
    await drop();
    unregister();
  }
}

// Judged on the 95th percentile: a 2-core machine shared with other work has the odd slow run that is the
// scheduler's, not the statement's; the maximum is shown beside it.
const within = rows.every((row) => percentile(row.times, 95) < BUDGET_MS);
const table = rows
  .map(
    (row) =>
      `| ${row.engine} | ${COLLECTIONS} | ${row.pages} | ${(row.bytes / 1024).toFixed(0)} KB | ${row.times.length} | ${median(row.times).toFixed(1)} | ${percentile(row.times, 95).toFixed(1)} | ${Math.max(...row.times).toFixed(1)} | ${percentile(row.times, 95) < BUDGET_MS ? 'yes' : 'no'} |`,
  )
  .join('\n');
const doc = `# Statement benchmark

Measured by \`npm run bench:statement\` (scripts/bench/statement.ts) on ${new Date().toISOString().slice(0, 10)}, in ${((Date.now() - started) / 1000).toFixed(0)} s:
${RUNS} statements of one loan, one at a time after one warm-up statement, in-process on a fresh database per engine.${RUNS < 100 ? '\n\n**A quick check with fewer runs (BENCH_RUNS set): not the figures.**' : ''}
Machine: ${note}.

The loan: ₹50,000 at 1% a day, ${COLLECTIONS} payments of ₹500 recorded through the payment ledger
(\`recordCollection\`, each with its allocation), so the statement has ${COLLECTIONS} payment lines, ${COLLECTIONS} interest lines and the
disbursal notes. Each run does what the download route does after the session check: reads the lead,
the loan, the customer and the collections (\`statementInput\`), computes the account (\`accountOn\`), and draws
the PDF with pdfkit and the embedded Noto Sans font (\`statementPdf\`). The last PDF is read back to check
that every payment is in it.

Budget (issue 12): a statement PDF of a loan with 50 collections in under ${BUDGET_MS} ms (95th percentile of the runs).

| Database | Collections | Pages | Size | Runs | Median (ms) | p95 (ms) | Max (ms) | p95 within ${BUDGET_MS} ms |
|---|---:|---:|---:|---:|---:|---:|---:|---|
${table}
`;
await mkdir(OUT_DIR, { recursive: true });
await writeFile(join(OUT_DIR, 'benchmarks-statement.md'), doc);
console.log(`Written to ${join(OUT_DIR, 'benchmarks-statement.md')}${within ? '' : ' (over budget)'}`);
process.exit(within ? 0 : 1);
