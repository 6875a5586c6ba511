import { useStore } from '@nanostores/react';
import { applicationStep } from '../../lib/onboarding.ts';
import { APPLICATION_STEPS, ApplicationCards } from './components/ApplicationCards.tsx';
import { Link } from './components/Link.tsx';
import { ProfileState } from './components/ProfileState.tsx';
import styles from './components/Screen.module.css';
import { ScreenTitle } from './components/ScreenTitle.tsx';
import { screenPath } from './routes.ts';
import type { ScreenProps } from './screenProps.ts';
import { $session } from './sessionStore.ts';
import { useProfile } from './useProfile.ts';

/**
 * The eligible customer's start (guarded by the router: eligibility 1 only): the loan application's
 * four steps, only the current one open, all locked once the application is complete.
 */
export default function Eligibility({ route }: ScreenProps) {
  const session = useStore($session);
  const { profile, loading, error, retry } = useProfile();
  const stored = Number(session.percent ?? 0);
  const percent = Number.isFinite(stored) ? stored : 0;
  const complete = percent >= 100;
  // The next event's index minus 9; once the server answered, its step stage (the same, for the open
  // application) also covers a customer whose last application ended and who starts afresh.
  const current = !loading && profile ? profile.step_stage - 1 : applicationStep(session.nextStep);
  const started = percent > 0 || current > 0 || session.nextStep === 'loan_quotation_decision';
  const next = APPLICATION_STEPS[current] ?? APPLICATION_STEPS[0];

  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      {complete ? (
        <div className={styles.panel}>
          <h2>Your loan application is complete</h2>
          <p>
            Our team is reviewing it. Every step is locked now; you can follow the decision on your application preview.
          </p>
          <Link to={screenPath('lead-preview')} className="button">
            View Your Application
          </Link>
        </div>
      ) : (
        <div className={styles.panel}>
          <h2>You are eligible for a loan</h2>
          <p>
            Continue with your loan application in four steps: choose the amount and the tenure, tell us about your
            employer, upload your documents and give your bank details.
          </p>
          {next && (
            <Link to={screenPath(next.screen)} className="button">
              {started ? 'Continue Loan Application' : 'Start Loan Application'}
            </Link>
          )}
        </div>
      )}
      <ApplicationCards current={current} percent={percent} />
      <ProfileState loading={loading && !profile} error={error} retry={retry} />
    </>
  );
}
