/**
 * Paying a loan (product.md §7, calls 6 and 7): an order for the amount the server
 * decides, through Razorpay or PayU, and Razorpay Checkout's confirmation, credited to its order.
 * The repay page pays with a repay session, the dashboard's Pay Now with a signed-in session
 * (./payer.ts); the providers' own returns and webhooks are ./providerRoutes.ts.
 */

import { HEADERS } from '../../lib/api/paths.ts';
import { rupeesFromPaise } from '../../lib/money.ts';
import { entryToPaise } from '../../lib/repayAmount.ts';
import { PaymentStatusAnswer, PayuOrderAnswer, RazorpayOrderAnswer } from '../../lib/schemas/answers/repay.ts';
import { PayuOrderRequest, RazorpayOrderRequest, RazorpayVerifyRequest } from '../../lib/schemas/repay.ts';
import { customerById } from '../customers/store.ts';
import { crashPoint } from '../dev/faults.ts';
import { ApiError, failure, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { scopeOf } from '../http/scope.ts';
import { sameSignature } from '../security/signatures.ts';
import { creditRazorpayPayment } from './credit.ts';
import { checkoutSettings, createPayuPaymentOrder, createRazorpayPaymentOrder } from './orders.ts';
import { REPAY_PATHS } from './paths.ts';
import { payerLoan } from './payer.ts';
import { paymentSignature } from './razorpay.ts';
import { orderByProviderId } from './store.ts';

/** The requested amount in paise, or null for "the whole due". */
function requested(entry: string): number | null {
  const paise = entryToPaise(entry);
  if (paise !== null && Number.isNaN(paise))
    throw new ApiError(400, 'Enter the amount in rupees, e.g. 1500 or 1500.50.', 'validation_failed');
  return paise;
}

export const paymentRoutes = [
  defineRoute({
    method: 'post',
    path: REPAY_PATHS.razorpayOrder,
    operationId: 'generateRazorpayorderId',
    summary: 'A Razorpay order for the amount the server decides (the requested part, or the whole due)',
    tag: 'Payments',
    auth: 'none',
    body: RazorpayOrderRequest,
    answer: RazorpayOrderAnswer,
    failures: {
      403: "The named lead is not the payer's.",
      409: 'The loan has nothing due.',
      502: 'Razorpay did not answer.',
    },
    async handle(c, input) {
      const deps = c.get('deps');
      const loan = await payerLoan(c.get('deps'), c.req.header(HEADERS.token) ?? '', input.lead_id);
      const order = await createRazorpayPaymentOrder(deps, loan, requested(input.rzp_amount), deps.providerFetch);
      return ok(c, {
        order_id: order.orderId,
        amount: rupeesFromPaise(order.amountPaise),
        ...checkoutSettings(scopeOf(c)),
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
    answer: PaymentStatusAnswer,
    beside: PaymentStatusAnswer.entries,
    async handle(c, input) {
      const deps = c.get('deps');
      const order = await orderByProviderId(deps.db, 'razorpay', input.razorpay_order_id);
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
      const verified = { status: 'SUCCESS' as const, txnId: input.razorpay_payment_id };
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
    answer: PayuOrderAnswer,
    beside: { data: PayuOrderAnswer },
    failures: { 403: "The named lead is not the payer's.", 409: 'The loan has nothing due.' },
    async handle(c, input) {
      const deps = c.get('deps');
      // udf5 is the lead id (product.md §7): the dashboard names its loan as for Razorpay.
      const loan = await payerLoan(c.get('deps'), c.req.header(HEADERS.token) ?? '', input.udf5);
      const customer = await customerById(deps.db, loan.customerId);
      if (!customer) throw new Error(`loan ${loan.loanNo} has no customer`);
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
