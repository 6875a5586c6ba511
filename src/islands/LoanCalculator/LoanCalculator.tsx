import { useId, useState } from 'react';
import { amountError, type CalculatorSettings, daysError, digitsOnly } from '../../lib/calculator.ts';
import { formatPercent } from '../../lib/format.ts';
import { formatPaise, paiseFromRupees } from '../../lib/money.ts';
import { loanCost } from '../../lib/rates.ts';
import styles from './LoanCalculator.module.css';

export interface LoanCalculatorProps {
  /** From content/site.json, built by `calculatorSettings(site)`. */
  settings: CalculatorSettings;
}

const clampToSlider = (value: number, { min, max }: { min: number; max: number }) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : min;

/** Amount, days and daily rate of a loan we offer, by slider or typed, with what it costs and its APR. */
export default function LoanCalculator({ settings }: LoanCalculatorProps) {
  const id = useId();
  const { opening } = settings;
  const [amountText, setAmountText] = useState(String(opening.amountRupees));
  const [daysText, setDaysText] = useState(String(opening.days));
  const [dailyRate, setDailyRate] = useState(opening.dailyRatePercent);

  const amount = amountText === '' ? Number.NaN : Number(amountText);
  const days = daysText === '' ? Number.NaN : Number(daysText);
  const amountMessage = amountError(amount, settings);
  const daysMessage = daysError(days, settings);
  const cost =
    amountMessage || daysMessage
      ? undefined
      : loanCost({
          principalPaise: paiseFromRupees(amount),
          days,
          dailyRatePercent: dailyRate,
          processingFeePercent: settings.processingFeePercent,
          gstPercent: settings.gstPercent,
        });
  const shown = (paise: number | undefined) => (paise === undefined ? '—' : formatPaise(paise));

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
          min={settings.amount.min}
          max={settings.amount.max}
          step={settings.amount.step}
          value={clampToSlider(amount, settings.amount)}
          aria-valuetext={Number.isFinite(amount) ? formatPaise(paiseFromRupees(amount)) : 'not set'}
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
          min={settings.days.min}
          max={settings.days.max}
          step={1}
          value={clampToSlider(days, settings.days)}
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
        <legend>Daily interest rate, by monthly income</legend>
        {settings.rates.map((choice) => (
          <label key={choice.dailyRatePercent} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-rate`}
              value={choice.dailyRatePercent}
              checked={dailyRate === choice.dailyRatePercent}
              onChange={() => setDailyRate(choice.dailyRatePercent)}
            />
            <span>
              <strong>{formatPercent(choice.dailyRatePercent)} a day</strong>, income {choice.monthlyIncome}
            </span>
          </label>
        ))}
      </fieldset>

      <output className={styles.result} htmlFor={`${id}-amount ${id}-days`} aria-live="polite">
        <dl>
          <div>
            <dt>Interest</dt>
            <dd data-testid="interest">{shown(cost?.interestPaise)}</dd>
          </div>
          <div>
            <dt>Total payable</dt>
            <dd data-testid="payable">{shown(cost?.repayablePaise)}</dd>
          </div>
          <div>
            <dt>You receive, after fee and GST</dt>
            <dd data-testid="received">{shown(cost?.disbursedPaise)}</dd>
          </div>
          <div>
            <dt>Annual interest rate</dt>
            <dd data-testid="annual-rate">{cost ? formatPercent(cost.annualRatePercent) : '—'}</dd>
          </div>
          <div>
            <dt>APR with fee and GST</dt>
            <dd data-testid="apr">{cost ? formatPercent(cost.aprPercent) : '—'}</dd>
          </div>
        </dl>
      </output>
      <p id={`${id}-note`} className={styles.note}>
        An illustration, not an offer: your rate is set by your monthly income. The processing fee of{' '}
        {formatPercent(settings.processingFeePercent)} plus {formatPercent(settings.gstPercent)} GST on it is deducted
        at disbursal and counted in the APR.
      </p>
    </form>
  );
}
