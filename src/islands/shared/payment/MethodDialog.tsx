import { type ReactNode, useEffect, useId, useRef } from 'react';
import dialogStyles from '../Dialog.module.css';
import styles from './MethodDialog.module.css';
import type { PaymentBusy } from './usePayment.ts';

export interface MethodDialogProps {
  open: boolean;
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
 * What payers recognise under each provider's name: the ways to pay each offers in its checkout.
 * Shown on the button and read as its description, so the button's name stays the provider's.
 */
export const PROVIDER_METHODS = {
  razorpay: 'UPI, cards, netbanking, wallets',
  payu: 'UPI, cards, netbanking, wallets',
} as const;

/**
 * "Choose Payment Method": Razorpay, PayU or Cancel, in a native <dialog> opened with showModal(),
 * so the focus stays inside, Escape closes it and the focus goes back to the button that opened it.
 */
export function MethodDialog({ open, busy, summary, busyLabel, onRazorpay, onPayu, onClose }: MethodDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  // A child's effects run before its screen's: a closing dialog gives the focus back first, then
  // the screen may move it on.
  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

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
      onClose={onClose}
    >
      <h2 id={`${id}-title`} className={dialogStyles.title}>
        Choose Payment Method
      </h2>
      <p id={`${id}-amount`} className={`${dialogStyles.text} ${styles.amount}`}>
        {summary}
      </p>
      <div className={styles.methods}>
        {(
          [
            ['razorpay', 'Razorpay', onRazorpay],
            ['payu', 'PayU', onPayu],
          ] as const
        ).map(([kind, name, onChoose]) => (
          <button
            key={kind}
            type="button"
            className={`button ${styles.method}`}
            disabled={busy !== null}
            aria-busy={busy === kind ? true : undefined}
            aria-describedby={busy === kind ? undefined : `${id}-${kind}`}
            onClick={onChoose}
          >
            {busyLabel(
              kind,
              <>
                <span className={styles.provider}>{name}</span>
                {/* Hidden from the name (which stays the provider's), read as the button's description. */}
                <span id={`${id}-${kind}`} className={styles.ways} aria-hidden="true">
                  {PROVIDER_METHODS[kind]}
                </span>
              </>,
            )}
          </button>
        ))}
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
