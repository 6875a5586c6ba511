/**
 * The five registration steps (product.md §2, §4) and what happens after one succeeds: the
 * server's next_step and step_percentage are stored, its message shown, and the screen of the
 * next step opened (the screens table's screen of that event). Each step's card opens its screen.
 */
import { atom } from 'nanostores';
import type * as v from 'valibot';
import { REGISTRATION_EVENTS, type RegistrationEvent, STAGE, stageOf } from '../../../lib/onboarding.ts';
import type { EligibilityReasonAnswer, StepAnswer as StepAnswerSchema } from '../../../lib/schemas/answers/profile.ts';
import { showAlert } from '../state/alerts.ts';
import { $profile, loadDashboardData, storeProgress } from '../state/profile.ts';
import { $location, navigate } from './router.ts';
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
export type EligibilityReason = v.InferOutput<typeof EligibilityReasonAnswer>;

/** Counts the saves that kept the customer on their step to hear why (the notice announces each). */
export const $heldBack = atom(0);

/** The screen where a reason's answer is corrected: its step's. */
export const correctionScreen = (reason: EligibilityReason): string => stepRoute(reason.step).slug;

/**
 * After a step succeeded: store the progress and the hard rules' reasons (the notices read them from
 * the profile), say so, open the next step's screen. When the answer refuses something this screen
 * asks (issue 24, "Eligibility first"), the customer stays to hear why and correct it: those reasons
 * are answered, for the screen to mark its fields; the next step stays open from the notice.
 */
export function afterStep(answer: StepAnswer, message: string, goTo?: string): EligibilityReason[] {
  storeProgress({ next_step: answer.next_step, step_percentage: answer.step_percentage });
  const profile = $profile.get();
  if (profile) $profile.set({ ...profile, eligibility_reasons: answer.eligibility_reasons });
  // The top bar follows: the first name after the PAN check, the picture after the selfie.
  loadDashboardData().catch(() => {});
  const here = answer.eligibility_reasons.filter((reason) => correctionScreen(reason) === $location.get().slug);
  if (here.length > 0 && !goTo) {
    $heldBack.set($heldBack.get() + 1);
    return here;
  }
  showAlert({ type: 'success', msg: message });
  // An event with no screen (login, unknown): the registration home decides instead.
  navigate(goTo ?? screenPath(screenOfEvent(answer.next_step)?.slug ?? HOME.registration));
  return [];
}

/** afterStep for a step's form: the reasons about this screen's answers mark their fields, the first focused. */
export function afterFormStep(
  saved: { Data: StepAnswer; Message: string },
  refuse: (errors: Record<string, string>) => void,
): void {
  const here = afterStep(saved.Data, saved.Message);
  if (here.length > 0) refuse(Object.fromEntries(here.map((reason) => [reason.field, reason.message])));
}
