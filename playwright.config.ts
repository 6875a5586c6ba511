import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 4322);
// A fresh embedded database for every run (the uploads' folder too, on PostgreSQL).
const DATA_DIR = join(tmpdir(), `kosh-e2e-${process.pid}-${Date.now()}`);
// The main and clock servers on PostgreSQL when the run has one (TEST_DATABASE_URL, as in CI), as
// production runs (tests/support/testServer.ts makes their databases). The repay server stays on the
// embedded engine, so the payment screens still run on what `npm start` opens (docs/decisions.md, "One
// engine per behaviour test"), and makes and migrates a new embedded database at each start.
const onPostgres = (port: number) => ({ E2E_DATABASE: `kosh_e2e_${port}` });

/**
 * Tests that ask for codes faster than the 30-second spacing: the repay page's for the demo borrower's
 * one PAN, and the sent links' (a customer made through the API moments before signs in on the card).
 */
const CODES_AT_ONCE = /(repay|dashboardLinks|payChoice)\.spec\.ts/;
const LONGEST = [
  /journey\.spec\.ts/,
  /everyRoute\.spec\.ts/,
  /dashboardEveryScreen\.spec\.ts/,
  /dashboardAccessibility\.spec\.ts/,
];

/** The settings every browser-test server shares (each adds its PORT and DATA_DIR: startedAtOnce). */
const SERVER_SETTINGS = {
  HOST: '127.0.0.1',
  NODE_ENV: 'test',
  // Another build can be tested beside the main one (E2E_SITE_DIR, with E2E_PORT).
  SITE_DIR: process.env.E2E_SITE_DIR ?? 'dist',
  LOG_LEVEL: 'warn',
  OTP_SECRET: 'e2e-only-secret-0123456789abcdef0123456789',
  // Every browser test comes from 127.0.0.1: the per-address caps are tested in tests/api.
  OTP_MAX_PER_ADDRESS_PER_HOUR: '100000',
  CONTACT_MAX_PER_ADDRESS_PER_HOUR: '10000',
  // A busy test machine can take longer than production's 2 s to check a PDF; the limit itself
  // is tested in tests/api.
  PDF_CHECK_TIMEOUT_MS: '10000',
  // No scheduled jobs firing mid-test (a reminder landing in the outbox a test reads its code from);
  // the tests that need a day's jobs run them with the development route run-day.
  JOB_WORKER: 'off',
};

// The browser tests run against the built site served by the project's own server (as `npm start`).
export default defineConfig({
  testDir: 'tests/e2e',
  // Under `npm test` the servers start while the site builds; the tests wait for the build here.
  globalSetup: './tests/e2e/siteBuilt.setup.ts',
  fullyParallel: true,
  // Each test spends most of its time waiting (pages settling, the server's embedded database, timers):
  // two workers left the 2-core machine a third idle; three keep it busy beside the API tests.
  workers: 3,
  retries: 0,
  reporter: [[process.env.CI ? 'line' : 'list'], ['json', { outputFile: 'reports/playwright.json' }]],
  // Three workers on two cores: a test that scans a page with axe three times can take half a minute when
  // the API tests run beside it.
  timeout: 60_000,
  // They run at a lower priority than the API tests beside them (scripts/test.ts): a page may take
  // longer than Playwright's 5 s to show what it shows at once on an idle machine.
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace: recording one for every test (the page's frames and a snapshot per action, kept only
    // for failures) was a third of the browser tests' CPU. A failure still prints its call log and
    // the page's accessibility snapshot (error-context.md); to step through one, run its file again
    // with `--trace on`.
    trace: 'off',
    // The site honours reduced motion; every page's fraud-warning ticker otherwise keeps the
    // compositor busy for the whole run. The tests of the motion itself ask for it back.
    reducedMotion: 'reduce',
    launchOptions: { executablePath: await chromiumPath(), args: CHROMIUM_ARGS },
  },
  // The serial chains first (the demo loan's payments, the moved clocks), so that they run beside the
  // parallel mass instead of alone on one worker at the end while the other idles.
  projects: [
    // The repay tests pay the demo borrower's loan and ask for many codes for its one PAN: a server
    // of their own, without the 30-second spacing and hourly cap per PAN (tests/api covers those).
    {
      name: 'repay',
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${PORT + 2}` },
      testMatch: CODES_AT_ONCE,
      // One test at a time in each file: repay.spec.ts's tests all ask codes for the demo PAN, and two at
      // once read each other's code from the outbox.
      fullyParallel: false,
    },
    // Tests that move the server's clock get a server of their own and run one at a time.
    {
      name: 'clock',
      use: { ...devices['Desktop Chrome'], baseURL: `http://127.0.0.1:${PORT + 1}` },
      testMatch: /clock\/.*\.spec\.ts/,
      fullyParallel: false,
      // One clock for the project: a test moving it 70 days would expire another file's fresh code.
      workers: 1,
    },
    // The longest files (a whole customer's life; axe and widths over every page and every dashboard
    // screen) start first too: begun last, one of them ran alone at the end while the other worker idled.
    { name: 'longest', use: { ...devices['Desktop Chrome'] }, testMatch: LONGEST },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [/clock\//, CODES_AT_ONCE, ...LONGEST],
    },
  ],
  webServer: startedAtOnce([
    { PORT: String(PORT), DATA_DIR, ...onPostgres(PORT) },
    { PORT: String(PORT + 1), DATA_DIR: `${DATA_DIR}-clock`, ...onPostgres(PORT + 1) },
    {
      PORT: String(PORT + 2),
      DATA_DIR: `${DATA_DIR}-repay`,
      OTP_RESEND_SECONDS: '0',
      OTP_MAX_PER_MOBILE_PER_HOUR: '1000',
    },
  ]),
});

/**
 * The servers, each with its own settings (PORT and DATA_DIR at least), started at once by
 * tests/support/testServers.ts: Playwright starts a list's servers one after another. The last, the
 * repay server on a new embedded database, is the slowest to start, so its entry runs the launcher;
 * the others' entries then find their servers answering (`reuseExistingServer`), or wait for them
 * with a command that only waits.
 */
function startedAtOnce(servers: Record<string, string>[]) {
  const url = (settings: Record<string, string>) => `http://127.0.0.1:${settings.PORT}/`;
  const [launched, ...waited] = [...servers].reverse() as [Record<string, string>, ...Record<string, string>[]];
  return [
    {
      ...answering(url(launched)),
      command: 'node tests/support/testServers.ts',
      env: { ...SERVER_SETTINGS, E2E_SERVERS: JSON.stringify(servers) },
    },
    ...waited.reverse().map((settings) => ({
      ...answering(url(settings)),
      command: `node -e "setInterval(() => {}, 1 << 30)"`,
      reuseExistingServer: true,
    })),
  ];
}

/**
 * What Playwright waits for: the server's API answering (not a page: under `npm test` the servers start
 * before the site is built, tests/e2e/siteBuilt.setup.ts).
 */
function answering(url: string) {
  return {
    url: `${url}Api/health`,
    reuseExistingServer: false,
    // Opening a new embedded database takes a few seconds, far longer on a busy machine.
    timeout: 120_000,
  };
}
