/** Payments: the Razorpay and PayU sandboxes on this server outside production, the real providers in live mode. */
import * as v from 'valibot';
import { rule, setWhen } from './rules.ts';
import { int, NODE_ENV, optionalText } from './values.ts';

/** The test credentials the sandboxes sign with; live mode refuses to start without real ones. */
export const SANDBOX_CREDENTIALS = {
  razorpay: {
    keyId: 'rzp_test_kosh_sandbox',
    keySecret: 'sandbox-razorpay-key-secret',
    webhookSecret: 'sandbox-razorpay-webhook-secret',
  },
  payu: { key: 'sandboxKEY', salt: 'sandbox-payu-salt' },
} as const;
/** Where the sandboxes live on this server (product.md §10.4). */
export const SANDBOX_PATHS = {
  razorpayApi: '/__sandbox/razorpay/v1',
  razorpayCheckout: '/__sandbox/razorpay/checkout.js',
  payuPayment: '/__sandbox/payu/_payment',
  payuApi: '/__sandbox/payu/merchant/postservice',
} as const;

const PaymentsVariables = v.object({
  NODE_ENV,
  // No default here: live in production, the sandboxes elsewhere (paymentsMode).
  PAYMENTS_MODE: v.optional(v.picklist(['sandbox', 'live'], 'must be sandbox or live')),
  RAZORPAY_KEY_ID: optionalText(),
  RAZORPAY_KEY_SECRET: optionalText(),
  RAZORPAY_WEBHOOK_SECRET: optionalText(),
  PAYU_KEY: optionalText(),
  PAYU_SALT: optionalText(),
  PAYU_PAYMENT_URL: v.optional(v.pipe(v.string(), v.url("must be PayU's _payment address"))),
  REPAY_SESSION_MINUTES: int(15, 1, 120),
});
type Variables = v.InferOutput<typeof PaymentsVariables>;

const paymentsMode = (e: Pick<Variables, 'NODE_ENV' | 'PAYMENTS_MODE'>) =>
  e.PAYMENTS_MODE ?? (e.NODE_ENV === 'production' ? 'live' : 'sandbox');

/** Live mode signs with real credentials: each one missing is named. */
const setWhenLive = (
  name: 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_WEBHOOK_SECRET' | 'PAYU_KEY' | 'PAYU_SALT',
) => setWhen<Variables>(name, 'PAYMENTS_MODE is live', (e) => paymentsMode(e) === 'live');

export const PaymentsSchema = v.pipe(
  PaymentsVariables,
  setWhenLive('RAZORPAY_KEY_ID'),
  setWhenLive('RAZORPAY_KEY_SECRET'),
  setWhenLive('RAZORPAY_WEBHOOK_SECRET'),
  setWhenLive('PAYU_KEY'),
  setWhenLive('PAYU_SALT'),
  rule<Variables>(
    'PAYMENTS_MODE',
    'the sandboxes do not exist in production; set live',
    (e) => e.NODE_ENV === 'production' && paymentsMode(e) !== 'live',
  ),
  v.transform((e) => {
    const live = paymentsMode(e) === 'live';
    return {
      payments: {
        mode: live ? ('live' as const) : ('sandbox' as const),
        // The checks above leave live mode only with every credential set.
        razorpay: live
          ? {
              keyId: e.RAZORPAY_KEY_ID ?? '',
              keySecret: e.RAZORPAY_KEY_SECRET ?? '',
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET ?? '',
              apiBase: 'https://api.razorpay.com/v1',
              checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
            }
          : {
              ...SANDBOX_CREDENTIALS.razorpay,
              apiBase: SANDBOX_PATHS.razorpayApi,
              checkoutUrl: SANDBOX_PATHS.razorpayCheckout,
            },
        payu: live
          ? {
              key: e.PAYU_KEY ?? '',
              salt: e.PAYU_SALT ?? '',
              paymentUrl: e.PAYU_PAYMENT_URL ?? 'https://secure.payu.in/_payment',
              // The general web service (check_action_status confirms a refund notification).
              apiUrl: 'https://info.payu.in/merchant/postservice?form=2',
            }
          : { ...SANDBOX_CREDENTIALS.payu, paymentUrl: SANDBOX_PATHS.payuPayment, apiUrl: SANDBOX_PATHS.payuApi },
      },
      repaySessionMinutes: e.REPAY_SESSION_MINUTES,
    };
  }),
);
