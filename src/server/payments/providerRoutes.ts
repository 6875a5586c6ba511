/**
 * What the payment providers send back: PayU's browser form POST to the success and failure
 * addresses, and both providers' server-to-server webhooks. Each is verified (reverse hash,
 * signature over the raw body) and credited to its order through the one ledger, so an order is
 * credited once whichever of callback and webhook arrives first, or twice, and whatever provider
 * payment ids arrive for it (./credit.ts). Refunds and disputes (./reversals.ts): Razorpay's are
 * signed like its other webhooks; PayU's refund and chargeback notifications carry no hash, so a
 * refund is believed only as PayU's own check_action_status confirms it (asked with the salted hash),
 * and a chargeback, which PayU offers no way to confirm, only flags the loan for staff and moves no
 * money.
 */
import type { Context } from 'hono';
import { MessageOnlyAnswer } from '../../lib/schemas/answers/message.ts';
import type { AppEnv } from '../app/context.ts';
import type { Database, Transaction } from '../db/client.ts';
import { crashPoint } from '../dev/faults.ts';
import { readForm } from '../http/body.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { type RequestScope, scopeOf } from '../http/scope.ts';
import { sameSignature } from '../security/signatures.ts';
import { creditPayuPayment, creditRazorpayPayment } from './credit.ts';
import { REPAY_PATHS, WEBHOOK_PATHS } from './paths.ts';
import { PayuError, paiseFromPayu, payuActions, verifyResponseHash } from './payu.ts';
import { webhookSignature } from './razorpay.ts';
import { recordDispute, recordReversal } from './reversals.ts';
import { closeUnpaidOrder, failWaitingOrder, markWebhookReceived, orderByProviderId } from './store.ts';

/** Where the payer lands after a provider: the site's /thanku with the outcome in the address. */
function thankYouUrl(scope: RequestScope, status: 'SUCCESS' | 'FAILED' | 'CANCEL', txnId: string | null): string {
  const base = scope.deps.config.payments.siteUrl ?? scope.origin;
  const url = new URL('/thanku', base);
  url.searchParams.set('txnStatus', status);
  url.searchParams.set('txnId', txnId ?? 'N/A');
  return url.href;
}

/**
 * The write a verified provider message calls for, on the database or inside a transaction;
 * answers the payment id the order is credited with, if it is.
 */
type Write = (db: Database | Transaction) => Promise<string | null>;

type PayuOutcome = {
  result: 'SUCCESS' | 'FAILED' | 'CANCEL';
  /** What /thanku shows when nothing was credited: what PayU sent. */
  txnId: string | null;
  /** Null when the response failed its checks: nothing to write. */
  write: Write | null;
};

/** Verifies a PayU response (form fields) and finds its order; answers what to tell the payer and what to write. */
async function checkPayu(scope: RequestScope, form: Record<string, string>, recordedBy: string): Promise<PayuOutcome> {
  const deps = scope.deps;
  const { key, salt } = deps.config.payments.payu;
  const fields = {
    key: form.key ?? '',
    txnid: form.txnid ?? '',
    amount: form.amount ?? '',
    productinfo: form.productinfo ?? '',
    firstname: form.firstname ?? '',
    email: form.email ?? '',
    udf1: form.udf1 ?? '',
    udf2: form.udf2 ?? '',
    udf3: form.udf3 ?? '',
    udf4: form.udf4 ?? '',
    udf5: form.udf5 ?? '',
    status: form.status ?? '',
    ...(form.additionalCharges && { additionalCharges: form.additionalCharges }),
  };
  const txnId = form.mihpayid || fields.txnid || null;
  if (fields.key !== key || !verifyResponseHash(fields, form.hash ?? '', salt)) {
    scope.log.warn('payu response hash mismatch', { txnid: fields.txnid.slice(0, 30) });
    return { result: 'FAILED', txnId, write: null };
  }
  const order = await orderByProviderId(deps.db, 'payu', fields.txnid);
  if (!order) return { result: 'FAILED', txnId, write: null };
  if (fields.status === 'success') {
    // An amount that differs from the order's was changed in flight: never count it.
    if (paiseFromPayu(fields.amount) !== order.amountPaise) {
      scope.log.warn('payu amount mismatch', { order: order.id });
      return { result: 'FAILED', txnId, write: null };
    }
    // Credited by its order (the txnid, which the hash covers); the unhashed mihpayid is only kept.
    const write: Write = async (db) => {
      const credit = await creditPayuPayment(db, {
        order,
        mihpayid: form.mihpayid ?? '',
        recordedBy,
        now: deps.now(),
        log: scope.log,
      });
      return credit.reference;
    };
    return { result: 'SUCCESS', txnId, write };
  }
  const cancelled = form.unmappedstatus === 'userCancelled' || fields.status === 'cancel';
  // A paid order stays paid: a failure or cancel that arrives after its success changes nothing.
  const write: Write = async (db) => {
    await closeUnpaidOrder(db, order.id, cancelled ? 'cancelled' : 'failed', deps.now());
    return null;
  };
  return { result: cancelled ? 'CANCEL' : 'FAILED', txnId, write };
}

