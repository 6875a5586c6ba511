import { screenPath } from '../routes.ts';
import { REGISTRATION_STEPS, stepScreen } from '../steps.ts';
import styles from './Cards.module.css';
import { Link } from './Link.tsx';

export interface StepCardsProps {
  /** The step to do now (0 to 4), 5 when all are done. */
  current: number;
  /** The order to list the steps in (indexes); the summary lists the address before the personal details. */
  order?: readonly number[];
  /** Every card shown but none clickable (the summary). */
  allDisabled?: boolean;
}

/** The five step cards: done up to the current one, only the current one clickable (dashboard.md §2). */
export function StepCards({ current, order = [0, 1, 2, 3, 4], allDisabled = false }: StepCardsProps) {
  return (
    <ol className={styles.steps}>
      {order.map((index) => {
        const step = REGISTRATION_STEPS[index];
        if (!step) return null;
        const done = index < current;
        const active = index === current && !allDisabled;
        const state = done ? 'Completed' : index === current ? 'To do now' : 'Not yet open';
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
        const className = `${styles.step} ${done ? styles.stepDone : ''} ${active ? styles.stepCurrent : ''}`;
        return (
          <li key={step.event}>
            {active ? (
              <Link to={screenPath(stepScreen(step.event))} className={`${className} ${styles.stepLink}`}>
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
