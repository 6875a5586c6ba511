/**
 * Helpers for the dashboard's browser tests: customers made through the real API (sign-in with the
 * outbox code, registration events), sessions put into the page's session storage, and the screens.
 */
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { SCREENS, screenPath } from '../../../src/islands/Dashboard/navigation/screens.ts';
import { AGREEMENT_API } from '../../../src/lib/agreement.ts';
import { API } from '../../../src/lib/api/paths.ts';
import { tinyPdf, tinyPng } from '../../api/support/files.ts';
import { razorpayCheckoutResult } from '../../api/support/providers.ts';
import { REPAY } from '../../support/repay.ts';
import { latestCode, REGISTRATION, randomMobile } from '../../support/signIn.ts';

export { randomMobile };

const CLIENT_KEY = { Auth: 'kosh-web' };

/** A 1×1 PNG: the sandbox checks the bytes, so a selfie must be a real image. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const letters = (count: number) =>
  Array.from({ length: count }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
const digits = (count: number) => String(Math.floor(Math.random() * 10 ** count)).padStart(count, '0');

/** A fresh individual's PAN (4th letter P, which the KYC sandbox accepts); a PAN belongs to one account. */
export const randomPan = () => `${letters(3)}P${letters(1)}${digits(4)}${letters(1)}`;

export interface Customer {
  mobile: string;
  profileId: string;
  token: string;
  nextStep: string;
  eligibility: string;
  /** The open loan application's id, once one is started (session key lead_id). */
  leadId?: string;
}

/** A signed-in customer, through the API: login, the code from the outbox, otp_verify. */
export async function signInByApi(request: APIRequestContext, mobile = randomMobile()): Promise<Customer> {
  const login = await request.post(REGISTRATION, { headers: CLIENT_KEY, data: { event_name: 'login', mobile } });
  expect(login.ok(), await login.text()).toBe(true);
  const profileId = (await login.json()).Data.cust_profile_id as string;
  const otp = await latestCode(request, mobile);
  const verify = await request.post(REGISTRATION, {
    headers: CLIENT_KEY,
    data: { event_name: 'otp_verify', profile_id: profileId, otp },
  });
  expect(verify.ok(), await verify.text()).toBe(true);
  const data = (await verify.json()).Data;
  return {
    mobile,
    profileId,
    token: data.app_login_token,
    nextStep: data.next_step,
    eligibility: String(data.eligibility_status),
  };
}

/** A call with the customer's session. */
export async function callAs(request: APIRequestContext, customer: Customer, path: string, data: object) {
  const response = await request.post(path, { headers: { Authtoken: customer.token }, data });
  return { status: response.status(), body: await response.json() };
}

/**
 * The customer e-signs the loan agreement of their accepted statement through the e-sign sandbox, as the
 * dashboard does (every disbursal path requires it, issue 24).
 */
export async function signAgreementByApi(request: APIRequestContext, customer: Customer & { leadId: string }) {
  const asked = await callAs(request, customer, AGREEMENT_API.sign, { lead_id: Number(customer.leadId) });
  expect(asked.body.Status, asked.body.Message).toBe(1);
  const signed = await request.post(asked.body.Data.redirect_url, { form: { outcome: 'signed' }, maxRedirects: 0 });
  expect(signed.status()).toBe(303);
  // Back on the dashboard, which asks where the agreement stands: the signature is recorded then.
  const standing = await callAs(request, customer, AGREEMENT_API.status, { lead_id: Number(customer.leadId) });
  expect(standing.body.Data.status).toBe('signed');
}

export async function eventAs(request: APIRequestContext, customer: Customer, event: string, data: object = {}) {
  return callAs(request, customer, REGISTRATION, { event_name: event, profile_id: customer.profileId, ...data });
}

/** A date of birth `years` ago (in the past year's middle, so no time zone moves it across a birthday). */
export function birthDate(years: number): string {
  return `${new Date().getFullYear() - years}-01-15`;
}

/** Yesterday, as YYYY-MM-DD. */
export function yesterday(): string {
  return new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
}

export interface Registration {
  pan?: string;
  income?: number;
  incomeType?: 1 | 2;
  salaryMode?: 1 | 2 | 3;
  /** Stop after this many of the five steps. */
  steps?: number;
  /** Run register_now at the end. */
  checkEligibility?: boolean;
}

