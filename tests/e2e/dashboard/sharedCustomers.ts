/**
 * Customers built once per test run and shared by the dashboard tests that only read their screens
 * (dashboardFirstPaint, dashboardLoanHome, dashboardHome, dashboardSession, dashboardPromises,
 * dashboardPhoneFixes, dashboardSmallFixes, dashboardStatements; a statement downloaded or an outbox
 * read changes nothing another reads): a borrower with a loan costs about 0.8 s of
 * the server's CPU to build through the API, and most tests of the loan home only look at it. A test
 * that changes what another reads (pays, is decided on by staff, logs out: logout ends the token every
 * sharer holds) builds its own customer instead. Each test still stores the session in its own fresh
 * browser context.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, test as base, type WorkerInfo } from '@playwright/test';
import { type Customer, customerInState, signInByApi } from './support.ts';

/** customerInState's borrowers carry their loan number and PAN. */
export type Borrower = Customer & { loanNo: string; pan: string; leadId: string };

interface SharedCustomers {
  /** A borrower whose loan is active and unpaid: never pay, repay or log out with it. */
  sharedBorrower: Borrower;
  /** A customer signed in and nothing more (no application, no loan history). */
  sharedNewCustomer: Customer;
  /** An eligible customer whose application waits for its documents. */
  sharedApplicant: Customer & { leadId: string };
}

/**
 * One customer for the whole run, whichever worker asks first: that worker builds it and leaves it in
 * the run's output folder (emptied by Playwright at each run's start), the others wait for it there.
 * Should the build fail, each worker builds its own (and fails as the build does).
 */
async function onceForTheRun<T>(workerInfo: WorkerInfo, name: string, build: () => Promise<T>): Promise<T> {
  // The workers' parent is the run's runner: a run of its own even beside another in the same folder.
  const dir = join(workerInfo.project.outputDir, '.shared-customers', `${process.ppid}-${workerInfo.project.name}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  try {
    mkdirSync(join(dir, `${name}.building`));
  } catch {
    const deadline = Date.now() + 50_000;
    while (!existsSync(file) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
    const kept = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { value?: T }) : {};
    return kept.value ?? build();
  }
  let value: T | undefined;
  try {
    value = await build();
    return value;
  } finally {
    writeFileSync(`${file}.part`, JSON.stringify(value === undefined ? {} : { value }));
    renameSync(`${file}.part`, file);
  }
}

/** Built once per worker, by the first test that asks (for files whose tests run in order on one worker). */
export function shared<T>(build: (request: APIRequestContext) => Promise<T>) {
  let made: Promise<T> | undefined;
  return (request: APIRequestContext) => {
    made ??= build(request);
    return made;
  };
}

export const test = base.extend<object, SharedCustomers & { sharedApi: APIRequestContext }>({
  sharedApi: [
    async ({ playwright }, use, workerInfo) => {
      // The project's own server (the test-scoped baseURL fixture is not a worker's).
      const { baseURL } = workerInfo.project.use;
      const api = await playwright.request.newContext(baseURL ? { baseURL } : {});
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  sharedBorrower: [
    async ({ sharedApi }, use, workerInfo) =>
      use(
        await onceForTheRun(
          workerInfo,
          'borrower',
          async () => (await customerInState(sharedApi, 'loan active')) as Borrower,
        ),
      ),
    { scope: 'worker', timeout: 60_000 },
  ],
  sharedNewCustomer: [
    async ({ sharedApi }, use, workerInfo) =>
      use(await onceForTheRun(workerInfo, 'new-customer', () => signInByApi(sharedApi))),
    { scope: 'worker', timeout: 60_000 },
  ],
  sharedApplicant: [
    async ({ sharedApi }, use, workerInfo) =>
      use(
        await onceForTheRun(
          workerInfo,
          'applicant',
          async () => (await customerInState(sharedApi, 'documents pending')) as Customer & { leadId: string },
        ),
      ),
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect } from '@playwright/test';
