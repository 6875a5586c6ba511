import { currentStepIndex, REGISTRATION_STEPS } from '../navigation/registrationSteps.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import type { Profile } from '../state/profile.ts';
import { useProfile } from '../state/useProfile.ts';
import { Link } from './Link.tsx';

/**
 * The next step of a customer with no loan application yet, for the screens that would otherwise stop
 * at "nothing here" (issue 25, the screens review's empty states): finish the profile, check
 * eligibility, or start the application.
 */
export function NoLoanYet({ profile }: { profile: Profile }) {
  if (profile.registration_successful !== 1) {
    const step = REGISTRATION_STEPS[currentStepIndex(profile.next_event_name)];
    return (
      <>
        <p>To apply for a loan, first finish your profile, then check whether you are eligible.</p>
        <Link to={screenPath(step?.screen ?? HOME.registration)} className="button">
          {step ? `Continue to ${step.title}` : 'Finish your profile'}
        </Link>
      </>
    );
  }
  if (profile.eligibility_status !== 1) {
    return (
      <>
        <p>Your profile is complete. Check whether you are eligible for a loan, then apply.</p>
        <Link to={screenPath('profile-preview')} className="button">
          Check your eligibility
        </Link>
      </>
    );
  }
  return (
    <>
      <p>You are eligible for a loan: apply in four steps, from choosing the amount to giving your bank account.</p>
      <Link to={screenPath(HOME.loan)} className="button">
        Start your loan application
      </Link>
    </>
  );
}

/**
 * NoLoanYet with the profile fetched when it is drawn: a screen asks for the profile only once it has
 * nothing else to show (Loan History with its list loaded asks for nothing more).
 */
export function NoLoanYetFresh() {
  const { profile } = useProfile();
  return profile ? <NoLoanYet profile={profile} /> : null;
}