/** Registers a customer's profile through the API, step by step (the browser tests of each step do it by hand). */
export async function registerByApi(request: APIRequestContext, customer: Customer, options: Registration = {}) {
  const { income = 60_000, incomeType = 1, salaryMode = 1, steps = 5, checkEligibility = false } = options;
  const pan = options.pan ?? randomPan();
  const events: [string, object][] = [
    ['pancard_verification', { pancard: pan, monthly_income: income }],
    [
      'personal_details',
      { gender: 1, personal_email: `asha.${customer.mobile}@example.in`, dob: birthDate(30), marital_status_id: 1 },
    ],
    [
      'residence_details',
      {
        residence_type_id: 2,
        residence_address_1: '12 Park Street',
        residence_address_2: 'Connaught Place',
        residence_landmark: '',
        residence_pincode: '110001',
      },
    ],
    [
      'income_details',
      { income_type_id: incomeType, salary_mode_id: salaryMode, salary_date: yesterday(), monthly_income: income },
    ],
    ['selfie_upload', { file: TINY_PNG.toString('base64'), file_ext: 'PNG' }],
  ];
  for (const [event, data] of events.slice(0, steps)) {
    const answer = await eventAs(request, customer, event, data);
    expect(answer.body.Status, `${event}: ${answer.body.Message}`).toBe(1);
    customer.nextStep = answer.body.Data.next_step;
  }
  if (checkEligibility) {
    const answer = await eventAs(request, customer, 'register_now', { bureau_consent: 1 });
    expect(answer.body.Status, answer.body.Message).toBe(1);
    customer.nextStep = answer.body.Data.next_step;
    customer.eligibility = '1';
  }
  return { ...customer, pan };
}

/** The loan application's steps, in order, as applyByApi takes them (product.md §4). */
export const APPLICATION_STAGES = [
  'generate_loan_quote',
  'loan_quotation_decision',
  'employment_details',
  'documents',
  'banking_details',
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

/** The employment form's payload (event employment_details) for a customer working at an office. */
export const EMPLOYMENT = {
  work_mode: 'WFO',
  company_name: 'Acme Technologies Pvt Ltd',
  company_type_id: 1,
  designation: 'Analyst',
  address_1: 'Tower B, DLF Cyber City',
  address_2: 'Phase 2',
  landmark: '',
  pincode: '122002',
  emp_since: '2022-04-01',
  office_email: '',
};

/** The bank account of the banking_details event (an invented account; HDFC's IFSC prefix). */
export const BANK_ACCOUNT = {
  account_name: 'Asha Verma',
  account_branch: 'MG Road',
  account_number: '123456789012',
  confirm_account_number: '123456789012',
  account_ifsc: 'HDFC0001234',
  account_type_id: 1,
  verification_consent: 1,
};

/**
 * Takes an eligible customer (registerByApi with checkEligibility) through the loan application by
 * the API, up to and including `upTo`: the quote, its acceptance with the Key Fact Statement
 * acknowledged, employment, every document the policy asks for, the bank account. Returns the
 * customer with the lead id and the next step.
 */
export async function applyByApi(
  request: APIRequestContext,
  customer: Customer,
  upTo: ApplicationStage = 'employment_details',
): Promise<Customer & { leadId: string }> {
  const expectOk = (
    answer: { body: { Status: number; Message: string; Data: { next_step?: string } } },
    step: string,
  ) => {
    expect(answer.body.Status, `${step}: ${answer.body.Message}`).toBe(1);
    if (answer.body.Data.next_step) customer.nextStep = answer.body.Data.next_step;
  };
  const quote = await eventAs(request, customer, 'generate_loan_quote');
  expectOk(quote, 'generate_loan_quote');
  const leadId = String(quote.body.Data.lead_id);
  const stages: Record<Exclude<ApplicationStage, 'generate_loan_quote'>, () => Promise<void>> = {
    async loan_quotation_decision() {
      const { min_loan_amount: amount, min_loan_tenure: tenure } = quote.body.Data;
      const data = { accepted_id: 1, amount, tenure, purpose_id: 2, kfs_acknowledged: true };
      expectOk(await eventAs(request, customer, 'loan_quotation_decision', data), 'loan_quotation_decision');
    },
    async employment_details() {
      expectOk(await eventAs(request, customer, 'employment_details', EMPLOYMENT), 'employment_details');
    },
    async documents() {
      const list = await callAs(request, customer, API.mandatoryDocuments, { profile_id: customer.profileId });
      for (const doc of list.body.Data as { event_name: string; doc_type: string; allowed_format: string }[]) {
        const pdf = doc.allowed_format === 'pdf';
        const file = (pdf ? tinyPdf() : tinyPng()).toString('base64');
        const data = { doc_type: doc.doc_type, file, file_ext: pdf ? 'PDF' : 'PNG', password: 'N/A' };
        expectOk(await eventAs(request, customer, doc.event_name, data), doc.doc_type);
      }
    },
    async banking_details() {
      expectOk(await eventAs(request, customer, 'banking_details', BANK_ACCOUNT), 'banking_details');
    },
  };
  for (const stage of APPLICATION_STAGES.slice(1, APPLICATION_STAGES.indexOf(upTo) + 1)) {
    await stages[stage as Exclude<ApplicationStage, 'generate_loan_quote'>]();
  }
  customer.leadId = leadId;
  return { ...customer, leadId };
}

/**
 * Staff's decision on a lead, through the development-only /__dev/staff route: the same functions as
 * `npm run ops -- approve | reject | disburse`, which cannot open the database the test server holds.
 * Disbursal, like every path, needs the customer's signed agreement first (signAgreementByApi).
 */
export async function staffByApi(
  request: APIRequestContext,
  leadId: string | number,
  action: 'approve' | 'reject' | 'disburse',
): Promise<{ status: string; loan_no?: string }> {
  const response = await request.post('/__dev/staff', { data: { action, lead_id: Number(leadId) } });
  const body = await response.json();
  expect(body.Status, `${action}: ${body.Message}`).toBe(1);
  return body.Data;
}

/**
 * An eligible customer whose completed application (its account verified by the penny-drop sandbox)
 * staff approved, whose agreement the customer signed, and staff disbursed: a loan with dues.
 */
export async function borrowerByApi(request: APIRequestContext) {
  const customer = await registerByApi(request, await signInByApi(request), { checkEligibility: true });
  const applied = await applyByApi(request, customer, 'banking_details');
  await staffByApi(request, applied.leadId, 'approve');
  await signAgreementByApi(request, applied);
  const { loan_no } = await staffByApi(request, applied.leadId, 'disburse');
  return { ...applied, pan: customer.pan, loanNo: loan_no as string };
}

/** What sign-in leaves in session storage (product.md §3), put into this tab. */
export async function storeSession(page: Page, customer: Customer) {
  await page.goto('/robots.txt');
  await page.evaluate((c) => {
    sessionStorage.setItem('mobile', c.mobile);
    sessionStorage.setItem('cust_profile_id', c.profileId);
    sessionStorage.setItem('token', c.token);
    sessionStorage.setItem('next_step', c.nextStep);
    sessionStorage.setItem('eligibility', c.eligibility);
    if (c.leadId) sessionStorage.setItem('lead_id', c.leadId);
  }, customer);
}

/** Opens a dashboard address with the customer's session and waits for the island. */
export async function openDashboard(page: Page, customer: Customer, path = '/my-dashboard/') {
  await storeSession(page, customer);
  await page.goto(path);
  await dashboardReady(page);
}

export async function dashboardReady(page: Page) {
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

export const sessionOf = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)) as Record<string, string>);

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
export const alert = (page: Page) => page.getByRole('alert');

