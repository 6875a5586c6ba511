/** Starts the server: the built site and the API on one origin (or the API alone, SERVE_SITE=0). */
import { API } from '../../lib/api/paths.ts';
import { ConfigError, loadConfig } from '../config/config.ts';
import { DEMO_BORROWER, seedDemo } from '../dev/seed.ts';
import { InFlightRequests } from '../http/inFlight.ts';
import { serveHttp } from '../http/server.ts';
import { seedDevelopmentStaff } from '../staff/seed.ts';
import { createApp } from './app.ts';
import { createLogger } from './logger.ts';
import { createDeps, startJobWorker, startMessageSenders } from './services.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// `npm start` (scripts/start.ts) asks for plain lines: its output is read by a person. JSON otherwise.
const log = createLogger(config.logLevel, undefined, {}, process.env.KOSH_LOG_FORMAT === 'text' ? 'text' : 'json');
for (const warning of config.warnings) log.warn(warning);
let services: Awaited<ReturnType<typeof createDeps>>;
try {
  services = await createDeps(config, log);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { deps, database } = services;
const requests = new InFlightRequests();
const app = createApp(deps, requests);
const seeded = config.seedDemo && database.kind === 'embedded' && (await seedDemo(deps, log));
// One staff member per role outside production (README "Running the back office").
await seedDevelopmentStaff(deps);
// Delivers the SMS and mail queues from this process (SMS_SENDER=off: only `npm run sms-sender` does).
const senders = startMessageSenders(deps);
// Runs the scheduled jobs (end of day, reminders, …) from this process (JOB_WORKER=off: only `npm run jobs` does).
const jobWorker = await startJobWorker(deps);

const server = serveHttp(app.fetch, config, { port: config.port, hostname: config.host }, (info) => {
  const origin = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${info.port}`;
  log.info('listening', {
    address: `${origin}/`,
    database: database.kind,
    sms: deps.smsGateway.name,
    mail: deps.mailTransport.name,
    sms_sender: config.smsSender.mode,
  });
  // For people, not log collectors: where to look and where the codes are.
  if (config.logLevel !== 'silent') {
    console.log(`\n  Kosh Credit is running at ${origin}/`);
    if (deps.smsGateway.name === 'outbox') {
      console.log(`  One-time codes (never logged): ${origin}${API.devOutbox}?to=<mobile>`);
    }
    if (config.seedDemo && database.kind === 'embedded') {
      console.log(
        `  Demo borrower${seeded ? ' (just created)' : ''}: PAN ${DEMO_BORROWER.pancard}, mobile ${DEMO_BORROWER.mobile}; repay at ${origin}/repayloan`,
      );
    }
    if (config.payments.mode === 'sandbox') console.log('  Payments: Razorpay and PayU sandboxes (no real money)');
    if (config.staff.devPassword !== null) {
      console.log(`  Back office staff: credit@kosh.test, finance@kosh.test, … (README "Running the back office")`);
    }
    console.log('');
  }
});

/** Longer than the slowest outside call a request or a sender can wait for (the gateways' 10 s limits, a PDF drawing's). */
const STOP_WAIT_MS = 15_000;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info('stopping', { signal, requests_running: requests.count });
    const closed = new Promise((resolve) => server.close(resolve));
    setTimeout(() => {
      log.error('stopping: requests still running; exiting without them', { requests_running: requests.count });
      process.exit(1);
    }, STOP_WAIT_MS).unref();
    // The database stays open until the last running request has finished, whether or not its client is still there,
    // and the senders' deliveries in flight are recorded (what they have not claimed stays queued for the next start).
    await Promise.all([requests.drain(), senders?.stop(), jobWorker?.stop()]);
    await database.close();
    await Promise.all([deps.pdfChecks.close(), deps.pdfDrawing.close()]);
    // Answers already on their way get a moment to reach their clients.
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    log.info('stopped');
    process.exit(0);
  });
}
