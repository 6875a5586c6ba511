/**
 * API load benchmark (loopback only, bounded): each scenario against a bare JSON route of the same
 * server in the same run, at 50 and 200 connections, on the embedded database and, when
 * TEST_DATABASE_URL or DATABASE_URL is set, on PostgreSQL. Writes docs/benchmarks-api.md.
 *
 *   npm run bench:api [-- --duration 10 --connections 50,200]
 *   BENCH_SECONDS=2 npm run bench:api      a quick check (the figures want 10 s per scenario)
 *   BENCH_OUT_DIR=<folder>                 write the results there instead of docs/
 *
 * Every scenario runs at most its duration: 16 runs per database, about 4 to 5 minutes per database
 * at 10 s with the preparation of codes, sessions and borrowers.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API, HEADERS } from '../../src/lib/api/paths.ts';
import { indiaDate } from '../../src/lib/dates.ts';
import { SANDBOX_CREDENTIALS } from '../../src/server/config/config.ts';
import { customers, paymentOrders } from '../../src/server/db/schema.ts';
import { createLoan } from '../../src/server/loans/create.ts';
import { REPAY_PATHS } from '../../src/server/payments/paths.ts';
import { paymentSignature } from '../../src/server/payments/razorpay.ts';
import { constantRate, type RateResult, type TimedRequest } from './constantRate.ts';
import { machineNote } from './report.ts';
import { type BenchServer, type Prepare, postgresAdminUrl, startBenchServer } from './server.ts';

const arg = (name: string, fallback: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? (process.argv[index + 1] ?? fallback) : fallback;
};
const DURATION = Number(arg('duration', process.env.BENCH_SECONDS ?? '10'));
const LEVELS = arg('connections', '50,200').split(',').map(Number);
const OUT_DIR = process.env.BENCH_OUT_DIR ?? 'docs';
/** Connections of the open-loop budget runs (the budgets name a request rate, not a connection count). */
const BUDGET_CONNECTIONS = 50;
const BUDGET_RATE = 300;
/** Seconds of warm-up before each budget run (at most the run's own duration, for quick checks). */
const WARMUP = Math.min(2, DURATION);
/**
 * Fresh codes prepared for each saturated verify run: more than the server answers in the run's
 * time on this machine; a run also stops when they are used up.
 */
const CODES_PER_RUN = Number(arg('codes', String(500 * DURATION)));
/** Borrowers with an active loan for each saturated repay-verify run: one code per PAN (the resend spacing). */
const REPAY_PER_RUN = Number(arg('repay-codes', String(300 * DURATION)));
const PAYERS = 100;
const SESSIONS = 200;
// A new object each time: autocannon writes Content-Length into the headers it is given.
const jsonHeaders = () => ({ 'Content-Type': 'application/json', [HEADERS.clientKey]: 'kosh-web' });

interface Row {
  engine: string;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  ratio: number;
}

type Request = TimedRequest;

interface LoadShape {
  connections: number;
  /** Requests per second per connection, all connections starting together: bursts, not a rate. */
  connectionRate?: number;
  /** Stop after this many requests (or at the duration, whichever comes first). */
  amount?: number;
}

/** One run, never longer than DURATION (autocannon's `amount` alone would ignore the duration). */
function load(url: string, next: () => Request, shape: LoadShape): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: shape.connections,
        duration: DURATION,
        ...(shape.amount && { amount: shape.amount }),
        ...(shape.connectionRate && { connectionRate: shape.connectionRate }),
        requests: [{ setupRequest: (request) => ({ ...request, ...next() }) }],
      },
      (error, result) => {
        clearTimeout(timer);
        if (error) reject(error);
        else resolve(result);
      },
    );
    const timer = setTimeout(() => instance.stop(), DURATION * 1000 + 500);
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

/** A preparation call; anything but Status 1 is a failure. */
async function post(url: string, path: string, body: unknown, headers: Record<string, string> = asNewClient()) {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const answer = (await response.json()) as { Status: number; Message: string; Data: Record<string, string> };
  if (answer.Status !== 1) throw new Error(`${path}: ${response.status} ${answer.Message}`);
  return answer;
}
const outboxCode = async (url: string, mobile: string): Promise<string> => {
  const [message] = (await fetch(`${url}${API.devOutbox}?to=${mobile}`).then((r) => r.json())) as { code: string }[];
  if (!message) throw new Error('no code in the outbox');
  return message.code;
};

/**
 * Runs `one` `count` times, 100 at once. A preparation request that fails (a connection reset on a
 * busy machine) is left out rather than retried, since a second code for the same number would be
 * refused; more than a tenth failing stops the benchmark.
 */