/** Types a PAN into the ten boxes, starting at the first. */
export async function typePan(page: Page, pan: string) {
  await page.getByRole('textbox', { name: 'PAN character 1 of 10' }).click();
  await page.keyboard.type(pan);
}

/** The five step forms, filled as a customer would. */
export const steps = {
  async pan(page: Page, pan: string, income: string | number) {
    await expect(heading(page)).toHaveText('PAN Authentication');
    await typePan(page, pan);
    await page.getByRole('textbox', { name: 'Monthly Income' }).fill(String(income));
    await page.getByRole('button', { name: 'Verify PAN' }).click();
  },
  async personal(page: Page, values: { email: string; dob: string; marital?: '1' | '2' | '3'; spouse?: string }) {
    await expect(heading(page)).toHaveText('Personal Information');
    await page.getByRole('textbox', { name: 'Personal Email' }).fill(values.email);
    await page.getByLabel('Date of Birth').fill(values.dob);
    await page.getByRole('combobox', { name: 'Marital Status' }).selectOption(values.marital ?? '1');
    if (values.spouse !== undefined) await page.getByRole('textbox', { name: 'Spouse Name' }).fill(values.spouse);
    await page.getByRole('radio', { name: 'Female' }).check();
    await page.getByRole('button', { name: 'Save and Continue' }).click();
  },
  async address(page: Page, pincode = '110001') {
    await expect(heading(page)).toHaveText('Residence Address');
    await page.getByRole('radio', { name: 'Rented' }).check();
    await page.getByRole('textbox', { name: 'Address line 1' }).fill('Flat 4B, Lotus Apartments');
    await page.getByRole('textbox', { name: 'Address line 2' }).fill('Janpath Road');
    await page.getByRole('textbox', { name: 'Landmark (optional)' }).fill('Near the post office');
    await page.getByRole('textbox', { name: 'Pin Code' }).fill(pincode);
    await expect(page.getByRole('textbox', { name: 'City' })).not.toHaveValue('');
    await page.getByRole('button', { name: 'Save and Continue' }).click();
  },
  async income(page: Page, income: string | number, options: { type?: 'Salaried' | 'Self-Employed' } = {}) {
    await expect(heading(page)).toHaveText('Income Details');
    await page.getByRole('radio', { name: options.type ?? 'Salaried' }).check();
    await page.getByRole('textbox', { name: 'Monthly Income' }).fill(String(income));
    await page.getByLabel('Last Salary Date').fill(yesterday());
    await page.getByRole('radio', { name: 'Bank transfer' }).check();
    await page.getByRole('button', { name: 'Save and Continue' }).click();
  },
};

