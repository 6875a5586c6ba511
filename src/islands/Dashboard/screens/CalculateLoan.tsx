import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type * as v from 'valibot';
import { safeParse } from 'valibot';
import { failureMessage, thrownMessage } from '../../../lib/api/client.ts';
import { STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import { AMOUNT_STEP_RUPEES, digitsOnly, quoteAmountMessage } from '../../../lib/calculator.ts';
import { formatPercent } from '../../../lib/format.ts';
import type { KeyFactStatement as Statement } from '../../../lib/kfs.ts';
import { formatPaise, formatRupees, paiseFromRupees } from '../../../lib/money.ts';
import { STAGE, stageOf } from '../../../lib/onboarding.ts';
import { annualRatePercent, loanCost } from '../../../lib/rates.ts';
import type { QuoteAnswer } from '../../../lib/schemas/answers/application.ts';
import { KFS_REQUIRED, LOAN_PURPOSES, QuoteDecisionRequest } from '../../../lib/schemas/application.ts';
import { BusyButton } from '../components/BusyButton.tsx';
import { SelectField } from '../components/Fields.tsx';
import formStyles from '../components/Form.module.css';
import { KfsAcceptance } from '../components/KfsAcceptance.tsx';
import { Link } from '../components/Link.tsx';
import { ProfileState } from '../components/ProfileState.tsx';
import styles from '../components/Screen.module.css';
import { StepScreen } from '../components/StepScreen.tsx';
import { type ApplicationAnswer, afterApplicationStep, storeApplicationStep } from '../navigation/applicationSteps.ts';
import type { ScreenProps } from '../navigation/screenProps.ts';
import { HOME, screenPath } from '../navigation/screens.ts';
import { clearAlerts, showAlert } from '../state/alerts.ts';
import { dashboardCall, SessionEnded, saveleadDetails } from '../state/api.ts';
import { fieldErrors, useStepForm } from '../state/forms.ts';
import { type ActiveLoan, loadProfile } from '../state/profile.ts';
import { useRequest } from '../state/useRequest.ts';
import local from './CalculateLoan.module.css';

/**
 * The loan page of product.md §9: the amount slider in steps of 500 from 5000 (the home calculator's
 * step), any whole rupee typed (issue 25, finding 7), tenure from 7 days, within the quote.
 */
const AMOUNT = { step: AMOUNT_STEP_RUPEES, default: 5000 };
const TENURE = { step: 1, default: 7 };
const PURPOSES = Object.entries(LOAN_PURPOSES).map(([value, label]) => ({ value, label }));

/**
 * The statement's view is fetched with the statement itself (View Key Fact Statement asks for both at
 * once), not with the screen: the calculator draws sooner and its chunk keeps to its budget.
 */
const loadStatementView = () => import('../components/KeyFactStatement.tsx');
const KeyFactStatement = lazy(() => loadStatementView().then((module) => ({ default: module.KeyFactStatement })));

/** The server's quote: limits, the customer's daily rate, and the fee and GST a statement charges. */
type LoanQuote = v.InferOutput<typeof QuoteAnswer> & ApplicationAnswer;

/** A value moved into [min, max] and onto the slider's steps from min. */
function onSlider(value: number, min: number, max: number, step: number): number {
  const inside = Math.min(max, Math.max(min, value));
  return Math.min(max, min + Math.round((inside - min) / step) * step);
}

interface SliderProps {
  label: string;
  min: number;
  max: number;
  step: number;
  value: number;
  format: (value: number) => string;
  onValue: (value: number) => void;
  /** A field to type the value in, shown beside the label instead of the value (the amount). */
  typed?: { id: string; text: string; onText: (text: string) => void; onDone: () => void; error: string | undefined };
}

/**
 * A labelled range input with its value (or a field to type it) beside the label and its limits under
 * it. A typed value off the slider's steps puts the knob on the nearest step; the value stays as typed.
 */
function Slider({ label, min, max, step, value, format, onValue, typed }: SliderProps) {
  const id = useId();
  const known = Number.isFinite(value);
  return (
    <div className={local.slider}>
      <div className={local.sliderHead}>
        <label htmlFor={id}>{label}</label>
        {typed ? (
          <span className={local.typed}>
            <span aria-hidden="true">₹</span>
            <input
              id={typed.id}
              className={formStyles.input}
              aria-label={`${label} in rupees`}
              inputMode="numeric"
              autoComplete="off"
              value={typed.text}
              aria-invalid={typed.error ? true : undefined}
              aria-describedby={`${id}-limits${typed.error ? ` ${id}-error` : ''}`}
              onChange={(event) => typed.onText(digitsOnly(event.target.value))}
              onBlur={typed.onDone}
            />
          </span>
        ) : (
          <output htmlFor={id}>{format(value)}</output>
        )}
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={onSlider(known ? value : min, min, max, step)}
        aria-valuetext={known ? format(value) : 'not set'}
        aria-describedby={`${id}-limits`}
        onChange={(event) => onValue(Number(event.target.value))}
      />
      <p id={`${id}-limits`} className={formStyles.hint}>
        From {format(min)} to {format(max)}
        {typed && ', or type any amount in rupees'}
      </p>
      {typed?.error && (
        <p id={`${id}-error`} className={formStyles.error} role="alert">
          {typed.error}
        </p>
      )}
    </div>
  );
}

const days = (value: number) => `${value} days`;

/**
 * The loan quote (generate_loan_quote): purpose, principal and tenure within the server's limits,
 * the payable figure, then the Key Fact Statement the server computes, which must be read and
 * confirmed before the quote is accepted (loan_quotation_decision).
 */
export default function CalculateLoan({ route }: ScreenProps) {
  const form = useRef<HTMLFormElement>(null);
  const [offer, setOffer] = useState<LoanQuote | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  /** The loan running when the quote was refused (one loan at a time), if any. */
  const [activeLoan, setActiveLoan] = useState<ActiveLoan | null>(null);
  const [purpose, setPurpose] = useState('');
  /** The amount as typed or slid, in whole rupees ('' while the field is cleared). */
  const [amountText, setAmountText] = useState(String(AMOUNT.default));
  /**
   * Whether a wrong amount is said yet: at once above the quote, else once the field is left or the
   * statement asked for (2 on the way to 20000 is not yet a mistake).
   */
  const [amountChecked, setAmountChecked] = useState(false);
  const amountId = useId();
  const [tenure, setTenure] = useState(TENURE.default);
  /** The statement last fetched, with the figures it was computed for. */
  const [statement, setStatement] = useState<{ amount: number; tenure: number; kfs: Statement } | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  /** The statement just arrived (its heading takes the focus), not shown again after a slider moved back. */
  const [fresh, setFresh] = useState(false);
  const { errors, setErrors, refuse, send } = useStepForm(form);
  const { busy, run } = useRequest<'kfs' | 'accept'>();

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      const envelope = await saveleadDetails<LoanQuote>('generate_loan_quote');
      if (envelope.Status !== STATUS.ok) {
        // A refusal because a loan is running: the way to that loan, not a retry that answers the same.
        const fresh = await loadProfile();
        setActiveLoan('profile' in fresh ? fresh.profile.active_loan_details : null);
        setLoadError(failureMessage(envelope));
        return;
      }
      const answer = envelope.Data;
      storeApplicationStep(answer);
      setOffer(answer);
      setAmountText(String(onSlider(AMOUNT.default, answer.min_loan_amount, answer.max_loan_amount, AMOUNT.step)));
      setTenure(onSlider(TENURE.default, answer.min_loan_tenure, answer.max_loan_tenure, TENURE.step));
    } catch (failure) {
      if (failure instanceof SessionEnded) return;
      setLoadError(thrownMessage(failure));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const amount = amountText === '' ? Number.NaN : Number(amountText);
  const range = offer ? { min: offer.min_loan_amount, max: offer.max_loan_amount } : null;
  const amountWrong = !range || !(amount >= range.min && amount <= range.max);
  const amountMessage =
    range && amountWrong && (amountChecked || amount > range.max) ? quoteAmountMessage(range) : undefined;
  // A statement is for one amount and tenure: other figures need a fresh one, confirmed afresh.
  const shown = statement && statement.amount === amount && statement.tenure === tenure ? statement.kfs : null;
  const typeAmount = (text: string) => {
    setAmountText(text);
    setAmountChecked(false);
    setAcknowledged(false);
    setFresh(false);
  };
  const moveAmount = (value: number) => {
    setAmountText(String(value));
    setAmountChecked(false);
    setAcknowledged(false);
    setFresh(false);
  };
  const moveTenure = (value: number) => {
    setTenure(value);
    setAcknowledged(false);
    setFresh(false);
  };

  const viewStatement = () => {
    if (amountWrong) {
      setAmountChecked(true);
      return document.getElementById(amountId)?.focus();
    }
    return run('kfs', async () => {
      clearAlerts();
      const figures = { amount, tenure };
      const [envelope] = await Promise.all([
        dashboardCall<Statement>(API.keyFactStatement, figures),
        loadStatementView(),
      ]);
      if (envelope.Status !== STATUS.ok) {
        showAlert({ type: 'error', msg: failureMessage(envelope) });
        return;
      }
      setStatement({ ...figures, kfs: envelope.Data });
      setAcknowledged(false);
      setFresh(true);
    });
  };

  const accept = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !shown) return;
    const payload = {
      event_name: 'loan_quotation_decision' as const,
      accepted_id: 1,
      amount,
      tenure,
      purpose_id: purpose,
      kfs_acknowledged: acknowledged,
    };
    const checked = safeParse(QuoteDecisionRequest, payload);
    const found = checked.success ? {} : fieldErrors(checked.issues);
    if (!acknowledged) found.kfs_acknowledged = KFS_REQUIRED;
    if (!checked.success || !acknowledged) return refuse(found);
    const { event_name: _event, ...decision } = checked.output;
    await run('accept', async () => {
      const saved = await send(() => saveleadDetails<ApplicationAnswer>('loan_quotation_decision', decision));
      if (saved) afterApplicationStep(saved.Data, saved.Message);
    });
  };

  const rate = offer?.daily_rate_percent ?? 0;
  // The figures of the rates module, as the server's statement and the home calculator have them.
  const cost =
    offer && !amountWrong && rate > 0
      ? loanCost({
          principalPaise: paiseFromRupees(amount),
          days: tenure,
          dailyRatePercent: rate,
          processingFeePercent: offer.processing_fee_percent,
          gstPercent: offer.gst_percent,
        })
      : undefined;
  const money = (paise: number | undefined) => (paise === undefined ? '—' : formatPaise(paise));
  const locked = (offer?.step_percentage ?? 0) >= 100;
  // Accepted once the server's next step is past the loan quote's stage.
  const nextStage = offer === null ? undefined : stageOf(offer.next_step);
  const accepted = nextStage !== undefined && nextStage > STAGE.loanQuote;

  return (
    <StepScreen
      back={{ to: screenPath('eligibility'), label: 'Back to your loan application' }}
      title={route.title}
      intro="Choose why you need the loan, how much and for how long. Your loan is repaid in one payment at the end of the tenure."
    >
      {!offer && !(loadError && activeLoan) && <ProfileState loading={loading} error={loadError} retry={load} />}
      {!offer && loadError && activeLoan && (
        <div className={styles.panel}>
          <p role="alert">{loadError}</p>
          <p className={formStyles.actions}>
            {activeLoan.total_due > 0 && (
              <Link to={screenPath('repayment')} className="button">
                Pay Now
              </Link>
            )}
            <Link to={screenPath(HOME.loan)} className="button button--ghost">
              Your loan
            </Link>
          </p>
        </div>
      )}
      {offer && locked && (
        <div className={styles.panel}>
          <h2>Your loan application is complete</h2>
          <p>Your quote can no longer be changed while our team reviews your application.</p>
          <Link to={screenPath('lead-preview')} className="button">
            View Your Application
          </Link>
        </div>
      )}
      {offer && !locked && (
        <form ref={form} className={`${styles.panel} ${formStyles.form}`} onSubmit={accept} noValidate>
          {accepted && (
            <p className={local.note}>
              You have accepted a quote already. Accepting again replaces it with the figures you choose now.
            </p>
          )}
          <SelectField
            label="Purpose of Loan"
            choices={PURPOSES}
            value={purpose}
            onValue={(value) => {
              setPurpose(value);
              setErrors((current) => ({ ...current, purpose_id: '' }));
            }}
            error={errors.purpose_id || undefined}
          />
          <Slider
            label="Loan Amount"
            min={offer.min_loan_amount}
            max={offer.max_loan_amount}
            step={AMOUNT.step}
            value={amount}
            format={formatRupees}
            onValue={moveAmount}
            typed={{
              id: amountId,
              text: amountText,
              onText: typeAmount,
              onDone: () => setAmountChecked(true),
              error: amountMessage,
            }}
          />
          <Slider
            label="Tenure"
            min={offer.min_loan_tenure}
            max={offer.max_loan_tenure}
            step={TENURE.step}
            value={tenure}
            format={days}
            onValue={moveTenure}
          />
          <div className={local.summary} aria-live="polite">
            <dl>
              <div>
                <dt>Principal</dt>
                <dd>{money(cost?.principalPaise)}</dd>
              </div>
              <div>
                <dt>Your interest rate</dt>
                <dd data-testid="rate">
                  {formatPercent(rate)} a day ({formatPercent(rate > 0 ? annualRatePercent(rate) : 0)} a year)
                </dd>
              </div>
              <div>
                <dt>Interest</dt>
                <dd>{money(cost?.interestPaise)}</dd>
              </div>
              <div className={local.payable}>
                <dt>Payable Amount</dt>
                <dd data-testid="payable">{money(cost?.repayablePaise)}</dd>
              </div>
              <div>
                <dt>You receive, after fee and GST</dt>
                <dd data-testid="received">{money(cost?.disbursedPaise)}</dd>
              </div>
              <div>
                <dt>APR with fee and GST</dt>
                <dd data-testid="apr">{cost ? formatPercent(cost.aprPercent) : '—'}</dd>
              </div>
            </dl>
          </div>
          <p className={local.note}>
            Payable amount = principal + principal × {formatPercent(rate)} × tenure in days. Your rate is set by your
            monthly income. The processing fee of {formatPercent(offer.processing_fee_percent)} plus{' '}
            {formatPercent(offer.gst_percent)} GST on it is deducted when the loan is paid out and counted in the APR:
            the Key Fact Statement shows every charge.
          </p>
          {shown ? (
            <>
              <Suspense fallback={<p role="status">Loading the Key Fact Statement…</p>}>
                <KeyFactStatement kfs={shown} focus={fresh} />
              </Suspense>
              <KfsAcceptance
                required
                checked={acknowledged}
                error={errors.kfs_acknowledged || undefined}
                onChange={(checked) => {
                  setAcknowledged(checked);
                  setErrors((current) => ({ ...current, kfs_acknowledged: '' }));
                }}
              >
                I have read and understood the Key Fact Statement.
              </KfsAcceptance>
              <div className={formStyles.actions}>
                <BusyButton busy={busy === 'accept'} disabled={busy !== null}>
                  Accept Loan
                </BusyButton>
              </div>
            </>
          ) : (
            <div className={formStyles.actions}>
              <BusyButton type="button" busy={busy === 'kfs'} disabled={busy !== null} onClick={viewStatement}>
                View Key Fact Statement
              </BusyButton>
            </div>
          )}
        </form>
      )}
    </StepScreen>
  );
}
