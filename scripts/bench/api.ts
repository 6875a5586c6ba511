/**
 * API load benchmark (loopback only, bounded): each scenario against a bare JSON route of the same
 * server in the same run, on the embedded database and, when TEST_DATABASE_URL is set, PostgreSQL.
 * Writes docs/benchmarks-api.md.
 *
 *   npm run bench:api [-- --duration 10 --connections 50]
 */
import { writeFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { API } from '../../src/lib/api/paths.ts';
import { indiaDate } from '../../src/lib/dates.ts';
import { SANDBOX_CREDENTIALS } from '../../src/server/config.ts';
import { customers, paymentOrders } from '../../src/server/db/schema.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { paymentSignature } from '../../src/server/payments/razorpay.ts';
import { REPAY_PATHS } from '../../src/server/repay/routes.ts';
import { type BenchServer, type Prepare, startBenchServer } from './server.ts';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 50);
const VERIFY_CODES = arg('codes', 9000);
// A new object each time: autocannon writes Content-Length into the headers it is given.
const jsonHeaders = () => ({ 'Content-Type': 'application/json', Auth: 'kosh-web' });

interface Row {
  engine: string;
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
}

type Request = { method: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

interface LoadShape {
  connections?: number;
  /** Open loop: requests per second offered in all, whatever the answers' pace. */
  overallRate?: number;
  /** Open loop: requests per second per connection. */
  connectionRate?: number;
  /** Stop after this many requests. */
  amount?: number;
}

async function load(url: string, next: () => Request, shape: LoadShape = {}): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: shape.connections ?? CONNECTIONS,
    duration: DURATION,
    ...(shape.amount && { amount: shape.amount }),
    ...(shape.overallRate && { overallRate: shape.overallRate }),
    ...(shape.connectionRate && { connectionRate: shape.connectionRate }),
    requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
  });
}

let serial = 0;
/** Mobiles no earlier run used: every request is a first request for its number. */
const freshMobile = () => `9${String(process.pid % 1000).padStart(3, '0')}${String(serial++).padStart(6, '0')}`;
let clients = 0;
/** Headers of a request from a client of its own (a distinct X-Forwarded-For address). */
const asNewClient = () => {
  clients += 1;
  return { ...jsonHeaders(), 'X-Forwarded-For': `198.18.${(clients >> 8) & 255}.${clients & 255}` };
};

async function prepareCodes(url: string, count: number): Promise<{ profile_id: string; otp: string }[]> {
  const pairs: { profile_id: string; otp: string }[] = [];
  const one = async () => {
    const mobile = freshMobile();
    const login = await fetch(`${url}${API.registration}`, {
      method: 'POST',
      headers: asNewClient(),
      body: JSON.stringify({ event_name: 'login', mobile }),
    }).then((r) => r.json());
    const [message] = await fetch(`${url}${API.devOutbox}?to=${mobile}`).then((r) => r.json());
    pairs.push({ profile_id: login.Data.cust_profile_id, otp: message.code });
  };
  for (let i = 0; i < count; i += 50) await Promise.all(Array.from({ length: Math.min(50, count - i) }, one));
  return pairs;
}

