import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './tests/slowFirstSequencer.ts';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/api/**/*.test.ts'],
    environment: 'node',
    // Starts the run's server log empty and scans it for personal data at the end (scripts/checkLogs.ts);
    // makes the migrated databases each test's database is copied from.
    globalSetup: ['tests/logCheck.setup.ts', 'tests/databaseTemplates.setup.ts'],
    // Vitest's default leaves one core of two idle; the API tests wait on databases and child
    // processes as much as they compute.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    testTimeout: 60_000,
    // Opening an embedded database and migrating it takes seconds on a busy 2-core machine.
    hookTimeout: 60_000,
    // What the unit and API tests run of the server and the shared library, measured by V8 itself (no
    // instrumented copy of the code). The floor is the measured figure rounded down (docs/benchmarks.md):
    // a change that leaves code untested lowers it and fails the run. The islands are covered by the
    // browser tests, and code in child processes and database threads is not measured.
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
