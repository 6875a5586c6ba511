import type { FieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import linkButton from '../shared/LinkButton.module.css';
import { CodeBoxes } from './CodeBoxes.tsx';
import styles from './LoginCard.module.css';
import type { Field, SignInFlow } from './useSignInFlow.ts';

interface CodeStepProps {
  /** The card's id, the prefix of its fields' ids. */
  id: string;
  flow: SignInFlow;
  errors: FieldErrors<Field>;
}

const WAIT = 'Please wait…';
/** Only the last four digits stay visible: XXXXXX3210. */
const maskMobile = (mobile: string) => mobile.slice(-4).padStart(mobile.length, 'X');

/** The second step: the code in four boxes, Verify OTP, and a resend once the countdown is over. */
export function CodeStep({ id, flow, errors }: CodeStepProps) {
  const { busy, countdown } = flow;
  return (
    <form className={card.form} onSubmit={flow.verify} noValidate>
      <p className={styles.sentTo}>
        We sent a 4-digit code to <strong data-testid="masked-mobile">{maskMobile(flow.mobile)}</strong>.{' '}
        <button type="button" className={linkButton.linkButton} onClick={flow.changeNumber} disabled={busy !== null}>
          Change number
        </button>
      </p>
      <CodeBoxes id={id} code={flow.code} errors={errors} />
      <button
        type="submit"
        className={`button ${card.submit}`}
        disabled={busy !== null}
        aria-busy={busy === 'verify' ? true : undefined}
      >
        {busy === 'verify' ? WAIT : 'Verify OTP'}
      </button>
      <button
        type="button"
        className={`button button--ghost ${styles.resend}`}
        disabled={busy !== null || countdown > 0}
        aria-busy={busy === 'resend' ? true : undefined}
        onClick={flow.resend}
      >
        {busy === 'resend' ? WAIT : countdown > 0 ? `Resend OTP in ${countdown}s` : 'Resend OTP'}
      </button>
    </form>
  );
}
