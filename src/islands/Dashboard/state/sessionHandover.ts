/**
 * A session reaches a second tab of the same browser (docs/decisions.md, "Links that land"). The
 * session lives in each tab's session storage (product.md §3), so a link opened from an SMS or an
 * e-mail starts signed out even while the dashboard is open in another tab. A tab without a session
 * asks the site's other tabs on a BroadcastChannel (same origin, same browser profile only); a tab
 * holding one answers with its keys, which the new tab stores as its own. The token is the same one, so
 * the server's expiry and logout rules hold for both tabs.
 */
import { SESSION_KEYS, type SessionKey } from '../../../lib/session.ts';
import { $session, type SessionValues } from './sessionStore.ts';

const CHANNEL = 'kosh-session';
/**
 * How long a tab without a session waits for another tab's answer before going to sign-in. A tab in the
 * background of a slow phone answers late (the browser delays its tasks); 300 ms was missed on a busy
 * machine, and a second more before sign-in costs a signed-out visitor little.
 */
const ASK_WAIT_MS = 1_000;

type Message = { kind: 'ask' } | { kind: 'session'; values: SessionValues };

const channel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** Answers the other tabs' questions while this tab holds a session; returns the way to stop. */
export function offerSession(): () => void {
  const open = channel();
  if (!open) return () => {};
  open.onmessage = (event: MessageEvent<Message>) => {
    const values = $session.get();
    if (event.data?.kind === 'ask' && values.token) open.postMessage({ kind: 'session', values } satisfies Message);
  };
  return () => open.close();
}

/** Another tab's session, or null when none answers in time. */
export function askForSession(waitMs = ASK_WAIT_MS): Promise<SessionValues | null> {
  const open = channel();
  if (!open) return Promise.resolve(null);
  return new Promise((resolve) => {
    const done = (values: SessionValues | null) => {
      clearTimeout(timer);
      open.close();
      resolve(values);
    };
    const timer = setTimeout(() => done(null), waitMs);
    open.onmessage = (event: MessageEvent<Message>) => {
      if (event.data?.kind === 'session' && typeof event.data.values?.token === 'string')
        done(known(event.data.values));
    };
    open.postMessage({ kind: 'ask' } satisfies Message);
  });
}

/** Only the specification's session keys, as strings: nothing else another tab sends is stored. */
function known(values: SessionValues): SessionValues {
  const kept: SessionValues = {};
  for (const key of Object.keys(SESSION_KEYS) as SessionKey[]) {
    const value = values[key];
    if (typeof value === 'string') kept[key] = value;
  }
  return kept;
}
