import { type FormEvent, type ReactNode, type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { callApi, failureMessage, NetworkError } from '../../lib/api/client.ts';
import { type Envelope, STATUS } from '../../lib/api/envelope.ts';
import { API } from '../../lib/api/paths.ts';
import { formatDate, formatPaise } from '../../lib/format.ts';
import { keepRepayToken } from '../../lib/receipt.ts';
import { acceptsAmountEntry } from '../../lib/repayAmount.ts';
import type { RepaymentData } from '../../lib/schemas/repay.ts';
import { OTP_MESSAGE, PAN_MESSAGE, PAN_PATTERN } from '../../lib/schemas/signInRules.ts';
import card from '../shared/IslandCard.module.css';
import linkButton from '../shared/LinkButton.module.css';
import { MethodDialog } from '../shared/payment/MethodDialog.tsx';
import {
  accountFacts,
  accountNotes,
  amountProblem,
  amountSummary,
  PAYMENT_CANCELLED,
  PAYMENT_NOT_CONFIRMED,
  PAYMENT_SUCCESSFUL,
  PAYMENT_VERIFICATION_FAILED,
} from '../shared/payment/payment.ts';
import { type PaymentBusy, usePayment } from '../shared/payment/usePayment.ts';
import { useResendCountdown } from '../shared/useResendCountdown.ts';
import { CLOSE_TODAY_LABEL, SCHEDULED_LABEL, whichToPay } from './dues.ts';
import { nextOtp, nextPan } from './entry.ts';
import styles from './RepayStepper.module.css';
import { type Toast, Toasts } from './Toasts.tsx';

export interface RepayStepperProps {
  /** The merchant name Razorpay's checkout shows. */
  brand: string;
}

/** decisions.md §8: what the payer reads where the original only logged. */
export const LOAN_NOT_LOADED = 'We could not load your loan details. Please try again.';
export const SEND_FAILED = 'An error occurred';

const WAIT = 'Please wait…';

type Step = 'pannumber' | 'panotp' | 'amountfetched' | 'success' | 'failure';
/** The stepper's own requests; the payment's steps come from the shared payment flow. */
type OwnBusy = 'send' | 'resend' | 'verify' | null;
type Busy = OwnBusy | PaymentBusy;
type Field = 'pan' | 'otp' | 'amount';
type Focus = Field | 'proceed' | 'title';

interface VerifyData {
  repay_token: string;
  expires_in_seconds: number;
  razorpay_key: string;
  razorpay_checkout_url: string;
}
type VerifyReply = Envelope<VerifyData> & { repayment_data?: RepaymentData; order_id?: string };

/** What OTP verification gave: the loan, its order for the full due, the repay token and the checkout. */
interface Loan {
  data: RepaymentData;
  orderId: string;
  token: string;
  razorpayKey: string;
  checkoutUrl: string;
}

interface Result {
  ok: boolean;
  url: string;
}

const STEPS = [
  { label: 'PAN', steps: ['pannumber'] },
  { label: 'OTP', steps: ['panotp'] },
  { label: 'Pay', steps: ['amountfetched', 'success', 'failure'] },
] as const;

const TITLES: Record<Step, string> = {
  pannumber: 'Enter your PAN',
  panotp: 'Enter your OTP',
  amountfetched: 'Your loan',
  success: PAYMENT_SUCCESSFUL,
  failure: PAYMENT_VERIFICATION_FAILED,
};

const rupees = (value: number) => formatPaise(Math.round(value * 100));

/**
 * Repay a loan by PAN and one-time code (public-site-signin-repay.md §2, §4, §5, §7, §8): PAN, OTP,
 * the amount card, then Razorpay or PayU. Every failure gets a plain message and a way to retry.
 */
export default function RepayStepper({ brand }: RepayStepperProps) {
  const id = useId();
  const [step, setStep] = useState<Step>('pannumber');
  const { countdown, start: startCountdown } = useResendCountdown(step === 'panotp');
  const [pan, setPan] = useState('');
  const [otp, setOtp] = useState('');
  const [terms, setTerms] = useState(false);
  const [amount, setAmount] = useState('');
  const [loan, setLoan] = useState<Loan | null>(null);
  const [ownBusy, setBusy] = useState<OwnBusy>(null);
  const [fieldError, setFieldError] = useState<{ field: Field; text: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [choosing, setChoosing] = useState(false);
  const [result, setResult] = useState<Result | null>(null);

  /** The guard of §4: one request at a time, whatever the buttons look like at that instant. */
  const running = useRef(false);
  const panInput = useRef<HTMLInputElement>(null);
  const otpInput = useRef<HTMLInputElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const proceedButton = useRef<HTMLButtonElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const focusNext = useRef<Focus | null>(null);
  const toastId = useRef(0);

  const closeToast = useCallback((closed: number) => setToasts((list) => list.filter((t) => t.id !== closed)), []);
  const toast = useCallback((kind: Toast['kind'], text: string, retry?: () => void) => {
    toastId.current += 1;
    const next: Toast = { id: toastId.current, kind, text, ...(retry && { retry }) };
    // Good news replaces every older message; errors pile up (the same text once), at most three.
    setToasts((list) =>
      kind === 'error' ? [...list.filter((t) => t.kind === 'error' && t.text !== text), next].slice(-3) : [next],
    );
  }, []);

  // Move focus once the next render is on screen (a step change replaces the fields). The target is
  // kept until its element exists: an earlier commit's effects (the countdown ticks every second) can
  // run after the target is set and before the new step is on screen.
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    const element = {
      pan: panInput,
      otp: otpInput,
      amount: amountInput,
      proceed: proceedButton,
      title,
    }[target].current;
    if (!element || ('disabled' in element && element.disabled)) return;
    focusNext.current = null;
    element.focus();
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

  /** A new attempt: earlier messages are out of date. */
  const clearMessages = () => {
    setFieldError(null);
    setNotice(null);
    setToasts([]);
  };
  const begin = (kind: Exclude<OwnBusy, null>) => {
    running.current = true;
    setBusy(kind);
    clearMessages();
  };
  const end = () => {
    running.current = false;
    setBusy(null);
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
    begin(kind);
    const retry = () => void actions.current.send(kind);
    try {
      const reply = await callApi(API.repaySendOtp, { pancard: pan });
      if (reply.Status !== STATUS.ok) {
        const text = failureMessage(reply);
        showFieldError(kind === 'send' ? 'pan' : 'otp', text);
        toast('error', text, retry);
        return;
      }
      setOtp('');
      setStep('panotp');
      startCountdown();
      focusNext.current = 'otp';
      toast('success', reply.Message);
    } catch (error) {
      toast('error', error instanceof NetworkError ? error.message : SEND_FAILED, retry);
    } finally {
      end();
    }
  };

  /** Call 5: the code, for the loan's figures, an order for the full due and a repay token. */
  const verify = async () => {
    if (running.current) return;
    if (!/^\d{4}$/.test(otp)) {
      showFieldError('otp', OTP_MESSAGE);
      toast('error', OTP_MESSAGE);
      return;
    }
    begin('verify');
    try {
      const reply = (await callApi<VerifyData>(API.repayVerifyOtp, { panNumber: pan, otp })) as VerifyReply;
      if (reply.Status !== STATUS.ok) {
        // A used or wrong code cannot work again: the field is emptied for the next one.
        setOtp('');
        const text = failureMessage(reply);
        showFieldError('otp', text);
        toast('error', text);
        return;
      }
      const data = reply.repayment_data;
      if (!data || !reply.Data?.repay_token || typeof data.total_due_amount !== 'number') {
        toast('error', LOAN_NOT_LOADED, () => void actions.current.verify());
        return;
      }
      // The result page reads this payment's receipt with it, even after a reload.
      keepRepayToken(reply.Data.repay_token);
      setLoan({
        data,
        orderId: reply.order_id ?? '',
        token: reply.Data.repay_token,
        razorpayKey: reply.Data.razorpay_key,
        checkoutUrl: reply.Data.razorpay_checkout_url,
      });
      setAmount('');
      payment.forget();
      setStep('amountfetched');
      focusNext.current = 'amount';
      toast('success', reply.Message);
    } catch (error) {
      // The code was never checked, so it stays for another try.
      toast('error', error instanceof NetworkError ? error.message : SEND_FAILED, () => void actions.current.verify());
    } finally {
      end();
    }
  };

  /** The repay token has expired (Status 4): start again from the PAN, which is kept. */
  const expire = (text: string) => {
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
  const payment = usePayment({
    brand,
    order: loanData
      ? {
          amount,
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
    onCheckoutOpen: () => setChoosing(false),
    onCancelled: () => {
      toast('info', PAYMENT_CANCELLED);
      focusNext.current = 'proceed';
      // No render may follow the dismissal, so focus the button now as well.
      proceedButton.current?.focus();
    },
    // §4: paymentSuccess or paymentFailure, then /thanku.
    onFinish: (ok, url) => {
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
    const problem = amountProblem(amount);
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
    setLoan(null);
    setAmount('');
    setOtp('');
    payment.forget();
    changePan();
  };

  const errorId = (field: Field) => `${id}-${field}-error`;
  const errorFor = (field: Field) => (fieldError?.field === field ? fieldError.text : null);
  // The toast announces the message; the copy under the field stays until the next try (not live).
  const fieldMessage = (field: Field) => {
    const text = errorFor(field);
    return text ? (
      <p id={errorId(field)} className={card.error}>
        {text}
      </p>
    ) : null;
  };
  const describedBy = (field: Field, ...others: string[]) =>
    [...others, ...(errorFor(field) ? [errorId(field)] : [])].join(' ') || undefined;
  const busyLabel = (kind: Busy, label: ReactNode) =>
    busy === kind ? (
      <>
        <span className={styles.spinner} aria-hidden="true" />
        {WAIT}
      </>
    ) : (
      label
    );

  const stepIndex = STEPS.findIndex((s) => (s.steps as readonly Step[]).includes(step));
  const titleId = `${id}-title`;

  return (
    <section className={`${card.card} ${styles.card}`} aria-labelledby={titleId}>
      <ol className={styles.progress} aria-label="Repayment steps">
        {STEPS.map((s, index) => (
          <li
            key={s.label}
            className={index < stepIndex ? styles.done : index === stepIndex ? styles.current : undefined}
            aria-current={index === stepIndex ? 'step' : undefined}
          >
            <span className={styles.dot} aria-hidden="true">
              {index < stepIndex ? '✓' : index + 1}
            </span>
            {s.label}
            {index < stepIndex && <span className="visually-hidden"> (done)</span>}
          </li>
        ))}
      </ol>

      <h2
        id={titleId}
        ref={title}
        tabIndex={-1}
        className={`${card.title} ${step === 'failure' ? styles.titleFailed : ''}`}
      >
        {TITLES[step]}
      </h2>

      {step === 'pannumber' && (
        <form
          className={card.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void sendOtp('send');
          }}
        >
          {notice && <p className={styles.notice}>{notice}</p>}
          <div className={card.field}>
            <label htmlFor={`${id}-pan`}>PAN</label>
            <input
              ref={panInput}
              id={`${id}-pan`}
              className={`${styles.input} ${styles.code}`}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={10}
              placeholder="ABCDE1234F"
              value={pan}
              aria-invalid={errorFor('pan') ? true : undefined}
              aria-describedby={describedBy('pan', `${id}-pan-hint`)}
              onChange={(event) => {
                const typed = event.target.value;
                setPan((previous) => nextPan(previous, typed));
              }}
            />
            <p id={`${id}-pan-hint`} className={card.hint}>
              The borrower's 10-character PAN. We send a one-time code to the mobile number registered with the loan.
            </p>
            {fieldMessage('pan')}
          </div>
          <button
            type="submit"
            className={`button ${card.submit}`}
            disabled={busy !== null}
            aria-busy={busy === 'send' ? true : undefined}
          >
            {busyLabel('send', 'Get OTP')}
          </button>
        </form>
      )}

      {step === 'panotp' && (
        <form
          className={card.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void verify();
          }}
        >
          <p className={styles.sentTo}>
            If a loan is active for PAN <strong>{pan}</strong>, we have sent a 4-digit OTP to the mobile number
            registered with it.{' '}
            <button type="button" className={linkButton.linkButton} onClick={changePan} disabled={busy !== null}>
              Change PAN
            </button>
          </p>
          <div className={card.field}>
            <label htmlFor={`${id}-otp`}>OTP</label>
            <input
              ref={otpInput}
              id={`${id}-otp`}
              className={`${styles.input} ${styles.code} ${styles.otp}`}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="one-time-code"
              maxLength={4}
              placeholder="4 digits"
              value={otp}
              aria-invalid={errorFor('otp') ? true : undefined}
              aria-describedby={describedBy('otp')}
              onChange={(event) => {
                const typed = event.target.value;
                setOtp((previous) => nextOtp(previous, typed));
              }}
            />
            {fieldMessage('otp')}
          </div>
          <div className={styles.terms}>
            <input
              id={`${id}-terms`}
              className={styles.checkbox}
              type="checkbox"
              checked={terms}
              onChange={(event) => setTerms(event.target.checked)}
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
            onClick={() => void sendOtp('resend')}
          >
            {busyLabel('resend', countdown > 0 ? `Resend OTP in ${countdown}s` : 'Resend OTP')}
          </button>
        </form>
      )}

      {step === 'amountfetched' && loan && (
        <AmountStep
          id={id}
          loan={loan.data}
          amount={amount}
          busy={busy}
          choosing={choosing}
          unconfirmed={payment.unconfirmed}
          amountError={fieldMessage('amount')}
          amountDescribedBy={describedBy('amount', `${id}-amount-hint`, `${id}-amount-summary`)}
          amountInvalid={errorFor('amount') !== null}
          amountInput={amountInput}
          proceedButton={proceedButton}
          busyLabel={busyLabel}
          onAmount={(typed) => {
            if (acceptsAmountEntry(typed)) setAmount(typed);
          }}
          onProceed={proceed}
          onStartAgain={startAgain}
          onConfirmAgain={payment.confirmAgain}
          onRazorpay={payment.payWithRazorpay}
          onPayu={payment.payWithPayu}
          onCloseDialog={() => {
            if (!running.current) setChoosing(false);
          }}
        />
      )}

      {(step === 'success' || step === 'failure') && result && (
        <div className={card.form}>
          <p className="m-0">
            {result.ok
              ? 'Thank you. We are taking you to your payment receipt…'
              : 'Your payment did not go through. We are taking you to the details…'}
          </p>
          <a className={`button ${card.submit}`} href={result.url}>
            Continue
          </a>
        </div>
      )}

      <Toasts toasts={toasts} onClose={closeToast} />
    </section>
  );
}

interface AmountStepProps {
  id: string;
  loan: RepaymentData;
  amount: string;
  busy: Busy;
  choosing: boolean;
  unconfirmed: boolean;
  amountError: ReactNode;
  amountDescribedBy: string | undefined;
  amountInvalid: boolean;
  amountInput: RefObject<HTMLInputElement | null>;
  proceedButton: RefObject<HTMLButtonElement | null>;
  busyLabel: (kind: Busy, label: ReactNode) => ReactNode;
  onAmount: (typed: string) => void;
  onProceed: (event: FormEvent) => void;
  onStartAgain: () => void;
  onConfirmAgain: () => void;
  onRazorpay: () => void;
  onPayu: () => void;
  onCloseDialog: () => void;
}

/** The amount card (§2): the loan's figures, the amount to pay and the payment-method modal. */
function AmountStep(props: AmountStepProps) {
  const { id, loan, amount, busy } = props;
  const summary = amountSummary(amount, Math.round(loan.total_due_amount * 100));
  const paying = busy === 'razorpay' || busy === 'payu' || busy === 'confirm';
  const facts: [string, string][] = [
    ['Loan number', loan.loan_no],
    ['Disbursal date', formatDate(loan.disbursal_date)],
    ['Repayment date', formatDate(loan.repayment_date)],
    [SCHEDULED_LABEL, rupees(loan.repayment_amount)],
    ['Loan Amount', rupees(loan.loan_recommended)],
    ['Interest to date', rupees(loan.real_interest)],
    ...accountFacts(loan),
  ];

  return (
    <div className={card.form}>
      {loan.full_name && (
        <p className={styles.sentTo}>
          Loan of <strong>{loan.full_name}</strong>
        </p>
      )}
      <dl className={styles.facts} aria-label="Loan details">
        {facts.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className={`${styles.fact} ${styles.total}`}>
          <dt>{CLOSE_TODAY_LABEL}</dt>
          <dd>{rupees(loan.total_due_amount)}</dd>
        </div>
      </dl>
      <p className={styles.summary} data-testid="which-to-pay">
        {whichToPay(loan)}
      </p>
      {accountNotes(loan).map((note) => (
        <p key={note} className={card.hint}>
          {note}
        </p>
      ))}

      <form className={card.form} noValidate onSubmit={props.onProceed}>
        <div className={card.field}>
          <label htmlFor={`${id}-amount`}>Amount to pay (₹)</label>
          <input
            ref={props.amountInput}
            id={`${id}-amount`}
            className={styles.input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Enter payment amount"
            value={amount}
            aria-invalid={props.amountInvalid ? true : undefined}
            aria-describedby={props.amountDescribedBy}
            onChange={(event) => props.onAmount(event.target.value)}
          />
          <p id={`${id}-amount-hint`} className={card.hint}>
            Leave it empty, or enter more than the total due, to pay the whole due. A smaller amount is a part payment.
          </p>
          <p id={`${id}-amount-summary`} className={styles.summary} data-testid="amount-summary">
            {summary}
          </p>
          {props.amountError}
        </div>
        {props.unconfirmed && (
          <div className={styles.notice}>
            <p className="m-0">{PAYMENT_NOT_CONFIRMED}</p>
            <button
              type="button"
              className={`button ${styles.noticeAction}`}
              disabled={busy !== null}
              aria-busy={busy === 'confirm' ? true : undefined}
              onClick={props.onConfirmAgain}
            >
              {props.busyLabel('confirm', 'Check my payment again')}
            </button>
          </div>
        )}
        <button
          ref={props.proceedButton}
          type="submit"
          className={`button ${card.submit}`}
          disabled={busy !== null || props.unconfirmed}
          aria-busy={paying && !props.choosing ? true : undefined}
        >
          {paying && !props.choosing ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              Please wait…
            </>
          ) : (
            'Proceed to Pay'
          )}
        </button>
        <p className={styles.startAgain}>
          <button type="button" className={linkButton.linkButton} onClick={props.onStartAgain} disabled={busy !== null}>
            Pay for another PAN
          </button>
        </p>
      </form>

      <MethodDialog
        open={props.choosing}
        busy={busy}
        summary={summary}
        busyLabel={props.busyLabel}
        onRazorpay={props.onRazorpay}
        onPayu={props.onPayu}
        onClose={props.onCloseDialog}
      />
    </div>
  );
}
