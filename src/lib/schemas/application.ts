/** The loan application's events (product.md §7) with the messages of product.md §5. */
import * as v from 'valibot';
import { IFSC_PATTERN } from '../banks.ts';
import { calendarDate, email, required, requiredMessage } from './fields.ts';
import { FUTURE_DATE, PIN_INVALID, todayInIndia } from './profile.ts';

const profileId = v.optional(v.pipe(v.string(), v.uuid('profile_id is not valid')));
const wholeNumber = (field: string) =>
  v.pipe(
    v.union([v.string(), v.number()], requiredMessage(field)),
    v.transform((value) => String(value).trim()),
    v.regex(/^\d{1,9}$/, `${field} must be a whole number.`),
    v.transform(Number),
  );

export const LOAN_PURPOSES = { 1: 'Travel', 2: 'Medical', 3: 'Shopping', 4: 'Others' } as const;
export const COMPANY_TYPES = {
  1: 'Private',
  2: 'Public',
  3: 'Listed Public',
  4: 'State Government',
  5: 'Central Government',
  6: 'Partnership Firm',
  7: 'Proprietorship Firm',
  8: 'LLP',
  9: 'NBFC',
} as const;
export const DEPARTMENTS = [
  'SALES',
  'CREDIT',
  'ACCOUNTS',
  'FINANCE',
  'BUSINESS',
  'OPERATIONS',
  'TECHNOLOGY',
  'ADMIN',
  'HUMAN RESOURCES',
] as const;

import { KFS_REQUIRED } from '../kfsAcceptance.ts';

export { KFS_REQUIRED };

export const GenerateQuoteRequest = v.object({ event_name: v.literal('generate_loan_quote'), profile_id: profileId });

export const QuoteDecisionRequest = v.object({
  event_name: v.literal('loan_quotation_decision'),
  profile_id: profileId,
  accepted_id: v.pipe(
    v.union([v.string(), v.number()]),
    v.transform(Number),
    v.picklist([1, 2], 'accepted_id is 1 or 2'),
  ),
  amount: v.optional(wholeNumber('Amount')),
  tenure: v.optional(wholeNumber('Tenure')),
  purpose_id: v.optional(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.picklist([1, 2, 3, 4], requiredMessage('Purpose')),
    ),
  ),
  /** The customer read the Key Fact Statement; required to accept. */
  kfs_acknowledged: v.optional(v.boolean()),
});

/** Accepting a statement staff issued on approving other terms (the dashboard's confirmation). */
export const KfsAcknowledgementRequest = v.object({
  event_name: v.literal('kfs_acknowledgement'),
  profile_id: profileId,
  kfs_no: v.pipe(v.string('kfs_no is required'), v.regex(/^KFS-\d{6,}$/, 'kfs_no is not valid')),
  /** The customer read the statement and accepts it; required. */
  kfs_acknowledged: v.optional(v.boolean()),
});

export const EmploymentRequest = v.object({
  event_name: v.literal('employment_details'),
  profile_id: profileId,
  work_mode: v.picklist(['WFO', 'WFH'], requiredMessage('Work mode')),
  company_name: required('Company name', 150),
  company_type_id: v.pipe(
    v.union([v.string(), v.number()], requiredMessage('Company type')),
    v.transform(Number),
    v.picklist([1, 2, 3, 4, 5, 6, 7, 8, 9], requiredMessage('Company type')),
  ),
  designation: required('Designation', 100),
  address_1: required('Address line 1', 200),
  address_2: required('Address line 2', 200),
  landmark: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  pincode: v.pipe(
    v.union([v.string(), v.number()], requiredMessage('Pin code')),
    v.transform((x) => String(x).trim()),
    v.nonEmpty(requiredMessage('Pin code')),
    v.maxLength(6, PIN_INVALID),
    v.regex(/^[1-9]\d{5}$/, PIN_INVALID),
  ),
  emp_since: v.pipe(
    calendarDate('Employed since'),
    v.check((d) => d <= todayInIndia(), FUTURE_DATE),
  ),
  office_email: v.optional(v.union([v.literal(''), email]), ''),
});

/** The employment a lead keeps, as the form sent it; getProfile answers it back to fill the form again. */
export type EmploymentDetails = Omit<v.InferOutput<typeof EmploymentRequest>, 'event_name' | 'profile_id'>;

/** product.md §5: the confirm account number must equal the account number. */
export const ACCOUNTS_DIFFER = 'Account numbers do not match';

export const BankingRequest = v.pipe(
  v.object({
    event_name: v.literal('banking_details'),
    profile_id: profileId,
    account_name: required('Account holder name', 100),
    account_branch: required('Branch', 100),
    account_number: v.pipe(
      required('Account number', 18),
      v.regex(/^\d{9,18}$/, 'Account number must be 9 to 18 digits.'),
    ),
    confirm_account_number: required('Confirm account number', 18),
    account_ifsc: v.pipe(
      required('IFSC', 11),
      v.toUpperCase(),
      v.regex(IFSC_PATTERN, 'Please enter a valid IFSC code.'),
    ),
    account_type_id: v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.literal(1)), 1),
    verification_consent: v.pipe(
      v.union([v.string(), v.number()]),
      v.transform(Number),
      v.literal(1, 'Please agree to the bank account verification.'),
    ),
  }),
  v.forward(
    v.check((input) => input.account_number === input.confirm_account_number, ACCOUNTS_DIFFER),
    ['confirm_account_number'],
  ),
);
