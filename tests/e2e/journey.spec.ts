/**
 * One customer's whole life with us, in a real browser against the real server, with staff working
 * through the real operations command line (issue 6): sign-in with a code, the five profile steps,
 * eligibility, the quote with its Key Fact Statement, employment, every document, the bank account,
 * congratulations; staff approve and disburse with `npm run ops`; the active loan with Pay Now;
 * a part payment through each sandbox; history and details with the payments; the loan paid off;
 * and a new application as a REPEAT customer. The test runs a server of its own. On PostgreSQL
 * (TEST_DATABASE_URL, as in CI) staff work beside the running server, as in production; the
 * embedded database is one process's at a time, so there the server stops while staff use the
 * command line, as on a single-machine install.
 */
import type { Page } from '@playwright/test';
import { formatPaise } from '../../src/lib/money.ts';
import { tinyPdf, tinyPng } from '../api/support/files.ts';
import { type DataPlace, dataPlace, runOps, type ServerProcess, startServerProcess } from '../api/support/process.ts';
import { card, randomMobile, typeCode } from '../support/signIn.ts';
import { birthDate, heading, payInRazorpaySandbox, randomPan, steps, TINY_PNG } from './dashboard/support.ts';
import { expect, test } from './test.ts';

// A port of its own beside the suite's servers (E2E_PORT, +1, +2).
const PORT = Number(process.env.E2E_PORT ?? 4322) + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name, exact: true });
const payDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Payment Method' });
const field = (page: Page, name: string) => page.getByLabel(name, { exact: true });
const DOCUMENTS: [string, 'png' | 'pdf'][] = [
  ['Aadhaar card (front)', 'png'],
  ['Aadhaar card (back)', 'png'],
  ['PAN card', 'png'],
  ['Bank statement (last six months)', 'pdf'],
  ['Salary slip', 'pdf'],
  ['Utility bill', 'png'],
];
const file = (kind: 'png' | 'pdf', name: string) =>
  kind === 'pdf'
    ? { name: `${name}.pdf`, mimeType: 'application/pdf', buffer: tinyPdf() }
    : { name: `${name}.png`, mimeType: 'image/png', buffer: tinyPng() };

test.describe.configure({ mode: 'serial' });

const ENGINE = process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded';
let place: DataPlace;
let server: ServerProcess | undefined;

async function startServer() {
  server = await startServerProcess({
    ...place.env,
    PORT: String(PORT),
    SERVE_SITE: '1',
    SITE_DIR: process.env.E2E_SITE_DIR ?? 'dist',
    OTP_MAX_PER_ADDRESS_PER_HOUR: '100000',
  });
}

async function stopServer() {
  await server?.stop();
  server = undefined;
}

/**
 * Staff commands on the same data, as `npm run ops -- ...`, one after the other; their outputs,
 * each checked to have succeeded. The embedded database's server is stopped meanwhile.
 */
async function staff(...commands: string[][]): Promise<string[]> {
  const embedded = ENGINE === 'embedded';
  if (embedded) await stopServer();
  const outputs: string[] = [];
  for (const args of commands) {
    const result = await runOps(place.env, args);
    expect(result.code, result.out).toBe(0);
    outputs.push(result.out);
  }
  if (embedded) await startServer();
  return outputs;
}

test.beforeAll(async () => {
  // A new embedded database opens in seconds, far longer while the other browser tests run.
  test.setTimeout(120_000);
  place = await dataPlace(ENGINE);
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  await place?.remove();
});

