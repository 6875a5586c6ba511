import { type FormEvent, useEffect, useRef, useState } from 'react';
import { callApi } from '../../lib/api/client.ts';
import { API } from '../../lib/api/paths.ts';
import { shownVersion } from '../../lib/consents/signIn.ts';
import type { LoginData, VerifyData } from '../../lib/schemas/answers/signIn.ts';
import { mobileProblem, otpProblem } from '../../lib/schemas/signInRules.ts';
import { dashboardHome, readSession, returnAddress, takeSignedOut, writeSession } from '../../lib/session.ts';
import { trackingParameters } from '../../lib/tracking.ts';
import { useCall } from '../shared/useCall.ts';
import { useCharacterBoxes } from '../shared/useCharacterBoxes.ts';
import { useFocusAfterRender } from '../shared/useFocusAfterRender.ts';
import { useResendCountdown } from '../shared/useResendCountdown.ts';

/** product.md §9: how long a message stays. */
const MESSAGE_MS = 5_000;
/** product.md §8, word for word. */
const CONSENT_MESSAGE = 'Please check the checkbox to accept our terms and conditions';
const VERIFY_THROWN = 'Error verifying OTP';
export const CODE_DIGITS = 4;
/** The code's boxes take digits only. */
export const CODE_BOXES = { length: CODE_DIGITS, clean: (text: string) => text.replace(/\D/g, '') };

export type Field = 'mobile' | 'consent' | 'otp';
interface Message {
  kind: 'success' | 'error';
  text: string;
  /** The field an error belongs to: shown under it and tied to it with aria-describedby. */
  field?: Field;
}

export type SignInFlow = ReturnType<typeof useSignInFlow>;

/**
 * The sign-in card's state, calls and transitions (product.md §2, §4, §5, §7): a mobile number and
 * consent for a code, then the code; a verified code leaves for the dashboard.
 */
/** The dashboard address the link that brought the visitor here named, if any. */
const returnTo = () => returnAddress(window.location.search, window.location.origin);

/** `consentText`: the consent as the card shows it, whose version is sent with the code (issue 24). */
export function useSignInFlow(consentText: string) {
  const [step, setStep] = useState<'mobile' | 'otp'>('mobile');
  const [mobile, setMobile] = useState('');
  const [consent, setConsent] = useState(false);
  /** The consent's full text is open (it stays so across the steps). */
  const [consentOpen, setConsentOpen] = useState(false);
  const code = useCharacterBoxes(CODE_BOXES);
  const { busy, running, call } = useCall<'send' | 'resend' | 'verify'>();
  const [message, setMessage] = useState<Message | null>(null);
  /** Just signed out of the dashboard: said in the status region until the next request. */
  const [signedOut, setSignedOut] = useState(false);
  const mobileInput = useRef<HTMLInputElement>(null);
  /** What to focus once the next render is on screen (a step change replaces the fields). */
  const focusNext = useFocusAfterRender<'mobile' | number>((target) => {
    if (target === 'mobile') mobileInput.current?.focus();
    else code.focusBox(target);
    return true;
  });
  const { countdown, start: startCountdown } = useResendCountdown(step === 'otp');

  // A visitor who is already signed in belongs on the dashboard (at the address a link asked for); one
  // just signed out is told so.
  useEffect(() => {
    if (readSession('token')) window.location.replace(returnTo() ?? '/my-dashboard/');
    else if (takeSignedOut()) setSignedOut(true);
  }, []);

  // Messages clear themselves after 5 seconds; a new one starts its own 5 seconds.
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const showError = (text: string, field?: Field) => setMessage({ kind: 'error', text, ...(field && { field }) });

  /** A failed send or resend: the message, and the number typed again from an empty field. */
  const sendFailed = (text: string) => {
    setMobile('');
    code.clear();
    setStep('mobile');
    focusNext.current = 'mobile';
    showError(text, 'mobile');
  };

  /** A code sent (first time or again): empty boxes, the countdown, the focus in the first box. */
  const codeSent = (text: string) => {
    code.clear();
    startCountdown();
    focusNext.current = 0;
    setMessage({ kind: 'success', text });
  };

  const requestCode = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    setSignedOut(false);
    const mobileError = mobileProblem(mobile);
    if (mobileError) {
      showError(mobileError, 'mobile');
      mobileInput.current?.focus();
      return;
    }
    if (!consent) return showError(CONSENT_MESSAGE, 'consent');
    setMessage(null);
    const outcome = await call('send', () =>
      callApi<LoginData>(API.registration, {
        event_name: 'login',
        mobile,
        ...trackingParameters(window.location.search),
      }),
    );
    if (!outcome) return;
    if (!outcome.ok) return sendFailed(outcome.message);
    writeSession({ mobile, profileId: outcome.envelope.Data.cust_profile_id });
    setStep('otp');
    codeSent(outcome.envelope.Message);
  };

  const resend = async () => {
    if (running.current || countdown > 0) return;
    setMessage(null);
    // product.md §7: the same call as the first request, profile_id in place of mobile.
    const outcome = await call('resend', () =>
      callApi<LoginData>(API.registration, {
        event_name: 'resend_otp',
        profile_id: readSession('profileId') ?? '',
        ...trackingParameters(window.location.search),
      }),
    );
    if (!outcome) return;
    if (!outcome.ok) return sendFailed(outcome.message);
    codeSent(outcome.envelope.Message);
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (running.current) return;
    const entered = code.value;
    const codeError = otpProblem(entered);
    if (codeError) {
      showError(codeError, 'otp');
      code.focusBox(code.characters.indexOf(''));
      return;
    }
    setMessage(null);
    // The button stays busy until the dashboard loads, so the code cannot be sent twice.
    const outcome = await call(
      'verify',
      async () => {
        const version = await shownVersion(consentText);
        return callApi<VerifyData>(API.registration, {
          event_name: 'otp_verify',
          profile_id: readSession('profileId') ?? '',
          otp: entered,
          ...(version && { consent_version: version }),
        });
      },
      true,
    );
    if (!outcome) return;
    // Thrown: the code was never checked, so it stays in the boxes for another try.
    if (!outcome.ok && outcome.thrown) return showError(VERIFY_THROWN, 'otp');
    if (!outcome.ok) {
      code.clear();
      focusNext.current = 0;
      return showError(outcome.message, 'otp');
    }
    const { Data, Message: text } = outcome.envelope;
    const eligibility = String(Data.eligibility_status);
    writeSession({ nextStep: Data.next_step, token: Data.app_login_token, eligibility });
    setMessage({ kind: 'success', text });
    window.location.assign(returnTo() ?? dashboardHome(eligibility));
  };

  const changeNumber = () => {
    setStep('mobile');
    code.clear();
    setMessage(null);
    focusNext.current = 'mobile';
  };

  return {
    step,
    mobile,
    consent,
    code,
    busy,
    countdown,
    message,
    signedOut,
    mobileInput,
    typeMobile: (typed: string) => setMobile(typed.replace(/\D/g, '').slice(0, 10)),
    /** A whole pasted number (+91 98765 43210, 098765 43210) keeps its last ten digits; false: typed as usual. */
    pasteMobile: (text: string) => {
      const digits = text.replace(/\D/g, '');
      if (digits.length < 10) return false;
      setMobile(digits.slice(-10));
      return true;
    },
    setConsent,
    consentOpen,
    toggleConsentText: () => setConsentOpen((open) => !open),
    requestCode,
    resend: () => void resend(),
    verify,
    changeNumber,
  };
}
