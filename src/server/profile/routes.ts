/** The customer's profile as the dashboard reads it (product.md §3): get profile and getDashboardData. */
import type * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { daysBetween, indiaDate } from '../../lib/dates.ts';
import { rupeesFromPaise } from '../../lib/money.ts';
import { applicationStep } from '../../lib/onboarding.ts';
import { DashboardAnswer, ProfileAnswer, ProfileBeside, type StepsAnswer } from '../../lib/schemas/answers/profile.ts';
import type { EmploymentDetails } from '../../lib/schemas/application.ts';
import { ProfileRequest } from '../../lib/schemas/profile.ts';
import type { Deps } from '../app/context.ts';
import { decisionToday } from '../application/quote.ts';
import { ownCustomer } from '../customers/session.ts';
import type { Customer } from '../customers/store.ts';
import type { Database } from '../db/client.ts';
import { answersOf, hardRuleReasons } from '../eligibility/rules.ts';
import { ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { scopeOf } from '../http/scope.ts';
import { isOpen, type Lead, latestLeadOf, openLeadOf } from '../leads/store.ts';
import { loanAccountToday } from '../loans/account.ts';
import { figuresInRupees, loanFigures } from '../loans/accountFigures.ts';
import { activeLoanOf, hasClosedLoan } from '../loans/store.ts';
import type { EventCall } from '../registration/events.ts';
import { fileUrl } from '../storage/files.ts';

export const PROFILE_PATHS = { profile: API.getProfile, dashboard: API.dashboardData } as const;

const firstName = (customer: Customer) => (customer.fullName ?? '').split(' ')[0] ?? '';

async function activeLoanDetails({ db, now }: Pick<Deps, 'db' | 'now'>, customer: Customer) {
  const loan = await activeLoanOf(db, customer.id);
  if (!loan) return null;
  const account = await loanAccountToday(db, loan, now());
  const figures = loanFigures(account);
  const { total_due_amount: totalDue, ...rupees } = figuresInRupees(figures);
  return {
    lead_id: loan.leadId ?? '',
    loan_no: loan.loanNo,
    disbursal_date: loan.disbursalDate,
    repayment_date: loan.repaymentDate,
    loan_recommended: rupeesFromPaise(figures.principalPaise),
    roi: loan.dailyRateHundredths / 100,
    // What closes the loan today, as the repay page's total_due_amount.
    total_due: totalDue,
    // Days from the server's today to the due date (0 on the day, negative once past): the
    // dashboard's "days left" follows the server's calendar, not the browser's clock.
    days_to_due: daysBetween(account.state.asOf, figures.dueDate),
    ...rupees,
  };
}

function profileDetails(customer: Customer) {
  return {
    first_name: firstName(customer),
    full_name: customer.fullName ?? '',
    dob: customer.dob ?? '',
    marital_status_id: customer.maritalStatusId ?? null,
    spouse_name: customer.spouseName ?? '',
    personal_email: customer.email ?? '',
    gender: customer.gender ?? null,
    pancard: customer.pancard ?? '',
    residence_address_1: customer.residenceAddress1 ?? '',
    residence_address_2: customer.residenceAddress2 ?? '',
    residence_landmark: customer.residenceLandmark ?? '',
    residence_pincode: customer.residencePincode ?? '',
    residence_city: customer.residenceCity ?? '',
    residence_state: customer.residenceState ?? '',
    residence_type_id: customer.residenceTypeId ?? null,
    income_type_id: customer.incomeTypeId ?? null,
    salary_mode_id: customer.salaryModeId ?? null,
    salary_date: customer.salaryDate ?? '',
    monthly_income: customer.monthlyIncomePaise === null ? null : rupeesFromPaise(customer.monthlyIncomePaise),
    mobile: customer.mobile,
    cp_personal_email: customer.email ?? '',
    cp_mobile: customer.mobile,
  };
}

/**
 * The lead's employment under the names the employment form sends (so the form can be prefilled)
 * and under the names of product.md §3 (emp_*): one object, both vocabularies. The department
 * is collected by the form but never sent (product.md §5), so emp_department is always empty.
 */
function employmentDetails(lead: Lead | undefined) {
  const given = lead?.employment as EmploymentDetails | null | undefined;
  if (!given) return null;
  return {
    ...given,
    emp_work_mode: given.work_mode,
    employer_name: given.company_name,
    emp_department: '',
    companyid: given.company_type_id,
    emp_designation: given.designation,
    emp_house: given.address_1,
    emp_street: given.address_2,
    emp_landmark: given.landmark,
    emp_pincode: given.pincode,
  };
}

/** The Credit Manager named when staff approved the application (staff.ts approveLead); null before. */
function executiveDetails(lead: Lead | undefined) {
  if (!lead?.managerName) return null;
  return { name: lead.managerName, mobile: lead.managerMobile ?? '', email: lead.managerEmail ?? '' };
}

/** NEW, or REPEAT once an earlier loan was repaid (as generate_loan_quote decides it). */
type UserType = v.InferOutput<typeof StepsAnswer>['user_type'];

async function userType(db: Database, customer: Customer, lead: Lead | undefined): Promise<UserType> {
  // The column holds what generate_loan_quote wrote: one of the answer's user types.
  if (lead && isOpen(lead)) return lead.userType as UserType;
  return (await hasClosedLoan(db, customer.id)) ? 'REPEAT' : 'NEW';
}

/** The application part of getProfile (product.md §3: profile, "Steps data"). */
async function applicationDetails(db: Database, customer: Customer) {
  const lead = await latestLeadOf(db, customer.id);
  const open = lead && isOpen(lead) ? lead : undefined;
  const percent = open?.stepPercentage ?? 0;
  return {
    application_filled_percent: percent,
    customer_employment_details: employmentDetails(lead),
    excutive_details: executiveDetails(lead),
    lead_details: {
      status: lead?.status ?? '',
      lead_id: lead?.id ?? null,
      // What staff asked the customer to change, while the application is sent back (lifecycle.ts).
      sent_back_reason: lead?.status === 'sent_back' ? lead.sentBackReason : null,
    },
    // Steps data: the card of the application the customer is on, 1 to 4 (product.md §4: the
    // step stage minus one is the current step index); 100 percent means it is locked.
    step_complete_percent: percent,
    step_stage: applicationStep(open?.nextStep ?? 'generate_loan_quote') + 1,
    user_type: await userType(db, customer, open),
  };
}

/** What an eligible customer with no application open may borrow today (the quote a new one would get); none otherwise. */
async function loanOffer(scope: Pick<EventCall, 'deps'>, customer: Customer) {
  if (customer.eligibilityStatus !== 1 || (await openLeadOf(scope.deps.db, customer.id))) return undefined;
  const decision = await decisionToday(scope, customer);
  return decision.eligible ? decision.quote : undefined;
}

export const profileRoutes = [
  defineRoute({
    method: 'post',
    path: PROFILE_PATHS.profile,
    operationId: 'getProfile',
    summary: "The signed-in customer's profile, progress and active loan",
    tag: 'Profile',
    auth: 'session',
    body: ProfileRequest,
    answer: ProfileAnswer,
    beside: ProfileBeside,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      const application = await applicationDetails(c.get('deps').db, customer);
      const offer = await loanOffer({ deps: c.get('deps') }, customer);
      const steps = {
        step_complete_percent: application.step_complete_percent,
        step_stage: application.step_stage,
        user_type: application.user_type,
      };
      // product.md §7 reads Status, Steps.data and Data: the steps beside Data, and in it as before.
      return ok(
        c,
        {
          full_name: customer.fullName ?? '',
          profile_pic: customer.selfieFileId ? fileUrl(scopeOf(c), customer.selfieFileId) : '',
          profile_filled_percent: customer.stepPercentage,
          application_filled_percent: application.application_filled_percent,
          registration_successful: customer.registrationSuccessful,
          eligibility_status: customer.eligibilityStatus,
          eligibility_reason: customer.eligibilityReason ?? '',
          eligibility_reasons: hardRuleReasons(
            answersOf(customer),
            c.get('deps').config.eligibilityPolicy,
            indiaDate(c.get('deps').now()),
          ),
          next_event_name: customer.nextStep,
          active_loan_details: await activeLoanDetails(c.get('deps'), customer),
          profile_details: profileDetails(customer),
          customer_employment_details: application.customer_employment_details,
          excutive_details: application.excutive_details,
          ...(offer && { loan_offer: offer }),
          lead_details: application.lead_details,
          ...steps,
        },
        'Success',
        { Steps: { data: steps } },
      );
    },
  }),
  defineRoute({
    method: 'post',
    path: PROFILE_PATHS.dashboard,
    operationId: 'getDashboardData',
    summary: 'What the dashboard frame shows: the first name and the profile picture',
    tag: 'Profile',
    auth: 'session',
    body: ProfileRequest,
    answer: DashboardAnswer,
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      return ok(c, {
        profile_pic: customer.selfieFileId ? fileUrl(scopeOf(c), customer.selfieFileId) : '',
        profile_details: { first_name: firstName(customer) },
        eligibility_status: customer.eligibilityStatus,
        next_step: customer.nextStep,
        step_percentage: customer.stepPercentage,
      });
    },
  }),
];
