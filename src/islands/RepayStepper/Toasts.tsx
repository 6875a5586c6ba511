import { useEffect, useRef, useState } from 'react';
import styles from './RepayStepper.module.css';
import type { Toast } from './useToasts.ts';

/** product.md §9: repay-page toasts stay 5000 ms, at the top right. */
export const TOAST_MS = 5_000;

interface ToastsProps {
  toasts: Toast[];
  onClose: (id: number) => void;
}

const KIND_CLASS = { success: styles.toastSuccess, info: styles.toastInfo, error: styles.toastError } as const;

/** The toast stack. Each toast closes itself after 5 s, but not while it is hovered or focused. */
export function Toasts({ toasts, onClose }: ToastsProps) {
  return (
    <div className={styles.toasts}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onClose={onClose} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;

  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onClose(toast.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, onClose, toast.id]);

  // Pointer or focus on the toast holds its timer (WCAG 2.2.1); the toast itself stays a plain box.
  useEffect(() => {
    const node = box.current;
    if (!node) return;
    const listeners: [string, (event: Event) => void][] = [
      ['mouseenter', () => setHovered(true)],
      ['mouseleave', () => setHovered(false)],
      ['focusin', () => setFocused(true)],
      [
        'focusout',
        (event) => {
          if (!node.contains((event as FocusEvent).relatedTarget as Node | null)) setFocused(false);
        },
      ],
    ];
    for (const [type, listener] of listeners) node.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of listeners) node.removeEventListener(type, listener);
    };
  }, []);

  return (
    <div ref={box} className={`${styles.toast} ${KIND_CLASS[toast.kind]}`} data-testid="toast">
      <p className={styles.toastText} role={toast.kind === 'error' ? 'alert' : 'status'}>
        {toast.text}
      </p>
      <div className={styles.toastActions}>
        {toast.retry && (
          <button
            type="button"
            className={styles.toastRetry}
            onClick={() => {
              onClose(toast.id);
              toast.retry?.();
            }}
          >
            Retry
          </button>
        )}
        <button
          type="button"
          className={styles.toastClose}
          aria-label="Close message"
          onClick={() => onClose(toast.id)}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </div>
  );
}