async function inParallel(count: number, one: (index: number) => Promise<void>): Promise<void> {
  let failed = 0;
  let reason: unknown;
  for (let i = 0; i < count; i += 100) {
    const settled = await Promise.allSettled(Array.from({ length: Math.min(100, count - i) }, (_, k) => one(i + k)));
    for (const outcome of settled) {
      if (outcome.status === 'rejected') {
        failed += 1;
        reason = outcome.reason;
      }
    }
  }
  if (failed > count / 10) throw new Error(`${failed} of ${count} preparation requests failed`, { cause: reason });
  if (failed) console.warn(`${failed} of ${count} preparation requests failed and were left out`);
}

/** Sign-in codes, each for a new mobile: what a verify request needs to do the whole work once. */
async function prepareCodes(url: string, count: number): Promise<{ profile_id: string; otp: string }[]> {
  const pairs: { profile_id: string; otp: string }[] = [];
  await inParallel(count, async () => {
    const mobile = freshMobile();
    const login = await post(url, API.registration, { event_name: 'login', mobile });
    pairs.push({ profile_id: login.Data.cust_profile_id as string, otp: await outboxCode(url, mobile) });
  });
  return pairs;
}

/** Signed-in customers: a profile id and its session token each. */
async function prepareSessions(url: string, count: number): Promise<{ profile_id: string; token: string }[]> {
  const sessions: { profile_id: string; token: string }[] = [];
  const pairs = await prepareCodes(url, count);
  await inParallel(pairs.length, async (index) => {
    const pair = pairs[index] as { profile_id: string; otp: string };
    const verified = await post(url, API.registration, { event_name: 'otp_verify', ...pair }, jsonHeaders());
    sessions.push({ profile_id: pair.profile_id, token: verified.Data.app_login_token as string });
  });
  return sessions;
}

/** Repay borrowers: PAN `index` of the ones preparePeople wrote, with its mobile. */
const repayBorrower = (index: number) => {
  const letters = 'ABCDEFGHJKLMNQRSTUVWXYZ';
  const letter = (n: number) => letters[n % letters.length];
  const pancard = `KB${letter(Math.floor(index / 10_000))}P${letter(Math.floor(index / 230_000))}${String(index % 10_000).padStart(4, '0')}R`;
  return { pancard, mobile: `7${String(index).padStart(9, '0')}` };
};

/** Repay codes for borrowers [from, from + count): one code per PAN, read from the borrower's outbox. */
async function prepareRepayCodes(url: string, from: number, count: number) {
  const pairs: { panNumber: string; otp: string }[] = [];
  await inParallel(count, async (k) => {
    const { pancard, mobile } = repayBorrower(from + k);
    await post(url, REPAY_PATHS.sendOtp, { pancard });
    pairs.push({ panNumber: pancard, otp: await outboxCode(url, mobile) });
  });
  return pairs;
}

