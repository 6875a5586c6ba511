/**
 * Repayment (public-site-signin-repay.md §7 calls 4 to 7): find the loan by PAN and a one-time code,
 * then pay all or part of it through Razorpay or PayU. The same payment routes serve the
 * dashboard's Pay Now (a signed-in session instead of a repay session).
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import * as v from 'valibot';
import { API } from '../../lib/api/paths.ts';
import { entryToPaise, paiseToRupees } from '../../lib/repayAmount.ts';
import {
  PayuOrderRequest,
  RazorpayOrderRequest,
  RazorpayVerifyRequest,
  REPAY_OTP_SENT,
  type RepaymentData,
  SendOtpRequest,
  VerifyOtpRequest,
} from '../../lib/schemas/repay.ts';
import type { AppEnv, Deps } from '../context.ts';
import { customers } from '../db/schema.ts';
import { crashPoint } from '../faults.ts';
import { ApiError, failure, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { figuresInRupees, type LoanRow, loanAccountToday, loanFigures } from '../loans/account.ts';
import { activeLoanByPan } from '../loans/store.ts';
import {
  createPayuPaymentOrder,
  createRazorpayPaymentOrder,
  MINIMUM_PAYMENT_PAISE,
  orderByProviderId,
} from '../payments/orders.ts';
import { paymentSignature, sameSignature } from '../payments/razorpay.ts';
import { otpMessage } from '../sms/messages.ts';
import { creditRazorpayPayment } from './orderPayments.ts';
import { openRepaySession, payerLoan } from './repaySessions.ts';

export const REPAY_PATHS = {
  sendOtp: API.repaySendOtp,
  verifyOtp: API.repayVerifyOtp,
  razorpayOrder: API.razorpayOrder,
  razorpayVerify: API.razorpayVerify,
  payuOrder: API.payuOrder,
  // Only PayU's browser posts reach these; the site never calls them.
  payuSuccess: '/Api/RepayLoanApi/payuSuccess',
  payuFailure: '/Api/RepayLoanApi/payuFailure',
} as const;

async function repaymentData(
  deps: Deps,
  loan: LoanRow,
  customer: { fullName: string | null; email: string | null; mobile: string },
) {
  const figures = loanFigures(await loanAccountToday(deps.db, loan, deps.now()));
  const data: RepaymentData = {
    loan_no: loan.loanNo,
    disbursal_date: loan.disbursalDate,
    repayment_date: loan.repaymentDate,
    loan_recommended: paiseToRupees(figures.principalPaise),
    ...figuresInRupees(figures),
    full_name: customer.fullName ?? '',
    email: customer.email ?? '',
    mobile: customer.mobile,
    lead_id: loan.leadId ?? '',
  };
  return data;
}

/** What the browser needs to open Razorpay's checkout: the public key id and the script's address. */
export function checkoutSettings(c: Context<AppEnv>) {
  const { razorpay, apiUrl } = c.get('deps').config.payments;
  return {
    razorpay_key: razorpay.keyId,
    razorpay_checkout_url: new URL(razorpay.checkoutUrl, apiUrl ?? new URL(c.req.url).origin).href,
  };
}

/** The requested amount in paise, or null for "the whole due". */
function requested(entry: string): number | null {
  const paise = entryToPaise(entry);
  if (paise !== null && Number.isNaN(paise))
    throw new ApiError(400, 'Enter the amount in rupees, e.g. 1500 or 1500.50.', 'validation_failed');
  return paise;
}

/** Where the payer lands after a provider: the site's /thanku with the outcome in the address. */
export function thankYouUrl(c: Context<AppEnv>, status: 'SUCCESS' | 'FAILED' | 'CANCEL', txnId: string | null): string {
  const base = c.get('deps').config.payments.siteUrl ?? new URL(c.req.url).origin;
  const url = new URL('/thanku', base);
  url.searchParams.set('txnStatus', status);
  url.searchParams.set('txnId', txnId ?? 'N/A');
  return url.href;
}