/** PayU posts forms; one that cannot be read is refused with a 4xx (readForm). */
const formFields = (c: Context<AppEnv>): Promise<Record<string, string>> => readForm(c);

/**
 * A webhook's first delivery is marked received in the same transaction as its write, so a crash
 * between the two leaves neither and the provider's next delivery does both; a webhook seen
 * before is acknowledged and ignored. Answers whether this was the first delivery.
 */
async function onFirstDelivery(scope: RequestScope, provider: string, eventId: string, write: Write) {
  return scope.deps.db.transaction(async (tx) => {
    if (!(await markWebhookReceived(tx, provider, eventId))) return false;
    crashPoint('webhook.accepted');
    await write(tx);
    return true;
  });
}

const payuReturn = (path: string, summary: string) =>
  defineRoute({
    method: 'post',
    path,
    operationId: path.endsWith('Success') ? 'payuSuccess' : 'payuFailure',
    summary,
    tag: 'Payments',
    auth: 'none',
    plainAnswer: { status: 303, description: 'To the result page, /thanku, with the status and the transaction id' },
    async handle(c) {
      const outcome = await checkPayu(scopeOf(c), await formFields(c), 'payu:return');
      crashPoint('payu.verified');
      // A repeat for an order already paid shows the payment it was paid with.
      const credited = await outcome.write?.(c.get('deps').db);
      return c.redirect(thankYouUrl(scopeOf(c), outcome.result, credited ?? outcome.txnId), 303);
    },
  });

/** Razorpay's refund entity, as its refund webhooks carry it. */
interface RazorpayRefund {
  id?: string;
  payment_id?: string;
  amount?: number;
  status?: string;
}

/** Razorpay's dispute entity, as its payment.dispute.* webhooks carry it. */
interface RazorpayDispute {
  id?: string;
  payment_id?: string;
  amount?: number;
  amount_deducted?: number;
  status?: string;
}

interface RazorpayEvent {
  event?: string;
  payload?: {
    payment?: { entity?: { id?: string; order_id?: string; amount?: number; status?: string } };
    refund?: { entity?: RazorpayRefund };
    dispute?: { entity?: RazorpayDispute };
  };
}

const isPaise = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A refund done (refund.processed; payment.refunded carries its refund too): both name the refund's id, recorded once. */
const RAZORPAY_REFUND_EVENTS = new Set(['refund.processed', 'payment.refunded']);

