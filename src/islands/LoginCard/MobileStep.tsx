import type { SignInConsent } from '../../lib/consents/signIn.ts';
import type { FieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import linkButton from '../shared/LinkButton.module.css';
import styles from './LoginCard.module.css';
import type { Field, SignInFlow } from './useSignInFlow.ts';

interface MobileStepProps {
  /** The card's id, the prefix of its fields' ids. */
  id: string;
  flow: SignInFlow;
  errors: FieldErrors<Field>;
  /** The consent's words (src/lib/consents/signIn.ts, which the server records the version of). */
  consent: SignInConsent;
}

/** The first step: the mobile number and the consent, for a one-time code by SMS. */
export function MobileStep({ id, flow, errors, consent }: MobileStepProps) {
  const { consentOpen } = flow;
  const consentMoreId = `${id}-consent-more`;
  return (
    <form className={card.form} onSubmit={flow.requestCode} noValidate>
      <div className={card.field}>
        <label htmlFor={`${id}-mobile`}>Mobile number</label>
        <div className={styles.mobileRow}>
          <span className={styles.prefix} aria-hidden="true">
            +91
          </span>
          <input
            ref={flow.mobileInput}
            id={`${id}-mobile`}
            className={styles.input}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            maxLength={10}
            placeholder="10-digit mobile number"
            value={flow.mobile}
            {...errors.inputProps('mobile', `${id}-mobile-hint`)}
            onChange={(event) => flow.typeMobile(event.target.value)}
            onPaste={(event) => {
              if (flow.pasteMobile(event.clipboardData.getData('text'))) event.preventDefault();
            }}
          />
        </div>
        <p id={`${id}-mobile-hint`} className={card.hint}>
          We send a one-time code to this number by SMS.
        </p>
        {errors.message('mobile', { role: 'alert' })}
      </div>

      <div className={styles.consent}>
        <input
          id={`${id}-consent`}
          className={styles.checkbox}
          type="checkbox"
          checked={flow.consent}
          {...errors.inputProps('consent', consentMoreId)}
          onChange={(event) => flow.setConsent(event.target.checked)}
        />
        <div>
          <label htmlFor={`${id}-consent`}>{consent.label}</label>{' '}
          <button
            type="button"
            className={linkButton.linkButton}
            aria-expanded={consentOpen}
            aria-controls={consentMoreId}
            onClick={flow.toggleConsentText}
          >
            {consentOpen ? 'Read less' : 'Read more'}
          </button>
          <div id={consentMoreId} className={styles.consentMore} hidden={!consentOpen}>
            <p>
              {consent.more.map((part) =>
                typeof part === 'string' ? (
                  part
                ) : (
                  <a key={part.href} href={part.href}>
                    {part.text}
                  </a>
                ),
              )}
            </p>
          </div>
          {errors.message('consent', { className: styles.consentError, role: 'alert' })}
        </div>
      </div>

      <button
        type="submit"
        className={`button ${card.submit}`}
        disabled={flow.busy !== null}
        aria-busy={flow.busy === 'send' ? true : undefined}
      >
        {flow.busy === 'send' ? 'Please wait…' : 'Get OTP'}
      </button>
    </form>
  );
}
