import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { useDescription } from './Fields.tsx';
import styles from './Form.module.css';
import own from './TextAreaField.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue?: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/**
 * Text of several lines (a complaint's message), its hint and message tied to it as a TextField's.
 * A file of its own, not in Fields.tsx: the step screens share that chunk, and calculate-loan is at
 * its 15 KB budget (docs/budgets.md).
 */
export function TextAreaField({ label, value, onValue, error, hint, id, rows = 6, ...textarea }: TextAreaFieldProps) {
  const { fieldId, describedBy, invalid, notes } = useDescription(error, hint, id);
  return (
    <div className={styles.field}>
      <label htmlFor={fieldId}>{label}</label>
      <textarea
        id={fieldId}
        className={`${styles.input} ${own.textarea}`}
        rows={rows}
        value={value}
        onChange={(event) => onValue?.(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...textarea}
      />
      {notes}
    </div>
  );
}
