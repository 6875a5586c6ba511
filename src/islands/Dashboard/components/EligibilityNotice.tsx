import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef } from 'react';
import { $heldBack, correctionScreen, type EligibilityReason } from '../navigation/registrationSteps.ts';
import { $location } from '../navigation/router.ts';
import { screenOfEvent, screenPath } from '../navigation/screens.ts';
import { $profile } from '../state/profile.ts';
import { $session } from '../state/sessionStore.ts';
import styles from './EligibilityNotice.module.css';
import { Link } from './Link.tsx';
import screen from './Screen.module.css';

export interface EligibilityNoticeProps {
  /** The answers this screen's form asks: their reasons are corrected below, the others by a link. */
  fields?: readonly EligibilityReason['field'][];
  /** Move the focus to the notice when a save keeps the customer here (a screen whose fields do not take it). */
  announce?: boolean;
  /** Leave out each reason's own message (the home shows the refusal's message above). */
  actionsOnly?: boolean;
  /** Drawn at the top of a step's form: no panel of its own, and a link on to the next step. */
  inForm?: boolean;
}

/**
 * What the eligibility policy's hard rules refuse on the answers given so far (issue 24, "Eligibility
 * first"): every reason at once, as the server gave them in the profile or the last step's answer,
 * each with what the customer can do and the step that corrects it. Nothing when nothing refuses.
 */
export function EligibilityNotice({
  fields = [],
  announce = false,
  actionsOnly = false,
  inForm = false,
}: EligibilityNoticeProps) {
  const id = useId();
  const profile = useStore($profile);
  const { nextStep } = useStore($session);
  const { slug } = useStore($location);
  // The profile may still be finished meanwhile: register_now decides, on the answers as they are then.
  const next = inForm ? screenOfEvent(nextStep) : undefined;
  const reasons = profile?.eligibility_reasons ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const heldBack = useStore($heldBack);
  const seen = useRef(heldBack);
  useEffect(() => {
    // Only a save that kept the customer here is news; a profile arriving on load is not (the title has the focus).
    if (announce && heldBack !== seen.current) heading.current?.focus();
    seen.current = heldBack;
  }, [announce, heldBack]);

  if (reasons.length === 0) return null;
  return (
    <section
      className={`${inForm ? styles.inForm : screen.panel} ${styles.notice}`}
      aria-labelledby={`${id}-heading`}
      data-testid="eligibility-notice"
    >
      <h2 id={`${id}-heading`} ref={heading} tabIndex={-1} className={styles.heading}>
        {actionsOnly ? 'What you can do' : 'We cannot lend to you on these answers'}
      </h2>
      {!actionsOnly && (
        <p>
          Your answers are saved.{' '}
          {reasons.length === 1
            ? 'This is why, and what you can do about it:'
            : `There are ${reasons.length} reasons; each with what you can do about it:`}
        </p>
      )}
      <ul className={styles.reasons}>
        {reasons.map((reason) => (
          <li key={reason.rule}>
            {!actionsOnly && (
              <p>
                <strong>{reason.message}</strong>
              </p>
            )}
            <p>{reason.action}</p>
            {fields.includes(reason.field) ? (
              <p>Correct your {reason.field_label} in the form below.</p>
            ) : (
              <Link to={screenPath(correctionScreen(reason))}>Correct your {reason.field_label}</Link>
            )}
          </li>
        ))}
      </ul>
      {next && next.slug !== slug && (
        <p>
          You can still finish your profile: <Link to={screenPath(next.slug)}>continue to {next.title}</Link>.
        </p>
      )}
    </section>
  );
}
