/** The answers of getProfile and getDashboardData (product.md §3): the dashboard's types come from these. */
import * as v from 'valibot';
import { LoanAccountAnswer } from './repay.ts';

/** Steps data (product.md §3.7, §4): the open application's card, 1 to 4, and its percent (100: locked). */
export const StepsAnswer = v.strictObject({
  step_complete_percent: v.number(),
  step_stage: v.number(),
  user_type: v.picklist(['NEW', 'REPEAT', 'UNPAID-REPEAT']),
});

const ProfileDetailsAnswer = v.strictObject({
  first_name: v.string(),
  full_name: v.string(),
  dob: v.string(),
  marital_status_id: v.nullable(v.number()),
  spouse_name: v.string(),
  personal_email: v.string(),
  gender: v.nullable(v.number()),
  pancard: v.string(),
  residence_address_1: v.string(),
  residence_address_2: v.string(),
  residence_landmark: v.string(),
  residence_pincode: v.string(),
  residence_city: v.string(),
  residence_state: v.string(),
  residence_type_id: v.nullable(v.number()),
  income_type_id: v.nullable(v.number()),
  salary_mode_id: v.nullable(v.number()),
  salary_date: v.string(),
  monthly_income: v.nullable(v.number()),
  mobile: v.string(),
  cp_personal_email: v.string(),
  cp_mobile: v.string(),
});

/** The active loan on the server's today (money in rupees); `total_due` closes it today. */
const ActiveLoanAnswer = v.strictObject({
  lead_id: v.string(),
  loan_no: v.string(),
  disbursal_date: v.string(),
  repayment_date: v.string(),
  loan_recommended: v.number(),
  roi: v.number(),
  total_due: v.number(),
  /** Days from the server's today to the due date: 0 on the day, negative once past. */
  days_to_due: v.number(),
  ...v.omit(LoanAccountAnswer, ['total_due_amount']).entries,
});

const workMode = v.picklist(['WFO', 'WFH']);
/** The employment under the names the employment form sends and under product.md §3's (emp_*). */
const EmploymentAnswer = v.strictObject({
  work_mode: workMode,
  company_name: v.string(),
  company_type_id: v.number(),
  designation: v.string(),
  address_1: v.string(),
  address_2: v.string(),
  landmark: v.string(),
  pincode: v.string(),
  emp_since: v.string(),
  office_email: v.string(),
  emp_work_mode: workMode,
  employer_name: v.string(),
  emp_department: v.string(),
  companyid: v.number(),
  emp_designation: v.string(),
  emp_house: v.string(),
  emp_street: v.string(),
  emp_landmark: v.string(),
  emp_pincode: v.string(),
});

/**
 * One reason the eligibility policy's hard rules (age, income floor, employment type, salary mode, city
 * served) refuse the customer on what they have told us so far (issue 24, "Eligibility first"): why, the
 * answer that decides it (`field`, the payload's key, and the registration step to correct it at), and
 * what the customer can do: correct it, or come back on a date.
 */
export const EligibilityReasonAnswer = v.strictObject({
  rule: v.picklist(['age', 'income', 'employment', 'salary_mode', 'city']),
  /** Why, in the policy's own figures. */
  message: v.string(),
  field: v.picklist(['dob', 'monthly_income', 'income_type_id', 'salary_mode_id', 'residence_pincode']),
  /** The field as the customer knows it ("monthly income"), for "Correct your …". */
  field_label: v.string(),
  /** The registration step (its event) that asks for the field. */
  step: v.picklist(['pancard_verification', 'personal_details', 'residence_details', 'income_details']),
  /** What the customer can do about it. */
  action: v.string(),
  /** The day this rule stops refusing by itself (the birthday of the least age), else null. */
  come_back_on: v.nullable(v.string()),
});
/** Every reason at once; empty when nothing given so far stops a loan. */
const EligibilityReasons = { eligibility_reasons: v.array(EligibilityReasonAnswer) };

export const ProfileAnswer = v.strictObject({
  full_name: v.string(),
  profile_pic: v.string(),
  profile_filled_percent: v.number(),
  application_filled_percent: v.number(),
  registration_successful: v.number(),
  eligibility_status: v.number(),
  eligibility_reason: v.string(),
  ...EligibilityReasons,
  next_event_name: v.string(),
  active_loan_details: v.nullable(ActiveLoanAnswer),
  profile_details: ProfileDetailsAnswer,
  customer_employment_details: v.nullable(EmploymentAnswer),
  /** The Credit Manager staff named when approving the application; null before (product.md §3). */
  excutive_details: v.nullable(v.strictObject({ name: v.string(), mobile: v.string(), email: v.string() })),
  /**
   * What the eligible customer may borrow today (issue 25, "The first figure before a loan"): the quote a
   * new application would get, in rupees and days. Sent only when eligible with no application open and
   * no loan running; absent otherwise, and from a back-end that speaks only the specification.
   */
  loan_offer: v.optional(
    v.strictObject({
      min_loan_amount: v.number(),
      max_loan_amount: v.number(),
      min_loan_tenure: v.number(),
      max_loan_tenure: v.number(),
      daily_rate_percent: v.number(),
    }),
  ),
  /** The latest application's state ('' and null without one). */
  lead_details: v.strictObject({
    status: v.string(),
    lead_id: v.nullable(v.number()),
    /** What staff asked the customer to change, while the application is sent back. */
    sent_back_reason: v.nullable(v.string()),
  }),
  ...StepsAnswer.entries,
});
/** getProfile's key beside the envelope's (product.md §7). */
export const ProfileBeside = { Steps: v.strictObject({ data: StepsAnswer }) };

export const DashboardAnswer = v.strictObject({
  profile_pic: v.string(),
  profile_details: v.strictObject({ first_name: v.string() }),
  eligibility_status: v.number(),
  next_step: v.string(),
  step_percentage: v.number(),
});

// The profile events of the shared registration endpoint (product.md §7): each step's answer.

/**
 * A saved step: where the customer goes next, how far the profile is, and what the policy's hard rules
 * already refuse on the answers given so far (the spec's fields unchanged; the reasons are ours).
 */
const StepDone = { next_step: v.string(), step_percentage: v.number(), ...EligibilityReasons };
export const StepAnswer = v.strictObject(StepDone);
/** pancard_verification: the name the PAN is registered to. */
export const PanVerifiedAnswer = v.strictObject({ full_name: v.string(), ...StepDone });
/** residence_details: the city and state of the PIN code given. */
export const ResidenceAnswer = v.strictObject({ ...StepDone, city: v.string(), state: v.string() });
/** selfie_upload: the picture's signed address. */
export const SelfieAnswer = v.strictObject({ selfie_doc_url: v.string(), ...StepDone });
/**
 * register_now: eligible. A refusal is the envelope's failure with eligibility_status 0 and, in its
 * Data, the hard rules' eligibility_reasons.
 */
export const RegisterNowAnswer = v.strictObject({
  next_step: v.string(),
  eligibility_status: v.literal(1),
  /** The offer the check found (issue 25): the largest loan (rupees) and its daily rate; absent when already eligible. */
  max_loan_amount: v.optional(v.number()),
  daily_rate_percent: v.optional(v.number()),
});
