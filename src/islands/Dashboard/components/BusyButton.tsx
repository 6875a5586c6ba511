import type { ReactNode, Ref } from 'react';
import styles from './Form.module.css';

export interface BusyButtonProps {
  children: ReactNode;
  /** This button's request is running: it says so and shows progress. */
  busy: boolean;
  /** Any request of the screen is running: every button waits. */
  disabled?: boolean;
  type?: 'submit' | 'button';
  onClick?: () => void;
  variant?: 'primary' | 'ghost';
  /** What the busy button says; "Please wait…" unless given (e.g. an upload's percentage). */
  busyText?: string;
  /** For a screen that gives the focus back to this button. */
  ref?: Ref<HTMLButtonElement>;
}

/** A button that is disabled while a request runs, with a spinner and "Please wait…" on the one that started it. */
export function BusyButton({
  children,
  busy,
  disabled = false,
  type = 'submit',
  onClick,
  variant = 'primary',
  busyText = 'Please wait…',
  ref,
}: BusyButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      className={`button ${variant === 'ghost' ? 'button--ghost' : ''} ${styles.button}`}
      disabled={busy || disabled}
      aria-busy={busy ? true : undefined}
      onClick={onClick}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {busy ? busyText : children}
    </button>
  );
}
