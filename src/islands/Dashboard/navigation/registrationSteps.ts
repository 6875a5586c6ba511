/**
 * The five registration steps (product.md §2, §4) and what happens after one succeeds: the
 * server's next_step and step_percentage are stored, its message shown, and the screen of the
 * next step opened (the screens table's screen of that event). Each step's card opens its screen.
 */
import type * as v from 'valibot';
import { REGISTRATION_EVENTS, type RegistrationEvent, STAGE, stageOf } from '../../../lib/onboarding.ts';
import type { StepAnswer as StepAnswerSchema } from '../../../lib/schemas/answers/profile.ts';
import { showAlert } from '../state/alerts.ts';
import { loadDashboardData } from '../state/profile.ts';
import { updateSession } from '../state/sessionStore.ts';
import { navigate } from './router.ts';
import { HOME, screenOfEvent, screenPath, stepRoute } from './screens.ts';

export interface RegistrationStep {
  event: RegistrationEvent;
  /** The step's screen (its slug) and, as the card's title, that screen's title. */
  screen: string;
  title: string;
  summary: string;
}

/** What each step's card says it asks for. */
const SUMMARIES: Record<RegistrationEvent, string> = {
  pancard_verification: 'Verify your PAN and give your monthly income.',
  personal_details: 'Your e-mail, date of birth, marital status and gender.',
  residence_details: 'Where you live, with its pin code.',
  income_details: 'How you earn, your monthly income and your last salary.',
  selfie_upload: 'A clear photo of your face, from a file or your camera.',
};

export const REGISTRATION_STEPS: readonly RegistrationStep[] = REGISTRATION_EVENTS.map((event) => {
  const route = stepRoute(event);
  return { event, screen: route.slug, title: route.title, summary: SUMMARIES[event] };
});

/** The index of the step to do now (0 to 4); 5 or more when all five are done. */
export function currentStepIndex(nextStep: string | undefined): number {
  if (!nextStep) return 0;
  const index = REGISTRATION_EVENTS.indexOf(nextStep as RegistrationEvent);
  if (index >= 0) return index;
  // register_now and the loan application's events come after the five steps.
  const stage = stageOf(nextStep);
  return stage !== undefined && stage >= STAGE.registered ? REGISTRATION_EVENTS.length : 0;
}

export type StepAnswer = v.InferOutput<typeof StepAnswerSchema>;

/** After a step succeeded: store the progress, say so, open the next step's screen. */
export function afterStep(answer: StepAnswer, message: string, goTo?: string): void {
  updateSession({ nextStep: answer.next_step, stepPercent: String(answer.step_percentage) });
  showAlert({ type: 'success', msg: message });
  // The top bar follows: the first name after the PAN check, the picture after the selfie.
  loadDashboardData().catch(() => {});
  // An event with no screen (login, unknown): the registration home decides instead.
  navigate(goTo ?? screenPath(screenOfEvent(answer.next_step)?.slug ?? HOME.registration));
}
