import { useStore } from '@nanostores/react';
import site from '../../../../content/site.json' with { type: 'json' };
import { Link } from '../components/Link.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { $session } from '../state/sessionStore.ts';
import { useProfile } from '../state/useProfile.ts';
import own from './Congratulations.module.css';

/** A finished application with a tick and confetti, drawn inline (no picture to download); decorative. */
function Illustration() {
  return (
    <svg className={own.picture} viewBox="0 0 240 200" aria-hidden="true" focusable="false">
      <rect className={own.confettiA} x="22" y="38" width="12" height="6" rx="2" transform="rotate(-25 28 41)" />
      <rect className={own.confettiB} x="200" y="30" width="12" height="6" rx="2" transform="rotate(30 206 33)" />
      <circle className={own.confettiC} cx="40" cy="150" r="5" />
      <circle className={own.confettiB} cx="212" cy="120" r="4" />
      <rect className={own.confettiC} x="190" y="170" width="10" height="5" rx="2" transform="rotate(-40 195 172)" />
      <rect className={own.confettiB} x="30" y="92" width="10" height="5" rx="2" transform="rotate(50 35 94)" />
      <rect className={own.paper} x="70" y="20" width="100" height="130" rx="10" />
      <path className={own.lines} d="M90 50h60M90 72h60M90 94h40" />
      <circle className={own.badge} cx="160" cy="140" r="34" />
      <path className={own.tick} d="M144 140l11 11 21-23" />
    </svg>
  );
}

/** The end of the application (event completed): it is with our team now. */
export default function Congratulations({ route }: ScreenProps) {
  const { profile } = useProfile();
  const session = useStore($session);
  // The application just sent: the profile's latest, else the one the session keeps.
  const leadId = profile?.lead_details?.lead_id ?? (session.leadId || null);
  return (
    <section className={`${styles.panel} ${own.screen}`}>
      <Illustration />
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={own.message}>
        Your loan application is complete and is now with our team. Most applications get a decision within{' '}
        {site.loan.decisionHours} hours; we send you an SMS and an e-mail as soon as it is decided.
      </p>
      {leadId !== null && (
        <p className={own.message}>
          Your application number is <strong>{leadId}</strong>. Please give it if you write to us or call us.
        </p>
      )}
      <p className={own.links}>
        <Link to={screenPath('lead-preview')} className="button">
          View your application
        </Link>
        <Link to={screenPath('leads')} className="button button--ghost">
          Loan history
        </Link>
      </p>
    </section>
  );
}
