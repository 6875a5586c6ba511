import { useId } from 'react';
import { STAGES, type StageKey } from '../state/applicationStage.ts';
import styles from './ApplicationTimeline.module.css';

/**
 * Where the loan stands: the five stages as an ordered list, those before the current one done,
 * the current one marked for screen readers with aria-current="step".
 */
export function ApplicationTimeline({ stage }: { stage: StageKey }) {
  const id = useId();
  const current = STAGES.findIndex((candidate) => candidate.key === stage);
  return (
    <section className={styles.timeline} aria-labelledby={id}>
      <h2 id={id}>Where your loan stands</h2>
      <ol className={styles.stages}>
        {STAGES.map((item, index) => {
          const done = index < current;
          const now = index === current;
          return (
            <li
              key={item.key}
              className={`${styles.stage} ${done ? styles.done : ''} ${now ? styles.current : ''}`}
              aria-current={now ? 'step' : undefined}
            >
              <span className={styles.marker} aria-hidden="true">
                {done ? '✓' : index + 1}
              </span>
              <span className={styles.text}>
                <span className={styles.title}>{item.title}</span>
                <span className={styles.summary}>{item.summary}</span>
                <span className="visually-hidden">{done ? ' (done)' : now ? ' (now)' : ' (to come)'}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
