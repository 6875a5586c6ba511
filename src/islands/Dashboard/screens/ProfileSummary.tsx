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

/** The summary variant (dashboard.md §2): the address is listed before the personal details. */
const SUMMARY_ORDER = [0, 2, 1, 3, 4] as const;

/**
 * The five steps, none clickable but those with an answer the eligibility policy refuses (issue 24: a
 * refused customer opens the step with the mistaken answer from here), and the Profile Preview card.
 * The step to do now is framed as on the home, though not a link (issue 25). The order is the
 * specification's for this variant, not the home's (docs/decisions.md, "The smaller phone findings").
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
      <StepCards current={current} order={SUMMARY_ORDER} allDisabled toCorrect={toCorrect} />
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
