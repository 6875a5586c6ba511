/**
 * The screens review's "fix next" items 2 to 8 (issue 25, docs/screens-review.md): screens opened in a
 * state they were not made for. Application Preview shows one application, the address's; Congratulations
 * only once the application is sent; Profile Preview's eligibility check only while it can be used; the
 * single-document screens agree with KYC Documents; Calculate Your Loan with a loan running leads to it;
 * the empty states of Loan History, Loan Details and Repayment each give the next step; and item 8, the
 * first figure before a loan (the home's "up to", the amount chosen and what reaches the account, the way
 * on from Application Preview), with the tab's title following the screen's heading. Customers are
 * made through the real API (./support.ts), in the state each screen is judged in.
 *
 * One test per screen (or per customer's screens), its states as steps (issue 21): each state was a test of its own, and each test a
 * fresh browser context and page loads; a browser test costs about 1.6 s of CPU however little it checks.
 * A step opens its customer's session in the same tab (openDashboard), so what each state shows is still
 * read from a page load of the real server.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import site from '../../../content/site.json' with { type: 'json' };
import { formatPercent } from '../../../src/lib/format.ts';
import { KFS_STATEMENTS_PATH } from '../../../src/lib/kfsAcceptance.ts';
import { formatPaise, formatRupees } from '../../../src/lib/money.ts';
import { expect, test } from '../test.ts';
import { shared } from './sharedCustomers.ts';
import {
  applyByApi,
  borrowerByApi,
  callAs,
  customerInState,
  eventAs,
  heading,
  openDashboard,
  registerByApi,
  repayInFullByApi,
  signInByApi,
} from './support.ts';
import { moveTo } from './walk.ts';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cell = (page: Page, panel: string, label: string) =>
  region(page, panel)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: label, exact: true }) })
    .getByRole('cell');
const main = (page: Page) => page.getByRole('main');
const SENT = 'Your loan application is complete and is now with our team.';
const NEEDED = /^Needed$/;
const DECISION = `within ${site.loan.decisionHours} hours`;

/**
 * The loan-active borrower once its readers are done (the tests of such a borrower come first): the loan
 * repaid in full, and a new application begun (a quote only).
 */
async function returningBorrower(request: APIRequestContext) {
  const borrower = await loanActive(request);
  await repayInFullByApi(request, borrower);
  const quote = await eventAs(request, borrower, 'generate_loan_quote');
  expect(quote.body.Status, quote.body.Message).toBe(1);
  return { ...borrower, closedLeadId: borrower.leadId, newLeadId: String(quote.body.Data.lead_id) };
}

// The tests run in order on one worker and share their customers (a loan built through the API costs
// about a second of server CPU). A customer moves on only after its readers: the profile completed is
// then found eligible, the loan running is then repaid (a returning borrower), and the eligible
// customer's quote is asked for by the last test that reads it.
// A test builds or moves on several customers through the API: more than the default minute on a busy machine.
test.describe.configure({ mode: 'default', timeout: 120_000 });

/** Loan repaid in full, a new application begun (a quote only). */
const loanActive = shared(borrowerByApi);
const returning = shared(returningBorrower);
const documentsPending = shared((request) => customerInState(request, 'documents pending'));
const partWay = shared((request) => customerInState(request, 'registration in progress'));
/** Profile complete, eligibility not yet checked. */
const registered = shared(async (request) => registerByApi(request, await signInByApi(request)));
/** The registered customer, then found eligible (register_now): no application yet. */
const eligible = shared(async (request) => {
  const customer = await registered(request);
  const answer = await eventAs(request, customer, 'register_now', { bureau_consent: 1 });
  expect(answer.body.Status, answer.body.Message).toBe(1);
  return { ...customer, nextStep: answer.body.Data.next_step as string, eligibility: '1' };
});

