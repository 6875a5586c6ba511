import { type FormEvent, useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { callApi } from '../../lib/api/client.ts';
import type { Envelope } from '../../lib/api/envelope.ts';
import { API } from '../../lib/api/paths.ts';
import { keepRepayToken } from '../../lib/receipt.ts';
import { acceptsAmountEntry } from '../../lib/repayAmount.ts';
import type { VerifyOtpAnswer, VerifyOtpBeside } from '../../lib/schemas/answers/repay.ts';
import { OTP_MESSAGE, PAN_MESSAGE, PAN_PATTERN } from '../../lib/schemas/signInRules.ts';
import type { FieldError } from '../shared/fieldErrors.tsx';
import {
  amountProblem,
  PAYMENT_CANCELLED,
  PAYMENT_SUCCESSFUL,
  PAYMENT_VERIFICATION_FAILED,
} from '../shared/payment/payment.ts';
import { type AmountChoice, chosenAmount } from '../shared/payment/QuickAmounts.tsx';
import { type PaymentBusy, usePayment } from '../shared/payment/usePayment.ts';
import { useCall } from '../shared/useCall.ts';
import { useFocusAfterRender } from '../shared/useFocusAfterRender.ts';
import { useResendCountdown } from '../shared/useResendCountdown.ts';
import { nextOtp, nextPan } from './entry.ts';
import { forgetRepay, type Loan, readRepay, saveRepay } from './saved.ts';
import { useToasts } from './useToasts.ts';

/** product.md §10.8: what the payer reads where the original only logged. */
const LOAN_NOT_LOADED = 'We could not load your loan details. Please try again.';
/** The server's words when the repay token has expired (src/server/http/gate.ts). */
const SESSION_EXPIRED = 'This payment session has expired. Please enter your PAN again.';

export type Step = 'pannumber' | 'panotp' | 'amountfetched' | 'success' | 'failure';
/** The stepper's own requests; the payment's steps come from the shared payment flow. */
type OwnBusy = 'send' | 'resend' | 'verify' | null;
export type Busy = OwnBusy | PaymentBusy;
export type Field = 'pan' | 'otp' | 'amount';
type Focus = Field | 'proceed' | 'title';

type VerifyData = v.InferOutput<typeof VerifyOtpAnswer>;
type VerifyReply = Envelope<VerifyData> & Partial<v.InferOutput<typeof VerifyOtpBeside>>;

interface Result {
  ok: boolean;
  url: string;
}

export type RepayFlow = ReturnType<typeof useRepayFlow>;

/**
 * The repay stepper's state, calls and transitions (product.md §2, §4, §5, §7, §8):
 * PAN, OTP, the amount card, then Razorpay or PayU. Every failure gets a plain message and a way to retry.
 */
export function useRepayFlow(brand: string) {
  const [step, setStep] = useState<Step>('pannumber');
  const { countdown, start: startCountdown } = useResendCountdown(step === 'panotp');
  const [pan, setPan] = useState('');
  const [otp, setOtp] = useState('');
  const [terms, setTerms] = useState(false);
  const [amount, setAmount] = useState('');
  const [choice, setChoice] = useState<AmountChoice>('close');
  const [loan, setLoan] = useState<Loan | null>(null);
  // One request at a time (product.md §4), the payments' included: they share this guard.
  const { busy: ownBusy, running, call } = useCall<Exclude<OwnBusy, null>>();
  const [fieldError, setFieldError] = useState<FieldError<Field> | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const toasts = useToasts();
  const toast = toasts.show;
  const [choosing, setChoosing] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  const panInput = useRef<HTMLInputElement>(null);
  const otpInput = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const proceedButton = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  const focusNext = useFocusAfterRender<Focus>((target) => {
    const element = { pan: panInput, otp: otpInput, amount: amountInput, proceed: proceedButton, title }[target]
      .current;
    if (!element || ('disabled' in element && element.disabled)) return false;
    element.focus();
    return true;
  });

  // Back from PayU's page or /thanku (a back-forward cache restore): the payment flow frees the
  // buttons, and a finished payment starts over from the PAN, since the card's figures are out of date.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setChoosing(false);
      setStep((current) => (current === 'success' || current === 'failure' ? 'pannumber' : current));
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

  // A reload keeps the verified state for the repay session's life (issue 25, finding 5).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first render (the server's is the PAN step).
  useEffect(() => {
    const saved = readRepay();
    if (!saved) return;
    setPan(saved.pan);
    if (saved.loan) {
      setLoan(saved.loan);
      setStep('amountfetched');
      focusNext.current = 'amount';
    } else {
      setNotice(SESSION_EXPIRED);
      toast('error', SESSION_EXPIRED);
      focusNext.current = 'pan';
    }
  }, []);

  /** A new attempt: earlier messages are out of date. */
  const clearMessages = () => {
    setFieldError(null);
    setNotice(null);
    toasts.clear();
  };
  const showFieldError = (field: Field, text: string) => {
    setFieldError({ field, text });
    focusNext.current = field;
  };

  // Retries run the newest version of each action, with what the fields hold now.
  const actions = useRef({
    send: (_kind: 'send' | 'resend') => Promise.resolve(),
    verify: () => Promise.resolve(),
  });

  /** Calls 4: a code to the mobile registered with the PAN's loan. */
  const sendOtp = async (kind: 'send' | 'resend') => {
    if (running.current) return;
    if (!PAN_PATTERN.test(pan)) {
      showFieldError('pan', PAN_MESSAGE);
      toast('error', PAN_MESSAGE);
      return;
    }
    clearMessages();
    const retry = () => void actions.current.send(kind);
    const outcome = await call(kind, () => callApi(API.repaySendOtp, { pancard: pan }));
    if (!outcome) return;
    if (!outcome.ok) {
      // A refusal belongs to the field it is about; a network failure to no field.
      if (!outcome.thrown) showFieldError(kind === 'send' ? 'pan' : 'otp', outcome.message);
      toast('error', outcome.message, retry);
      return;
    }
    setOtp('');
    setStep('panotp');
    startCountdown();
    focusNext.current = 'otp';
    toast('success', outcome.envelope.Message);
  };

  /** Call 5: the code, for the loan's figures, an order for the full due and a repay token. */
  const verify = async () => {
    if (running.current) return;
    if (!/^\d{4}$/.test(otp)) {
      showFieldError('otp', OTP_MESSAGE);
      toast('error', OTP_MESSAGE);
      return;
    }
    clearMessages();
    const outcome = await call('verify', () => callApi<VerifyData>(API.repayVerifyOtp, { panNumber: pan, otp }));
    if (!outcome) return;
    if (!outcome.ok && outcome.thrown) {
      // The code was never checked, so it stays for another try.
      toast('error', outcome.message, () => void actions.current.verify());
      return;
    }
    if (!outcome.ok) {
      // A used or wrong code cannot work again: the field is emptied for the next one.
      setOtp('');
      showFieldError('otp', outcome.message);
      toast('error', outcome.message);
      return;
    }
    const reply = outcome.envelope as VerifyReply;
    const data = reply.repayment_data;
    if (!data || !reply.Data?.repay_token || typeof data.total_due_amount !== 'number') {
      toast('error', LOAN_NOT_LOADED, () => void actions.current.verify());
      return;
    }
    // The result page reads this payment's receipt with it, even after a reload.
    keepRepayToken(reply.Data.repay_token);
    const verified: Loan = {
      data,
      orderId: reply.order_id ?? '',
      token: reply.Data.repay_token,
      razorpayKey: reply.Data.razorpay_key,
      checkoutUrl: reply.Data.razorpay_checkout_url,
    };
    saveRepay({ pan, loan: verified, expiresAt: Date.now() + reply.Data.expires_in_seconds * 1000 });
    setLoan(verified);
    setAmount('');
    setChoice('close');
    payment.forget();
    setStep('amountfetched');
    focusNext.current = 'amount';
    toast('success', reply.Message);
  };

  /** The repay token has expired (Status 4): start again from the PAN, which is kept. */
  const expire = (text: string) => {
    forgetRepay();
    setLoan(null);
    setOtp('');
    setAmount('');
    setChoosing(false);
    payment.forget();
    setStep('pannumber');
    setNotice(text);
    toast('error', text);
    focusNext.current = 'pan';
  };

  const paymentFailed = (text: string, retry: () => void) => {
    setChoosing(false);
    toast('error', text, retry);
    focusNext.current = 'proceed';
  };

  const loanData = loan?.data;
  const toPay = loanData ? chosenAmount(choice, amount, loanData.total_due_amount, loanData.repayment_amount) : amount;
  const payment = usePayment({
    brand,
    order: loanData
      ? {
          amount: toPay,
          leadId: loanData.lead_id,
          loanNo: loanData.loan_no,
          description: `Loan repayment ${loanData.loan_no} (PAN ${pan})`,
          payer: { name: loanData.full_name, email: loanData.email, mobile: loanData.mobile },
        }
      : null,
    call: (path, body) => callApi(path, body, { token: loan?.token ?? null }),
    ...(loan && { razorpayKey: loan.razorpayKey, checkoutUrl: loan.checkoutUrl }),
    guard: running,
    onStart: clearMessages,
    onFailure: paymentFailed,
    onSessionDead: expire,
    onProviderDown: () => setChoosing(true),
    onLeave: forgetRepay,
    onCheckoutOpen: () => setChoosing(false),
    onCancelled: () => {
      toast('info', PAYMENT_CANCELLED);
      focusNext.current = 'proceed';
      // No render may follow the dismissal, so focus the button now as well.
      proceedButton.current?.focus();
    },
    // product.md §4: paymentSuccess or paymentFailure, then /thanku.
    onFinish: (ok, url) => {
      forgetRepay();
      setChoosing(false);
      setResult({ ok, url });
      setStep(ok ? 'success' : 'failure');
      toast(ok ? 'success' : 'error', ok ? PAYMENT_SUCCESSFUL : PAYMENT_VERIFICATION_FAILED);
      focusNext.current = 'title';
    },
  });
  const busy: Busy = ownBusy ?? payment.busy;

  const proceed = (event: FormEvent) => {
    event.preventDefault();
    if (running.current || payment.unconfirmed) return;
    const problem = amountProblem(toPay);
    if (problem) {
      showFieldError('amount', problem);
      toast('error', problem);
      return;
    }
    setFieldError(null);
    setChoosing(true);
  };

  actions.current = { send: sendOtp, verify };

  const changePan = () => {
    if (running.current) return;
    setStep('pannumber');
    setOtp('');
    setFieldError(null);
    setNotice(null);
    focusNext.current = 'pan';
  };

  const startAgain = () => {
    if (running.current) return;
    forgetRepay();
    setLoan(null);
    setAmount('');
    setOtp('');
    payment.forget();
    changePan();
  };

  return {
    step,
    pan,
    otp,
    terms,
    amount,
    choice,
    /** What the order asks for: the chosen figure, or the amount typed ('' is the whole due). */
    toPay,
    /** The loan's figures once the code is verified. */
    loan: loanData ?? null,
    busy,
    fieldError,
    /** Why the payer is back at the PAN (the repay token expired). */
    notice,
    choosing,
    result,
    countdown,
    unconfirmed: payment.unconfirmed,
    toasts: toasts.toasts,
    closeToast: toasts.close,
    /** Elements the flow moves the focus to. */
    refs: { panInput, otpInput, amountInput, proceedButton, title },
    typePan: (typed: string) => setPan((previous) => nextPan(previous, typed)),
    typeOtp: (typed: string) => setOtp((previous) => nextOtp(previous, typed)),
    setTerms,
    typeAmount: (typed: string) => {
      if (!acceptsAmountEntry(typed)) return;
      setAmount(typed);
      setChoice('other');
    },
    /** A quick amount: the server's figures clear the field; "Another amount" moves to it. */
    choose: (next: AmountChoice) => {
      setChoice(next);
      setFieldError(null);
      if (next === 'other') amountInput.current?.focus();
      else setAmount('');
    },
    /** Get OTP. */
    submitPan: (event: FormEvent) => {
      event.preventDefault();
      void sendOtp('send');
    },
    /** Get Amount. */
    submitOtp: (event: FormEvent) => {
      event.preventDefault();
      void verify();
    },
    resend: () => void sendOtp('resend'),
    changePan,
    startAgain,
    proceed,
    confirmAgain: payment.confirmAgain,
    payWithRazorpay: payment.payWithRazorpay,
    payWithPayu: payment.payWithPayu,
    closeDialog: () => {
      if (!running.current) setChoosing(false);
    },
  };
}
