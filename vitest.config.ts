import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/slowFirstSequencer.ts';
import { CHROMIUM_ARGS, chromiumPath } from './tests/support/chromium.ts';
import { TEST_NODE_FLAGS } from './tests/support/nodeFlags.ts';

const executablePath = await chromiumPath();

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // Starts the run's server log empty and scans it for personal data at the end
          // (scripts/checkLogs.ts); makes the migrated databases each test's database is copied from.
          globalSetup: ['tests/logCheck.setup.ts', 'tests/databaseTemplates.setup.ts'],
          // Vitest's default leaves one core of two idle; the API tests wait on databases and child
          // processes as much as they compute.
          maxWorkers: 2,
          // Each worker imports the server's modules once, not once per file (import time 91 s to 17 s of
          // a run): every test starts its own server on its own database, and nothing in a module holds
          // one server's state (docs/decisions.md, "A test suite in half the time").
          isolate: false,
          // Each test's embedded database opens in half the CPU (tests/support/nodeFlags.ts).
          execArgv: TEST_NODE_FLAGS,
          sequence: { sequencer: SlowFirstSequencer },
          testTimeout: 60_000,
          // Opening an embedded database and migrating it takes seconds on a busy 2-core machine.
          hookTimeout: 60_000,
        },
      },
      {
        // Components of the islands, drawn alone in the same Chromium the browser tests drive (docs/
        // decisions.md, "Component tests in the real browser"): a form's or a hook's edge cases in
        // milliseconds, without a page, a server and a signed-in customer to reach them.
        // Known up front, so Vite never reloads the page mid-run to optimize what it discovered late.
        optimizeDeps: { include: ['react', 'react-dom', 'react-dom/client', 'react/jsx-dev-runtime'] },
        test: {
          name: 'components',
          include: ['tests/components/**/*.test.tsx'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath, args: CHROMIUM_ARGS } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
    // What the unit and API tests run of the server and the shared library, measured by V8 itself (no
    // instrumented copy of the code). The floor is the measured figure rounded down (docs/benchmarks.md):
    // a change that leaves code untested lowers it and fails the run. The islands are covered by the
    // browser and component tests, and code in child processes and database threads is not measured.
    coverage: {
      provider: 'v8',
      include: ['src/server/**/*.ts', 'src/lib/**/*.ts'],
      exclude: ['src/server/db/migrations/**'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'reports/coverage',
      thresholds: { lines: 89, functions: 87, branches: 76, statements: 86 },
    },
  },
});
