import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { digitsOnly } from '../state/forms.ts';
import styles from './Form.module.css';

/** The ids that tie a field to its hint and its error (aria-describedby), and its invalid state. */
export function useDescription(error: string | undefined, hint: ReactNode | undefined, id?: string) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;
  const describedBy = [...(hint ? [hintId] : []), ...(error ? [errorId] : [])].join(' ') || undefined;
  const notes = (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
  return { fieldId, describedBy, invalid: error ? true : undefined, notes };
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValue?: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextField({ label, value, onValue, error, hint, id, className, ...input }: TextFieldProps) {
  const { fieldId, describedBy, invalid, notes } = useDescription(error, hint, id);
  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={fieldId}>{label}</label>
      <input
        id={fieldId}
        className={styles.input}
        value={value}
        onChange={(event) => onValue?.(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...input}
      />
      {notes}
    </div>
  );
}

export interface DigitsFieldProps extends Omit<TextFieldProps, 'inputMode' | 'maxLength'> {
  /** How many digits at most. */
  digits: number;
}

/** A field of digits only (an account number, an income, a pin code): the number keypad, and anything else typed is dropped. */
export function DigitsField({ digits, onValue, ...props }: DigitsFieldProps) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="off"
      maxLength={digits}
      {...props}
      onValue={(value) => onValue?.(digitsOnly(value, digits))}
    />
  );
}

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceGroupProps {
  legend: string;
  name: string;
  choices: readonly Choice[];
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

/** Radio buttons in a fieldset: few choices, all visible, one click each. */
export function ChoiceGroup({ legend, name, choices, value, onValue, error, hint }: ChoiceGroupProps) {
  const { fieldId, describedBy, invalid, notes } = useDescription(error, hint);
  return (
    <fieldset className={styles.choices} aria-describedby={describedBy}>
      <legend>{legend}</legend>
      <div className={styles.choiceRow}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.choice}>
            <input
              type="radio"
              name={`${fieldId}-${name}`}
              value={choice.value}
              checked={value === choice.value}
              aria-invalid={invalid}
              onChange={() => onValue(choice.value)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      {notes}
    </fieldset>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> {
  label: string;
  choices: readonly Choice[];
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  /** The empty first option. */
  placeholder?: string;
}

export function SelectField({
  label,
  choices,
  value,
  onValue,
  error,
  placeholder = 'Select',
  id,
  ...select
}: SelectFieldProps) {
  const { fieldId, describedBy, invalid, notes } = useDescription(error, undefined, id);
  return (
    <div className={styles.field}>
      <label htmlFor={fieldId}>{label}</label>
      <select
        id={fieldId}
        className={styles.input}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        {...select}
      >
        <option value="">{placeholder}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {notes}
    </div>
  );
}

/** A value the form shows but the customer does not type (the PAN holder's name, the pin code's city). */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: ReactNode }) {
  const { fieldId, describedBy, notes } = useDescription(undefined, hint);
  return (
    <div className={styles.field}>
      <label htmlFor={fieldId}>{label}</label>
      <input
        id={fieldId}
        className={`${styles.input} ${styles.readOnly}`}
        value={value}
        readOnly
        aria-describedby={describedBy}
      />
      {notes}
    </div>
  );
}