export const repayRoutes = [
  defineRoute({
    method: 'post',
    path: REPAY_PATHS.sendOtp,
    operationId: 'Sendotp',
    summary: "Sends a one-time code to the mobile registered with the PAN's active loan (same answer either way)",
    tag: 'Repay',
    auth: 'client',
    body: SendOtpRequest,
    async handle(c, input) {
      const deps = c.get('deps');
      const found = await activeLoanByPan(deps.db, input.pancard);
      // The PAN is throttled and capped, and a code stored, whether or not it has a loan; only a loan's
      // mobile gets an SMS, queued in the same transaction. No gateway is waited for, so neither the
      // answer nor its time tells whether the PAN has a loan, even while the gateway is slow or down.
      await deps.otp.issue({
        purpose: 'repay',
        subject: input.pancard,
        address: c.get('address'),
        recipient: async () => ({ customerId: found?.customer.id ?? null, mobile: found?.customer.mobile ?? null }),
        message: (code, mobile) => ({
          to: mobile,
          body: otpMessage(code, 'repay', deps.config.sms.senderId, Math.round(deps.config.otp.ttlSeconds / 60)),
          senderId: deps.config.sms.senderId,
          templateId: deps.config.sms.templateId,
        }),
      });
      return ok(c, {}, REPAY_OTP_SENT);
    },
  }),

  defineRoute({
    method: 'post',
    path: REPAY_PATHS.verifyOtp,
    operationId: 'verifyOtp',
    summary: 'Checks the code; answers repayment_data, an order_id for the full due and a short-lived repay token',
    tag: 'Repay',
    auth: 'client',
    body: VerifyOtpRequest,
    data: v.object({
      repay_token: v.string(),
      expires_in_seconds: v.number(),
      razorpay_key: v.string(),
      razorpay_checkout_url: v.string(),
    }),
    async handle(c, input) {
      const deps = c.get('deps');
      await deps.otp.consume('repay', input.panNumber, input.otp);
      const found = await activeLoanByPan(deps.db, input.panNumber);
      const repayment = found && (await repaymentData(deps, found.loan, found.customer));
      if (!found || !repayment || repayment.total_due_amount === 0) {
        throw new ApiError(404, 'There is no amount due on a loan for this PAN.', 'no_active_loan');
      }
      const session = await openRepaySession(deps, found.loan.id);
      // An order for the whole due, as the specification's answer carries; none when less than ₹1 is
      // due (no provider takes it: the amount card says so when the payer tries).
      const order =
        Math.round(repayment.total_due_amount * 100) < MINIMUM_PAYMENT_PAISE
          ? { orderId: '' }
          : await createRazorpayPaymentOrder(deps, found.loan, null, deps.providerFetch);
      return ok(
        c,
        { repay_token: session.token, expires_in_seconds: session.expiresInSeconds, ...checkoutSettings(c) },
        'OTP verified successfully.',
        { repayment_data: repayment, order_id: order.orderId },
      );
    },
  }),

  defineRoute({
    method: 'post',
    path: REPAY_PATHS.razorpayOrder,
    operationId: 'generateRazorpayorderId',
    summary: 'A Razorpay order for the amount the server decides (the requested part, or the whole due)',
    tag: 'Payments',
    auth: 'none',
    body: RazorpayOrderRequest,
    data: v.object({
      order_id: v.string(),
      amount: v.number(),
      razorpay_key: v.string(),
      razorpay_checkout_url: v.string(),
    }),
    failures: {
      403: "The named lead is not the payer's.",
      409: 'The loan has nothing due.',
      502: 'Razorpay did not answer.',
    },
    async handle(c, input) {
      const deps = c.get('deps');
      const loan = await payerLoan(c, input.lead_id);
      const order = await createRazorpayPaymentOrder(deps, loan, requested(input.rzp_amount), deps.providerFetch);
      return ok(c, {
        order_id: order.orderId,
        amount: paiseToRupees(order.amountPaise),
        ...checkoutSettings(c),
      });
    },
  }),

  defineRoute({
    method: 'post',
    path: REPAY_PATHS.razorpayVerify,
    operationId: 'verifyRazorPayCheckPaymentStatus',
    summary:
      "Verifies Checkout's payment signature against the stored order and credits the order once; a second payment on a paid order is held for refund",
    tag: 'Payments',
    // The signature is the proof (only Razorpay can make it), and the order says which loan: a payer
    // whose repay session ran out while paying must still be able to confirm.
    auth: 'none',
    body: RazorpayVerifyRequest,
    data: v.object({ status: v.picklist(['SUCCESS', 'FAILED']), txnId: v.string() }),
    async handle(c, input) {
      const deps = c.get('deps');
      const order = await orderByProviderId(deps, 'razorpay', input.razorpay_order_id);
      const failed = () =>
        failure(c, new ApiError(400, 'Payment Verification Failed', 'verification_failed'), {
          status: 'FAILED',
          txnId: input.razorpay_payment_id,
        });
      if (!order) return failed();
      // The signature is computed over the order id this server stored, never one from the browser.
      const expected = paymentSignature(
        order.providerOrderId,
        input.razorpay_payment_id,
        deps.config.payments.razorpay.keySecret,
      );
      if (!sameSignature(expected, input.razorpay_signature)) {
        c.get('log').warn('razorpay signature mismatch', { order: order.id });
        return failed();
      }
      crashPoint('payment.verified');
      // The order is credited once. Another valid payment id on it means the payer paid twice: that
      // money is held for staff to refund, and the payer is told the truth that the order is paid.
      await creditRazorpayPayment(deps.db, {
        order,
        paymentId: input.razorpay_payment_id,
        recordedBy: 'razorpay:callback',
        now: deps.now(),
        log: c.get('log'),
      });
      crashPoint('payment.committed');
      const verified = { status: 'SUCCESS', txnId: input.razorpay_payment_id };
      return ok(c, verified, 'Payment Successful', verified);
    },
  }),

  defineRoute({
    method: 'post',
    path: REPAY_PATHS.payuOrder,
    operationId: 'payuOrders',
    summary: 'PayU hosted-checkout parameters with the request hash, for the amount the server decides',
    tag: 'Payments',
    auth: 'none',
    body: PayuOrderRequest,
    data: v.object({ parameters: v.record(v.string(), v.string()), payment_url: v.string() }),
    failures: { 403: "The named lead is not the payer's.", 409: 'The loan has nothing due.' },
    async handle(c, input) {
      const deps = c.get('deps');
      // udf5 is the lead id (dashboard.md §7): the dashboard names its loan as for Razorpay.
      const loan = await payerLoan(c, input.udf5);
      const customer = await customerOf(deps, loan);
      const order = await createPayuPaymentOrder(deps, loan, requested(input.amount), {
        // PayU wants a name and an e-mail; the customer's own, never the payload's.
        firstname: (customer.fullName ?? '').split(' ')[0] || 'Customer',
        email: customer.email ?? `${customer.mobile}@customers.koshcredit.example`,
        phone: customer.mobile,
      });
      const apiOrigin = deps.config.payments.apiUrl ?? new URL(c.req.url).origin;
      const { amountPaise: _amount, ...fields } = order;
      const parameters = {
        ...fields,
        surl: new URL(REPAY_PATHS.payuSuccess, apiOrigin).href,
        furl: new URL(REPAY_PATHS.payuFailure, apiOrigin).href,
      };
      const paymentUrl = new URL(deps.config.payments.payu.paymentUrl, apiOrigin).href;
      const checkout = { parameters, payment_url: paymentUrl };
      return ok(c, checkout, 'Success', { data: checkout });
    },
  }),
];

async function customerOf(deps: Deps, loan: LoanRow) {
  const [customer] = await deps.db.select().from(customers).where(eq(customers.id, loan.customerId));
  if (!customer) throw new Error(`loan ${loan.loanNo} has no customer`);
  return customer;
}