function razorpayRefund(scope: RequestScope, refund: RazorpayRefund | undefined): Write {
  if (!refund?.id || !refund.payment_id || !isPaise(refund.amount) || refund.status === 'failed') {
    return async () => {
      scope.log.warn('razorpay refund webhook without a refund done');
      return null;
    };
  }
  const { id, payment_id: paymentReference, amount } = refund;
  return async (db) => {
    const outcome = await recordReversal(db, {
      provider: 'razorpay',
      paymentReference,
      kind: 'refund',
      providerReference: id,
      amountPaise: amount,
      recordedBy: 'razorpay:webhook',
      now: scope.deps.now(),
      log: scope.log,
    });
    if (outcome.kind === 'unknown-payment') scope.log.warn('razorpay refund of a payment not recorded here');
    return null;
  };
}

/**
 * payment.dispute.created, under_review, action_required, won, lost, closed: the dispute is stored and
 * the loan flagged for staff while it is open; a lost one takes the money back (a chargeback), so the
 * payment is reversed like a refund of the amount deducted.
 */
function razorpayDispute(scope: RequestScope, name: string, dispute: RazorpayDispute | undefined): Write {
  if (!dispute?.id || !dispute.payment_id || !isPaise(dispute.amount)) {
    return async () => {
      scope.log.warn('razorpay dispute webhook without a dispute', { event: name.slice(0, 40) });
      return null;
    };
  }
  const { id, payment_id: paymentReference, amount } = dispute;
  const status = name.slice('payment.dispute.'.length) || dispute.status || 'open';
  return async (db) => {
    const deps = scope.deps;
    const recorded = await recordDispute(db, {
      provider: 'razorpay',
      paymentReference,
      disputeId: id,
      amountPaise: amount,
      status,
      recordedBy: 'razorpay:webhook',
      now: deps.now(),
    });
    if (recorded.kind === 'unknown-payment') {
      scope.log.warn('razorpay dispute of a payment not recorded here');
      return null;
    }
    if (status === 'lost') {
      await recordReversal(db, {
        provider: 'razorpay',
        paymentReference,
        kind: 'chargeback',
        providerReference: id,
        amountPaise: isPaise(dispute.amount_deducted) ? dispute.amount_deducted : amount,
        recordedBy: 'razorpay:webhook',
        now: deps.now(),
        log: scope.log,
      });
    }
    return null;
  };
}

/** A notification's fields, whether PayU posts it as JSON or as a form; anything else reads as none. */
async function notificationFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (type.includes('form')) return readForm(c);
  const raw = await c.req.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'The request body is not valid JSON.', 'invalid_json');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).map(([name, value]) => [name, value === null || value === undefined ? '' : String(value)]),
  );
}

const PAYU_ID = /^\d{1,30}$/;
const notAPayuNotification = () =>
  new ApiError(400, 'Not a PayU notification this server can take.', 'bad_notification');

/**
 * A PayU refund's notification (its refund webhook, or the refund status callback): confirmed with
 * PayU (check_action_status on the payment's PayU id must list this request id as a successful refund),
 * then recorded once as a reversal of the payment for the amount PayU states.
 */
