/**
 * The staff console (issue 22): one client-only island for every /staff/ address. It keeps the
 * staff session (sessionStorage, its own key), guards each screen by the member's roles, loads each
 * screen's code when first shown, moves the focus to the screen's heading on navigation, and
 * returns to sign-in whenever the server ends the session.
 */
import {
  Component,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { STAFF_API } from '../../lib/api/staffPaths.ts';
import { CallNotice } from './components/parts.tsx';
import { currentLocation, navigate, subscribe } from './navigation/router.ts';
import { forgetScreen, screenComponent } from './navigation/screenLoader.ts';
import { mayOpen, STAFF_SCREENS, type StaffScreen, screenOf, staffPath } from './navigation/screens.ts';
import styles from './Staff.module.css';
import { staffCall, whenSessionEnds } from './state/api.ts';
import { clearStaffSession, readStaffSession, type StaffSession, writeStaffSession } from './state/session.ts';
import type { CallMessage } from './state/useStaffCall.ts';

/** Screens reached from another screen (one application, one loan), not from the top bar. */
const NOT_IN_NAV = new Set(['sign-in', 'application', 'loan']);
const NAV = STAFF_SCREENS.filter((screen) => !NOT_IN_NAV.has(screen.slug));

class ScreenBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={styles.error}>
        This screen could not be loaded.{' '}
        <button
          type="button"
          className="button button--ghost"
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          Retry
        </button>
      </div>
    );
  }
}

export default function Staff({ brand }: { brand: string }) {
  const location = useSyncExternalStore(subscribe, currentLocation, currentLocation);
  const [session, setSession] = useState<StaffSession | null>(() => readStaffSession());
  // A shell message belongs to the address it was said at, and goes when the member moves on.
  const [notice, setNotice] = useState<(CallMessage & { at: string }) | null>(null);
  const [retries, setRetries] = useState(0);
  const [signingOut, setSigningOut] = useState(false);
  const main = useRef<HTMLElement>(null);

  const screen: StaffScreen = screenOf(location.slug) ?? (screenOf('') as StaffScreen);
  const signInScreen = screen.roles === 'signedOut';

  // The server ended the session (idle, disabled, signed out elsewhere): back to sign-in.
  useEffect(() => {
    whenSessionEnds(() => {
      setSession(null);
      navigate(staffPath('sign-in'), { replace: true });
    });
  }, []);

  // The guard: sign-in for the signed out, home for the signed in who open sign-in.
  useEffect(() => {
    if (!session && !signInScreen) navigate(staffPath('sign-in'), { replace: true });
    else if (session && signInScreen) navigate(staffPath(''), { replace: true });
  }, [session, signInScreen]);

  useEffect(() => {
    document.title = `${screen.title} | ${brand}`;
  }, [screen.title, brand]);

  // On every move within the console the focus goes to the new screen's heading once it is drawn.
  useEffect(() => {
    if (location.cause === 'load') return;
    let tries = 0;
    const timer = window.setInterval(() => {
      const heading = main.current?.querySelector<HTMLElement>('h1');
      tries += 1;
      if (heading || tries > 50) {
        window.clearInterval(timer);
        if (heading) {
          heading.tabIndex = -1;
          heading.focus();
        }
      }
    }, 50);
    return () => window.clearInterval(timer);
  }, [location]);

  const announce = useCallback(
    (text: string, tone: 'ok' | 'error' = 'ok') =>
      setNotice({ text, tone, at: `${currentLocation().slug}${currentLocation().search}` }),
    [],
  );
  const where = `${location.slug}${location.search}`;

  const signedIn = useCallback((next: StaffSession) => {
    writeStaffSession(next);
    setSession(next);
    navigate(staffPath(''));
  }, []);

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    await staffCall(STAFF_API.logout);
    setSigningOut(false);
    clearStaffSession();
    setSession(null);
    navigate(staffPath('sign-in'));
  }

  const blocked = (!session && !signInScreen) || (session && signInScreen);
  const allowed = session ? mayOpen(screen, session.roles) : signInScreen;
  const Screen = screenComponent(screen.component);

  const go = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(event.currentTarget.href);
  };

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#staff-main">
        Skip to content
      </a>
      <header className={styles.topBar}>
        <a className={styles.brand} href={staffPath('')} onClick={go}>
          {brand}
          <small>Staff</small>
        </a>
        {session && (
          <>
            <nav className={styles.nav} aria-label="Staff console">
              <ul>
                {NAV.filter((item) => mayOpen(item, session.roles)).map((item) => (
                  <li key={item.slug}>
                    <a
                      href={staffPath(item.slug)}
                      onClick={go}
                      aria-current={item.slug === screen.slug ? 'page' : undefined}
                    >
                      {item.slug === '' ? 'Home' : item.title}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className={styles.who}>
              <span>
                {session.name} <span className="visually-hidden">signed in as</span>({session.roles.join(', ')})
              </span>
              <button
                type="button"
                className="button button--ghost"
                onClick={signOut}
                aria-disabled={signingOut || undefined}
              >
                {signingOut ? 'Signing out…' : 'Sign out'}
              </button>
            </div>
          </>
        )}
      </header>
      <main id="staff-main" className={styles.main} ref={main}>
        <CallNotice message={notice?.at === where ? notice : null} />
        {blocked ? (
          <p role="status">Loading…</p>
        ) : !allowed ? (
          <>
            <h1>{screen.title}</h1>
            <p role="alert" className={styles.error}>
              Your role does not allow this.
            </p>
            <p>
              <a href={staffPath('')} onClick={go}>
                Back to the console's home
              </a>
            </p>
          </>
        ) : (
          <ScreenBoundary
            key={`${screen.component}-${retries}`}
            onRetry={() => {
              forgetScreen(screen.component);
              setRetries((count) => count + 1);
            }}
          >
            <Suspense fallback={<p role="status">Loading {screen.title.toLowerCase()}…</p>}>
              <Screen session={session} search={location.search} announce={announce} signedIn={signedIn} />
            </Suspense>
          </ScreenBoundary>
        )}
      </main>
    </div>
  );
}
