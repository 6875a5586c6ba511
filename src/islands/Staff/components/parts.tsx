/** Small parts every console screen uses: the live message of an action, a busy button, a fact list. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { navigate } from '../navigation/router.ts';
import styles from '../Staff.module.css';
import type { CallMessage } from '../state/useStaffCall.ts';

/**
 * An action's message in live regions that are always in the page (so screen readers hear each
 * new text): confirmations politely, failures at once.
 */
export function CallNotice({ message, children }: { message: CallMessage | null; children?: ReactNode }) {
  return (
    <>
      <div role="status" className={message?.tone === 'ok' ? styles.ok : undefined}>
        {message?.tone === 'ok' ? message.text : null}
      </div>
      <div role="alert" className={message?.tone === 'error' ? styles.error : undefined}>
        {message?.tone === 'error' ? (
          <>
            {message.text}
            {children}
          </>
        ) : null}
      </div>
    </>
  );
}

/** A button that shows the call running and takes no second press meanwhile. */
export function BusyButton({
  busy,
  busyText,
  children,
  ghost,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { busy: boolean; busyText: string; ghost?: boolean }) {
  return (
    <button
      type="submit"
      {...rest}
      className={`button${ghost ? ' button--ghost' : ''} ${styles.button}`}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else rest.onClick?.(event);
      }}
    >
      {busy ? (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {busyText}
        </>
      ) : (
        children
      )}
    </button>
  );
}

/** Label and value pairs, as a description list. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? 'NA' : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A queue row's age: "3 h" or "2 days 4 h". */
export function age(hours: number): string {
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h`;
}

/** A link within the console: moves by history (a modified click opens a tab as usual). */
export function ConsoleLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  return (
    <a
      href={to}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

/**
 * Moves the focus to the screen's heading: after an action whose form or row goes away (a decision,
 * an approved disbursal), so the keyboard is not left on the page's body; the shell's message
 * above the heading's screen says what happened.
 */
export function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}
