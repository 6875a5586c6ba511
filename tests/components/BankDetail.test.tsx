/**
 * The Banking Details form (src/islands/Dashboard/screens/BankDetail.tsx) drawn alone, for a customer
 * whose documents are in and who has given no account yet: the five required fields and the consent,
 * the IFSC written in capitals and its bank named by the server's answer (or its refusal), the two
 * numbers compared, and pasting refused in the confirmation. The account verified with the bank and
 * the application completed stay in tests/e2e/dashboard/bankAccount.spec.ts and
 * dashboardDocuments.spec.ts, against the real server and its IFSC directory.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import BankDetail from '../../src/islands/Dashboard/screens/BankDetail.tsx';
import { API } from '../../src/lib/api/paths.ts';
import { IfscAnswer } from '../../src/lib/schemas/answers/bankAccount.ts';
import { LeadDetailAnswer } from '../../src/lib/schemas/answers/loans.ts';
import { ProfileAnswer } from '../../src/lib/schemas/answers/profile.ts';
import { type Drawn, draw } from './draw.tsx';
import { applicantProfile, refused, type Server, screen, serve, served } from './server.ts';

/** product.md §5's messages, and the server's word for an IFSC no bank lists. */
const REQUIRED = [
  'Account holder name is required!',
  'Branch is required!',
  'Account number is required!',
  'Confirm account number is required!',
  'IFSC is required!',
  'Please agree to the bank account verification.',
];
const ACCOUNTS_DIFFER = 'Account numbers do not match';
const IFSC_INVALID = 'Please enter a valid IFSC code.';
const IFSC_UNKNOWN = 'No bank lists this IFSC. Please check it on your cheque book or passbook.';

/** The codes the test's IFSC directory lists (their branches unnamed, so the customer types them). */
const BANKS: Record<string, string> = { HDFC0001234: 'HDFC Bank', SBIN0001234: 'State Bank of India' };

/** The application (lead 101) as getLeadDetail answers it before an account is given. */
const openApplication = () =>
  served(LeadDetailAnswer, {
    data: [
      {
        lead_id: 101,
        loan_no: '',
        first_name: 'Asha',
        monthly_salary_amount: 65_000,
        loan_amount: 20_000,
        tenure: 60,
        purpose: 'Medical',
        mobile: '9876543210',
        email: 'asha@example.com',
        status: 'applied',
        pancard: 'ABCPV1234K',
        gender: '2',
        marital_status_id: '1',
        m_city_name: 'Gurugram',
        m_state_name: 'Haryana',
        lead_final_disbursed_date: '',
        repayment_date: '',
        bank_account: null,
        manager: null,
      },
    ],
    collection: [],
  });

const field = (name: string) => page.getByLabelText(name, { exact: true });
const save = () => page.getByRole('button', { name: 'Save and Continue' }).click();

let server: Server;
let drawn: Drawn;
beforeEach(async () => {
  server = serve({
    [API.getProfile]: () => served(ProfileAnswer, applicantProfile('banking_details', 75)),
    [API.leadDetail]: openApplication,
    [API.ifscDetails]: ({ ifsc }) => {
      const bank = BANKS[String(ifsc)];
      return bank
        ? served(IfscAnswer, { ifsc: String(ifsc), bank, branch: null })
        : refused(404, IFSC_UNKNOWN, 'ifsc_unknown');
    },
  });
  drawn = draw(screen(BankDetail, 'bank-detail'));
  await expect.element(field('Account holder name')).toBeVisible();
});
afterEach(() => {
  drawn.remove();
  server.restore();
});

describe('the Banking Details form', () => {
  it('empty: the five fields and the consent say they are required, the first is focused, nothing is sent', async () => {
    await save();
    for (const message of REQUIRED) await expect.element(page.getByText(message, { exact: true })).toBeVisible();
    await expect.element(field('Account holder name')).toHaveFocus();
    expect(server.bodiesTo(API.registration)).toEqual([]);
  });

  it('the IFSC is written in capitals, and its bank named once the code is whole (or the server says no bank lists it)', async () => {
    await userEvent.fill(field('IFSC'), 'hdfc0001234');
    await expect.element(field('IFSC')).toHaveValue('HDFC0001234');
    await expect.element(field('IFSC')).toHaveAccessibleDescription(/Bank: HDFC Bank/);
    await userEvent.fill(field('IFSC'), 'SBIN0001234');
    await expect.element(page.getByText('Bank: State Bank of India')).toBeVisible();
    await userEvent.fill(field('IFSC'), 'SBIN1234');
    await expect.element(page.getByText('Bank: State Bank of India')).not.toBeInTheDocument();
    // A code no bank lists is said so at once, in the server's words.
    await userEvent.fill(field('IFSC'), 'hdfc0zzzzzz');
    await expect.element(field('IFSC')).toHaveAccessibleDescription(new RegExp(IFSC_UNKNOWN.replace(/\./g, '\\.')));
    // Asked only for whole codes.
    expect(server.bodiesTo(API.ifscDetails).map((body) => body.ifsc)).toEqual([
      'HDFC0001234',
      'SBIN0001234',
      'HDFC0ZZZZZZ',
    ]);
  });

  it('the clipboard pastes into the account number, but not into its confirmation', async () => {
    await userEvent.fill(field('Account number'), '123456789012');
    (field('Account number').element() as HTMLInputElement).select();
    await userEvent.copy();
    await userEvent.clear(field('Account number'));
    await field('Account number').click();
    await userEvent.paste();
    await expect.element(field('Account number')).toHaveValue('123456789012');
    await field('Confirm account number').click();
    await userEvent.paste();
    await expect.element(field('Confirm account number')).toHaveValue('');
    await expect.element(field('Confirm account number')).toHaveAccessibleDescription(/Pasting is turned off here\./);
  });

  it(`numbers that differ: "${ACCOUNTS_DIFFER}"; a short IFSC: "${IFSC_INVALID}"; nothing is sent`, async () => {
    await userEvent.fill(field('Account holder name'), 'Asha Verma');
    await userEvent.fill(field('IFSC'), 'SBIN1234');
    await userEvent.fill(field('Branch'), 'Connaught Place');
    await userEvent.fill(field('Account number'), '123456789012');
    await userEvent.type(field('Confirm account number'), '123456789013');
    await page.getByLabelText('I agree that you may verify this bank account with my bank.').click();
    await save();
    await expect.element(page.getByText(ACCOUNTS_DIFFER, { exact: true })).toBeVisible();
    await expect.element(page.getByText(IFSC_INVALID, { exact: true })).toBeVisible();
    await expect.element(field('IFSC')).toHaveFocus();
    expect(server.bodiesTo(API.registration)).toEqual([]);
  });
});
