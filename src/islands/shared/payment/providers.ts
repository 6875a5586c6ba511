/**
 * The two payment providers of the Pay popup (product.md §2, dashboard.md §4), as content/site.json
 * `payments.providers` gives them: in order (the first is the recommended one), with the ways to pay
 * each takes. The pages pass them in (the repay page from its build, the dashboard from
 * siteProviders.ts), so the repay page carries none of the site data. Which provider could not be loaded on this page is remembered here, so the popup
 * marks it unavailable and offers the other at once (issue 25, finding 3).
 */
import { useSyncExternalStore } from 'react';

export type ProviderId = 'razorpay' | 'payu';

export interface Provider {
  id: ProviderId;
  name: string;
  /** The ways to pay, as payers know them (UPI apps, cards, net banking, wallets). */
  ways: string[];
}

let down: ProviderId[] = [];
const listeners = new Set<() => void>();

/** A provider's checkout failed to load (true) or loaded (false). */
export function markDown(id: ProviderId, isDown: boolean): void {
  if (down.includes(id) === isDown) return;
  down = isDown ? [...down, id] : down.filter((other) => other !== id);
  for (const listener of listeners) listener();
}

/** The providers whose checkout could not be loaded on this page. */
export function useDownProviders(): ProviderId[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => down,
    () => down,
  );
}
