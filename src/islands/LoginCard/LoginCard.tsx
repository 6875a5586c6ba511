import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { callApi, failureMessage, thrownMessage } from '../../lib/api/client.ts';
import { STATUS } from '../../lib/api/envelope.ts';
import { API } from '../../lib/api/paths.ts';
import type { LoginData, VerifyData } from '../../lib/schemas/signIn.ts';
import { mobileProblem, otpProblem } from '../../lib/schemas/signInRules.ts';
import { dashboardHome, readSession, takeSignedOut, writeSession } from '../../lib/session.ts';
import { trackingParameters } from '../../lib/tracking.ts';
import { fieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import linkButton from '../shared/LinkButton.module.css';
import { useCharacterBoxes } from '../shared/useCharacterBoxes.ts';
import { useFocusAfterRender } from '../shared/useFocusAfterRender.ts';
import { useResendCountdown } from '../shared/useResendCountdown.ts';
import styles from './LoginCard.module.css';

export interface LoginCardProps {
  /** The brand and the lender named in the consent text. */
  brand: string;
  lender: string;
}

/** product.md §4, §9: the resend wait and how long a message stays. */
const MESSAGE_MS = 5_000;
/** product.md §8, word for word. */
const CONSENT_MESSAGE = 'Please check the checkbox to accept our terms and conditions';
const VERIFY_THROWN = 'Error verifying OTP';
const SIGNED_OUT = 'You have been signed out.';
const DIGITS = 4;
const POSITIONS = [0, 1, 2, 3] as const;

type Field = 'mobile' | 'consent' | 'otp';
interface Message {
  kind: 'success' | 'error';
  text: string;
  /** The field an error belongs to: shown under it and tied to it with aria-describedby. */
  field?: Field;
}
type Busy = 'send' | 'resend' | 'verify' | null;

const digitsOnly = (text: string, max: number) => text.replace(/\D/g, '').slice(0, max);
/** Only the last four digits stay visible: XXXXXX3210. */
const maskMobile = (mobile: string) => mobile.slice(-4).padStart(mobile.length, 'X');

/** Sign-in with a mobile number and a one-time code (product.md §2, §4, §5, §7). */
export default function LoginCard({ brand, lender }: LoginCardProps) {
  const id = useId();
  const [step, setStep] = useState<'mobile' | 'otp'>('mobile');
  const [mobile, setMobile] = useState('');
  const [consent, setConsent] = useState(false);
  const [consentOpen, setConsentOpen] = useState(false);
  const code = useCharacterBoxes({ length: DIGITS, clean: (text) => text.replace(/\D/g, '') });
  const [busy, setBusy] = useState<Busy>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const mobileInput = useRef<HTMLInputElement>(null);
  /** What to focus once the next render is on screen (a step change replaces the fields). */
  const focusNext = useFocusAfterRender<'mobile' | number>((target) => {
    if (target === 'mobile') mobileInput.current?.focus();
    else code.focusBox(target);
    return true;
  });

  /** Just signed out of the dashboard: said in the status region until the next request. */
  const [signedOut, setSignedOut] = useState(false);

  // A visitor who is already signed in belongs on the dashboard; one just signed out is told so.
  useEffect(() => {
    if (readSession('token')) window.location.replace('/my-dashboard/');
    else if (takeSignedOut()) setSignedOut(true);
  }, []);

  // Messages clear themselves after 5 seconds; a new one starts its own 5 seconds.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const { countdown, start: startCountdown } = useResendCountdown(step === 'otp');

  const showError = (text: string, field?: Field) => setMessage({ kind: 'error', text, ...(field && { field }) });

  /** A failed send or resend: the message, and the number typed again from an empty field. */
  const sendFailed = (text: string) => {
    setMobile('');
    code.clear();
    setStep('mobile');
    focusNext.current = 'mobile';
    showError(text, 'mobile');
  };

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSignedOut(false);
    const mobileError = mobileProblem(mobile);
    if (mobileError) {
      showError(mobileError, 'mobile');
      mobileInput.current?.focus();
      return;
    }
    if (!consent) {
      showError(CONSENT_MESSAGE, 'consent');
      return;
    }
    setBusy('send');
    setMessage(null);
    try {
      const envelope = await callApi<LoginData>(API.registration, {
        event_name: 'login',
        mobile,
        ...trackingParameters(window.location.search),
      });
      if (envelope.Status !== STATUS.ok) {
        sendFailed(failureMessage(envelope));
        return;
      }
      writeSession({ mobile, profileId: envelope.Data.cust_profile_id });
      code.clear();
      setStep('otp');
      startCountdown();
      focusNext.current = 0;
      setMessage({ kind: 'success', text: envelope.Message });
    } catch (error) {
      sendFailed(thrownMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    if (busy || countdown > 0) return;
    setBusy('resend');
    setMessage(null);
    try {
      const envelope = await callApi<LoginData>(API.registration, {
        event_name: 'resend_otp',
        profile_id: readSession('profileId') ?? '',
        // product.md §7: the same call as the first request, profile_id in place of mobile.
        ...trackingParameters(window.location.search),
      });
      if (envelope.Status !== STATUS.ok) {
        sendFailed(failureMessage(envelope));
        return;
      }
      code.clear();
      startCountdown();
      focusNext.current = 0;
      setMessage({ kind: 'success', text: envelope.Message });
    } catch (error) {
      sendFailed(thrownMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const entered = code.value;
    const codeError = otpProblem(entered);
    if (codeError) {
      showError(codeError, 'otp');
      code.focusBox(code.characters.indexOf(''));
      return;
    }
    setBusy('verify');
    setMessage(null);
    try {
      const envelope = await callApi<VerifyData>(API.registration, {
        event_name: 'otp_verify',
        profile_id: readSession('profileId') ?? '',
        otp: entered,
      });
      if (envelope.Status !== STATUS.ok) {
        code.clear();
        focusNext.current = 0;
        showError(failureMessage(envelope), 'otp');
        setBusy(null);
        return;
      }
      const eligibility = String(envelope.Data.eligibility_status);
      writeSession({ nextStep: envelope.Data.next_step, token: envelope.Data.app_login_token, eligibility });
      setMessage({ kind: 'success', text: envelope.Message });
      // The button stays busy until the dashboard loads, so the code cannot be sent twice.
      window.location.assign(dashboardHome(eligibility));
    } catch {
      // The code was never checked, so it stays in the boxes for another try.
      showError(VERIFY_THROWN, 'otp');
      setBusy(null);
    }
  };

  const changeNumber = () => {
    setStep('mobile');
    code.clear();
    setMessage(null);
    focusNext.current = 'mobile';
  };

  const errors = fieldErrors(
    id,
    message?.kind === 'error' && message.field ? { field: message.field, text: message.text } : null,
  );
  const wait = 'Please wait…';
  const titleId = `${id}-title`;
  const consentMoreId = `${id}-consent-more`;

  return (
    <section className={`${card.card} ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={card.title}>
        {step === 'mobile' ? 'Sign in to apply' : 'Enter your OTP'}
      </h2>

      {step === 'mobile' ? (
        <form className={card.form} onSubmit={requestCode} noValidate>
          <div className={card.field}>
            <label htmlFor={`${id}-mobile`}>Mobile number</label>
            <div className={styles.mobileRow}>
              <span className={styles.prefix} aria-hidden="true">
                +91
              </span>
              <input
                ref={mobileInput}
                id={`${id}-mobile`}
                className={styles.input}
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={10}
                placeholder="10-digit mobile number"
                value={mobile}
                {...errors.inputProps('mobile', `${id}-mobile-hint`)}
                onChange={(event) => setMobile(digitsOnly(event.target.value, 10))}
                onPaste={(event) => {
                  // A whole pasted number (+91 98765 43210, 098765 43210) keeps its last ten digits.
                  const digits = event.clipboardData.getData('text').replace(/\D/g, '');
                  if (digits.length < 10) return;
                  event.preventDefault();
                  setMobile(digits.slice(-10));
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
              checked={consent}
              {...errors.inputProps('consent', consentMoreId)}
              onChange={(event) => setConsent(event.target.checked)}
            />
            <div>
              <label htmlFor={`${id}-consent`}>
                I agree to the terms and conditions and the privacy policy, and I consent to {brand} contacting me about
                my loan.
              </label>{' '}
              <button
                type="button"
                className={linkButton.linkButton}
                aria-expanded={consentOpen}
                aria-controls={consentMoreId}
                onClick={() => setConsentOpen((open) => !open)}
              >
                {consentOpen ? 'Read less' : 'Read more'}
              </button>
              <div id={consentMoreId} className={styles.consentMore} hidden={!consentOpen}>
                <p>
                  By ticking this box I confirm that I am a resident of India, that I have read and accept the{' '}
                  <a href="/termsandconditions">Terms and Conditions</a> and the{' '}
                  <a href="/privacypolicy">Privacy Policy</a>, and that I authorise {brand} and its lender {lender} to
                  verify the details I give, to fetch my credit report from credit bureaus to assess my application, and
                  to contact me by SMS, e-mail, phone call or WhatsApp about my application and my loan, even if my
                  number is registered on the National Do Not Call Registry.
                </p>
              </div>
              {errors.message('consent', { className: styles.consentError, role: 'alert' })}
            </div>
          </div>

          <button
            type="submit"
            className={`button ${card.submit}`}
            disabled={busy !== null}
            aria-busy={busy === 'send' ? true : undefined}
          >
            {busy === 'send' ? wait : 'Get OTP'}
          </button>
        </form>
      ) : (
        <form className={card.form} onSubmit={verify} noValidate>
          <p className={styles.sentTo}>
            We sent a 4-digit code to <strong data-testid="masked-mobile">{maskMobile(mobile)}</strong>.{' '}
            <button type="button" className={linkButton.linkButton} onClick={changeNumber} disabled={busy !== null}>
              Change number
            </button>
          </p>
          <fieldset className={styles.codeGroup}>
            <legend>One-time code</legend>
            <div className={styles.boxes}>
              {POSITIONS.map((index) => (
                <span key={index}>
                  <label htmlFor={`${id}-digit-${index}`} className="visually-hidden">
                    Digit {index + 1} of {DIGITS}
                  </label>
                  <input
                    {...code.boxProps(index)}
                    id={`${id}-digit-${index}`}
                    className={styles.box}
                    type="text"
                    inputMode="numeric"
                    pattern="[0-9]*"
                    autoComplete={index === 0 ? 'one-time-code' : 'off'}
                    {...errors.inputProps('otp')}
                  />
                </span>
              ))}
            </div>
          </fieldset>
          {errors.message('otp', { role: 'alert' })}
          <button
            type="submit"
            className={`button ${card.submit}`}
            disabled={busy !== null}
            aria-busy={busy === 'verify' ? true : undefined}
          >
            {busy === 'verify' ? wait : 'Verify OTP'}
          </button>
          <button
            type="button"
            className={`button button--ghost ${styles.resend}`}
            disabled={busy !== null || countdown > 0}
            aria-busy={busy === 'resend' ? true : undefined}
            onClick={resend}
          >
            {busy === 'resend' ? wait : countdown > 0 ? `Resend OTP in ${countdown}s` : 'Resend OTP'}
          </button>
        </form>
      )}

      <p className={styles.status} role="status">
        {message?.kind === 'success' ? message.text : signedOut ? SIGNED_OUT : ''}
      </p>
    </section>
  );
}
