import { type ReactNode, useEffect, useId, useRef } from 'react';
import { type Fact, FactTable } from './FactTable.tsx';
import formStyles from './Form.module.css';
import styles from './HeldStep.module.css';
import { Link } from './Link.tsx';
import screen from './Screen.module.css';

export interface HeldStepProps {
  /** What is held, said as done ("Your PAN is verified"). */
  heading: string;
  /** The values held, masked where the product masks them. */
  facts?: readonly Fact[];
  /** Drawn above the facts (the picture on file). */
  children?: ReactNode;
  /** Why it can no longer be changed; without it, Change is offered. */
  locked?: ReactNode;
  onChange?: () => void;
  /** The Change button's words ("Change your PAN"). */
  changeLabel?: string;
  /** The way on (the next step, the loan home). */
  next?: { to: string; label: string } | null;
  /** The form was just left by Cancel: the keyboard comes back to this heading. */
  focus?: boolean;
}

/**
 * A completed step opened again (issue 25): "✓ done", what is held, then Change (which opens the
 * step's form) or, where the server no longer takes a change, why; and the way on.
 */
export function HeldStep({ heading, facts = [], children, locked, onChange, changeLabel, next, focus }: HeldStepProps) {
  const id = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) title.current?.focus();
  }, [focus]);
  return (
    <section className={`${screen.panel} ${styles.held}`} aria-labelledby={`${id}-heading`}>
      <p className={styles.done}>
        <span aria-hidden="true">✓ </span>Done
      </p>
      <h2 id={`${id}-heading`} ref={title} tabIndex={-1} className={styles.heading}>
        {heading}
      </h2>
      {children}
      {facts.length > 0 && <FactTable caption={heading} rows={facts} />}
      {locked && <p className={styles.locked}>{locked}</p>}
      <div className={formStyles.actions}>
        {next && (
          <Link to={next.to} className="button">
            {next.label}
          </Link>
        )}
        {!locked && onChange && (
          <button type="button" className={next ? 'button button--ghost' : 'button'} onClick={onChange}>
            {changeLabel ?? 'Change'}
          </button>
        )}
      </div>
    </section>
  );
}

/** The form's way back to the held view, beside its submit button. */
export function KeepButton({ onKeep, label = 'Cancel' }: { onKeep: () => void; label?: string }) {
  return (
    <button type="button" className="button button--ghost" onClick={onKeep}>
      {label}
    </button>
  );
}
