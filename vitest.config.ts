import { defineConfig } from 'vitest/config';

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
    testTimeout: 60_000,
    // Opening an embedded database and migrating it takes seconds on a busy 2-core machine.
    hookTimeout: 60_000,
  },
});
