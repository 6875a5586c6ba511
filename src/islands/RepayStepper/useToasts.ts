import { useCallback, useRef, useState } from 'react';

export interface Toast {
  id: number;
  /** Errors are alerts; successes and plain information are polite status messages. */
  kind: 'success' | 'info' | 'error';
  text: string;
  /** A way to try again (product.md §10.8), shown as a button in the toast. */
  retry?: () => void;
}

/** The repay page's toast queue; Toasts.tsx shows it. */
export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const lastId = useRef(0);

  const close = useCallback((closed: number) => setToasts((list) => list.filter((t) => t.id !== closed)), []);
  const show = useCallback((kind: Toast['kind'], text: string, retry?: () => void) => {
    lastId.current += 1;
    const next: Toast = { id: lastId.current, kind, text, ...(retry && { retry }) };
    // Good news replaces every older message; errors pile up (the same text once), at most three.
    setToasts((list) =>
      kind === 'error' ? [...list.filter((t) => t.kind === 'error' && t.text !== text), next].slice(-3) : [next],
    );
  }, []);
  const clear = useCallback(() => setToasts([]), []);

  return { toasts, show, close, clear };
}