async function payuRefund(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const payu = deps.config.payments.payu;
  const fields = await notificationFields(c);
  const mihpayid = (fields.mihpayid ?? '').trim();
  const requestId = (fields.request_id ?? '').trim();
  if (fields.key !== payu.key || !PAYU_ID.test(mihpayid) || !/^[\w-]{1,64}$/.test(requestId)) {
    c.get('log').warn('payu refund notification refused');
    throw notAPayuNotification();
  }
  // A failed refund gives nothing back.
  if ((fields.status ?? '').toLowerCase() !== 'success') return ok(c, {}, 'Received');
  let actions: Awaited<ReturnType<typeof payuActions>>;
  try {
    actions = await payuActions(payu, mihpayid, deps.providerFetch);
  } catch (error) {
    if (!(error instanceof PayuError)) throw error;
    deps.log.error('payu check_action_status failed', { reason: error.message });
    // PayU sends the notification again later; nothing is recorded on its word alone.
    throw new ApiError(502, 'PayU could not confirm the refund just now.', 'provider_unavailable');
  }
  const confirmed = actions.find(
    (action) =>
      action.requestId === requestId &&
      action.action === 'refund' &&
      action.status === 'success' &&
      Number.isSafeInteger(action.amountPaise) &&
      action.amountPaise > 0,
  );
  if (!confirmed) {
    c.get('log').warn('payu refund notification not confirmed by payu');
    throw notAPayuNotification();
  }
  // The payment is recorded under its PayU id, or under our txnid when its mihpayid was not usable (./credit.ts).
  const references = [mihpayid, (fields.merchantTxnId ?? '').trim()].filter(Boolean);
  const write: Write = async (db) => {
    for (const paymentReference of references) {
      const outcome = await recordReversal(db, {
        provider: 'payu',
        paymentReference,
        kind: 'refund',
        providerReference: requestId,
        amountPaise: confirmed.amountPaise,
        recordedBy: 'payu:webhook',
        now: deps.now(),
        log: c.get('log'),
      });
      if (outcome.kind !== 'unknown-payment') return null;
    }
    c.get('log').warn('payu refund of a payment not recorded here');
    return null;
  };
  const first = await onFirstDelivery(scopeOf(c), 'payu', `refund:${requestId}`, write);
  return ok(c, {}, first ? 'Received' : 'Already received');
}

/** PayU's chargeback states that end the staff's part (its wording varies: matched loosely). */
const PAYU_CHARGEBACK_SETTLED = /\b(won|lost|closed|resolved|reversed|accepted|rejected)\b/i;

/**
 * PayU's chargeback webhook (event "dispute"): its txn_id must name a PayU payment recorded here; the
 * dispute is stored and the loan flagged for staff until PayU says it is settled. Unsigned and
 * unconfirmable, it never moves money: staff confirm a lost chargeback in PayU's dashboard.
 */
async function payuChargeback(c: Context<AppEnv>) {
  const deps = c.get('deps');
  const fields = await notificationFields(c);
  const cbId = (fields.cb_id ?? '').trim();
  const payuId = (fields.txn_id ?? '').trim();
  const amount = paiseFromPayu((fields.cb_amount ?? '').trim());
  const status = (fields.cb_status ?? '').trim().slice(0, 60) || 'open';
  if (fields.event !== 'dispute' || !/^\w{1,40}$/.test(cbId) || !PAYU_ID.test(payuId) || !(amount > 0)) {
    c.get('log').warn('payu chargeback notification refused');
    throw notAPayuNotification();
  }
  const write: Write = async (db) => {
    const recorded = await recordDispute(db, {
      provider: 'payu',
      paymentReference: payuId,
      disputeId: cbId,
      amountPaise: amount,
      status,
      open: !PAYU_CHARGEBACK_SETTLED.test(status),
      recordedBy: 'payu:webhook',
      now: deps.now(),
    });
    if (recorded.kind === 'unknown-payment') c.get('log').warn('payu chargeback of a payment not recorded here');
    return null;
  };
  const first = await onFirstDelivery(scopeOf(c), 'payu', `chargeback:${cbId}:${status}:${amount}`, write);
  return ok(c, {}, first ? 'Received' : 'Already received');
}