test('Congratulations only once the application is sent: part-way, none begun, paid out, every step given', async ({
  page,
  request,
}) => {
  await test.step('an application part-way: not congratulated, sent to the step it is on', async () => {
    await openDashboard(page, await documentsPending(request), '/my-dashboard/congratulations');
    await expect(heading(page)).toHaveText('Your application is not sent yet');
    await expect(main(page)).not.toContainText(SENT);
    await expect(main(page)).toContainText('it is at the step Upload Your Documents');
    await page.getByRole('link', { name: 'Continue Loan Application' }).click();
    await expect(heading(page)).toHaveText('Complete Your KYC');
  });

  // A customer of this test's own: the calculator it is sent to begins the application (a quote), which
  // the shared eligible customer's later readers must not have; the same application is then completed.
  const fresh = await customerInState(request, 'eligible');
  await test.step('no application begun: the way to begin one', async () => {
    await openDashboard(page, fresh, '/my-dashboard/congratulations');
    await expect(heading(page)).toHaveText('No loan application under way');
    await expect(main(page)).not.toContainText(SENT);
    await page.getByRole('link', { name: 'Start Loan Application' }).click();
    await expect(heading(page)).toHaveText('Calculate Your Loan');
  });

  await test.step('a loan paid out: no "decision within" promise, the way to the loan', async () => {
    const borrower = await loanActive(request);
    await openDashboard(page, borrower, '/my-dashboard/congratulations');
    await expect(main(page)).toContainText(`Your loan ${borrower.loanNo} is paid out`);
    await expect(main(page)).not.toContainText('Most applications get a decision');
    await page.getByRole('link', { name: 'Your loan', exact: true }).click();
    await expect(heading(page)).toHaveText('Your Loan');
  });

  await test.step('every step given: congratulated, with the application number and when to expect the decision', async () => {
    const customer = await applyByApi(request, fresh, 'banking_details');
    await openDashboard(page, customer, '/my-dashboard/congratulations');
    await expect(heading(page)).toHaveText('Congratulations');
    await expect(main(page)).toContainText(SENT);
    await expect(main(page)).toContainText(`Your application number is ${customer.leadId}.`);
    // From dashboardPromises.spec.ts: the decision time the home page promises (content/site.json), and
    // where it shows (no message is sent for every decision).
    await expect(main(page)).toContainText(`Most applications get a decision ${DECISION}`);
    await expect(main(page)).toContainText(`${DECISION}, and it shows on your loan home.`);
    await expect(main(page)).not.toContainText('SMS');
  });
});

test('Profile Preview offers Check Eligibility only while it can be used: part-way, complete, eligible, a loan running', async ({
  page,
  request,
}) => {
  const check = page.getByRole('button', { name: 'Check Eligibility' });
  const consent = page.getByRole('checkbox', { name: /credit bureau/ });

  await test.step('profile part-way: no check, the next profile step instead', async () => {
    await openDashboard(page, await partWay(request), '/my-dashboard/profile-preview');
    await expect(main(page)).toContainText('Complete the five steps of your profile');
    await expect(check).toHaveCount(0);
    await expect(consent).toHaveCount(0);
    // Two of five steps done: the third, the residence address, is next.
    await page.getByRole('link', { name: 'Continue to Residence Address' }).click();
    await expect(heading(page)).toHaveText('Residence Address');
  });

  await test.step('profile complete, not yet checked: the consent and the check', async () => {
    await openDashboard(page, await registered(request), '/my-dashboard/profile-preview');
    await expect(consent).toBeVisible();
    await expect(check).toBeVisible();
  });

  await test.step('already eligible, or with a loan running: no check, the way to the loan', async () => {
    await openDashboard(page, await eligible(request), '/my-dashboard/profile-preview');
    await expect(main(page)).toContainText('You are eligible for a loan.');
    await expect(check).toHaveCount(0);
    await expect(consent).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to your loan' }).click();
    await expect(heading(page)).toHaveText('Your Loan');

    await openDashboard(page, await loanActive(request), '/my-dashboard/profile-preview');
    await expect(page.getByRole('region', { name: 'Outstanding amount' })).toBeVisible();
    await expect(main(page)).toContainText('You have a loan with us');
    await expect(check).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to your loan' })).toBeVisible();
  });
});