/** Pays a borrower's whole due as a payer would on /repayloan (PAN, code, Razorpay sandbox): the loan closes. */
export async function repayInFullByApi(request: APIRequestContext, borrower: { pan: string; mobile: string }) {
  const sent = await request.post(REPAY.sendOtp, { headers: CLIENT_KEY, data: { pancard: borrower.pan } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const verified = await request.post(REPAY.verifyOtp, {
    headers: CLIENT_KEY,
    data: { panNumber: borrower.pan, otp: await latestCode(request, borrower.mobile) },
  });
  const orderId = (await verified.json()).order_id as string;
  expect(orderId).toMatch(/^order_/);
  const paid = await request.post(REPAY.razorpayVerify, {
    headers: CLIENT_KEY,
    data: razorpayCheckoutResult(orderId, `pay_${Date.now()}${Math.floor(Math.random() * 1e6)}`),
  });
  expect((await paid.json()).status, 'payment').toBe('SUCCESS');
}

/** Pays a part on the repayment screen as a borrower does ("Another amount", Razorpay's sandbox): ends on the receipt page. */
export async function payPartOnRepayment(page: Page, rupees: string) {
  await page.getByRole('radio', { name: 'Another amount' }).check();
  await page.getByRole('textbox', { name: 'Amount to pay (₹)' }).fill(rupees);
  await page.getByRole('button', { name: 'Proceed to Pay' }).click();
  await payInRazorpaySandbox(page);
}

/**
 * From the open Choose Payment Method dialog: Razorpay, then the sandbox checkout's "Pay successfully";
 * ends on the receipt page of a successful payment. Answers the payment's id.
 */
export async function payInRazorpaySandbox(page: Page): Promise<string> {
  await page.getByRole('dialog', { name: 'Choose Payment Method' }).getByRole('button', { name: 'Razorpay' }).click();
  await page
    .getByRole('dialog', { name: 'Razorpay (sandbox)' })
    .getByRole('button', { name: 'Pay successfully' })
    .click();
  await page.waitForURL(/\/thanku\?txnStatus=SUCCESS&txnId=pay_\w+$/);
  return new URL(page.url()).searchParams.get('txnId') as string;
}

/** The states a customer's dashboard can be in, for the width tests and the screenshots (issue 14). */
export const CUSTOMER_STATES = [
  'registration in progress',
  'eligible',
  'documents pending',
  'loan active',
  'loan closed',
] as const;
export type CustomerState = (typeof CUSTOMER_STATES)[number];

/** A new customer in that state, made through the API (and staff's development route for a loan). */
export async function customerInState(request: APIRequestContext, state: CustomerState): Promise<Customer> {
  switch (state) {
    case 'registration in progress':
      return registerByApi(request, await signInByApi(request), { steps: 2 });
    case 'eligible':
      return registerByApi(request, await signInByApi(request), { checkEligibility: true });
    case 'documents pending':
      return applyByApi(request, await customerInState(request, 'eligible'), 'employment_details');
    case 'loan active':
      return borrowerByApi(request);
    case 'loan closed': {
      const borrower = await borrowerByApi(request);
      await repayInFullByApi(request, borrower);
      return borrower;
    }
  }
}

/** Every screen such a customer may open (product.md §2): the loan's screens only once eligible. */
export const screensOpenTo = (customer: Customer) =>
  SCREENS.filter((screen) => screen.access === 'signedIn' || customer.eligibility === '1');

/** A screen's address for the customer, with the open application when there is one (?lead_id=). */
export const screenAddress = (customer: Customer, slug: string) =>
  `${screenPath(slug)}${customer.leadId ? `?lead_id=${customer.leadId}` : ''}`;
