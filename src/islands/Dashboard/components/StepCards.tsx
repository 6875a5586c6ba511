import { REGISTRATION_STEPS } from '../navigation/registrationSteps.ts';
import { screenPath } from '../navigation/screens.ts';
import styles from './Cards.module.css';
import { Link } from './Link.tsx';

/** One step of a numbered journey: what it is and the screen that does it. */
export interface StepCard {
  key: string;
  title: string;
  summary: string;
  /** The screen's slug under /my-dashboard/. */
  screen: string;
}

export interface StepCardListProps {
  steps: readonly StepCard[];
  /** The step to do now (an index of `steps`); steps.length or more when all are done. */
  current: number;
  /** The order to list the steps in (indexes), by default the steps' own. */
  order?: readonly number[];
  /** Every card shown but none clickable (the summary); the step to do now is still framed. */
  allDisabled?: boolean;
  /** Done steps that open all the same, to correct an answer the eligibility policy refuses (issue 24). */
  toCorrect?: readonly number[];
}

/** Numbered step cards: done up to the current one, only the current one a link (product.md §2, §4). */
export function StepCardList({
  steps,
  current,
  order = steps.map((_, index) => index),
  allDisabled = false,
  toCorrect = [],
}: StepCardListProps) {
  return (
    <ol className={styles.steps}>
      {order.map((index) => {
        const step = steps[index];
        if (!step) return null;
        const done = index < current;
        const correct = done && toCorrect.includes(index);
        const active = (index === current && !allDisabled) || correct;
        const state = correct
          ? 'Open to correct'
          : done
            ? 'Completed'
            : index === current
              ? 'To do now'
              : 'Not yet open';
        const body = (
          <>
            <span className={styles.stepNumber} aria-hidden="true">
              {done ? '✓' : index + 1}
            </span>
            <span className={styles.stepText}>
              <span className={styles.stepTitle}>{step.title}</span>
              <span className={styles.stepSummary}>{step.summary}</span>
              <span className={styles.stepState}>{state}</span>
            </span>
          </>
        );
        // The step to do now is framed wherever it is listed, a link or not (the summary's, issue 25).
        const framed = active || index === current;
        const className = `${styles.step} ${done ? styles.stepDone : ''} ${framed ? styles.stepCurrent : ''}`;
        return (
          <li key={step.key}>
            {active ? (
              <Link to={screenPath(step.screen)} className={`${className} ${styles.stepLink}`}>
                {body}
              </Link>
            ) : (
              <div className={className}>{body}</div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

const REGISTRATION_CARDS: readonly StepCard[] = REGISTRATION_STEPS.map((step) => ({
  key: step.event,
  title: step.title,
  summary: step.summary,
  screen: step.screen,
}));

export interface StepCardsProps {
  /** The step to do now (0 to 4), 5 when all are done. */
  current: number;
  order?: readonly number[];
  allDisabled?: boolean;
  toCorrect?: readonly number[];
}

/** The five registration step cards. */
export function StepCards(props: StepCardsProps) {
  return <StepCardList steps={REGISTRATION_CARDS} {...props} />;
}