export const providerRoutes = [
  payuReturn(
    REPAY_PATHS.payuSuccess,
    "PayU's success return (form POST): verifies the reverse hash, records, 303 to /thanku",
  ),
  payuReturn(
    REPAY_PATHS.payuFailure,
    "PayU's failure return (form POST): verifies, records the outcome, 303 to /thanku",
  ),
  defineRoute({
    method: 'post',
    path: WEBHOOK_PATHS.payu,
    operationId: 'payuWebhook',
    summary: "PayU's server-to-server notification (form fields with the reverse hash)",
    tag: 'Webhooks',
    auth: 'none',
    answer: MessageOnlyAnswer,
    async handle(c) {
      const form = await formFields(c);
      // Keyed on what the hash covers (the order's txnid and the status), never on the unhashed mihpayid.
      const eventId = `${form.txnid ?? ''}:${form.status ?? ''}`;
      // Verified before it is marked received: a forged notification must not use up a real one's id.
      const outcome = await checkPayu(scopeOf(c), form, 'payu:webhook');
      if (outcome.write) await onFirstDelivery(scopeOf(c), 'payu', eventId, outcome.write);
      return ok(c, {}, 'Received');
    },
  }),
  defineRoute({
    method: 'post',
    path: WEBHOOK_PATHS.payuRefund,
    operationId: 'payuRefundWebhook',
    summary:
      "PayU's refund notification (JSON or form): confirmed with PayU's check_action_status, then the payment is reversed once",
    tag: 'Webhooks',
    auth: 'none',
    answer: MessageOnlyAnswer,
    handle: payuRefund,
  }),
  defineRoute({
    method: 'post',
    path: WEBHOOK_PATHS.payuChargeback,
    operationId: 'payuChargebackWebhook',
    summary: "PayU's chargeback webhook (JSON, event dispute): stored and the loan flagged for staff; moves no money",
    tag: 'Webhooks',
    auth: 'none',
    answer: MessageOnlyAnswer,
    handle: payuChargeback,
  }),
  defineRoute({
    method: 'post',
    path: WEBHOOK_PATHS.razorpay,
    operationId: 'razorpayWebhook',
    summary:
      "Razorpay's webhook: X-Razorpay-Signature over the raw body; payment.captured and order.paid are credited once, refund.processed and payment.refunded reverse the payment, payment.dispute.* flag the loan",
    tag: 'Webhooks',
    auth: 'none',
    answer: MessageOnlyAnswer,
    async handle(c) {
      const deps = c.get('deps');
      const raw = await c.req.text();
      const signature = c.req.header('x-razorpay-signature') ?? '';
      if (!sameSignature(webhookSignature(raw, deps.config.payments.razorpay.webhookSecret), signature)) {
        c.get('log').warn('razorpay webhook signature mismatch');
        throw new ApiError(400, 'Signature mismatch.', 'bad_signature');
      }
      let event: RazorpayEvent;
      try {
        event = JSON.parse(raw);
      } catch {
        throw new ApiError(400, 'The request body is not valid JSON.', 'invalid_json');
      }
      const refund = event.payload?.refund?.entity;
      const dispute = event.payload?.dispute?.entity;
      const eventId =
        c.req.header('x-razorpay-event-id') ??
        `${event.event}:${refund?.id ?? dispute?.id ?? event.payload?.payment?.entity?.id}`;
      const payment = event.payload?.payment?.entity;
      let write: Write = async () => null;
      if ((event.event === 'payment.captured' || event.event === 'order.paid') && payment?.id && payment.order_id) {
        const order = await orderByProviderId(deps.db, 'razorpay', payment.order_id);
        if (order && payment.amount === order.amountPaise) {
          const paymentId = payment.id;
          // Another payment id on an order already credited is a second payment: held for refund.
          write = async (db) => {
            const credit = await creditRazorpayPayment(db, {
              order,
              paymentId,
              recordedBy: 'razorpay:webhook',
              now: deps.now(),
              log: c.get('log'),
            });
            return credit.reference;
          };
        } else {
          c.get('log').warn('razorpay webhook for an unknown order or another amount', { event: event.event });
        }
      } else if (event.event === 'payment.failed' && payment?.order_id) {
        const orderId = payment.order_id;
        write = async (db) => {
          await failWaitingOrder(db, orderId, deps.now());
          return null;
        };
      } else if (RAZORPAY_REFUND_EVENTS.has(event.event ?? '')) {
        write = razorpayRefund(scopeOf(c), refund);
      } else if (event.event?.startsWith('payment.dispute.')) {
        write = razorpayDispute(scopeOf(c), event.event, dispute);
      }
      if (!(await onFirstDelivery(scopeOf(c), 'razorpay', eventId, write))) return ok(c, {}, 'Already received');
      return ok(c, {}, 'Received');
    },
  }),
];
