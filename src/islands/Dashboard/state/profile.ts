/**
 * The customer's profile (getProfile) and the dashboard frame's data (getDashboardData) as
 * stores, with the answers' shapes (product.md §3). Screens ask for a fresh profile when they
 * open; the frame's data is also kept in session storage (dashboardData) for the next page load.
 */
import { atom } from 'nanostores';
import { failureMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import type { EmploymentDetails } from '../../../lib/schemas/application.ts';
import type { LoanAccountFields } from '../../../lib/schemas/repay.ts';
import { dashboardCall } from './api.ts';
import { $session, updateSession } from './sessionStore.ts';

export interface ProfileDetails {
  first_name: string;
  full_name: string;
  dob: string;
  marital_status_id: number | null;
  spouse_name: string;
  personal_email: string;
  gender: number | null;
  pancard: string;
  residence_address_1: string;
  residence_address_2: string;
  residence_landmark: string;
  residence_pincode: string;
  residence_city: string;
  residence_state: string;
  residence_type_id: number | null;
  income_type_id: number | null;
  salary_mode_id: number | null;
  salary_date: string;
  monthly_income: number | null;
  mobile: string;
}

export interface ActiveLoan extends LoanAccountFields {
  lead_id: string;
  loan_no: string;
  disbursal_date: string;
  repayment_date: string;
  repayment_amount: number;
  loan_recommended: number;
  roi: number;
  /** Rupees, with up to two decimals: what closes the loan today. */
  total_due: number;
  /** Days from the server's today to the due date: 0 on the day, negative once past. */
  days_to_due?: number;
}

/** The same employment under the names of product.md §3. */
export interface EmploymentNames {
  emp_work_mode: 'WFO' | 'WFH';
  employer_name: string;
  emp_designation: string;
}

export interface Executive {
  name: string;
  mobile: string;
  email: string;
}

export interface Profile {
  full_name: string;
  profile_pic: string;
  profile_filled_percent: number;
  application_filled_percent: number;
  registration_successful: number;
  eligibility_status: number;
  eligibility_reason: string;
  next_event_name: string;
  active_loan_details: ActiveLoan | null;
  profile_details: ProfileDetails;
  customer_employment_details: (EmploymentDetails & Partial<EmploymentNames>) | null;
  /** The Credit Manager staff named when approving the application; null before (product.md §3). */
  excutive_details: Executive | null;
  /** The latest application's state ('' without one). */
  lead_details?: { status: string; lead_id?: number | null; sent_back_reason?: string | null };
  /** Steps data (product.md §4): the open application's card, 1 to 4, and its percent (100: locked). */
  step_stage: number;
  step_complete_percent: number;
}

export interface DashboardData {
  profile_pic: string;
  profile_details: { first_name: string };
  eligibility_status?: number;
  next_step?: string;
  step_percentage?: number;
}

export const $profile = atom<Profile | null>(null);

/** The server's word on progress and eligibility replaces what the browser had stored. */
function storeProgress(progress: { next_step?: string; step_percentage?: number; eligibility_status?: number }) {
  updateSession({
    ...(progress.next_step && { nextStep: progress.next_step }),
    ...(progress.step_percentage !== undefined && { stepPercent: String(progress.step_percentage) }),
    ...(progress.eligibility_status !== undefined && { eligibility: String(progress.eligibility_status) }),
  });
}

/** A fresh profile, or the server's message when it refused. */
export async function loadProfile(): Promise<{ profile: Profile } | { error: string }> {
  const envelope = await dashboardCall<Profile>(API.getProfile);
  if (envelope.Status !== STATUS.ok) return { error: failureMessage(envelope) };
  const profile = envelope.Data;
  $profile.set(profile);
  storeProgress({
    next_step: profile.next_event_name,
    step_percentage: profile.profile_filled_percent,
    eligibility_status: profile.eligibility_status,
  });
  // The application's progress is kept apart from registration's (product.md §4).
  updateSession({ percent: String(profile.application_filled_percent) });
  if (profile.profile_details.full_name) updateSession({ fullName: profile.profile_details.full_name });
  // getLeadList sends the PAN (product.md §7); a sign-in in another tab never went through the PAN step here.
  if (profile.profile_details.pancard) updateSession({ pancard: profile.profile_details.pancard });
  return { profile };
}

function storedDashboardData(): DashboardData | null {
  try {
    const stored = $session.get().dashboardData;
    return stored ? (JSON.parse(stored) as DashboardData) : null;
  } catch {
    return null;
  }
}

export const $dashboardData = atom<DashboardData | null>(storedDashboardData());

/** The frame's data; used only when Status is 1, otherwise nothing happens (product.md §8). */
export async function loadDashboardData(): Promise<void> {
  const envelope = await dashboardCall<DashboardData>(API.dashboardData);
  if (envelope.Status !== STATUS.ok) return;
  $dashboardData.set(envelope.Data);
  updateSession({ dashboardData: JSON.stringify(envelope.Data) });
  storeProgress(envelope.Data);
}