async function scenarios(server: BenchServer): Promise<Row[]> {
  const rows: Row[] = [];
  const floors = new Map<number, number>();
  const rpsOf = (result: autocannon.Result | RateResult) =>
    'answered' in result
      ? result.answered / result.seconds
      : result.duration > 0
        ? result.requests.total / result.duration
        : 0;
  const record = (scenario: string, connections: number, result: autocannon.Result | RateResult) => {
    const rps = rpsOf(result);
    const floor = floors.get(connections) ?? floors.get(LEVELS[0] as number) ?? 0;
    const [p50, p99, errors] =
      'answered' in result
        ? [result.p50, result.p99, result.errors]
        : [result.latency.p50, result.latency.p99, result.errors + result.timeouts + result.non2xx];
    rows.push({ engine: server.engine, scenario, connections, rps, p50, p99, errors, ratio: floor ? rps / floor : 1 });
    console.log(
      `${server.engine} ${scenario} (${connections}): ${rps.toFixed(0)} req/s, p50 ${p50} ms, p99 ${p99} ms, errors ${errors}`,
    );
  };
  /**
   * A budget run: a warm-up at the same rate first, recorded on a row of its own, since a path's first
   * requests on a new server compile its code and fill PostgreSQL's caches, which a running server has
   * done long before.
   */
  const budgetRun = async (scenario: string, next: () => Request, rate: number, connections = BUDGET_CONNECTIONS) => {
    const shape = { rate, connections };
    const warmup = await constantRate(server.url, next, { ...shape, seconds: WARMUP });
    record(`${scenario} (warm-up: the path's first ${WARMUP} s)`, connections, warmup);
    record(`${scenario} (budget)`, connections, await constantRate(server.url, next, { ...shape, seconds: DURATION }));
  };

  for (const connections of LEVELS) {
    const bare = await load(server.url, () => ({ method: 'GET', path: API.health }), { connections });
    floors.set(connections, rpsOf(bare));
    record('bare JSON route (floor)', connections, bare);
  }

  const login = () => ({
    method: 'POST' as const,
    path: API.registration,
    headers: asNewClient(),
    body: JSON.stringify({ event_name: 'login', mobile: freshMobile() }),
  });
  await budgetRun(`OTP request at ${BUDGET_RATE} req/s offered`, login, BUDGET_RATE);
  for (const connections of LEVELS) record('OTP request', connections, await load(server.url, login, { connections }));

  // Fresh codes, each used once: a saturating run stops when they are used up or the time is over.
  const verifications = async (count: number) => {
    const codes = await prepareCodes(server.url, count);
    let used = 0;
    const verify = () => ({
      method: 'POST' as const,
      path: API.registration,
      headers: jsonHeaders(),
      body: JSON.stringify({ event_name: 'otp_verify', ...codes[used++ % codes.length] }),
    });
    return { verify, count: codes.length };
  };
  const budgetCodes = await verifications(Math.ceil(BUDGET_RATE * (WARMUP + DURATION) * 1.05));
  await budgetRun(`OTP verify at ${BUDGET_RATE} req/s offered`, budgetCodes.verify, BUDGET_RATE);
  for (const connections of LEVELS) {
    const { verify, count } = await verifications(CODES_PER_RUN);
    record('OTP verify', connections, await load(server.url, verify, { connections, amount: count }));
  }

  // The dashboard's first call: a session looked up, the customer and their active loan read.
  const sessions = await prepareSessions(server.url, SESSIONS);
  let read = 0;
  const profile = () => {
    const session = sessions[read++ % sessions.length] as { profile_id: string; token: string };
    return {
      method: 'POST' as const,
      path: API.getProfile,
      headers: { 'Content-Type': 'application/json', [HEADERS.token]: session.token },
      body: JSON.stringify({ profile_id: session.profile_id }),
    };
  };
  for (const connections of LEVELS) {
    record('profile read (getProfile, signed in)', connections, await load(server.url, profile, { connections }));
  }

  // Repay verify: a code checked and used up, the PAN's loan found, a repay session opened and a
  // Razorpay order for the whole due created (the sandbox). One fresh PAN per request.
  let nextBorrower = 0;
  for (const connections of LEVELS) {
    const codes = await prepareRepayCodes(server.url, nextBorrower, REPAY_PER_RUN);
    nextBorrower += REPAY_PER_RUN;
    let used = 0;
    const verify = () => ({
      method: 'POST' as const,
      path: REPAY_PATHS.verifyOtp,
      headers: jsonHeaders(),
      body: JSON.stringify(codes[used++ % codes.length]),
    });
    record(
      'repay verify (verifyOtp)',
      connections,
      await load(server.url, verify, { connections, amount: codes.length }),
    );
  }

  // Recording a payment: the verification call with a valid signature for an order not yet paid
  // (an order is credited once), so each writes a collection with its allocation and reduces one of
  // the payers' loans.
  let payment = 0;
  const pay = () => {
    payment += 1;
    const orderId = benchOrderId(payment % PAYERS, Math.floor(payment / PAYERS) % ORDERS_PER_PAYER);
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
  await budgetRun(`payment record, ${PAYERS} payers at once, 1 req/s each`, pay, PAYERS, PAYERS);
  record(
    `payment record, ${PAYERS} payers each second all in the same instant (stress)`,
    PAYERS,
    await load(server.url, pay, { connections: PAYERS, connectionRate: 1 }),
  );
  for (const connections of LEVELS) {
    record(`payment record (${PAYERS} loans)`, connections, await load(server.url, pay, { connections }));
  }
  return rows;
}

/** Open ₹1 orders per payer: more than every payment run together records. */
const ORDERS_PER_PAYER = 300;
const benchOrderId = (payer: number, n: number) =>
  `order_bench${String(payer).padStart(4, '0')}_${String(n).padStart(4, '0')}`;

/**
 * Written before the server starts: 100 payers with a large active loan and open ₹1 Razorpay orders
 * each, and the repay borrowers (a PAN, a mobile and an active loan each).
 */
const preparePeople: Prepare = async (database) => {
  const now = new Date();
  const loanFor = (customerId: string) =>
    createLoan(database.db, {
      customerId,
      principalPaise: 10_000_000,
      dailyRatePercent: 0.25,
      tenureDays: 60,
      disbursalDate: indiaDate(now),
      actor: 'bench',
      now,
    });
  for (let i = 0; i < PAYERS; i += 1) {
    const [customer] = await database.db
      .insert(customers)
      .values({ mobile: `8${String(i).padStart(9, '0')}`, fullName: `Payer ${i}` })
      .returning({ id: customers.id });
    if (!customer) throw new Error('no customer');
    const loan = await loanFor(customer.id);
    await database.db.insert(paymentOrders).values(
      Array.from({ length: ORDERS_PER_PAYER }, (_, n) => ({
        loanId: loan.id,
        provider: 'razorpay',
        providerOrderId: benchOrderId(i, n),
        amountPaise: 100,
      })),
    );
  }
  const borrowers = REPAY_PER_RUN * LEVELS.length;
  for (let i = 0; i < borrowers; i += 500) {
    const batch = await database.db
      .insert(customers)
      .values(
        Array.from({ length: Math.min(500, borrowers - i) }, (_, k) => ({
          ...repayBorrower(i + k),
          fullName: `Borrower ${i + k}`,
          verifiedAt: now,
        })),
      )
      .returning({ id: customers.id });
    // At once: PostgreSQL takes them side by side; the embedded database queues them.
    await Promise.all(batch.map((customer) => loanFor(customer.id)));
  }
};

const engines: ('embedded' | 'postgres')[] = postgresAdminUrl() ? ['embedded', 'postgres'] : ['embedded'];
const note = machineNote();
const started = Date.now();
const rows: Row[] = [];
for (const engine of engines) {
  const preparing = Date.now();
  const server = await startBenchServer(engine, 0, preparePeople);
  console.log(`${engine}: borrowers written in ${((Date.now() - preparing) / 1000).toFixed(0)} s`);
  try {
    rows.push(...(await scenarios(server)));
  } finally {
    await server.stop();
  }
}
const minutes = ((Date.now() - started) / 60_000).toFixed(1);

const table = [
  '| Database | Scenario | Connections | Requests/s | p50 (ms) | p99 (ms) | Errors | vs bare route |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...rows.map(
    (r) =>
      `| ${r.engine} | ${r.scenario} | ${r.connections} | ${r.rps.toFixed(0)} | ${r.rps ? r.p50 : '–'} | ${r.rps ? r.p99 : '–'} | ${r.errors} | ${(r.ratio * 100).toFixed(1)}% |`,
  ),
].join('\n');
const doc = `# API load benchmark

Measured by \`npm run bench:api\` (scripts/bench/api.ts) on ${new Date().toISOString().slice(0, 10)}, in ${minutes} minutes:
autocannon (and, for the budgets, a constant-rate generator) on loopback, ${DURATION === 10 ? '10 s' : `**${DURATION} s: a quick check, not the figures**`} at most per scenario, against the API as its own process
(\`SERVE_SITE=0\`), a fresh database per engine${engines.length === 1 ? ' (embedded only: no TEST_DATABASE_URL or DATABASE_URL was given)' : ''}.
Machine: ${note}.

Every OTP request uses a new mobile number and every verify a fresh, correct code, so each request does the
full work: caps checked in the database, a code hashed and stored, an SMS written to the outbox; or a code
checked, used up and a session opened. The profile read is the dashboard's getProfile with a live session
(the session, the customer and their active loan read). The repay verify uses a fresh code for a PAN of its
own with an active loan: the code used up, the loan found, a repay session opened and a Razorpay order for the
whole due created (the sandbox). The payment record is the Razorpay verification call with a valid signature,
a new payment id and an order not yet paid, spread over ${PAYERS} loans: the loan locked, its earlier collections
read and its account recomputed, the collection written with its allocation (charges, interest, principal) and
the loan reduced; the loans gather collections as the runs go on (up to about ${ORDERS_PER_PAYER} each). Verify runs stop
early when their prepared codes are used up. Every request names a client address of its own in
X-Forwarded-For (TRUST_PROXY=1), so all caps keep their production values.

"vs bare route" is the scenario's requests/s as a share of the bare JSON route (\`GET ${API.health}\`) of the same
server in the same run at the same number of connections (for the budget runs, at ${LEVELS[0]}). Each budget is measured open-loop, at the rate it
names: requests offered evenly spaced whatever the answers' pace, each timed from the moment it was due, so
time spent waiting for a free connection counts (scripts/bench/constantRate.ts; ${PAYERS} payers at 1 request/s
each are ${PAYERS} requests/s on ${PAYERS} connections). Next to them: closed-loop runs at ${LEVELS.join(' and ')} connections that
saturate the server, and a stress run with all ${PAYERS} payers' requests sent in the same instant every second
(autocannon's connectionRate), which no rate describes. Each budget run follows a ${WARMUP} s warm-up at the same
rate, shown on its own row: a path's first requests on a new server compile its code and fill PostgreSQL's
caches, as a server in service did long before. Budgets: the OTP
request and verify paths at least ${BUDGET_RATE} requests/s each with p99 under 100 ms on the embedded database
(issue 3); recording a payment p99 under 100 ms at ${PAYERS} concurrent payers on the embedded database (issue 4).

${table}
`;
await mkdir(OUT_DIR, { recursive: true });
await writeFile(join(OUT_DIR, 'benchmarks-api.md'), doc);
console.log(`\n${table}\n\nWritten to ${join(OUT_DIR, 'benchmarks-api.md')}`);
