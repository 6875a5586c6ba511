/** The customer's profile as the dashboard reads it (dashboard.md §3): get profile and getDashboardData. */
import { and, desc, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { paiseToRupees } from '../../lib/repayAmount.ts';
import { ProfileRequest } from '../../lib/schemas/profile.ts';
import type { AppEnv } from '../context.ts';
import { type customers, loans } from '../db/schema.ts';
import { ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { duesToday } from '../loans/store.ts';
import { ownCustomer } from './events.ts';
import { fileUrl } from './files.ts';

export const PROFILE_PATHS = { profile: API.getProfile, dashboard: API.dashboardData } as const;

type Customer = typeof customers.$inferSelect;
const firstName = (customer: Customer) => (customer.fullName ?? '').split(' ')[0] ?? '';

async function activeLoanDetails(c: Context<AppEnv>, customer: Customer) {
  const { db, now } = c.get('deps');
  const [loan] = await db
    .select()
    .from(loans)
    .where(and(eq(loans.customerId, customer.id), eq(loans.status, 'active')))
    .orderBy(desc(loans.createdAt))
    .limit(1);
  if (!loan) return null;
  const dues = duesToday(loan, now());
  return {
    lead_id: loan.leadId ?? '',
    loan_no: loan.loanNo,
    disbursal_date: loan.disbursalDate,
    repayment_date: loan.repaymentDate,
    repayment_amount: paiseToRupees(dues.repaymentAmountPaise),
    loan_recommended: paiseToRupees(dues.principalPaise),
    roi: loan.dailyRateHundredths / 100,
    total_due: paiseToRupees(dues.totalDuePaise),
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
    monthly_income: customer.monthlyIncomePaise === null ? null : paiseToRupees(customer.monthlyIncomePaise),
    mobile: customer.mobile,
    cp_personal_email: customer.email ?? '',
    cp_mobile: customer.mobile,
  };
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
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      return ok(c, {
        full_name: customer.fullName ?? '',
        profile_pic: customer.selfieFileId ? fileUrl(c, customer.selfieFileId) : '',
        profile_filled_percent: customer.stepPercentage,
        application_filled_percent: 0,
        registration_successful: customer.registrationSuccessful,
        eligibility_status: customer.eligibilityStatus,
        eligibility_reason: customer.eligibilityReason ?? '',
        next_event_name: customer.nextStep,
        active_loan_details: await activeLoanDetails(c, customer),
        profile_details: profileDetails(customer),
        customer_employment_details: {},
        excutive_details: null,
        lead_details: { status: '' },
      });
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
    data: v.object({
      profile_pic: v.string(),
      profile_details: v.object({ first_name: v.string() }),
      eligibility_status: v.number(),
      next_step: v.string(),
      step_percentage: v.number(),
    }),
    async handle(c, input) {
      const customer = await ownCustomer(c, input.profile_id);
      return ok(c, {
        profile_pic: customer.selfieFileId ? fileUrl(c, customer.selfieFileId) : '',
        profile_details: { first_name: firstName(customer) },
        eligibility_status: customer.eligibilityStatus,
        next_step: customer.nextStep,
        step_percentage: customer.stepPercentage,
      });
    },
  }),
];
