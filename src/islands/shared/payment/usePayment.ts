/**
 * The one payment flow of the site, used by the repay stepper and the dashboard's Pay Now: an
 * order for the amount the server decides, then Razorpay's checkout (script on demand, the
 * server's signature check, /thanku) or PayU's hosted page (a form POST; the API sends the payer
 * to /thanku). The screens differ only in how they call the API (repay token or sign-in session)
 * and how they show what happens, which they pass in.
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import type * as v from 'valibot';
import { callApi, failureMessage, thrownMessage } from '../../../lib/api/client.ts';
import { type Envelope, isSessionDead, STATUS } from '../../../lib/api/envelope.ts';
import { API } from '../../../lib/api/paths.ts';
import { paiseFromRupees } from '../../../lib/money.ts';
import type { PaymentStatusAnswer, RazorpayOrderAnswer } from '../../../lib/schemas/answers/repay.ts';
import { PAYMENT_NOT_CONFIRMED, PAYU_NOT_STARTED, RAZORPAY_NOT_OPENED, thankYouUrl } from './payment.ts';
import { payuOrderFrom, submitPayuForm } from './payu.ts';
import { markDown } from './providers.ts';
import { loadRazorpay, RAZORPAY_LOAD_FAILED, type RazorpayFailure, type RazorpaySuccess } from './razorpay.ts';

export type PaymentBusy = 'razorpay' | 'payu' | 'confirm' | null;

/** The payment asked for: which loan, how much, and who pays (for the checkouts' forms). */
export interface PaymentOrder {
  /** Rupees as typed; '' is the whole due. The server decides the amount charged (product.md §10.5). */
  amount: string;
  /** The loan's lead ('' when it has none): the server checks it against the payer's credential. */
  leadId: string;
  loanNo: string;
  /** What Razorpay's checkout shows under the brand. */
  description: string;
  payer: { name: string; email: string; mobile: string };
}

export interface PaymentOptions {
  /** The merchant name Razorpay's checkout shows. */
  brand: string;
  /** The payment asked for now; null while there is none. Retries read the newest. */
  order: PaymentOrder | null;
  /** A payment route with the payer's credential (the repay token, or the sign-in session). */
  call: (path: string, body: object) => Promise<Envelope<Record<string, unknown>>>;
  /** Checkout's key and script when the order reply does not name them. */
  razorpayKey?: string;
  checkoutUrl?: string;
  /** One request at a time: a screen whose other requests must wait too passes its own guard. */
  guard?: RefObject<boolean>;
  /** A new attempt starts: older messages are out of date. */
  onStart?: () => void;
  /** Something failed before any money moved; `retry` runs the same step again. */
  onFailure: (text: string, retry: () => void) => void;
  /** The payer closed Razorpay's checkout. */
  onCancelled: () => void;
  /** The credential is dead (Status 4 or 5). */
  onSessionDead?: (text: string) => void;
  /** A provider's checkout did not load: show the Pay popup again, which marks it unavailable and offers the other. */
  onProviderDown?: () => void;
  /** Razorpay's checkout is about to open over the page: close the method dialog first. */
  onCheckoutOpen?: () => void;
  /** The page leaves for PayU's hosted checkout. */
  onLeave?: () => void;
  /** The outcome is known and the page leaves for /thanku. */
  onFinish?: (ok: boolean, url: string) => void;
  /** Errors already dealt with elsewhere (a session that ended is already leaving the page). */
  isHandled?: (error: unknown) => boolean;
}

/**
 * The answers' shapes (src/lib/schemas/answers/repay.ts), each field checked before use: another back-end
 * may send fewer, or Checkout's own name `key` for the key.
 */
type OrderData = Partial<v.InferOutput<typeof RazorpayOrderAnswer>> & { key?: string };
type PaymentStatus = Partial<v.InferOutput<typeof PaymentStatusAnswer>>;
type PaymentStatusReply = Envelope<PaymentStatus> & PaymentStatus;

