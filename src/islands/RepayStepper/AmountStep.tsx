import { formatDate } from '../../lib/format.ts';
import { formatRupees, paiseFromRupees } from '../../lib/money.ts';
import type { RepaymentData } from '../../lib/schemas/answers/repay.ts';
import type { FieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import linkButton from '../shared/LinkButton.module.css';
import { MethodDialog } from '../shared/payment/MethodDialog.tsx';
import { accountFacts, accountNotes, amountSummary, PAYMENT_NOT_CONFIRMED } from '../shared/payment/payment.ts';
import type { Provider } from '../shared/payment/providers.ts';
import { QuickAmounts } from '../shared/payment/QuickAmounts.tsx';
import { busyLabels, Waiting } from './busyLabel.tsx';
import { CLOSE_TODAY_LABEL, SCHEDULED_LABEL, whichToPay } from './dues.ts';
import styles from './RepayStepper.module.css';
import type { Field, RepayFlow } from './useRepayFlow.ts';

interface AmountStepProps {
  /** The stepper's id, the prefix of its fields' ids. */
  id: string;
  loan: RepaymentData;
  flow: RepayFlow;
  errors: FieldErrors<Field>;
  providers: Provider[];
}

/** The amount card (product.md §2): the loan's figures, the amount to pay and the payment-method modal. */
export function AmountStep({ id, loan, flow, errors, providers }: AmountStepProps) {
  const { amount, busy, choosing, unconfirmed } = flow;
  const busyLabel = busyLabels(busy);
  const summary = amountSummary(flow.toPay, paiseFromRupees(loan.total_due_amount));
  const paying = busy === 'razorpay' || busy === 'payu' || busy === 'confirm';
  const facts: [string, string][] = [
    ['Loan number', loan.loan_no],
    ['Disbursal date', formatDate(loan.disbursal_date)],
    ['Repayment date', formatDate(loan.repayment_date)],
    [SCHEDULED_LABEL, formatRupees(loan.repayment_amount)],
    ['Loan Amount', formatRupees(loan.loan_recommended)],
    ['Interest to date', formatRupees(loan.real_interest)],
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
          <dd>{formatRupees(loan.total_due_amount)}</dd>
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

      <form className={card.form} noValidate onSubmit={flow.proceed}>
        <QuickAmounts
          name={`${id}-choice`}
          closeToday={loan.total_due_amount}
          due={loan.repayment_amount}
          choice={flow.choice}
          onChoose={flow.choose}
        />
        <div className={card.field}>
          <label htmlFor={`${id}-amount`}>Amount to pay (₹)</label>
          <input
            ref={flow.refs.amountInput}
            id={`${id}-amount`}
            className={styles.input}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="Enter payment amount"
            value={amount}
            {...errors.inputProps('amount', `${id}-amount-hint`, `${id}-amount-summary`)}
            onChange={(event) => flow.typeAmount(event.target.value)}
          />
          <p id={`${id}-amount-hint`} className={card.hint}>
            For another amount: at least ₹1; less than the total due is a part payment.
          </p>
          <p id={`${id}-amount-summary`} className={styles.summary} data-testid="amount-summary">
            {summary}
          </p>
          {errors.message('amount')}
        </div>
        {unconfirmed && (
          <div className={styles.notice}>
            <p className="m-0">{PAYMENT_NOT_CONFIRMED}</p>
            <button
              type="button"
              className={`button ${styles.noticeAction}`}
              disabled={busy !== null}
              aria-busy={busy === 'confirm' ? true : undefined}
              onClick={flow.confirmAgain}
            >
              {busyLabel('confirm', 'Check my payment again')}
            </button>
          </div>
        )}
        <button
          ref={flow.refs.proceedButton}
          type="submit"
          className={`button ${card.submit}`}
          disabled={busy !== null || unconfirmed}
          aria-busy={paying && !choosing ? true : undefined}
        >
          {paying && !choosing ? <Waiting /> : 'Proceed to Pay'}
        </button>
        <p className={styles.startAgain}>
          <button type="button" className={linkButton.linkButton} onClick={flow.startAgain} disabled={busy !== null}>
            Pay for another PAN
          </button>
        </p>
      </form>

      <MethodDialog
        open={choosing}
        providers={providers}
        busy={busy}
        summary={summary}
        busyLabel={busyLabel}
        onRazorpay={flow.payWithRazorpay}
        onPayu={flow.payWithPayu}
        onClose={flow.closeDialog}
      />
    </div>
  );
}
