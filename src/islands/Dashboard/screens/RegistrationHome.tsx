import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { EligibilityCheck } from '../components/EligibilityCheck.tsx';
import { EligibilityNotice } from '../components/EligibilityNotice.tsx';
import { Link } from '../components/Link.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import { ProgressBar } from '../components/ProgressBar.tsx';
import { Redirect } from '../components/Redirect.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { StepCards } from '../components/StepCards.tsx';
import { currentStepIndex } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import { $session } from '../state/sessionStore.ts';
import { useProfile } from '../state/useProfile.ts';

/**
 * The dashboard home: registration progress and the five step cards; once all are done, Check
 * Eligibility comes first (issue 25, finding 8: it sat below every card), with the last refusal's reason.
 * What the policy's hard rules refuse on the answers so far is told here too, each reason with the step
 * that corrects it (issue 24): a refused customer hears an honest end, never "Your profile is complete".
 */
export default function RegistrationHome({ route }: ScreenProps) {
  const session = useStore($session);
  // For the eligible, Dashboard is the eligibility page (product.md §2), the loan's home. Read on
  // arrival only: a customer found eligible here keeps the modal until they choose Process.
  const [eligibleOnArrival] = useState(() => $session.get().eligibility === '1');
  const { profile, loading, error, retry } = useProfile();
  const current = currentStepIndex(session.nextStep);
  const percent = Number(session.stepPercent ?? profile?.profile_filled_percent ?? 0);
  const registered = profile?.registration_successful === 1;
  // Why the last check refused, as the server gave it (eligibility_reason); nothing once eligible.
  const refusal = profile && profile.eligibility_status !== 1 ? profile.eligibility_reason : '';
  const stopped = (profile?.eligibility_reasons.length ?? 0) > 0;

  if (eligibleOnArrival) return <Redirect to={screenPath(HOME.loan)} />;
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <ProfileState loading={loading && !profile} error={error} retry={retry} />
      {registered && (
        <div className={styles.panel}>
          {refusal ? (
            <>
              <h2>Not eligible for a loan yet</h2>
              <p role="status" data-testid="eligibility-refusal">
                <strong>Not eligible yet:</strong> {refusal}
              </p>
              <p>If one of your answers was wrong, correct it, then check again.</p>
            </>
          ) : stopped ? (
            <>
              <h2>We cannot lend to you on these answers</h2>
              <p>If one of your answers was wrong, correct it, then check your eligibility.</p>
            </>
          ) : (
            <>
              <h2>Your profile is complete</h2>
              <p>
                Check your eligibility to continue to your loan application, or{' '}
                <Link to={screenPath('profile-preview')}>review your profile</Link> first.
              </p>
            </>
          )}
          <EligibilityCheck />
        </div>
      )}
      <EligibilityNotice actionsOnly={registered} />
      {!registered && (
        <p className={styles.intro}>
          Complete these five steps to register your profile, then check whether you are eligible for a loan.
        </p>
      )}
      <ProgressBar label="Profile completed" percent={Number.isFinite(percent) ? percent : 0} />
      <StepCards current={current} />
    </>
  );
}