async function uploadDocuments(page: Page, names: string[]) {
  await expect(heading(page)).toHaveText('Complete Your KYC');
  const list = page.getByRole('list', { name: 'Documents to upload' });
  await expect(list.getByRole('listitem')).toHaveCount(names.length);
  // Each document's tile sends its file as soon as it is chosen.
  for (const [name, kind] of DOCUMENTS.filter(([n]) => names.includes(n))) {
    await page
      .getByLabel(`Choose a file for ${name}`, { exact: true })
      .setInputFiles(file(kind, name.replaceAll(' ', '-')));
    const tile = list.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(tile.getByRole('status')).toHaveText(/^Uploaded: /);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All documents uploaded successfully' })).toBeVisible();
}

async function acceptQuote(page: Page) {
  await expect(heading(page)).toHaveText('Calculate Your Loan');
  await page.getByRole('combobox', { name: 'Purpose of Loan' }).selectOption({ label: 'Medical' });
  await page.getByRole('button', { name: 'View Key Fact Statement' }).click();
  // The preview is numbered: what is accepted is this statement (issue 24).
  await expect(region(page, /^Key Fact Statement KFS-\d+$/)).toContainText('Annual percentage rate (APR)');
  await page.getByRole('checkbox', { name: 'I have read and understood the Key Fact Statement.' }).check();
  await page.getByRole('button', { name: 'Accept Loan' }).click();
  // Accepting queues the e-mail with the statement's PDF by reference: the mail sender draws it after
  // the answer (docs/decisions.md "E-mail through a durable queue"), so the page's own limit holds.
  await expect(heading(page)).not.toHaveText('Calculate Your Loan');
}

test('a new customer: sign-in to a disbursed loan paid through both providers, then a repeat application', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const mobile = randomMobile();
  const pan = randomPan();

  // Sign in on /apply-now with the code the SMS outbox received.
  await page.goto(`${ORIGIN}/apply-now`);
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  const login = card(page);
  await login.mobile.fill(mobile);
  await login.consent.check();
  await login.getOtp.click();
  await expect(login.box(1)).toBeFocused();
  const outbox = await (await page.request.get(`${ORIGIN}/__dev/outbox?to=${mobile}`)).json();
  await typeCode(page, outbox[0].code);
  await login.verify.click();
  await page.waitForURL(/\/my-dashboard\/?$/);

  // The five profile steps and the eligibility check.
  await page.getByRole('link', { name: /PAN Authentication/ }).click();
  await steps.pan(page, pan, 60000);
  await steps.personal(page, { email: `asha.${mobile}@example.in`, dob: birthDate(30) });
  await steps.address(page);
  await steps.income(page, 60000);
  await expect(heading(page)).toHaveText('Upload Picture');
  await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Profile Preview');
  await page.getByRole('checkbox', { name: /get my credit report from a credit bureau/ }).check();
  await page.getByRole('button', { name: 'Check Eligibility' }).click();
  await page.getByRole('dialog', { name: 'Eligibility Check' }).getByRole('button', { name: 'Process' }).click();
  await expect(heading(page)).toHaveText('Your Loan');

  // The application: quote and KFS, employment, documents, bank account.
  await page.getByRole('link', { name: 'Start Loan Application' }).click();
  await acceptQuote(page);
  await expect(heading(page)).toHaveText('Employment Details');
  await page.getByRole('radio', { name: 'Work from office' }).check();
  await page.getByRole('textbox', { name: 'Company Name' }).fill('Acme Technologies Pvt Ltd');
  await page.getByRole('combobox', { name: 'Company Type' }).selectOption({ label: 'Private' });
  await page.getByRole('textbox', { name: 'Designation' }).fill('Analyst');
  await page.getByRole('combobox', { name: 'Department' }).selectOption('FINANCE');
  await page.getByRole('textbox', { name: 'Address line 1' }).fill('Tower B, DLF Cyber City');
  await page.getByRole('textbox', { name: 'Address line 2' }).fill('Phase 2');
  await page.getByRole('textbox', { name: 'Pin Code' }).fill('122002');
  await page.getByLabel('Employed Since').fill('2022-04-01');
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await uploadDocuments(
    page,
    DOCUMENTS.map(([name]) => name),
  );
  await expect(heading(page)).toHaveText('Banking Details');
  await field(page, 'Account holder name').fill('Asha Verma');
  await field(page, 'Branch').fill('MG Road');
  await field(page, 'IFSC').fill('HDFC0001234');
  await expect(page.getByText('Bank: HDFC Bank')).toBeVisible();
  await field(page, 'Account number').fill('123456789012');
  await field(page, 'Confirm account number').fill('123456789012');
  await page.getByLabel('I agree that you may verify this bank account with my bank.').check();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
  await expect(page.getByText('Your loan application is complete and is now with our team.')).toBeVisible();

  // Staff decide through the command line, on the same data.
  const [leads] = await staff(['leads']);
  const leadId = leads?.match(new RegExp(`^\\s*(\\d+)\\s.*${mobile}`, 'm'))?.[1] as string;
  expect(leadId, leads).toBeTruthy();
  // Staff decide on the version they read (`ops lead` shows it).
  const [record] = await staff(['lead', leadId, '--json']);
  const version = String(JSON.parse(record as string).version);
  // Staff approve another amount at the customer's rate (0.5% a day for a ₹60,000 income): a new Key
  // Fact Statement, which the customer accepts on the dashboard before the loan can be paid out.
  const [approved] = await staff([
    'approve',
    leadId,
    '--version',
    version,
    '--amount',
    '12000',
    '--tenure',
    '60',
    '--roi',
    '0.5',
    '--manager',
    'Priya Nair',
  ]);
  expect(approved).toContain(`Lead ${leadId} approved: ₹12,000`);
  expect(approved).toContain('the customer must accept it before disbursal');
  await page.goto(`${ORIGIN}/my-dashboard/lead-preview`);
  await page.getByRole('checkbox', { name: 'I have read and accept the Key Fact Statement.' }).check();
  await page.getByRole('button', { name: 'Accept Key Fact Statement' }).click();
  await expect(region(page, 'Your Key Fact Statements')).toContainText('accepted by you');
  // The customer e-signs the loan agreement (every disbursal requires it, issue 24); the account was
  // verified by the penny-drop at the bank step. The agreement's panel is read when the screen opens.
  await page.reload();
  const agreement = page.getByRole('region', { name: 'Loan agreement', exact: true });
  await agreement.getByRole('button', { name: 'Sign the loan agreement' }).click();
  // Asking to sign draws the agreement's PDF in the request, in the PDF workers the mail sender may be
  // using for the acceptance e-mail's statement just then: seconds on a busy test machine.
  await expect(page.getByRole('heading', { name: 'Aadhaar eSign (sandbox)' })).toBeVisible({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Sign with Aadhaar OTP' }).click();
  await expect(agreement).toContainText('Signed');
  const [disbursed] = await staff(['disburse', leadId]);
  const loanNo = disbursed?.match(/as loan (\S+):/)?.[1] as string;
  expect(loanNo, disbursed).toBeTruthy();

  // The dashboard shows the active loan first with Pay Now; the preview its Credit Manager.
  await page.goto(`${ORIGIN}/my-dashboard/`);
  const home = region(page, `Your loan ${loanNo}`);
  await expect(home.getByRole('link', { name: 'Pay Now' })).toBeVisible();
  await page.goto(`${ORIGIN}/my-dashboard/lead-preview`);
  // The credit member the application was assigned to at submission stays the customer's manager,
  // whoever approved it (issue 22): the development staff's one credit member.
  await expect(region(page, 'Credit Manager')).toContainText('Neha Rao');
  await expect(region(page, 'Outstanding amount').getByRole('link', { name: 'Pay Now' })).toBeVisible();

  // A part payment through Razorpay's sandbox, and one through PayU's.
  await page.goto(`${ORIGIN}/my-dashboard/repayment`);
  await page.getByRole('textbox', { name: 'Amount to pay (₹)' }).fill('500');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  const razorpayId = await payInRazorpaySandbox(page);
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();

  await page.goto(`${ORIGIN}/my-dashboard/repayment`);
  await page.getByRole('textbox', { name: 'Amount to pay (₹)' }).fill('250.50');
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await payDialog(page).getByRole('button', { name: 'PayU' }).click();
  await expect(page.getByRole('heading', { name: 'PayU (sandbox)' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=\w+$/);
  await expect(page.getByRole('heading', { name: 'Thank You' })).toBeVisible();

  // History and details list both payments.
  await page.goto(`${ORIGIN}/my-dashboard/leads`);
  await page.getByRole('link', { name: new RegExp(`Loan application ${leadId}`) }).click();
  const payments = region(page, 'Payments');
  await expect(payments.getByRole('row').filter({ hasText: razorpayId })).toContainText('₹500');
  await expect(payments.getByRole('row').filter({ hasText: 'PayU' })).toContainText('₹250.50');
  await expect(page.getByRole('heading', { name: `Loan ${loanNo}` })).toBeVisible();

  // Pay Now pays the rest (the amount left empty): the loan closes.
  await page.goto(`${ORIGIN}/my-dashboard/`);
  await home.getByRole('link', { name: 'Pay Now' }).click();
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await payInRazorpaySandbox(page);
  const [loan] = await staff(['loan', loanNo]);
  expect(loan).toContain('closed');
  expect(loan).toContain(formatPaise(50_000));

  // Back again: a REPEAT customer is asked only for fresh income proof.
  await page.goto(`${ORIGIN}/my-dashboard/eligibility`);
  // The closed loan's card stays on the loan home, with Apply again under it (issue 25).
  await page.getByRole('link', { name: 'Apply again' }).click();
  await acceptQuote(page);
  await uploadDocuments(page, ['Bank statement (last six months)', 'Salary slip']);
  await expect(heading(page)).toHaveText('Banking Details');
  const [repeat] = await staff(['leads']);
  expect(repeat).toMatch(new RegExp(`REPEAT.*${mobile}|${mobile}.*REPEAT`));
});
