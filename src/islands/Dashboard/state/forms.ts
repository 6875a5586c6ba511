/** What every registration form shares: valibot issues as field messages, and the focus on the first one. */
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import type { BaseIssue } from 'valibot';
import { failureMessage } from '../../../lib/api/client.ts';
import { type Envelope, STATUS } from '../../../lib/api/envelope.ts';
import { indiaDate } from '../../../lib/dates.ts';
import { clearAlerts, showAlert } from './alerts.ts';

export type FieldErrors = Record<string, string>;

/** The first message of each field, by its key in the payload (spouse_name, residence_pincode…). */
export function fieldErrors(issues: readonly BaseIssue<unknown>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    // The payload is flat: the first key of the issue's path names the field.
    const key = String(issue.path?.[0]?.key ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The server's own field messages (Data.fields of a 400), when it sent them. */
export function serverFieldErrors(data: unknown): FieldErrors {
  const fields = (data as { fields?: unknown } | null)?.fields;
  return fields && typeof fields === 'object' ? (fields as FieldErrors) : {};
}

/**
 * After a refused submit the focus goes to the first invalid field, so its message (tied to it with
 * aria-describedby) is read out; call the returned function after setting the errors.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt, form]);
  return useCallback(() => setAttempt((value) => value + 1), []);
}

/**
 * A step's form: its values, and its messages. `field(name)` gives a field its value, its change
 * handler and its message; `fill` puts saved answers in (redoing a step), unless the customer has
 * begun typing. `refuse` shows the form's own findings before anything is sent (each on its field,
 * the first one focused); `send` clears the old messages, sends the checked step and answers the
 * accepted envelope, or, when the server refuses it, shows the server's field messages and its
 * message in an alert and answers undefined.
 */
export function useStepForm<Values extends { [Name in keyof Values]: string }>(
  form: RefObject<HTMLFormElement | null>,
  empty: Values = {} as Values,
) {
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const touched = useRef(false);
  const focusFirstError = useFocusFirstError(form);

  const set = useCallback(
    (name: keyof Values) => (value: string) => {
      touched.current = true;
      setValues((current) => ({ ...current, [name]: value }));
    },
    [],
  );
  /** Answers whether the saved answers went in (not once the customer has typed). */
  const fill = useCallback((saved: Partial<Values>): boolean => {
    if (touched.current) return false;
    setValues((current) => ({ ...current, ...saved }));
    return true;
  }, []);
  const field = (name: keyof Values & string) => ({ value: values[name], onValue: set(name), error: errors[name] });

  const refuse = useCallback(
    (found: FieldErrors) => {
      setErrors(found);
      focusFirstError();
    },
    [focusFirstError],
  );
  const send = useCallback(async <T>(request: () => Promise<Envelope<T>>): Promise<Envelope<T> | undefined> => {
    setErrors({});
    clearAlerts();
    const envelope = await request();
    if (envelope.Status === STATUS.ok) return envelope;
    setErrors(serverFieldErrors(envelope.Data));
    showAlert({ type: 'error', msg: failureMessage(envelope) });
    return undefined;
  }, []);
  return { values, set, fill, field, errors, setErrors, refuse, send };
}

/** Digits only, at most `max` (monthly income, pin code). */
export const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);

/** Today in India as YYYY-MM-DD (the latest salary date allowed). */
export const indiaToday = (): string => indiaDate(new Date());

/** The same day `years` earlier (the latest date of birth allowed). */
export function yearsBefore(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-');
  return `${Number(y) - years}-${m}-${d}`;
}
