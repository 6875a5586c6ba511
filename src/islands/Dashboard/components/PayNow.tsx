import { useStore } from '@nanostores/react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { paiseFromRupees, rupeesText } from '../../../lib/money.ts';
import { MethodDialog } from '../../shared/payment/MethodDialog.tsx';
import {
  amountSummary,
  PAYMENT_CANCELLED,
  PAYMENT_NOT_CONFIRMED,
  PAYMENT_SUCCESSFUL,
  PAYMENT_VERIFICATION_FAILED,
} from '../../shared/payment/payment.ts';
import { SITE_PROVIDERS } from '../../shared/payment/siteProviders.ts';
import { type PaymentBusy, usePayment } from '../../shared/payment/usePayment.ts';
import { showAlert } from '../state/alerts.ts';
import { dashboardCall, SessionEnded } from '../state/api.ts';
import { $profile, type ActiveLoan } from '../state/profile.ts';
import alertStyles from './Alerts.module.css';
import { BusyButton } from './BusyButton.tsx';
import formStyles from './Form.module.css';
import styles from './PayNow.module.css';

export interface PayNowProps {
  loan: ActiveLoan;
  /** The merchant name Razorpay's checkout shows. */
  brand: string;
  /** Rupees as typed; '' (the default) is the whole due, sent as the total due (product.md §4). */
  amount?: string;
  /** Checks the fields before the popup opens; false keeps it closed (the screen says why). */
  check?: () => boolean;
  /** Fields shown before the button (the repayment screen's amount). */
  children?: ReactNode;
  label?: string;
}

interface Message {
  kind: 'error' | 'info';
  text: string;
  retry?: () => void;
}

/**
 * Pay Now from the dashboard (product.md §4.4): the Pay popup offers
 * Razorpay or PayU, then the site's one payment flow (src/islands/shared/payment) with the
 * signed-in session: an order for the customer's own loan, checkout, verification, /thanku.
 */
export function PayNow({ loan, brand, amount = '', check, children, label = 'Pay Now' }: PayNowProps) {
  const profile = useStore($profile);
  const [choosing, setChoosing] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [leaving, setLeaving] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focusButton = useRef(false);
  const details = profile?.profile_details;
  // product.md §4: the order names the amount (rzp_amount); an empty entry is the whole due, the
  // server's total_due. The server still decides what is charged (never more than the due).
  const toPay = amount.trim() === '' ? rupeesText(paiseFromRupees(loan.total_due)) : amount.trim();

  const payment = usePayment({
    brand,
    order: {
      amount: toPay,
      leadId: loan.lead_id,
      loanNo: loan.loan_no,
      description: `Loan repayment ${loan.loan_no}`,
      payer: {
        name: details?.full_name ?? profile?.full_name ?? '',
        email: details?.personal_email ?? '',
        mobile: details?.mobile ?? '',
      },
    },
    // The sign-in session: the server pays only this customer's own loan (product.md §10.9).
    call: (path, body) => dashboardCall(path, body),
    isHandled: (error) => error instanceof SessionEnded,
    onStart: () => setMessage(null),
    onFailure: (text, retry) => {
      setChoosing(false);
      setMessage({ kind: 'error', text, retry });
      focusButton.current = true;
    },
    onProviderDown: () => setChoosing(true),
    onCheckoutOpen: () => setChoosing(false),
    onCancelled: () => {
      setMessage({ kind: 'info', text: PAYMENT_CANCELLED });
      // Razorpay's own dialog had the focus; nothing else gives it back.
      focusButton.current = true;
    },
    onFinish: (ok) => {
      setChoosing(false);
      setLeaving(true);
      showAlert(
        ok
          ? { type: 'success', msg: PAYMENT_SUCCESSFUL, timeout: null }
          : { type: 'error', msg: PAYMENT_VERIFICATION_FAILED },
      );
    },
  });
  const busy = payment.busy;

  // After a failure or a cancel the button comes back (enabled once the render is done) and takes the focus.
  useEffect(() => {
    if (focusButton.current && busy === null && button.current && !button.current.disabled) {
      focusButton.current = false;
      button.current.focus();
    }
  });

  const open = (event: FormEvent) => {
    event.preventDefault();
    if (busy !== null || payment.unconfirmed || leaving) return;
    if (check && !check()) return;
    setMessage(null);
    setChoosing(true);
  };

  const busyLabel = (kind: PaymentBusy, text: ReactNode) =>
    busy === kind ? (
      <>
        <span className={formStyles.spinner} aria-hidden="true" />
        Please wait…
      </>
    ) : (
      text
    );

  return (
    <>
      <form className={styles.form} noValidate onSubmit={open}>
        {children}
        {payment.unconfirmed && (
          <div className={styles.notice}>
            <p>{PAYMENT_NOT_CONFIRMED}</p>
            <BusyButton type="button" busy={busy === 'confirm'} disabled={busy !== null} onClick={payment.confirmAgain}>
              Check my payment again
            </BusyButton>
          </div>
        )}
        <BusyButton ref={button} busy={(busy !== null && !choosing) || leaving} disabled={payment.unconfirmed}>
          {label}
        </BusyButton>
      </form>
      {message && (
        <div
          className={`${alertStyles.alert} ${message.kind === 'error' ? alertStyles.error : styles.info} ${styles.message}`}
        >
          <p className={alertStyles.text} role={message.kind === 'error' ? 'alert' : 'status'}>
            {message.text}
          </p>
          {message.retry && (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                setMessage(null);
                message.retry?.();
              }}
            >
              Retry
            </button>
          )}
          <button
            type="button"
            className={alertStyles.close}
            aria-label="Close message"
            onClick={() => setMessage(null)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
      <MethodDialog
        open={choosing}
        providers={SITE_PROVIDERS}
        busy={busy}
        summary={amountSummary(amount, paiseFromRupees(loan.total_due))}
        busyLabel={busyLabel}
        onRazorpay={payment.payWithRazorpay}
        onPayu={payment.payWithPayu}
        onClose={() => {
          if (busy === null) setChoosing(false);
        }}
      />
    </>
  );
}
