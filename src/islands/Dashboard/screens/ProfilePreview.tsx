import cards from '../components/Cards.module.css';
import { EligibilityCheck } from '../components/EligibilityCheck.tsx';
import { EligibilityNotice } from '../components/EligibilityNotice.tsx';
import { Link } from '../components/Link.tsx';
import { OutstandingBanner } from '../components/OutstandingBanner.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import { ProfileTiles } from '../components/ProfileTiles.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { useProfile } from '../state/useProfile.ts';

/** The eligibility check first, then the profile read-only, with the outstanding amount of an active loan. */
export default function ProfilePreview({ route }: ScreenProps) {
  const { profile, loading, error, retry } = useProfile();
  // A refusal, or what the hard rules refuse on the answers, said as it is (issue 24), with the steps that correct it.
  const refusal = profile && profile.eligibility_status !== 1 ? profile.eligibility_reason : '';
  const stopped = Boolean(refusal) || (profile?.eligibility_reasons.length ?? 0) > 0;
  const summary = () => {
    if (profile?.registration_successful !== 1)
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
      {profile && (
        <>
          {/* The one action first, within the first screen; the profile's rows follow (issue 25, finding 8). */}
          <div className={styles.panel}>
            <h2>Eligibility</h2>
            <p>{summary()}</p>
            <EligibilityCheck />
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
