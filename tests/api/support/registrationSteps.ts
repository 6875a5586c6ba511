/**
 * What the dashboard sends at each registration and application step, for the API tests and the
 * benchmarks alike (so nothing here needs a test runner).
 */
/** The first four registration steps, as the dashboard sends them, for a PAN no one has used. */
export const profileSteps = (pancard: string) => [
  { event_name: 'pancard_verification', pancard, monthly_income: '60000' },
  {
    event_name: 'personal_details',
    gender: 1,
    personal_email: 'ravi@example.in',
    dob: '1990-01-01',
    marital_status_id: 1,
  },
  {
    event_name: 'residence_details',
    residence_type_id: 1,
    residence_address_1: 'A',
    residence_address_2: 'B',
    residence_pincode: '560001',
  },
  {
    event_name: 'income_details',
    income_type_id: 1,
    salary_mode_id: 1,
    salary_date: '2026-11-01',
    monthly_income: '60000',
  },
];

/** The quote accepted with the KFS acknowledged. */
export const QUOTE_ACCEPTANCE = {
  event_name: 'loan_quotation_decision',
  accepted_id: 1,
  amount: 20000,
  tenure: 60,
  purpose_id: 2,
  kfs_acknowledged: true,
};

export const EMPLOYMENT = {
  event_name: 'employment_details',
  work_mode: 'WFO',
  company_name: 'Acme Pvt Ltd',
  company_type_id: 1,
  designation: 'Analyst',
  address_1: 'Tower 1',
  address_2: 'Cyber City',
  pincode: '122002',
  emp_since: '2022-04-01',
};

/** The bank step, the application's last. */
export const BANK_DETAILS = {
  event_name: 'banking_details',
  account_name: 'Ravi Kumar',
  account_branch: 'MG Road',
  account_number: '123456789012',
  confirm_account_number: '123456789012',
  account_ifsc: 'HDFC0001234',
  verification_consent: 1,
};
