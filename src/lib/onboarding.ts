/**
 * The onboarding events of product.md §4 and the progress stage each `next_step` leads to. The
 * server's `next_step` and `step_percentage` drive the dashboard through these stages (the screen of
 * each stage is in the dashboard's navigation table); the server reads them for the application's step.
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

/**
 * The progress stages, in order: the five registration steps, registration done, then the loan
 * application's steps. The numbers are the progress indexes of product.md §4 (5 to 7 are unused).
 */
export const STAGE = {
  panDetails: 0,
  personalDetails: 1,
  residence: 2,
  income: 3,
  selfie: 4,
  /** The five registration steps are done: the profile is reviewed and eligibility checked. */
  registered: 8,
  /** The loan application's first step: the application's steps count from here. */
  loanQuote: 9,
  employment: 10,
  documents: 11,
  /** The application's last step. */
  banking: 12,
  completed: 13,
} as const;
export type Stage = (typeof STAGE)[keyof typeof STAGE];

/** The stage each `next_step` event leads to. */
const EVENT_STAGES: Record<string, Stage> = {
  pancard_verification: STAGE.panDetails,
  personal_details: STAGE.personalDetails,
  residence_details: STAGE.residence,
  income_details: STAGE.income,
  selfie_upload: STAGE.selfie,
  register_now: STAGE.registered,
  generate_loan_quote: STAGE.loanQuote,
  loan_quotation_decision: STAGE.loanQuote,
  employment_details: STAGE.employment,
  ...Object.fromEntries(DOCUMENT_EVENTS.map((event) => [event, STAGE.documents])),
  banking_details: STAGE.banking,
  completed: STAGE.completed,
};

/** The stage an event leads to; undefined for login and anything unknown (they go back to sign-in). */
export function stageOf(event: string | null | undefined): Stage | undefined {
  return event && Object.hasOwn(EVENT_STAGES, event) ? EVENT_STAGES[event] : undefined;
}

/** The events that lead to a stage, in the table's order. */
export function eventsOf(stage: Stage): string[] {
  return Object.keys(EVENT_STAGES).filter((event) => EVENT_STAGES[event] === stage);
}

/** The loan application's current step (0 to 3): how far the next event's stage is past its first (product.md §2). */
export function applicationStep(event: string | null | undefined): number {
  const stage = stageOf(event);
  if (stage === undefined || stage < STAGE.loanQuote) return 0;
  return Math.min(stage, STAGE.banking) - STAGE.loanQuote;
}

/** Registration progress after completing `event`: 20% a step, 100% after the selfie. */
export function registrationPercent(completedThrough: RegistrationEvent): number {
  return (REGISTRATION_EVENTS.indexOf(completedThrough) + 1) * 20;
}
