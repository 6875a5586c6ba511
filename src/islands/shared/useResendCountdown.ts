import { useEffect, useRef, useState } from 'react';

/** The spec's wait before a one-time code may be sent again (product.md §9). */
export const RESEND_SECONDS = 30;

/**
 * The resend countdown of the sign-in card and the repay stepper. It is counted from a deadline,
 * not by chained timers, so a throttled background tab still shows the right number when it wakes.
 * It ticks only while `active` (the code step is shown).
 */
export function useResendCountdown(active: boolean) {
  const [countdown, setCountdown] = useState(0);
  const resendAt = useRef(0);
  const counting = active && countdown > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => {
      setCountdown(Math.max(0, Math.ceil((resendAt.current - Date.now()) / 1_000)));
    }, 1_000);
    return () => clearInterval(timer);
  }, [counting]);
  const start = () => {
    resendAt.current = Date.now() + RESEND_SECONDS * 1_000;
    setCountdown(RESEND_SECONDS);
  };
  return { countdown, start };
}
