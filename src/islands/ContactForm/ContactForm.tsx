import { type FormEvent, type InputHTMLAttributes, useId, useRef, useState } from 'react';
import { safeParse } from 'valibot';
import { callApi } from '../../lib/api/client.ts';
import { API } from '../../lib/api/paths.ts';
import { CONTACT_SENT, ContactRequest } from '../../lib/schemas/contact.ts';
import { useCall } from '../shared/useCall.ts';
import styles from './ContactForm.module.css';

type FieldName = 'name' | 'email' | 'subject' | 'phone' | 'message';
type Values = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

/**
 * The fields in the order they are shown, which is also the order the first error is focused in:
 * each one's label and its input's own attributes (none: the message's text area).
 */
const FIELDS: { name: FieldName; label: string; input?: InputHTMLAttributes<HTMLInputElement> }[] = [
  { name: 'name', label: 'Name', input: { autoComplete: 'name' } },
  { name: 'email', label: 'Email', input: { type: 'email', autoComplete: 'email' } },
  { name: 'subject', label: 'Subject (optional)', input: { autoComplete: 'off' } },
  {
    name: 'phone',
    label: 'Phone',
    input: { type: 'tel', inputMode: 'numeric', autoComplete: 'tel-national', maxLength: 10 },
  },
  { name: 'message', label: 'Message' },
];
/** What a field keeps of what is typed: the phone number's digits, at most 10; anything elsewhere. */
const kept = (name: FieldName, typed: string) => (name === 'phone' ? typed.replace(/\D/g, '').slice(0, 10) : typed);
const EMPTY: Values = { name: '', email: '', subject: '', phone: '', message: '' };

/** The contact form (product.md §10.8): checked with the API's own schema, then sent. */
export default function ContactForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const { busy, running, call } = useCall<'send'>();
  const sending = busy === 'send';
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const fields = useRef<Partial<Record<FieldName, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const fieldId = (name: FieldName) => `${id}-${name}`;
  const errorId = (name: FieldName) => `${id}-${name}-error`;

  const change = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // A field's message goes once the field is edited; the next Submit checks it again.
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    setResult(null);
    const checked = safeParse(ContactRequest, values);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.issues) {
        const key = issue.path?.[0]?.key as FieldName | undefined;
        if (key && !found[key]) found[key] = issue.message;
      }
      setErrors(found);
      const first = FIELDS.find(({ name }) => found[name])?.name;
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    const outcome = await call('send', () => callApi(API.contact, checked.output));
    if (!outcome) return;
    if (!outcome.ok) return setResult({ kind: 'error', text: outcome.message });
    setValues(EMPTY);
    setResult({ kind: 'success', text: outcome.envelope.Message || CONTACT_SENT });
  };

  const inputProps = (name: FieldName) => ({
    id: fieldId(name),
    name,
    value: values[name],
    'aria-required': name === 'subject' ? undefined : true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? errorId(name) : undefined,
    onChange: (event: { target: { value: string } }) => change(name, kept(name, event.target.value)),
  });
  const fieldError = (name: FieldName) =>
    errors[name] ? (
      <p id={errorId(name)} className={styles.error}>
        {errors[name]}
      </p>
    ) : null;
  const setRef = (name: FieldName) => (element: HTMLInputElement | HTMLTextAreaElement | null) => {
    fields.current[name] = element;
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.title}>
        Send us a message
      </h2>
      <p className={styles.note}>
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">required</span> are required.
      </p>
      <div className={styles.grid}>
        {FIELDS.map(({ name, label, input }) => (
          <div key={name} className={input ? styles.field : `${styles.field} ${styles.wide}`}>
            <label htmlFor={fieldId(name)}>
              {label}
              {name !== 'subject' && (
                <>
                  {' '}
                  <Required />
                </>
              )}
            </label>
            {input ? (
              <input ref={setRef(name)} className={styles.input} {...input} {...inputProps(name)} />
            ) : (
              <textarea ref={setRef(name)} className={styles.input} rows={5} {...inputProps(name)} />
            )}
            {fieldError(name)}
          </div>
        ))}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button" disabled={sending} aria-busy={sending ? true : undefined}>
          {sending ? 'Please wait…' : 'Submit'}
        </button>
      </div>
      <p className={styles.success} role="status">
        {result?.kind === 'success' ? result.text : ''}
      </p>
      {result?.kind === 'error' && (
        <p className={styles.failure} role="alert">
          {result.text}
        </p>
      )}
    </form>
  );
}

function Required() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}
