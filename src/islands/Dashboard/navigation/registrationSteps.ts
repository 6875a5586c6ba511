/**
 * The five registration steps (dashboard.md §2, §4) and what happens after one succeeds: the
 * server's next_step and step_percentage are stored, its message shown, and the screen of the
 * next step opened (through src/lib/onboarding.ts, the one event -> screen table).
 */
import { destinationOf, REGISTRATION_EVENTS, type RegistrationEvent } from '../../../lib/onboarding.ts';
import { showAlert } from '../state/alerts.ts';
import { loadDashboardData } from '../state/profile.ts';
import { updateSession } from '../state/sessionStore.ts';
import { navigate } from './router.ts';
import { screenPath } from './screens.ts';

export interface RegistrationStep {
  event: RegistrationEvent;
  title: string;
  summary: string;
}

export const REGISTRATION_STEPS: readonly RegistrationStep[] = [
  {
    event: 'pancard_verification',
    title: 'PAN Authentication',
    summary: 'Verify your PAN and give your monthly income.',
  },
  {
    event: 'personal_details',
    title: 'Personal Information',
    summary: 'Your e-mail, date of birth, marital status and gender.',
  },
  { event: 'residence_details', title: 'Residence Address', summary: 'Where you live, with its pin code.' },
  {
    event: 'income_details',
    title: 'Income Details',
    summary: 'How you earn, your monthly income and your last salary.',
  },
  {
    event: 'selfie_upload',
    title: 'Upload Picture',
    summary: 'A clear photo of your face, from a file or your camera.',
  },
];

/** The screen of each step, from the onboarding table. */
export const stepScreen = (event: RegistrationEvent) => destinationOf(event).screen;

/** The index of the step to do now (0 to 4); 5 or more when all five are done. */
export function currentStepIndex(nextStep: string | undefined): number {
  if (!nextStep) return 0;
  const index = REGISTRATION_EVENTS.indexOf(nextStep as RegistrationEvent);
  if (index >= 0) return index;
  // register_now and the loan application's events come after the five steps.
  return destinationOf(nextStep).index >= 8 ? REGISTRATION_EVENTS.length : 0;
}

export interface StepAnswer {
  next_step: string;
  step_percentage: number;
}

/** After a step succeeded: store the progress, say so, open the next step's screen. */
export function afterStep(answer: StepAnswer, message: string, goTo?: string): void {
  updateSession({ nextStep: answer.next_step, stepPercent: String(answer.step_percentage) });
  showAlert({ type: 'success', msg: message });
  // The top bar follows: the first name after the PAN check, the picture after the selfie.
  loadDashboardData().catch(() => {});
  const next = destinationOf(answer.next_step).screen;
  // '/apply-now' is the table's answer for an unknown event: the dashboard home decides instead.
  navigate(goTo ?? screenPath(next.startsWith('/') ? '' : next));
}
