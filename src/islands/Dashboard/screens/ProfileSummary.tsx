import { useStore } from '@nanostores/react';
import { REGISTRATION_EVENTS } from '../../../lib/onboarding.ts';
import cards from '../components/Cards.module.css';
import { Link } from '../components/Link.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { StepCards } from '../components/StepCards.tsx';
import { currentStepIndex } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { $session } from '../state/sessionStore.ts';
import { useProfile } from '../state/useProfile.ts';

/**
 * The five steps, none clickable but those with an answer the eligibility policy refuses (issue 24: a
 * refused customer opens the step with the mistaken answer from here), and the Profile Preview card.
 * The steps are in the home's order and the step to do now is framed as there, though not a link (issue
 * 25: the original listed the address before the personal details, which the home does not).
 */
export default function ProfileSummary({ route }: ScreenProps) {
  const session = useStore($session);
  const { profile } = useProfile();
  const toCorrect = (profile?.eligibility_reasons ?? []).map((reason) => REGISTRATION_EVENTS.indexOf(reason.step));
  const current = currentStepIndex(session.nextStep);
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={styles.intro}>
        Your registration steps. Open the profile preview to see what you have given.
        {toCorrect.length > 0 &&
          ' A step marked "Open to correct" holds an answer we cannot lend on: open it to correct it.'}
      </p>
      <StepCards current={current} allDisabled toCorrect={toCorrect} />
      <ul className={cards.linkCards}>
        <li>
          <Link to={screenPath('profile-preview')} className={cards.linkCard}>
            <h2>Profile Preview</h2>
            <p>Your basic details, residence address and income details.</p>
          </Link>
        </li>
      </ul>
    </>
  );
}