test('with a loan running, Calculate Your Loan gives the reason, Pay Now and Your loan, and the single-document screens agree with KYC Documents; once repaid, Application Preview shows one application', async ({
  page,
  request,
}) => {
  const borrower = await loanActive(request);
  await test.step('Calculate Your Loan: the reason, Pay Now and Your loan, no Try again', async () => {
    await openDashboard(page, borrower, '/my-dashboard/calculate-loan');
    await expect(page.getByRole('alert')).toHaveText(
      'You already have an active loan with us. Repay it first, then apply again.',
    );
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    await expect(main(page).getByRole('link', { name: 'Your loan', exact: true })).toBeVisible();
    await main(page).getByRole('link', { name: 'Pay Now' }).last().click();
    await expect(heading(page)).toHaveText('Repayment');
    await expect(page.getByRole('button', { name: 'Proceed to Pay' })).toBeVisible();
  });

  const tileState = page.getByRole('list', { name: 'Document to upload' });
  await test.step('a loan paid out: every document uploaded on both screens, none "Needed"', async () => {
    await moveTo(page, '/my-dashboard/kyc');
    await expect(page.getByRole('row', { name: /^PAN card Uploaded on/ })).toBeVisible();
    for (const slug of ['pan-upload', 'bank-upload', 'upload-salaryslip', 'upload-utilitybill']) {
      await moveTo(page, `/my-dashboard/${slug}`);
      await expect(tileState).toContainText('Uploaded:');
      await expect(tileState.getByText(NEEDED)).toHaveCount(0);
    }
  });

  // The loan-active borrower's last reader: the loan is repaid and a new application begun (returning).
  await test.step('a new application that asks for less: the documents it does not ask for are not "Needed"', async () => {
    await openDashboard(page, await returning(request), '/my-dashboard/kyc');
    await expect(page.getByRole('row', { name: 'PAN card Not yet requested' })).toBeVisible();
    await moveTo(page, '/my-dashboard/pan-upload');
    await expect(main(page)).toContainText('No loan application of yours asks for your PAN card now');
    await expect(tileState).toHaveCount(0);
    await expect(main(page).getByText(NEEDED)).toHaveCount(0);
    // Asked for by the new application: needed, as KYC Documents says.
    await moveTo(page, '/my-dashboard/bank-upload');
    await expect(tileState.getByText(NEEDED)).toBeVisible();
  });

  await test.step('Application Preview shows one application: the one the address names, statement included; else the newest', async () => {
    const customer = await returning(request);
    const statements = await callAs(request, customer, KFS_STATEMENTS_PATH, { lead_id: Number(customer.closedLeadId) });
    const closedKfs = statements.body.Data.statements[0].kfs_no as string;

    await openDashboard(page, customer, `/my-dashboard/lead-preview?lead_id=${customer.closedLeadId}`);
    await expect(cell(page, 'Application Details', 'Application number')).toHaveText(customer.closedLeadId);
    await expect(cell(page, 'Application Status', 'Status')).toHaveText('Closed');
    await expect(cell(page, 'Application Status', 'Loan number')).toHaveText(customer.loanNo);
    await expect(region(page, 'Your Key Fact Statements')).toContainText(
      `Your loan is made on Key Fact Statement ${closedKfs}`,
    );

    // Without a lead id: the newest application (a quote only), and no statement of the closed loan beside it.
    await page.goto('/my-dashboard/lead-preview');
    await expect(cell(page, 'Application Details', 'Application number')).toHaveText(customer.newLeadId);
    await expect(cell(page, 'Application Status', 'Status')).toHaveText('Applied');
    await expect(main(page)).not.toContainText(closedKfs);
    await expect(page.getByRole('region', { name: 'Loan agreement' })).toHaveCount(0);

    // An application that is not the customer's: said, with the way to their own; nothing of another shown.
    await page.goto('/my-dashboard/lead-preview?lead_id=999999999');
    await expect(main(page)).toContainText('No loan details available.');
    await expect(region(page, 'Application Details')).toHaveCount(0);
    await page.getByRole('link', { name: 'See all your loan applications' }).click();
    await expect(heading(page)).toHaveText('Loan History');
  });
});

