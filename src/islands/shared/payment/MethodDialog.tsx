import { type ReactNode, useEffect, useId, useRef } from 'react';
import dialogStyles from '../Dialog.module.css';
import styles from './MethodDialog.module.css';
import { markDown, type Provider, type ProviderId, useDownProviders } from './providers.ts';
import { RAZORPAY_LOAD_FAILED } from './razorpay.ts';
import type { PaymentBusy } from './usePayment.ts';

export interface MethodDialogProps {
  open: boolean;
  /** content/site.json `payments.providers`: the recommended one first. */
  providers: readonly Provider[];
  /** What runs now (a payment step or any other request of the screen): every button waits. */
  busy: string | null;
  /** What will be charged, in words. */
  summary: string;
  /** A button's label while its step runs (the screen's spinner and "Please wait…"). */
  busyLabel: (kind: PaymentBusy, label: ReactNode) => ReactNode;
  onRazorpay: () => void;
  onPayu: () => void;
  /** Cancel, Escape or a close by the page. */
  onClose: () => void;
}

/**
 * "Choose Payment Method": the two providers in the configured order (the recommended one first, and
 * focused), the ways each takes under its name, and Cancel, in a native <dialog> opened with
 * showModal(), so the focus stays inside, Escape closes it and the focus goes back to the button that
 * opened it. A provider whose checkout could not be loaded is marked unavailable, with the
 * specification's alert, and the other takes the focus at once (issue 25, finding 3).
 */
export function MethodDialog({
  open,
  providers,
  busy,
  summary,
  busyLabel,
  onRazorpay,
  onPayu,
  onClose,
}: MethodDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const down = useDownProviders();
  const choose: Record<ProviderId, () => void> = { razorpay: onRazorpay, payu: onPayu };
  const recommended = providers.find((provider) => !down.includes(provider.id))?.id;

  // A child's effects run before its screen's: a closing dialog gives the focus back first, then
  // the screen may move it on.
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  // A provider just failed to load: the one still offered takes the focus.
  useEffect(() => {
    if (open && busy === null && down.length > 0 && recommended)
      dialog.current?.querySelector<HTMLButtonElement>(`[data-provider="${recommended}"]`)?.focus();
  }, [open, busy, down, recommended]);

  return (
    <dialog
      ref={dialog}
      className={dialogStyles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-amount`}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // The close event is queued: one from a close just before a quick reopen (Escape, then Enter on
      // Proceed to Pay) arrives with the dialog open again, and must not close it.
      onClose={(event) => {
        if (!event.currentTarget.open) onClose();
      }}
    >
      <h2 id={`${id}-title`} className={dialogStyles.title}>
        Choose Payment Method
      </h2>
      <p id={`${id}-amount`} className={`${dialogStyles.text} ${styles.amount}`}>
        {summary}
      </p>
      {providers
        .filter((provider) => down.includes(provider.id))
        .map((provider) => (
          <div key={provider.id} className={styles.down} role="alert">
            <p className="m-0">
              {/* Only Razorpay's checkout is a script the page loads (PayU's is a page of its own). */}
              {RAZORPAY_LOAD_FAILED}
              {recommended && ` You can pay with ${providers.find((other) => other.id === recommended)?.name} instead.`}
            </p>
            <button
              type="button"
              className="button button--ghost"
              disabled={busy !== null}
              onClick={() => {
                markDown(provider.id, false);
                choose[provider.id]();
              }}
            >
              Try again
            </button>
          </div>
        ))}
      <div className={styles.methods}>
        {providers.map((provider) => {
          const unavailable = down.includes(provider.id);
          const first = provider.id === recommended;
          return (
            <button
              key={provider.id}
              type="button"
              data-provider={provider.id}
              className={`button ${first ? '' : 'button--ghost'} ${styles.method}`}
              disabled={busy !== null || unavailable}
              aria-busy={busy === provider.id ? true : undefined}
              aria-describedby={busy === provider.id ? undefined : `${id}-${provider.id}`}
              onClick={choose[provider.id]}
            >
              {busyLabel(
                provider.id,
                <>
                  <span className={styles.provider}>
                    {provider.name}
                    {first && (
                      <span className={styles.badge} aria-hidden="true">
                        Recommended
                      </span>
                    )}
                  </span>
                  {/* Hidden from the name (which stays the provider's), read as the button's description. */}
                  <span id={`${id}-${provider.id}`} className={styles.ways} aria-hidden="true">
                    <span className="visually-hidden">{first ? 'Recommended. ' : ''}</span>
                    {unavailable ? 'Unavailable just now' : provider.ways.join(', ')}
                  </span>
                </>,
              )}
            </button>
          );
        })}
        <button
          type="button"
          className={`button button--ghost ${styles.method}`}
          disabled={busy !== null}
          onClick={onClose}
        >
          Cancel
        </button>
      </div>
    </dialog>
  );
}
