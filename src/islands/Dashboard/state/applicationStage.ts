/**
 * Where an eligible customer's loan stands, for the home's timeline (applied, documents, under
 * review, approved, disbursed) and the one thing to do next. Derived from what getProfile already
 * answers: the latest application's status (lead_details.status), its step (step_stage, 1 to 4,
 * product.md §4) and progress (application_filled_percent, 100 when every step is done), and
 * whether a loan is active.
 */
import { APPLICATION_STEPS } from '../components/ApplicationCards.tsx';
import type { Profile } from './profile.ts';

export const STAGES = [
  { key: 'applied', title: 'Applied', summary: 'Choose the amount and tell us where you work.' },
  { key: 'documents', title: 'Documents', summary: 'Upload your documents and give your bank account.' },
  { key: 'review', title: 'Under review', summary: 'Our team checks your application.' },
  { key: 'approved', title: 'Approved', summary: 'Your loan is sanctioned and is being paid out.' },
  { key: 'disbursed', title: 'Disbursed', summary: 'The money is in your bank account.' },
] as const;
export type StageKey = (typeof STAGES)[number]['key'];

/** The application's step cards (APPLICATION_STEPS) from which the documents stage begins: documents, then the bank account. */
const FIRST_DOCUMENTS_STEP = APPLICATION_STEPS.findIndex((step) => step.key === 'aadhaar_upload');
/** application_filled_percent when every step of the application is done (product.md §4: locked). */
const COMPLETE_PERCENT = 100;

/** The latest application's status, as getProfile names it (lead_details.status; the server's lifecycle.ts). */
const LEAD_STATUS = {
  applied: 'applied',
  submitted: 'submitted',
  sentBack: 'sent_back',
  approved: 'approved',
  accepted: 'accepted',
  rejected: 'rejected',
  disbursed: 'disbursed',
} as const;

export interface ApplicationStage {
  stage: StageKey;
  /** Whether an application is open (started and not yet decided or paid out). */
  started: boolean;
  /** The application step to do now (an index of APPLICATION_STEPS), while the customer has one to do. */
  step: number | null;
  /** How the last application ended, when no application is open: declined by us, or its loan repaid. */
  previous: 'rejected' | 'repaid' | null;
  /** What our team asked the customer to change, when they sent the application back. */
  sentBackReason?: string | null;
}

export function applicationStage(profile: Profile): ApplicationStage {
  const status = profile.lead_details?.status ?? '';
  const percent = profile.application_filled_percent;
  const step = Math.max(0, profile.step_stage - 1);
  if (profile.active_loan_details) return { stage: 'disbursed', started: false, step: null, previous: null };
  if (status === LEAD_STATUS.approved || status === LEAD_STATUS.accepted)
    return { stage: 'approved', started: true, step: null, previous: null };
  if (status === LEAD_STATUS.submitted) return { stage: 'review', started: true, step: null, previous: null };
  if (status === LEAD_STATUS.sentBack) {
    const sentBackReason = profile.lead_details?.sent_back_reason ?? null;
    return {
      stage: step >= FIRST_DOCUMENTS_STEP ? 'documents' : 'applied',
      started: true,
      step,
      previous: null,
      sentBackReason,
    };
  }
  if (status === LEAD_STATUS.applied) {
    if (percent >= COMPLETE_PERCENT) return { stage: 'review', started: true, step: null, previous: null };
    return { stage: step >= FIRST_DOCUMENTS_STEP ? 'documents' : 'applied', started: true, step, previous: null };
  }
  // No open application: a new one starts at the first step (after a declined one, or a repaid loan).
  const previous = status === LEAD_STATUS.rejected ? 'rejected' : status === LEAD_STATUS.disbursed ? 'repaid' : null;
  return { stage: 'applied', started: false, step: 0, previous };
}
