/**
 * The registration events of the shared endpoint (product.md §7) with the messages of product.md §5, word
 * for word. The dashboard validates its forms with these and the server validates the payloads.
 */
import * as v from 'valibot';
import { indiaDate } from '../dates.ts';
import { calendarDate, email, pan, required, requiredMessage } from './fields.ts';

export const MONTHLY_INCOME_REQUIRED = 'Monthly income is required';
export const TOO_YOUNG = 'You must be at least 18 years old.';
export const FUTURE_DATE = 'Date cannot be in the future.';
export const PIN_INVALID = 'Pin code invalid!';
export const SELFIE_REQUIRED = 'Please select image';
/** The ten PAN boxes of the dashboard on submit (product.md §5); the single PAN field says PAN_MESSAGE. */
export const PAN_BOXES_MESSAGE = 'Please enter a valid PAN number';

const profileId = v.optional(v.pipe(v.string(), v.uuid('profile_id is not valid')));

/** Monthly income: digits only, at most 7 (rupees). */
export const monthlyIncome = v.pipe(
  v.union([v.string(), v.number()], MONTHLY_INCOME_REQUIRED),
  v.transform((value) => String(value).trim()),
  v.nonEmpty(MONTHLY_INCOME_REQUIRED),
  v.regex(/^\d{1,7}$/, 'Monthly income must be digits only, at most 7.'),
  v.transform(Number),
  v.minValue(1, MONTHLY_INCOME_REQUIRED),
);

/** Today's date in India, for the age and future-date rules. */
export const todayInIndia = () => indiaDate(new Date());

export function isAdult(dob: string, today = todayInIndia()): boolean {
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  return `${y + 18}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}` <= today;
}

const choice = <T extends number>(field: string, options: readonly T[]) =>
  v.pipe(
    v.union([v.string(), v.number()], requiredMessage(field)),
    v.transform(Number),
    v.picklist(options, requiredMessage(field)),
  );

export const PanVerificationRequest = v.object({
  event_name: v.literal('pancard_verification'),
  profile_id: profileId,
  pancard: pan,
  monthly_income: monthlyIncome,
});

export const PersonalDetailsRequest = v.pipe(
  v.object({
    event_name: v.literal('personal_details'),
    profile_id: profileId,
    gender: choice('Gender', [1, 2] as const),
    personal_email: email,
    dob: v.pipe(
      calendarDate('Date of birth'),
      v.check((dob) => isAdult(dob), TOO_YOUNG),
    ),
    marital_status_id: choice('Marital status', [1, 2, 3] as const),
    spouse_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
  }),
  v.forward(
    v.check((input) => input.marital_status_id !== 2 || Boolean(input.spouse_name), requiredMessage('Spouse name')),
    ['spouse_name'],
  ),
);

export const ResidenceDetailsRequest = v.object({
  event_name: v.literal('residence_details'),
  profile_id: profileId,
  residence_type_id: choice('Residence type', [1, 2] as const),
  residence_address_1: required('Address line 1', 200),
  residence_address_2: required('Address line 2', 200),
  residence_landmark: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100)), ''),
  residence_pincode: v.pipe(
    v.union([v.string(), v.number()], requiredMessage('Pin code')),
    v.transform((value) => String(value).trim()),
    v.regex(/^[1-9]\d{5}$/, PIN_INVALID),
  ),
});

export const IncomeDetailsRequest = v.object({
  event_name: v.literal('income_details'),
  profile_id: profileId,
  income_type_id: choice('Employment type', [1, 2] as const),
  salary_mode_id: choice('Salary mode', [1, 2, 3] as const),
  salary_date: v.pipe(
    calendarDate('Last salary date'),
    v.check((date) => date <= todayInIndia(), FUTURE_DATE),
  ),
  monthly_income: monthlyIncome,
});

export const SelfieUploadRequest = v.object({
  event_name: v.literal('selfie_upload'),
  profile_id: profileId,
  file: v.pipe(v.string(SELFIE_REQUIRED), v.nonEmpty(SELFIE_REQUIRED)),
  file_ext: v.optional(
    v.pipe(v.string(), v.toUpperCase(), v.picklist(['JPEG', 'JPG', 'PNG'], 'Images must be jpeg, png or jpg.')),
  ),
});

export const RegisterNowRequest = v.object({
  event_name: v.literal('register_now'),
  profile_id: profileId,
  /**
   * 1: the customer ticked the credit bureau consent shown beside Check Eligibility (issue 24); the server
   * records it with its text's version. Absent or 0 with no standing consent: no bureau is asked, and the
   * decision says why.
   */
  bureau_consent: v.optional(
    v.pipe(v.union([v.string(), v.number()]), v.transform(Number), v.picklist([0, 1], 'bureau_consent must be 0 or 1')),
  ),
});

/** profile_id alone: get profile, getDashboardData. */
export const ProfileRequest = v.object({ profile_id: profileId });
