import { useId } from 'react';
import { fieldErrors } from '../shared/fieldErrors.tsx';
import card from '../shared/IslandCard.module.css';
import { PAYMENT_SUCCESSFUL, PAYMENT_VERIFICATION_FAILED } from '../shared/payment/payment.ts';
import type { Provider } from '../shared/payment/providers.ts';
import { AmountStep } from './AmountStep.tsx';
import { OtpStep } from './OtpStep.tsx';
import { PanStep } from './PanStep.tsx';
import styles from './RepayStepper.module.css';
import { Toasts } from './Toasts.tsx';
import { type Step, useRepayFlow } from './useRepayFlow.ts';

export interface RepayStepperProps {
  /** The merchant name Razorpay's checkout shows. */
  brand: string;
  /** content/site.json `payments.providers`, from the page's build: the recommended one first. */
  providers: Provider[];
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

/**
 * Repay a loan by PAN and one-time code (product.md §2, §4, §5, §7, §8): the
 * progress, the title and the step on screen; useRepayFlow holds what happens.
 */
export default function RepayStepper({ brand, providers }: RepayStepperProps) {
  const id = useId();
  const flow = useRepayFlow(brand);
  const { step, loan, result } = flow;
  // The toast announces the message; the copy under the field stays until the next try (not live).
  const errors = fieldErrors(id, flow.fieldError);
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
        ref={flow.refs.title}
        tabIndex={-1}
        className={`${card.title} ${step === 'failure' ? styles.titleFailed : ''}`}
      >
        {TITLES[step]}
      </h2>

      {step === 'pannumber' && <PanStep id={id} flow={flow} errors={errors} />}
      {step === 'panotp' && <OtpStep id={id} flow={flow} errors={errors} />}
      {step === 'amountfetched' && loan && (
        <AmountStep id={id} loan={loan} flow={flow} errors={errors} providers={providers} />
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

      <Toasts toasts={flow.toasts} onClose={flow.closeToast} />
    </section>
  );
}
