import { maskPan } from '../../../lib/format.ts';
import cards from '../components/Cards.module.css';
import { Link } from '../components/Link.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { useProfile } from '../state/useProfile.ts';
import accountStyles from './UserProfile.module.css';

/** The account (product.md §10.8): mobile, e-mail, masked PAN and picture, with Update picture. */
export default function UserProfile({ route }: ScreenProps) {
  const { profile, loading, error, retry } = useProfile();
  const details = profile?.profile_details;
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <ProfileState loading={loading && !profile} error={error} retry={retry} />
      {profile && details && (
        <section className={`${styles.panel} ${accountStyles.account}`} aria-label="Your account">
          <div className={accountStyles.picture}>
            {profile.profile_pic ? (
              <img src={profile.profile_pic} alt="Your profile" width={128} height={128} />
            ) : (
              <span className={accountStyles.noPicture}>No picture yet</span>
            )}
            <Link
              to={`${screenPath('upload-picture')}?action=update`}
              state={{ action: 'update' }}
              className="button button--ghost"
            >
              Update picture
            </Link>
          </div>
          <dl className={cards.pairs}>
            <div>
              <dt>Name</dt>
              <dd>{details.full_name || 'Not given yet'}</dd>
            </div>
            <div>
              <dt>Mobile</dt>
              <dd>{details.mobile}</dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>{details.personal_email || 'Not given yet'}</dd>
            </div>
            <div>
              <dt>PAN</dt>
              <dd data-testid="masked-pan">{details.pancard ? maskPan(details.pancard) : 'Not given yet'}</dd>
            </div>
          </dl>
        </section>
      )}
    </>
  );
}
