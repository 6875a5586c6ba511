/**
 * Customers built once per Playwright worker and shared by the dashboard tests that only read their
 * screens (dashboardFirstPaint, dashboardLoanHome, dashboardHome): a borrower with a loan costs about
 * 0.8 s of the server's CPU to build through the API, and most tests of the loan home only look at it.
 * A test that changes what another reads (pays, is decided on by staff, logs out: logout ends the
 * token every sharer holds) builds its own customer instead. Each test still stores the session in its
 * own fresh browser context.
 */
import { type APIRequestContext, test as base } from '@playwright/test';
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
    async ({ sharedApi }, use) => use((await customerInState(sharedApi, 'loan active')) as Borrower),
    { scope: 'worker', timeout: 60_000 },
  ],
  sharedNewCustomer: [
    async ({ sharedApi }, use) => use(await signInByApi(sharedApi)),
    { scope: 'worker', timeout: 60_000 },
  ],
  sharedApplicant: [
    async ({ sharedApi }, use) =>
      use((await customerInState(sharedApi, 'documents pending')) as Customer & { leadId: string }),
    { scope: 'worker', timeout: 60_000 },
  ],
});

export { expect } from '@playwright/test';