export function usePayment(options: PaymentOptions) {
  const ownGuard = useRef(false);
  const running = options.guard ?? ownGuard;
  const [busy, setBusy] = useState<PaymentBusy>(null);
  /** A Razorpay payment whose check failed on the network: it may have gone through. */
  const [unconfirmed, setUnconfirmed] = useState<RazorpaySuccess | null>(null);
  const latest = useRef(options);
  latest.current = options;

  // Back from PayU's page or /thanku (a back-forward cache restore): the buttons work again.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      running.current = false;
      setBusy(null);
      for (const form of document.querySelectorAll('form[data-payu]')) form.remove();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, [running]);

  const begin = (kind: Exclude<PaymentBusy, null>) => {
    running.current = true;
    setBusy(kind);
    latest.current.onStart?.();
  };
  const end = () => {
    running.current = false;
    setBusy(null);
  };
  const fail = (text: string, retry: () => void) => {
    end();
    latest.current.onFailure(text, retry);
  };
  /** A failed call: the network's plain message, or `otherwise`; nothing when it is handled elsewhere. */
  const failed = (error: unknown, otherwise: string, retry: () => void) => {
    if (latest.current.isHandled?.(error)) return end();
    fail(thrownMessage(error, otherwise), retry);
  };
  const sessionDead = (reply: Envelope<unknown>) => {
    end();
    latest.current.onSessionDead?.(failureMessage(reply));
  };

  /** Leaves for /thanku with the outcome; `running` stays set, so nothing more is paid from this page. */
  const finish = (ok: boolean, status: string, txnId: string | null | undefined) => {
    const url = thankYouUrl(status, txnId);
    setBusy(null);
    latest.current.onFinish?.(ok, url);
    window.location.assign(url);
  };

  /** The server checks Checkout's signature; SUCCESS or anything else decides the result page. */
  const confirm = async (response: RazorpaySuccess) => {
    begin('confirm');
    setUnconfirmed(null);
    try {
      // The public client credential: the payment's signature is the proof (decisions.md, issue 4).
      const reply = (await callApi(API.razorpayVerify, response)) as PaymentStatusReply;
      const status = reply.status ?? reply.Data?.status;
      const txnId = reply.txnId ?? reply.Data?.txnId ?? response.razorpay_payment_id;
      if (status === 'SUCCESS') finish(true, 'SUCCESS', txnId);
      else finish(false, status || 'FAILED', txnId);
    } catch {
      // The money may have moved: nothing is paid again until this payment has been checked.
      setUnconfirmed(response);
      fail(PAYMENT_NOT_CONFIRMED, () => void actions.current.confirm(response));
    }
  };

  const payWithRazorpay = async () => {
    const order = latest.current.order;
    if (running.current || !order) return;
    begin('razorpay');
    const retry = () => void actions.current.payWithRazorpay();
    let open = false;
    try {
      const reply = await latest.current.call(API.razorpayOrder, {
        ...(order.leadId && { lead_id: order.leadId }),
        rzp_amount: order.amount.trim(),
      });
      if (isSessionDead(reply)) return sessionDead(reply);
      const data = reply.Data as OrderData;
      if (reply.Status !== STATUS.ok || !data?.order_id || typeof data.amount !== 'number') {
        return fail(reply.Status === STATUS.ok ? RAZORPAY_NOT_OPENED : failureMessage(reply), retry);
      }
      const scriptUrl = data.razorpay_checkout_url ?? latest.current.checkoutUrl;
      const Razorpay = await (scriptUrl ? loadRazorpay(scriptUrl) : Promise.reject()).then(
        () => window.Razorpay,
        () => undefined,
      );
      markDown('razorpay', !Razorpay);
      if (!Razorpay) {
        // The Pay popup marks Razorpay unavailable with the specification's alert and offers PayU.
        end();
        return latest.current.onProviderDown ? latest.current.onProviderDown() : fail(RAZORPAY_LOAD_FAILED, retry);
      }
      const checkout = new Razorpay({
        key: data.razorpay_key ?? data.key ?? latest.current.razorpayKey ?? '',
        amount: paiseFromRupees(data.amount),
        currency: 'INR',
        order_id: data.order_id,
        name: latest.current.brand,
        description: order.description,
        prefill: { email: order.payer.email, contact: order.payer.mobile, name: order.payer.name },
        handler: (response: RazorpaySuccess) => void actions.current.confirm(response),
        modal: {
          ondismiss: () => {
            end();
            latest.current.onCancelled();
          },
        },
      });
      checkout.on('payment.failed', (response: RazorpayFailure) => {
        finish(false, 'FAILED', response.error?.metadata?.payment_id);
      });
      latest.current.onCheckoutOpen?.();
      checkout.open();
      // Checkout is open: the guard stays set until it answers or is dismissed.
      open = true;
    } catch (error) {
      failed(error, RAZORPAY_NOT_OPENED, retry);
    } finally {
      if (!open) end();
    }
  };

  const payWithPayu = async () => {
    const order = latest.current.order;
    if (running.current || !order) return;
    begin('payu');
    const retry = () => void actions.current.payWithPayu();
    let leaving = false;
    try {
      const reply = await latest.current.call(API.payuOrder, {
        amount: order.amount.trim(),
        productinfo: `Loan repayment ${order.loanNo}`,
        firstname: order.payer.name.split(' ')[0] ?? '',
        email: order.payer.email,
        mobile: order.payer.mobile,
        // product.md §7: udf5 carries the lead id.
        udf5: order.leadId,
      });
      if (isSessionDead(reply)) return sessionDead(reply);
      if (reply.Status !== STATUS.ok) return fail(failureMessage(reply), retry);
      const payu = payuOrderFrom(reply as { data?: unknown; Data?: unknown });
      if (!payu) return fail(PAYU_NOT_STARTED, retry);
      leaving = true;
      latest.current.onLeave?.();
      submitPayuForm(payu);
    } catch (error) {
      failed(error, PAYU_NOT_STARTED, retry);
    } finally {
      // While the browser leaves for PayU the button keeps saying Please wait….
      if (!leaving) end();
    }
  };

  /** Retries run the newest version of each step. */
  const actions = useRef({ confirm, payWithRazorpay, payWithPayu });
  actions.current = { confirm, payWithRazorpay, payWithPayu };

  return {
    busy,
    /** A payment waiting for its check; confirmAgain() checks it (checking never charges twice). */
    unconfirmed: unconfirmed !== null,
    confirmAgain: () => {
      if (unconfirmed && !running.current) void confirm(unconfirmed);
    },
    /** Forgets a payment waiting for its check (the payer starts over elsewhere). */
    forget: () => setUnconfirmed(null),
    payWithRazorpay: () => void payWithRazorpay(),
    payWithPayu: () => void payWithPayu(),
  };
}