async function scenarios(server: BenchServer): Promise<Row[]> {
  const rows: Row[] = [];
  const record = (scenario: string, result: autocannon.Result, floor: number) => {
    const rps = result.requests.average;
    rows.push({
      engine: server.engine,
      scenario,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
      ratio: floor ? rps / floor : 1,
    });
    console.log(
      `${server.engine} ${scenario}: ${rps.toFixed(0)} req/s, p99 ${result.latency.p99} ms, errors ${rows.at(-1)?.errors}`,
    );
  };

  const bare = await load(server.url, () => ({ method: 'GET', path: API.health }));
  record('bare JSON route (floor)', bare, 0);
  const floor = bare.requests.average;

  const login = () => ({
    method: 'POST' as const,
    path: API.registration,
    headers: asNewClient(),
    body: JSON.stringify({ event_name: 'login', mobile: freshMobile() }),
  });
  record('OTP request at 300 req/s offered (budget)', await load(server.url, login, { overallRate: 300 }), floor);
  record(`OTP request, saturated (${CONNECTIONS} connections)`, await load(server.url, login), floor);

  // Fresh codes, each used once: a run stops when they are used up or the time is over.
  const codes = await prepareCodes(server.url, VERIFY_CODES);
  let used = 0;
  const verify = () => ({
    method: 'POST' as const,
    path: API.registration,
    headers: jsonHeaders(),
    body: JSON.stringify({ event_name: 'otp_verify', ...codes[used++ % codes.length] }),
  });
  record('OTP verify at 300 req/s offered (budget)', await load(server.url, verify, { overallRate: 300 }), floor);
  record(
    `OTP verify, saturated (${CONNECTIONS} connections)`,
    await load(server.url, verify, { amount: codes.length - used }),
    floor,
  );

  // Recording a payment: the verification call with a valid signature; every request is a new
  // payment id, so each writes a collection and reduces one of the payers' loans.
  let payment = 0;
  const pay = () => {
    payment += 1;
    const orderId = `order_bench${String(payment % PAYERS).padStart(6, '0')}`;
    const paymentId = `pay_bench${String(payment).padStart(8, '0')}`;
    return {
      method: 'POST' as const,
      path: REPAY_PATHS.razorpayVerify,
      headers: jsonHeaders(),
      body: JSON.stringify({
        razorpay_order_id: orderId,
        razorpay_payment_id: paymentId,
        razorpay_signature: paymentSignature(orderId, paymentId, SANDBOX_CREDENTIALS.razorpay.keySecret),
      }),
    };
  };
  record(
    `payment record, ${PAYERS} payers paying at once, 1 req/s each (budget)`,
    await load(server.url, pay, { connections: PAYERS, connectionRate: 1 }),
    floor,
  );
  record(
    `payment record, saturated (${PAYERS} connections)`,
    await load(server.url, pay, { connections: PAYERS }),
    floor,
  );
  return rows;
}

const PAYERS = 100;
/** 100 borrowers with a large active loan and an open ₹1 Razorpay order each, written before the server starts. */
const preparePayers: Prepare = async (database) => {
  const now = new Date();
  for (let i = 0; i < PAYERS; i += 1) {
    const [customer] = await database.db
      .insert(customers)
      .values({ mobile: `8${String(i).padStart(9, '0')}`, fullName: `Payer ${i}` })
      .returning({ id: customers.id });
    if (!customer) throw new Error('no customer');
    const loan = await createLoan(database.db, {
      customerId: customer.id,
      principalPaise: 10_000_000,
      dailyRatePercent: 0.25,
      tenureDays: 60,
      disbursalDate: indiaDate(now),
      actor: 'bench',
      now,
    });
    await database.db.insert(paymentOrders).values({
      loanId: loan.id,
      provider: 'razorpay',
      providerOrderId: `order_bench${String(i).padStart(6, '0')}`,
      amountPaise: 100,
    });
  }
};

const engines: ('embedded' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['embedded', 'postgres'] : ['embedded'];
const rows: Row[] = [];
let port = 4500;
for (const engine of engines) {
  const server = await startBenchServer(engine, port++, preparePayers);
  try {
    rows.push(...(await scenarios(server)));
  } finally {
    await server.stop();
  }
}

const table = [
  '| Database | Scenario | Requests/s | p50 (ms) | p99 (ms) | Errors | vs bare route |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.engine} | ${r.scenario} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${(r.ratio * 100).toFixed(1)}% |`,
  ),
].join('\n');
const doc = `# API load benchmark

Measured by \`npm run bench:api\` (scripts/bench/api.ts) on ${new Date().toISOString().slice(0, 10)}: autocannon on
loopback, ${CONNECTIONS} connections, ${DURATION} s per scenario, against the API as its own process (\`SERVE_SITE=0\`) on
this 2-core machine, a fresh database per engine. Every OTP request uses a new mobile number and every verify a
fresh, correct code, so each request does the full work: caps checked in the database, a code hashed and stored,
an SMS written to the outbox; or a code checked, used up and a session opened. Every request names a client
address of its own in X-Forwarded-For (TRUST_PROXY=1), so all caps keep their production values.

Each budget is measured open-loop, at the load it names (autocannon's overallRate / connectionRate: requests
are offered at that pace whatever the answers' pace), next to a closed-loop run that saturates the server and
shows its ceiling. Budgets: the OTP request and verify paths at least 300 requests/s each with p99 under 100 ms on the embedded
database (issue 3); recording a payment (the verification call) p99 under 100 ms at 100 concurrent payers on the
embedded database (issue 4; that scenario always runs with 100 connections, one per payer).

${table}
`;
await writeFile('docs/benchmarks-api.md', doc);
console.log(`\n${table}\n\nWritten to docs/benchmarks-api.md`);
