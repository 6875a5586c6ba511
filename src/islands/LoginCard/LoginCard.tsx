import { useId } from 'react';
import { signInConsent, signInConsentText } from '../../lib/consents/signIn.ts';
import { fieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import { CodeStep } from './CodeStep.tsx';
import styles from './LoginCard.module.css';
import { MobileStep } from './MobileStep.tsx';
import { useSignInFlow } from './useSignInFlow.ts';

export interface LoginCardProps {
  /** The brand and the lender named in the consent text. */
  brand: string;
  lender: string;
}

const SIGNED_OUT = 'You have been signed out.';

/**
 * Sign-in with a mobile number and a one-time code (product.md §2, §4, §5, §7): the title, the
 * step on screen and the status line; useSignInFlow holds what happens.
 */
export default function LoginCard({ brand, lender }: LoginCardProps) {
  const id = useId();
  // The consent's words come from the module the server hashes too (issue 24): what is shown is what is recorded.
  const consent = signInConsent(brand, lender);
  const flow = useSignInFlow(signInConsentText(consent));
  const { message } = flow;
  const errors = fieldErrors(
    id,
    message?.kind === 'error' && message.field ? { field: message.field, text: message.text } : null,
  );
  const titleId = `${id}-title`;

  return (
    <section className={`${card.card} ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={card.title}>
        {flow.step === 'mobile' ? 'Sign in to apply' : 'Enter your OTP'}
      </h2>
      {flow.step === 'mobile' ? (
        <MobileStep id={id} flow={flow} errors={errors} consent={consent} />
      ) : (
        <CodeStep id={id} flow={flow} errors={errors} />
      )}
      <p className={styles.status} role="status">
        {message?.kind === 'success' ? message.text : flow.signedOut ? SIGNED_OUT : ''}
      </p>
    </section>
  );
}
