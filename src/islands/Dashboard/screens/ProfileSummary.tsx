import { useStore } from '@nanostores/react';
import cards from '../components/Cards.module.css';
import { Link } from '../components/Link.tsx';
import styles from '../components/Screen.module.css';
import { ScreenTitle } from '../components/ScreenTitle.tsx';
import { StepCards } from '../components/StepCards.tsx';
import { currentStepIndex } from '../navigation/registrationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { screenPath } from '../navigation/screens.ts';
import { $session } from '../state/sessionStore.ts';

/** The summary variant (product.md §10.8): address is listed before personal details, as in the original. */
const SUMMARY_ORDER = [0, 2, 1, 3, 4] as const;

/** The five steps, none clickable, and the Profile Preview card. */
export default function ProfileSummary({ route }: ScreenProps) {
  const session = useStore($session);
  return (
    <>
      <ScreenTitle>{route.title}</ScreenTitle>
      <p className={styles.intro}>Your registration steps. Open the profile preview to see what you have given.</p>
      <StepCards current={currentStepIndex(session.nextStep)} order={SUMMARY_ORDER} allDisabled />
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
