/**
 * The dashboard's alerts (product.md §3.9, product.md §4): {type, place, msg}. A success
 * closes itself after 1000 ms by default; an error stays until closed or replaced, because a
 * customer must be able to read what went wrong (WCAG 2.2.1, 3.3.1; docs/decisions.md).
 */
import { atom } from 'nanostores';

export const ALERT_MS = 1_000;
/** product.md §9: good news on the document pages stays 3000 ms. */
export const DOCUMENT_ALERT_MS = 3_000;

export interface Alert {
  id: number;
  type: 'error' | 'success';
  /** Where it shows: 'global' above every screen, or a screen's own place. */
  place: string;
  msg: string;
  /** Milliseconds before it closes itself; null: only its control closes it. */
  timeout: number | null;
}

export const $alerts = atom<Alert[]>([]);
let lastId = 0;

export function showAlert(alert: Pick<Alert, 'type' | 'msg'> & Partial<Pick<Alert, 'place' | 'timeout'>>): number {
  lastId += 1;
  const place = alert.place ?? 'global';
  const timeout = alert.timeout !== undefined ? alert.timeout : alert.type === 'success' ? ALERT_MS : null;
  // One message per place: a new one replaces the last, so old errors never pile up.
  $alerts.set([
    ...$alerts.get().filter((existing) => existing.place !== place),
    { id: lastId, type: alert.type, place, msg: alert.msg, timeout },
  ]);
  return lastId;
}

export function closeAlert(id: number): void {
  $alerts.set($alerts.get().filter((alert) => alert.id !== id));
}

export function clearAlerts(place = 'global'): void {
  $alerts.set($alerts.get().filter((alert) => alert.place !== place));
}
