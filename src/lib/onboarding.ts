/**
 * The onboarding events of dashboard.md §4: which screen each `next_step` opens and its progress
 * index. The server's `next_step` and `step_percentage` drive the dashboard through this one table.
 */
export const REGISTRATION_EVENTS = [
  'pancard_verification',
  'personal_details',
  'residence_details',
  'income_details',
  'selfie_upload',
] as const;
export type RegistrationEvent = (typeof REGISTRATION_EVENTS)[number];

export const DOCUMENT_EVENTS = [
  'bank_statement_upload',
  'pay_slip_upload',
  'pan_upload',
  'aadhaar_upload',
  'residence_proof_upload',
] as const;

export interface Destination {
  /** A path under /my-dashboard/ ('' is the dashboard root), or the absolute /apply-now. */
  screen: string;
  index: number;
}

const TABLE: Record<string, Destination> = {
  pancard_verification: { screen: 'pan-details', index: 0 },
  personal_details: { screen: 'captur-personal-information', index: 1 },
  residence_details: { screen: 'captur-address', index: 2 },
  income_details: { screen: 'captur-income-details', index: 3 },
  selfie_upload: { screen: 'upload-picture', index: 4 },
  register_now: { screen: 'profile-preview', index: 8 },
  generate_loan_quote: { screen: 'calculate-loan', index: 9 },
  loan_quotation_decision: { screen: 'calculate-loan', index: 9 },
  employment_details: { screen: 'about-your-company', index: 10 },
  ...Object.fromEntries(DOCUMENT_EVENTS.map((event) => [event, { screen: 'adhar-upload', index: 11 }])),
  banking_details: { screen: 'bank-detail', index: 12 },
  completed: { screen: 'congratulations', index: 13 },
};

/** login, and anything unknown, goes back to sign-in (index 0). */
const SIGN_IN: Destination = { screen: '/apply-now', index: 0 };

export function destinationOf(event: string | null | undefined): Destination {
  return (event && Object.hasOwn(TABLE, event) ? TABLE[event] : undefined) ?? SIGN_IN;
}

/** The loan application's current step (0 to 3): the next event's index minus 9 (dashboard.md §2). */
export function applicationStep(event: string | null | undefined): number {
  return Math.min(3, Math.max(0, destinationOf(event).index - 9));
}

/** Registration progress after completing `event`: 20% a step, 100% after the selfie. */
export function registrationPercent(completedThrough: RegistrationEvent): number {
  return (REGISTRATION_EVENTS.indexOf(completedThrough) + 1) * 20;
}
