import cards from '../components/Cards.module.css';
import { EligibilityCheck } from '../components/EligibilityCheck.tsx';
import { EligibilityNotice } from '../components/EligibilityNotice.tsx';
import { Link } from '../components/Link.tsx';
import { OutstandingBanner } from '../components/OutstandingBanner.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import { ProfileTiles } from '../components/ProfileTiles.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { currentStepIndex, REGISTRATION_STEPS, type RegistrationStep } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import type { Profile } from '../state/profile.ts';
import { useProfile } from '../state/useProfile.ts';

/** What the customer does next from their profile: finish it, check eligibility, or go on with the loan. */
type Next = { kind: 'finish'; step: RegistrationStep | undefined } | { kind: 'check' } | { kind: 'loan' };

/**
 * The bureau consent and Check Eligibility only while they can be used: the profile complete and
 * eligibility not yet found (never checked, or refused on answers since corrected). Before that the
 * next profile step; once eligible, or with a loan, the loan's home (issue 25, the screens review).
 */
function nextOf(profile: Profile): Next {
  if (profile.active_loan_details || profile.eligibility_status === 1) return { kind: 'loan' };
  if (profile.registration_successful !== 1)
    return { kind: 'finish', step: REGISTRATION_STEPS[currentStepIndex(profile.next_event_name)] };
  return { kind: 'check' };
}

/** The eligibility check first, then the profile read-only, with the outstanding amount of an active loan. */
export default function ProfilePreview({ route }: ScreenProps) {
  const { profile, loading, error, retry } = useProfile();
  // A refusal, or what the hard rules refuse on the answers, said as it is (issue 24), with the steps that correct it.
  const refusal = profile && profile.eligibility_status !== 1 ? profile.eligibility_reason : '';
  const stopped = Boolean(refusal) || (profile?.eligibility_reasons.length ?? 0) > 0;
  const next = profile ? nextOf(profile) : null;
  const summary = () => {
    if (next?.kind === 'loan')
      return profile?.active_loan_details
        ? 'You have a loan with us: its dues, how to pay and its papers are on your loan’s page.'
        : 'You are eligible for a loan. Your loan application and its next step are on your loan’s page.';
    if (next?.kind === 'finish')
      return 'Complete the five steps of your profile, then check whether you are eligible for a loan.';
    if (refusal) return `Not eligible yet: ${refusal}`;
    if (stopped) return 'We cannot lend to you on these answers. If one was wrong, correct it, then check again.';
    return 'Your profile is complete. Check whether you are eligible for a loan.';
  };
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      {profile && <OutstandingBanner loan={profile.active_loan_details} />}
      <ProfileState loading={loading && !profile} error={error} retry={retry} />
      {profile && next && (
        <>
          {/* The one action first, within the first screen; the profile's rows follow (issue 25, finding 8). */}
          <div className={styles.panel}>
            <h2>{next.kind === 'loan' ? 'Your loan' : 'Eligibility'}</h2>
            <p>{summary()}</p>
            {next.kind === 'check' && <EligibilityCheck />}
            {next.kind === 'finish' && (
              <Link to={screenPath(next.step?.screen ?? HOME.registration)} className="button">
                {next.step ? `Continue to ${next.step.title}` : 'Continue your profile'}
              </Link>
            )}
            {next.kind === 'loan' && (
              <Link to={screenPath(HOME.loan)} className="button">
                Go to your loan
              </Link>
            )}
          </div>
          <EligibilityNotice actionsOnly={profile.registration_successful === 1} />
          <ProfileTiles details={profile.profile_details} />
          <ul className={cards.linkCards}>
            <li>
              <Link to={screenPath('user-profile')} className={cards.linkCard}>
                <h2>Your Account</h2>
                <p>Your mobile, e-mail, PAN and picture.</p>
              </Link>
            </li>
            <li>
              <Link to={screenPath('kyc')} className={cards.linkCard}>
                <h2>Your Documents</h2>
                <p>Which KYC documents we have and which we will ask for.</p>
              </Link>
            </li>
            <li>
              <Link to={screenPath('profile-summary')} className={cards.linkCard}>
                <h2>Profile Summary</h2>
                <p>Your five registration steps at a glance.</p>
              </Link>
            </li>
            <li>
              <Link to={screenPath('what-you-agreed-to')} className={cards.linkCard}>
                <h2>What you agreed to</h2>
                <p>Every consent you gave us, and asking for your data to be deleted.</p>
              </Link>
            </li>
          </ul>
        </>
      )}
    </>
  );
}
