import { type ReactNode, useId } from 'react';
import styles from './KfsAcceptance.module.css';

export interface KfsAcceptanceProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}

/**
 * The checkbox that accepts a statement: a 24 px box whose whole label is the target, its text
 * wrapping beside it at 320 px (issue 25, finding 10: it was 13 × 19 px), and its error tied to it.
 */
export function KfsAcceptance({ checked, onChange, error, required = false, children }: KfsAcceptanceProps) {
  const id = useId();
  return (
    <div className={styles.acceptance}>
      <label className={styles.accept} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          required={required}
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <span>{children}</span>
      </label>
      {error && (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
