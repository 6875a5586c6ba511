/**
 * The `test` and `expect` of every browser test file: Playwright's, with the run's shared customers
 * (dashboard/sharedCustomers.ts) as worker fixtures, built only when a test asks for one. Playwright
 * gives a file a worker (and its browser) left by another file only when both files' `test` has the
 * same fixtures: with two kinds of `test`, a run started 15 workers and browsers for its 3 places
 * (docs/decisions.md, "A test suite in half the time").
 */
export { expect, test } from './dashboard/sharedCustomers.ts';
