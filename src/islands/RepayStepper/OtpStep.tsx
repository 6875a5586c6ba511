import type { FieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import linkButton from '../shared/LinkButton.module.css';
import { busyLabels } from './busyLabel.tsx';
import styles from './RepayStepper.module.css';
import type { Field, RepayFlow } from './useRepayFlow.ts';

interface OtpStepProps {
  /** The stepper's id, the prefix of its fields' ids. */
  id: string;
  flow: RepayFlow;
  errors: FieldErrors<Field>;
}

/** The second step: the 4-digit code, the terms, and a resend once the countdown is over. */
export function OtpStep({ id, flow, errors }: OtpStepProps) {
  const { busy, countdown } = flow;
  const busyLabel = busyLabels(busy);
  return (
    <form className={card.form} noValidate onSubmit={flow.submitOtp}>
      <p className={styles.sentTo}>
        If a loan is active for PAN <strong>{flow.pan}</strong>, we have sent a 4-digit OTP to the mobile number
        registered with it.{' '}
        <button type="button" className={linkButton.linkButton} onClick={flow.changePan} disabled={busy !== null}>
          Change PAN
        </button>
      </p>
      <div className={card.field}>
        <label htmlFor={`${id}-otp`}>OTP</label>
        <input
          ref={flow.refs.otpInput}
          id={`${id}-otp`}
          className={`${styles.input} ${styles.code} ${styles.otp}`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="one-time-code"
          maxLength={4}
          placeholder="4 digits"
          value={flow.otp}
          {...errors.inputProps('otp')}
          onChange={(event) => flow.typeOtp(event.target.value)}
        />
        {errors.message('otp')}
      </div>
      <div className={styles.terms}>
        <input
          id={`${id}-terms`}
          className={styles.checkbox}
          type="checkbox"
          checked={flow.terms}
          onChange={(event) => flow.setTerms(event.target.checked)}
        />
        <label htmlFor={`${id}-terms`}>
          I agree to the <a href="/termsandconditions">terms and conditions</a>.
        </label>
      </div>
      <button
        type="submit"
        className={`button ${card.submit}`}
        disabled={busy !== null}
        aria-busy={busy === 'verify' ? true : undefined}
      >
        {busyLabel('verify', 'Get Amount')}
      </button>
      <button
        type="button"
        className={`button button--ghost ${card.submit}`}
        disabled={busy !== null || countdown > 0}
        aria-busy={busy === 'resend' ? true : undefined}
        onClick={flow.resend}
      >
        {busyLabel('resend', countdown > 0 ? `Resend OTP in ${countdown}s` : 'Resend OTP')}
      </button>
    </form>
  );
}
