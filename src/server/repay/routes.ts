/**
 * Finding a loan to repay (product.md §7, calls 4 and 5): by PAN and a one-time
 * code, which opens a repay session for that loan. Paying it is payments/ (payments/routes.ts).
 */
import { API } from '../../lib/api/paths.ts';
import { MINIMUM_PAYMENT_PAISE, paiseFromRupees, rupeesFromPaise } from '../../lib/money.ts';
import { MessageOnlyAnswer } from '../../lib/schemas/answers/message.ts';
import { type RepaymentData, VerifyOtpAnswer, VerifyOtpBeside } from '../../lib/schemas/answers/repay.ts';
import { REPAY_OTP_SENT, SendOtpRequest, VerifyOtpRequest } from '../../lib/schemas/repay.ts';
import type { Deps } from '../app/context.ts';
import { ApiError, ok } from '../http/respond.ts';
import { defineRoute } from '../http/routes.ts';
import { scopeOf } from '../http/scope.ts';
import { loanAccountToday } from '../loans/account.ts';
import { figuresInRupees, type LoanRow, loanFigures } from '../loans/accountFigures.ts';
import { activeLoanByPan } from '../loans/store.ts';
import { checkoutSettings, createRazorpayPaymentOrder } from '../payments/orders.ts';
import { otpMessage } from '../sms/messages.ts';
import { openRepaySession } from './store.ts';

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
    loan_recommended: rupeesFromPaise(figures.principalPaise),
    ...figuresInRupees(figures),
    full_name: customer.fullName ?? '',
    email: customer.email ?? '',
    mobile: customer.mobile,
    lead_id: loan.leadId ?? '',
  };
  return data;
}

export const repayRoutes = [
  defineRoute({
    method: 'post',
    path: API.repaySendOtp,
    operationId: 'Sendotp',
    summary: "Sends a one-time code to the mobile registered with the PAN's active loan (same answer either way)",
    tag: 'Repay',
    auth: 'client',
    body: SendOtpRequest,
    answer: MessageOnlyAnswer,
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
          templateId: deps.config.sms.templates.repay_code,
        }),
      });
      return ok(c, {}, REPAY_OTP_SENT);
    },
  }),

  defineRoute({
    method: 'post',
    path: API.repayVerifyOtp,
    operationId: 'verifyOtp',
    summary: 'Checks the code; answers repayment_data, an order_id for the full due and a short-lived repay token',
    tag: 'Repay',
    auth: 'client',
    body: VerifyOtpRequest,
    answer: VerifyOtpAnswer,
    beside: VerifyOtpBeside.entries,
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
        paiseFromRupees(repayment.total_due_amount) < MINIMUM_PAYMENT_PAISE
          ? { orderId: '' }
          : await createRazorpayPaymentOrder(deps, found.loan, null, deps.providerFetch);
      return ok(
        c,
        { repay_token: session.token, expires_in_seconds: session.expiresInSeconds, ...checkoutSettings(scopeOf(c)) },
        'OTP verified successfully.',
        { repayment_data: repayment, order_id: order.orderId },
      );
    },
  }),
];
