import { useId, useState } from 'react';
import { type AmountLimits, amountError, CALCULATOR, daysError, digitsOnly, quote } from '../../lib/calculator.ts';
import { formatPaise, formatPercent } from '../../lib/format.ts';
import { loanCost, rupeesToPaise } from '../../lib/rates.ts';
import styles from './LoanCalculator.module.css';

export interface LoanCalculatorProps {
  amountLimits: AmountLimits;
  rate: { min: number; max: number; step: number };
  processingFeePercent: number;
  gstPercent: number;
}

/** Amount, days and daily rate, by slider or typed, with the payable amount and APR. */
export default function LoanCalculator({ amountLimits, rate, processingFeePercent, gstPercent }: LoanCalculatorProps) {
  const id = useId();
  const [amountText, setAmountText] = useState(String(CALCULATOR.amount.default));
  const [daysText, setDaysText] = useState(String(CALCULATOR.days.default));
  const [dailyRate, setDailyRate] = useState(rate.min);

  const amount = amountText === '' ? Number.NaN : Number(amountText);
  const days = daysText === '' ? Number.NaN : Number(daysText);
  const amountMessage = amountError(amount, amountLimits);
  const daysMessage = daysError(days);
  const valid = !amountMessage && !daysMessage;
  const result = valid ? quote(amount, dailyRate, days) : undefined;
  const apr = valid
    ? loanCost({
        principalPaise: rupeesToPaise(amount),
        days,
        dailyRatePercent: dailyRate,
        processingFeePercent,
        gstPercent,
      })
    : undefined;

  const clampToSlider = (value: number, { min, max }: { min: number; max: number }) =>
    Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

  return (
    <form className={styles.calculator} onSubmit={(event) => event.preventDefault()} aria-describedby={`${id}-note`}>
      <fieldset className={styles.field}>
        <legend>Loan amount</legend>
        <label htmlFor={`${id}-amount`}>Amount in rupees</label>
        <input
          id={`${id}-amount`}
          inputMode="numeric"
          autoComplete="off"
          value={amountText}
          aria-invalid={amountMessage ? true : undefined}
          aria-describedby={amountMessage ? `${id}-amount-error` : undefined}
          onChange={(event) => setAmountText(digitsOnly(event.target.value))}
        />
        <label htmlFor={`${id}-amount-range`} className="visually-hidden">
          Amount slider
        </label>
        <input
          id={`${id}-amount-range`}
          type="range"
          min={CALCULATOR.amount.min}
          max={CALCULATOR.amount.max}
          step={CALCULATOR.amount.step}
          value={clampToSlider(amount, CALCULATOR.amount)}
          aria-valuetext={Number.isFinite(amount) ? formatPaise(rupeesToPaise(amount)) : 'not set'}
          onChange={(event) => setAmountText(event.target.value)}
        />
        {amountMessage && (
          <p id={`${id}-amount-error`} className={styles.error} role="alert">
            {amountMessage}
          </p>
        )}
      </fieldset>

      <fieldset className={styles.field}>
        <legend>Loan period</legend>
        <label htmlFor={`${id}-days`}>Number of days</label>
        <input
          id={`${id}-days`}
          inputMode="numeric"
          autoComplete="off"
          value={daysText}
          aria-invalid={daysMessage ? true : undefined}
          aria-describedby={daysMessage ? `${id}-days-error` : undefined}
          onChange={(event) => setDaysText(digitsOnly(event.target.value, 3))}
        />
        <label htmlFor={`${id}-days-range`} className="visually-hidden">
          Days slider
        </label>
        <input
          id={`${id}-days-range`}
          type="range"
          min={CALCULATOR.days.min}
          max={CALCULATOR.days.max}
          step={CALCULATOR.days.step}
          value={clampToSlider(days, CALCULATOR.days)}
          aria-valuetext={Number.isFinite(days) ? `${days} days` : 'not set'}
          onChange={(event) => setDaysText(event.target.value)}
        />
        {daysMessage && (
          <p id={`${id}-days-error`} className={styles.error} role="alert">
            {daysMessage}
          </p>
        )}
      </fieldset>

      <fieldset className={styles.field}>
        <legend>Interest rate</legend>
        <label htmlFor={`${id}-rate`}>
          Daily rate: <strong>{formatPercent(dailyRate)}</strong> a day
        </label>
        <input
          id={`${id}-rate`}
          type="range"
          min={rate.min}
          max={rate.max}
          step={rate.step}
          value={dailyRate}
          aria-valuetext={`${formatPercent(dailyRate)} a day`}
          onChange={(event) => setDailyRate(Number(event.target.value))}
        />
      </fieldset>

      <output className={styles.result} htmlFor={`${id}-amount ${id}-days ${id}-rate`} aria-live="polite">
        <dl>
          <div>
            <dt>Interest</dt>
            <dd data-testid="interest">{result ? formatPaise(result.interestPaise) : '—'}</dd>
          </div>
          <div>
            <dt>Total payable</dt>
            <dd data-testid="payable">{result ? formatPaise(result.payablePaise) : '—'}</dd>
          </div>
          <div>
            <dt>Annual interest rate</dt>
            <dd data-testid="annual-rate">{apr ? formatPercent(apr.annualRatePercent) : '—'}</dd>
          </div>
          <div>
            <dt>APR with fee and GST</dt>
            <dd data-testid="apr">{apr ? formatPercent(apr.aprPercent) : '—'}</dd>
          </div>
        </dl>
      </output>
      <p id={`${id}-note`} className={styles.note}>
        An illustration, not an offer. The processing fee of {formatPercent(processingFeePercent)} plus{' '}
        {formatPercent(gstPercent)} GST is deducted at disbursal and counted in the APR.
      </p>
    </form>
  );
}
