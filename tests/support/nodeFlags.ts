/**
 * The Node flags of the processes the tests start that open embedded databases: the API tests'
 * workers (vitest.config.ts), the servers and ops commands they start (tests/api/support/process.ts),
 * and the browser tests' servers (tests/support/testServers.ts); Vitest's own process, which makes the
 * run's embedded template, is started with it by `npm run test:unit` (package.json). PGlite's PostgreSQL is WebAssembly,
 * and V8 compiles its busiest functions a second time with its optimizing compiler: work that a
 * database living a few seconds never earns back. With the baseline compiler only, opening one costs
 * half the CPU and a short run of queries is no slower (docs/decisions.md, "A test suite in half the
 * time"). V8 reads the flag only at start, so it cannot be set from inside the process. The product's
 * own processes keep V8's defaults.
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];
