/**
 * The frame of one action's form, as the loan, complaint and customer screens have them: a heading,
 * the fields, the call's message (with a Reload button when the server says the record changed since
 * it was read) and a busy submit button.
 */
import type { FormEvent, ReactNode } from 'react';
import styles from '../Staff.module.css';
import type { CallMessage } from '../state/useStaffCall.ts';
import { BusyButton, CallNotice } from './parts.tsx';

/** The server's reasons that mean the record changed since it was read: reading it again helps. */
const CHANGED = new Set(['stale_version', 'loan_closed', 'overpayment', 'conflict']);

export function ActionForm({
  id,
  title,
  call,
  submit,
  busyText,
  onSubmit,
  reload,
  level = 3,
  children,
}: {
  /** The heading's id; the form is named by it. */
  id: string;
  title: string;
  call: { busy: boolean; message: CallMessage | null };
  submit: string;
  busyText: string;
  onSubmit: () => void | Promise<void>;
  /** Reads the record again, offered when the server refused because it changed. */
  reload?: { label: string; run: () => void };
  /** The heading's level where the form stands (3 within a screen's section). */
  level?: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const changed = call.message?.tone === 'error' && CHANGED.has(call.message.error ?? '');
  return (
    <form
      className={styles.form}
      aria-labelledby={id}
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Heading id={id}>{title}</Heading>
      {children}
      <CallNotice message={call.message}>
        {changed && reload && (
          <>
            {' '}
            <button type="button" className="button button--ghost" onClick={reload.run}>
              {reload.label}
            </button>
          </>
        )}
      </CallNotice>
      <div>
        <BusyButton busy={call.busy} busyText={busyText}>
          {submit}
        </BusyButton>
      </div>
    </form>
  );
}

/** A labelled text box (or text area) with an optional hint, as the action forms use them. */
export function TextField({
  id,
  label,
  value,
  onChange,
  hint,
  rows,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  /** A text area of this many rows. */
  rows?: number;
  type?: string;
  inputMode?: 'numeric' | 'decimal' | 'text' | 'tel';
  maxLength?: number;
  autoComplete?: string;
}) {
  const described = hint ? `${id}-hint` : undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea
          id={id}
          className={styles.input}
          rows={rows}
          value={value}
          maxLength={input.maxLength}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={described}
        />
      ) : (
        <input
          id={id}
          className={styles.input}
          autoComplete="off"
          {...input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={described}
        />
      )}
      {hint && (
        <span id={described} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}