test('empty states with their next step (Loan History, Loan Details and Repayment), and the first figure before a loan (fix next 8): "up to" when eligible, the amount chosen and what reaches the account part-way; the tab says what the screen says', async ({
  page,
  request,
}) => {
  await test.step('Loan History with no application: finish the profile, or start the application', async () => {
    await openDashboard(page, await partWay(request), '/my-dashboard/leads');
    await expect(main(page)).toContainText('No loan history found.');
    await page.getByRole('link', { name: 'Continue to Residence Address' }).click();
    await expect(heading(page)).toHaveText('Residence Address');

    await openDashboard(page, await eligible(request), '/my-dashboard/leads');
    await expect(main(page)).toContainText('No loan history found.');
    await page.getByRole('link', { name: 'Start your loan application' }).click();
    await expect(heading(page)).toHaveText('Your Loan');
  });

  await test.step('Loan Details with no loan named: the application to open', async () => {
    const customer = await documentsPending(request);
    await openDashboard(page, customer, '/my-dashboard/details');
    await expect(main(page)).toContainText('No loan details available.');
    await page.getByRole('link', { name: `Open your loan application ${customer.leadId}` }).click();
    await expect(page).toHaveURL(`/my-dashboard/details?lead_id=${customer.leadId}`);
    await expect(region(page, `Loan application ${customer.leadId}`)).toBeVisible();
  });

  await test.step('Repayment with nothing due: the way to apply before a loan, the no-dues certificate after one', async () => {
    await openDashboard(page, await eligible(request), '/my-dashboard/repayment');
    await expect(main(page)).toContainText('You have no amount due: you have not borrowed from us yet.');
    await expect(main(page)).not.toContainText('Thank you');
    await expect(page.getByRole('link', { name: 'Start your loan application' })).toBeVisible();

    // An application under way, no loan yet: the way to it, and no thanks for a loan never taken.
    await openDashboard(page, await documentsPending(request), '/my-dashboard/repayment');
    await expect(main(page)).toContainText('You have no amount due: you have not borrowed from us yet.');
    await expect(main(page)).not.toContainText('Thank you');
    await page.getByRole('link', { name: 'View your application' }).click();
    await expect(heading(page)).toHaveText('Application Preview');

    // Repaid in full (a new application begun since: the repaid loan is still the one named).
    const borrower = await returning(request);
    await openDashboard(page, borrower, '/my-dashboard/repayment');
    await expect(main(page)).toContainText(`Your loan ${borrower.loanNo} is repaid in full.`);
    await expect(page.getByRole('button', { name: 'Download no-dues certificate (PDF)' })).toBeVisible();
  });

  await test.step('eligible, no application: the home leads with "up to", the quote the application then gets', async () => {
    // The shared eligible customer's last reader: the quote asked for here begins an application.
    const customer = await eligible(request);
    await openDashboard(page, customer, '/my-dashboard/eligibility');
    const offer = page.getByTestId('loan-offer');
    await expect(offer).toBeVisible();
    // The quote a new application gets now is the offer the home named.
    const quote = (await eventAs(request, customer, 'generate_loan_quote')).body.Data;
    await expect(offer).toHaveText(
      `You can borrow up to ${formatRupees(quote.max_loan_amount)} for ${quote.min_loan_tenure} to ${quote.max_loan_tenure} days, at ${formatPercent(quote.daily_rate_percent)} a day.`,
    );
  });

  await test.step('an application part-way: the amount chosen, what reaches the account and the way on, on the home and the preview', async () => {
    const customer = await documentsPending(request);
    const statements = await callAs(request, customer, KFS_STATEMENTS_PATH, { lead_id: Number(customer.leadId) });
    const kfs = statements.body.Data.statements[0].content;
    const credited = formatPaise(kfs.disbursed_amount_paise);
    const repayable = formatPaise(kfs.total_repayable_paise);

    await openDashboard(page, customer, '/my-dashboard/eligibility');
    const figures = page.getByTestId('application-figures');
    await expect(figures).toContainText(
      `Amount chosen${formatPaise(kfs.sanctioned_amount_paise)} for ${kfs.tenure_days} days`,
    );
    await expect(figures).toContainText(`You receive, after fee and GST${credited}`);
    await expect(figures).toContainText(`Payable amount${repayable}`);

    await moveTo(page, '/my-dashboard/lead-preview');
    await expect(cell(page, 'Application Details', 'You receive, after fee and GST')).toHaveText(credited);
    await expect(cell(page, 'Application Details', 'Payable amount')).toHaveText(repayable);
    await region(page, 'Next: Upload Your Documents').getByRole('link', { name: 'Continue Loan Application' }).click();
    await expect(heading(page)).toHaveText('Complete Your KYC');

    // Congratulations part-way says the application is not sent, and so does the tab.
    await moveTo(page, '/my-dashboard/congratulations');
    await expect(heading(page)).toHaveText('Your application is not sent yet');
    await expect(page).toHaveTitle('Your application is not sent yet | Kosh Credit');
  });
});
