import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { useCall } from '../../shared/useCall.ts';
import { $location } from '../navigation/router.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import { logout } from '../state/api.ts';
import { $dashboardData } from '../state/profile.ts';
import { $session } from '../state/sessionStore.ts';
import { Alerts } from './Alerts.tsx';
import { Link } from './Link.tsx';
import styles from './Shell.module.css';

/** product.md §9: the sidebar collapses below 768 px. */
export const SMALL_SCREEN = '(max-width: 767.98px)';
const SIDEBAR_ID = 'dashboard-sidebar';

interface NavItem {
  label: string;
  to: string;
}

/**
 * The sidebar of product.md §2; an eligible customer's Dashboard and My Account lead further on.
 * Raise a complaint (issue 22) is added after Loan History, What you agreed to (issue 24) after it.
 */
export function sidebarLinks(eligible: boolean): NavItem[] {
  return [
    { label: 'Dashboard', to: screenPath(eligible ? HOME.loan : HOME.registration) },
    { label: 'My Account', to: screenPath(eligible ? 'lead-preview' : 'profile-preview') },
    { label: 'Support', to: '/contact' },
    { label: 'Loan History', to: screenPath('leads') },
    { label: 'Raise a complaint', to: screenPath('complaints') },
    { label: 'What you agreed to', to: screenPath('what-you-agreed-to') },
    { label: 'Terms and Conditions', to: '/termsandconditions' },
    { label: 'Privacy Policy', to: '/privacypolicy' },
  ];
}

const isSmall = () => window.matchMedia(SMALL_SCREEN).matches;

/** The dashboard frame: top bar, sidebar, and the screen with its alerts. */
export function Shell({ brand, children }: { brand: string; children: ReactNode }) {
  const session = useStore($session);
  const location = useStore($location);
  const data = useStore($dashboardData);
  const eligible = session.eligibility === '1';
  const [small, setSmall] = useState(isSmall);
  const [open, setOpen] = useState(() => !isSmall());
  // Logout is a request like any other; the page leaves after it, so it stays busy.
  const { busy, run } = useCall<'logout'>();
  const leaving = busy !== null;
  /** The picture address that failed to load (an expired link): the initial shows instead. */
  const [failedPicture, setFailedPicture] = useState<string | null>(null);

  // Crossing the breakpoint resets the sidebar: collapsed below it, open from 768 px.
  useEffect(() => {
    const query = window.matchMedia(SMALL_SCREEN);
    const onChange = () => {
      setSmall(query.matches);
      setOpen(!query.matches);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  // On a small screen the sidebar covers the screen: it closes once the customer has moved on, and on Escape.
  useEffect(() => {
    if (small && location.cause !== 'load') setOpen(false);
  }, [small, location]);
  useEffect(() => {
    if (!(small && open)) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [small, open]);

  const picture = data?.profile_pic;
  const firstName = data?.profile_details.first_name ?? '';
  const here = screenPath(location.slug);

  const signOut = () => run('logout', logout, () => true);

  return (
    <div className={`${styles.shell} ${open ? styles.withSidebar : ''}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.topBar}>
        <button
          type="button"
          className={styles.menuToggle}
          aria-expanded={open}
          aria-controls={SIDEBAR_ID}
          onClick={() => setOpen((value) => !value)}
        >
          <span className={styles.burger} aria-hidden="true" />
          Menu
        </button>
        <Link
          to={screenPath(eligible ? HOME.loan : HOME.registration)}
          className={styles.logo}
          aria-label={`${brand} dashboard`}
        >
          <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true" focusable="false">
            <rect width="40" height="40" rx="10" fill="#0b5394" />
            <path
              d="M12 10h16M12 16h16M12 10c9 0 9 12 0 12l13 9"
              fill="none"
              stroke="#fff"
              strokeWidth="3.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span aria-hidden="true" className={styles.brand}>
            {brand}
          </span>
        </Link>
        <Link to={screenPath(eligible ? 'lead-preview' : 'profile-preview')} className={styles.greeting}>
          {picture && picture !== failedPicture ? (
            // biome-ignore lint/a11y/noNoninteractiveElementInteractions: onError is the load failure of an expired picture link, not an interaction.
            <img
              className={styles.avatar}
              src={picture}
              alt=""
              width={36}
              height={36}
              onError={() => setFailedPicture(picture)}
            />
          ) : (
            <span className={`${styles.avatar} ${styles.avatarEmpty}`} aria-hidden="true">
              {firstName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span>{firstName ? `Hi, ${firstName}` : 'Hi'}</span>
        </Link>
      </header>

      <nav id={SIDEBAR_ID} className={styles.sidebar} aria-label="Dashboard" hidden={!open}>
        <ul>
          {sidebarLinks(eligible).map((item) => (
            <li key={item.label}>
              <Link
                to={item.to}
                className={styles.navLink}
                aria-current={item.to === here ? 'page' : undefined}
                onClick={() => {
                  if (small) setOpen(false);
                }}
              >
                {item.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={styles.navLink}
              onClick={signOut}
              disabled={leaving}
              aria-busy={leaving || undefined}
            >
              {leaving ? 'Logging out…' : 'Logout'}
            </button>
          </li>
        </ul>
      </nav>

      <main id="main" tabIndex={-1} className={styles.main}>
        <Alerts />
        {children}
      </main>
    </div>
  );
}
