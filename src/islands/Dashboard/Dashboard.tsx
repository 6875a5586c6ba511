import { useStore } from '@nanostores/react';
import { type ReactNode, Suspense, use, useEffect, useState } from 'react';
import { Link } from './components/Link.tsx';
import { Redirect } from './components/Redirect.tsx';
import styles from './components/Screen.module.css';
import { ScreenErrorBoundary } from './components/ScreenErrorBoundary.tsx';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import { Shell } from './components/Shell.tsx';
import { $location, listenToHistory } from './navigation/router.ts';
import { $screenHeading } from './navigation/screenHeading.ts';
import { forgetScreen, preloadScreen, screenComponent } from './navigation/screenLoader.ts';
import { HOME, mayOpen, routeOf, screenPath } from './navigation/screens.ts';
import { SessionEnded } from './state/api.ts';
import { loadDashboardData } from './state/profile.ts';
import { askForSession, offerSession } from './state/sessionHandover.ts';
import { $session, endSession, updateSession } from './state/sessionStore.ts';

/**
 * The page's own screen's code, asked for as soon as the island's code runs. The island's first draw
 * waits for it (React keeps the page's frame, and the first paint's figures, until then: issue 25),
 * so the frame is replaced by the screen in one go, without a "Loading…" between.
 */
const firstScreen: Promise<void> = (() => {
  const route = routeOf($location.get().slug);
  return route ? preloadScreen(route.component) : Promise.resolve();
})();

export interface DashboardProps {
  /** The brand, for the logo and the page titles. */
  brand: string;
}

/**
 * The customer dashboard: one client-only island behind every /my-dashboard/ address. It needs a
 * session (no token: sign-in), keeps eligibility-gated screens for the eligible, and draws the
 * screen of the address inside the dashboard frame.
 */
export default function Dashboard({ brand }: DashboardProps) {
  use(firstScreen);
  const session = useStore($session);
  const location = useStore($location);
  const signedIn = Boolean(session.token);
  const route = routeOf(location.slug);
  const allowed = route !== undefined && mayOpen(route, session.eligibility === '1');
  // Each Retry after a screen failed draws it anew, with its code imported again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => listenToHistory(), []);

  // While signed in, this tab hands its session to a new tab of the site that asks (a link opened).
  useEffect(() => (signedIn ? offerSession() : undefined), [signedIn]);

  // No session, no dashboard (product.md §4): unless another tab of this browser hands its session
  // over, to sign-in, which comes back to this address (docs/decisions.md, "Links that land").
  useEffect(() => {
    if (signedIn) return;
    let left = false;
    askForSession().then((values) => {
      if (left) return;
      const { pathname, search, hash } = window.location;
      if (values) updateSession(values);
      else endSession({ returnTo: `${pathname}${search}${hash}` });
    });
    return () => {
      left = true;
    };
  }, [signedIn]);

  // The frame's name and picture; the stored copy shows meanwhile, and a failure leaves it as it is.
  useEffect(() => {
    if (!signedIn) return;
    loadDashboardData().catch((error: unknown) => {
      if (!(error instanceof SessionEnded)) console.warn('dashboard data not loaded', error);
    });
  }, [signedIn]);

  // The page title follows the screen, as a page load would set it: the heading it draws, else the table's title.
  const heading = useStore($screenHeading);
  const title = heading ?? route?.title ?? 'Page not found';
  useEffect(() => {
    document.title = `${title} | ${brand}`;
  }, [title, brand]);

  if (!signedIn) {
    return (
      <p className={styles.status} role="status">
        Taking you to sign in…
      </p>
    );
  }

  let screen: ReactNode;
  if (!route) {
    screen = (
      <>
        <ScreenTitle>Page not found</ScreenTitle>
        <p>
          There is no such page in your dashboard. <Link to={screenPath(HOME.registration)}>Go to your dashboard</Link>.
        </p>
      </>
    );
  } else if (!allowed) {
    // The guard turned it away (product.md §2, §6): the registration home decides where to go.
    screen = <Redirect to={screenPath(HOME.registration)} />;
  } else {
    const Screen = screenComponent(route.component);
    const retry = () => {
      forgetScreen(route.component);
      setAttempt((count) => count + 1);
    };
    screen = (
      <ScreenErrorBoundary key={`${route.slug}:${attempt}`} title={route.title} onRetry={retry}>
        <Suspense
          fallback={
            <p className={styles.status} role="status">
              Loading…
            </p>
          }
        >
          <Screen key={`${route.slug}${location.search}`} route={route} location={location} brand={brand} />
        </Suspense>
      </ScreenErrorBoundary>
    );
  }

  return <Shell brand={brand}>{screen}</Shell>;
}
