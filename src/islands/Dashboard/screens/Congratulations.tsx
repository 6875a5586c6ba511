import { useStore } from '@nanostores/react';
import site from '../../../../content/site.json' with { type: 'json' };
import { APPLICATION_STEPS } from '../components/ApplicationCards.tsx';
import { Link } from '../components/Link.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import { applicationStage } from '../state/applicationStage.ts';
import type { Profile } from '../state/profile.ts';
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

/** Where the customer is when the application is not with our team: the step to do, or the loan. */
function NotSent({ profile, title }: { profile: Profile; title: string }) {
  const where = applicationStage(profile);
  const loan = profile.active_loan_details;
  if (loan) {
    return (
      <section className={styles.panel}>
        <ScreenTitle>{title}</ScreenTitle>
        <p>
          Your loan {loan.loan_no} is paid out: there is no application waiting for a decision. Your loan's dues and how
          to pay them are on your loan's page.
        </p>
        <Link to={screenPath(HOME.loan)} className="button">
          Your loan
        </Link>
      </section>
    );
  }
  if (where.stage === 'approved') {
    return (
      <section className={styles.panel}>
        <ScreenTitle>{title}</ScreenTitle>
        <p>Your loan application is approved. What is left to do, if anything, is on your application.</p>
        <Link to={screenPath('lead-preview')} className="button">
          View your application
        </Link>
      </section>
    );
  }
  const step = APPLICATION_STEPS[where.step ?? 0] ?? APPLICATION_STEPS[0];
  return (
    <section className={styles.panel}>
      <ScreenTitle>{where.started ? 'Your application is not sent yet' : 'No loan application under way'}</ScreenTitle>
      <p>
        {where.started
          ? `Your loan application is not finished: it is at the step ${step?.title}. Finish it to send it to our team.`
          : 'You have no loan application under way. Apply in four steps: choose the amount and the tenure, tell us about your employer, upload your documents and give your bank details.'}
      </p>
      {step && (
        <Link to={screenPath(step.screen)} className="button">
          {where.started ? 'Continue Loan Application' : 'Start Loan Application'}
        </Link>
      )}
    </section>
  );
}

/**
 * The end of the application (event completed): it is with our team now. Said only once it is, by the
 * fresh profile (issue 25): before that the customer is sent to the step they are on, after it to the
 * approved application or the loan.
 */
export default function Congratulations({ route }: ScreenProps) {
  const { profile, loading, error, retry } = useProfile();
  const session = useStore($session);
  // The application just sent: the profile's latest, else the one the session keeps.
  const leadId = profile?.lead_details?.lead_id ?? (session.leadId || null);
  // The profile as it is now, not as the last screen left it: the answer to banking_details may be on its way.
  const fresh = !loading && !error && profile !== null;
  if (!fresh) {
    return (
      <>
        <ScreenTitle>{route.title}</ScreenTitle>
        <ProfileState loading={loading} error={error} retry={retry} />
      </>
    );
  }
  if (applicationStage(profile).stage !== 'review' || profile.active_loan_details)
    return <NotSent profile={profile} title={route.title} />;
  return (
    <section className={`${styles.panel} ${own.screen}`}>
      <Illustration />
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={own.message}>
        Your loan application is complete and is now with our team. Most applications get a decision within{' '}
        {site.loan.decisionHours} hours, and it shows on your loan home.
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
