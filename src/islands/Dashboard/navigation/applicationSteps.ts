/**
 * The loan application's shared moves (product.md §2, §4): after a step succeeds the server's
 * next_step, the application's own progress (kept apart from registration progress) and the lead
 * id are stored, its message shown, and the next screen opened: the screens table's screen of the
 * next event.
 */
import type * as v from 'valibot';
import type { ApplicationStepAnswer } from '../../../lib/schemas/answers/application.ts';
import { showAlert } from '../state/alerts.ts';
import { updateSession } from '../state/sessionStore.ts';
import { navigate } from './router.ts';
import { HOME, screenOfEvent, screenPath } from './screens.ts';

type ApplicationStep = v.InferOutput<typeof ApplicationStepAnswer>;
/** What the application's answers carry (src/lib/schemas/answers/application.ts): the next step, and the percent and lead where given. */
export type ApplicationAnswer = Pick<ApplicationStep, 'next_step'> & Partial<ApplicationStep>;

/** Stores what the server answered about the application, without moving. */
export function storeApplicationStep(answer: ApplicationAnswer): void {
  updateSession({
    nextStep: answer.next_step,
    ...(answer.step_percentage !== undefined && { percent: String(answer.step_percentage) }),
    ...(answer.lead_id !== undefined && { leadId: String(answer.lead_id) }),
  });
}

/**
 * After an application step succeeded: store, say so, open `goTo` or the next event's screen.
 * `alertTimeout` replaces the success message's default time (the document pages' 3000 ms).
 */
export function afterApplicationStep(
  answer: ApplicationAnswer,
  message: string,
  goTo?: string,
  alertTimeout?: number,
): void {
  storeApplicationStep(answer);
  showAlert({ type: 'success', msg: message, ...(alertTimeout !== undefined && { timeout: alertTimeout }) });
  // An event with no screen (login, unknown): the loan's home decides instead.
  navigate(goTo ?? screenPath(screenOfEvent(answer.next_step)?.slug ?? HOME.loan));
}
